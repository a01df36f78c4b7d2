package dev.enclave.iam.policy;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.enclave.identity.EmailKey;
import dev.enclave.identity.LeadingKeyPrefix;
import dev.enclave.identity.TenantId;
import dev.enclave.identity.UserKey;
import dev.enclave.table.TableDesign;
import java.io.IOException;
import java.io.InputStream;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import org.junit.jupiter.api.Test;

class TenantSessionPolicyTest {

    static final TableArn TABLE = new TableArn("arn:aws:dynamodb:eu-west-1:123456789012:table/enclave");
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final LeadingKeyPrefix ACME = LeadingKeyPrefix.tenant(TenantId.of("acme"));

    @Test
    void render_forOneTenant_matchesTheGoldenFileExactly() throws IOException {
        String json = TenantSessionPolicy.render(PolicyScope.of(Set.of(ACME), Access.READ_WRITE), TABLE,
                TableDesign.ENCLAVE);

        assertThat(JSON.readTree(json)).isEqualTo(golden("session-policy-acme-readwrite.json"));
    }

    @Test
    void render_whenReadOnly_matchesTheGoldenFileAndListsOnlyReadActions() throws IOException {
        String json = TenantSessionPolicy.render(PolicyScope.of(Set.of(ACME), Access.READ), TABLE,
                TableDesign.ENCLAVE);

        assertThat(JSON.readTree(json)).isEqualTo(golden("session-policy-acme-read.json"));
        assertThat(actions(json)).containsExactly("dynamodb:BatchGetItem", "dynamodb:ConditionCheckItem",
                "dynamodb:GetItem", "dynamodb:Query");
    }

    @Test
    void render_neverGrantsScanPartiQlTableActionsOrWildcards() throws IOException {
        String json = TenantSessionPolicy.render(PolicyScope.of(Set.of(ACME), Access.READ_WRITE), TABLE,
                TableDesign.ENCLAVE);

        assertThat(actions(json)).allMatch(a -> a.startsWith("dynamodb:") && !a.contains("*"))
                .noneMatch(a -> a.contains("Scan") || a.contains("PartiQL") || a.contains("Statement")
                        || a.contains("Table") || a.contains("Describe"));
    }

    @Test
    void render_namesTheTableAndEachIndexArn() throws IOException {
        JsonNode statement = JSON.readTree(TenantSessionPolicy.render(PolicyScope.of(Set.of(ACME), Access.READ),
                TABLE, TableDesign.ENCLAVE)).get("Statement");

        assertThat(texts(statement.get("Resource"))).containsExactly(TABLE.value(),
                TABLE.value() + "/index/GSI1", TABLE.value() + "/index/GSI2", TABLE.value() + "/index/GSI3");
    }

    @Test
    void render_everyPatternEndsWithTheSeparatorBeforeTheWildcard() throws IOException {
        JsonNode condition = JSON.readTree(TenantSessionPolicy.render(PolicyScope.of(Set.of(ACME), Access.READ),
                TABLE, TableDesign.ENCLAVE)).get("Statement").get("Condition");

        assertThat(texts(condition.get("ForAllValues:StringLike").get("dynamodb:LeadingKeys")))
                .containsExactly("TENANT#acme#*");
        assertThat(condition.get("Null").get("dynamodb:LeadingKeys").asText()).isEqualTo("false");
    }

    @Test
    void size_forTenantUserAndEmailPrefixes_staysWellWithinTheLimit() {
        var prefixes = new TreeSet<>(List.of(ACME, UserKey.of("https://idp.example/", "auth0|u-1").prefix(),
                EmailKey.of(dev.enclave.identity.Email.of("Ada@Example.com")).prefix()));
        String json = TenantSessionPolicy.render(new PolicyScope(prefixes, Access.READ_WRITE), TABLE,
                TableDesign.ENCLAVE);

        PolicySize size = PolicySize.of(json);
        System.out.println("session policy, tenant+user+email, read-write: " + size);
        assertThat(size.headroom()).isGreaterThan(PolicySize.LIMIT / 2);
    }

    @Test
    void requireWithinLimit_whenOver_fails() {
        assertThatThrownBy(() -> new PolicySize(2049).requireWithinLimit())
                .isInstanceOf(PolicySize.TooLargeException.class).hasMessageContaining("2049 of 2048");
    }

    @Test
    void scope_withoutPrefixes_isRejected() {
        assertThatThrownBy(() -> PolicyScope.of(Set.of(), Access.READ)).isInstanceOf(IllegalArgumentException.class);
    }

    static JsonNode golden(String name) throws IOException {
        try (InputStream in = TenantSessionPolicyTest.class.getResourceAsStream("/golden/" + name)) {
            return JSON.readTree(in);
        }
    }

    private static List<String> actions(String json) throws IOException {
        return texts(JSON.readTree(json).get("Statement").get("Action"));
    }

    /** IAM writes a one-element list as a bare string. */
    private static List<String> texts(JsonNode valueOrArray) {
        if (valueOrArray.isTextual()) {
            return List.of(valueOrArray.asText());
        }
        List<String> values = new ArrayList<>();
        valueOrArray.forEach(node -> values.add(node.asText()));
        return values;
    }
}
