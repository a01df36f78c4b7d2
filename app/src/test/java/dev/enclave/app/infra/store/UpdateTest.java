package dev.enclave.app.infra.store;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.ReturnValuesOnConditionCheckFailure;
import software.amazon.awssdk.services.dynamodb.model.TransactWriteItem;

class UpdateTest {

    @Test
    void build_ordersClauses_andKeepsEveryNameAndValue() {
        Expr update = Expr.update().add("#groups :groups").set("#version = #version + :one")
                .remove("#invitee").name("#groups", "groups").name("#version", "version").name("#invitee", "GSI2PK")
                .strings(":groups", List.of("owner", "admin")).number(":one", 1).build();

        assertThat(update.text()).isEqualTo("SET #version = #version + :one ADD #groups :groups REMOVE #invitee");
        assertThat(update.names()).containsOnlyKeys("#groups", "#version", "#invitee");
        assertThat(update.values().get(":groups")).isEqualTo(AttributeValue.fromSs(List.of("admin", "owner")));
    }

    @Test
    void set_ofAnExpression_joinsItsActionsAndTakesItsPlaceholders() {
        Expr owed = Expr.of("#owes = :owes").name("#owes", "owes").value(":owes", "RENAME");

        Expr update = Expr.update().set("#name = :name").value(":name", "New").name("#name", "name").set(owed)
                .build();

        assertThat(update.text()).isEqualTo("SET #name = :name, #owes = :owes");
        assertThat(update.values()).containsOnlyKeys(":name", ":owes");
    }

    @Test
    void conditions_nameTheKeyAttributeFromTheTableDesign() {
        assertThat(Expr.absent().text()).isEqualTo("attribute_not_exists(#pk)");
        assertThat(Expr.exists().names()).containsEntry("#pk", TableAttributes.PARTITION_KEY);
    }

    @Test
    void aConditionalUpdate_inATransaction_carriesTheNamesOfBoth_andAsksForTheOldItem() {
        Write write = new Write.Update(new ItemKey("TENANT#acme#", "ORG"),
                Expr.update().set("#members = #members + :one").name("#members", "members").number(":one", 1)
                        .build(), java.util.Optional.of(Expr.exists()));

        TransactWriteItem sent = write.transactItem("table");

        assertThat(sent.update().expressionAttributeNames()).containsOnlyKeys("#members", "#pk");
        assertThat(sent.update().conditionExpression()).isEqualTo("attribute_exists(#pk)");
        assertThat(sent.update().returnValuesOnConditionCheckFailure())
                .isEqualTo(ReturnValuesOnConditionCheckFailure.ALL_OLD);
    }

    @Test
    void anUnconditionalWrite_inATransaction_hasNoCondition() {
        TransactWriteItem sent = new Write.Delete(new ItemKey("TENANT#acme#", "SVC#a"), java.util.Optional.empty())
                .transactItem("table");

        assertThat(sent.delete().conditionExpression()).isNull();
        assertThat(sent.delete().hasExpressionAttributeNames()).isFalse();
    }
}
