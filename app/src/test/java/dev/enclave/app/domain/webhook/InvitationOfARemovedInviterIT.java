package dev.enclave.app.domain.webhook;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import com.fasterxml.jackson.databind.JsonNode;
import dev.enclave.app.support.Api;
import dev.enclave.app.support.LocalStackTest;
import dev.enclave.app.support.SecondInstance;
import io.micronaut.test.extensions.junit5.annotation.MicronautTest;
import java.net.http.HttpRequest;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * An invitation whose inviter is removed before its mail goes out is never mailed: no acceptance could pass its
 * inviter's check, so its link would only fail. This instance mails nothing (it never looks for due mail); a second
 * one, which does, takes both invitations, mails the owner's and drops the removed admin's.
 */
@MicronautTest(environments = "local")
class InvitationOfARemovedInviterIT extends LocalStackTest {

    private static final String ORG = "mail-gone";

    @Override
    protected Map<String, String> settings() {
        return Map.of("enclave.webhooks.first-poll", "1h", "enclave.webhooks.poll-interval", "1h");
    }

    @Test
    void anInvitationWhoseInviterWasRemovedBeforeItsMailWentOut_isNeverMailed() {
        String owner = journeys().organisation(ORG);
        journeys().join(ORG, owner, "bob");
        assertThat(api().send(api().request("/v1/orgs/" + ORG + "/invitation-delivery", owner)
                .header("Content-Type", "application/json")
                .PUT(HttpRequest.BodyPublishers.ofString("{\"delivery\":\"email\"}"))).status()).isEqualTo(200);
        assertThat(api().send(api().request("/v1/orgs/" + ORG + "/members/bob/groups/admin", owner)
                .PUT(HttpRequest.BodyPublishers.noBody())).status()).isEqualTo(200);
        String erinsInvitation = api().post("/v1/orgs/" + ORG + "/invitations", "{\"email\":\"erin@example.com\"}",
                journeys().member("bob")).json().get("invitation").get("id").asText();
        assertThat(api().post("/v1/orgs/" + ORG + "/invitations", "{\"email\":\"dora@example.com\"}", owner)
                .status()).isEqualTo(201);
        assertThat(api().send(api().request("/v1/orgs/" + ORG + "/members/bob", owner).DELETE()).status())
                .isEqualTo(204);

        Map<String, String> mailing = new HashMap<>(getProperties());
        mailing.put("enclave.webhooks.first-poll", "0s");
        mailing.put("enclave.webhooks.poll-interval", "200ms");
        try (SecondInstance other = SecondInstance.start(mailing)) {
            await().atMost(Duration.ofSeconds(30)).until(() -> !mailsTo(other, "dora@example.com").isEmpty()
                    && !dueForMail(erinsInvitation));

            assertThat(mailsTo(other, "erin@example.com")).as("the removed admin's invitation").isEmpty();
        }
    }

    /** Whether the invitation still waits on the due index for its mail. */
    private boolean dueForMail(String invitation) {
        return platform.getItem(get -> get.tableName(tableName).consistentRead(true).key(Map.of(
                "PK", AttributeValue.fromS("TENANT#" + ORG + "#"),
                "SK", AttributeValue.fromS("INVITATION#" + invitation)))).item().containsKey("GSI3PK");
    }

    /** The mails to {@code to} either instance's local mail server caught. */
    private List<JsonNode> mailsTo(SecondInstance other, String to) {
        List<JsonNode> found = new ArrayList<>();
        for (Api instance : List.of(api(), other.api())) {
            instance.get("/local/mail", null).json().get("messages").forEach(message -> {
                if (message.get("to").asText().equals(to)) {
                    found.add(message);
                }
            });
        }
        return found;
    }
}
