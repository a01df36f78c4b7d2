package dev.enclave.app.domain.webhook;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import com.fasterxml.jackson.databind.JsonNode;
import dev.enclave.app.support.Api;
import dev.enclave.app.support.LocalStackTest;
import dev.enclave.app.support.ScriptedWebhookReceiver;
import io.micronaut.test.extensions.junit5.annotation.MicronautTest;
import java.net.URLDecoder;
import java.net.http.HttpRequest;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Test;

/**
 * Invitations that reach invitees without passing through the sender: by email (the embedded SMTP server of the
 * local run catches it, and its link accepts the invitation), or by the organisation's webhook; in both the sender's
 * answer has no token, and neither the feed nor the audit log ever shows one.
 */
@MicronautTest(environments = "local")
class InvitationDeliveryIT extends LocalStackTest {

    private final ScriptedWebhookReceiver receiver = new ScriptedWebhookReceiver();

    @Override
    protected Map<String, String> settings() {
        return Map.of("enclave.webhooks.poll-interval", "200ms");
    }

    @AfterAll
    void stopReceiver() {
        receiver.close();
    }

    @Test
    void byEmail_theInviteeAcceptsFromTheLink_andTheSenderNeverSeesTheToken() {
        String owner = journeys().organisation("mail-org");
        assertThat(choose("mail-org", owner, "email").status()).isEqualTo(200);
        assertThat(api().get("/v1/orgs/mail-org/invitation-delivery", owner).json().get("delivery").asText())
                .isEqualTo("email");

        JsonNode sent = api().post("/v1/orgs/mail-org/invitations", "{\"email\":\"dora@example.com\"}", owner).json();
        assertThat(sent.has("token")).isFalse();
        assertThat(sent.get("delivery").asText()).isEqualTo("email");

        JsonNode mail = await().atMost(Duration.ofSeconds(15)).until(() -> mailTo("dora@example.com"),
                Optional::isPresent).orElseThrow();
        String link = mail.get("links").get(0).asText();
        String token = URLDecoder.decode(link.substring(link.indexOf("token=") + 6), StandardCharsets.UTF_8);
        Api.Reply accepted = api().post("/v1/invitations/accept", "{\"token\":\"" + token + "\"}",
                journeys().member("dora"));
        assertThat(accepted.status()).as(accepted.body()).isIn(200, 201);
        assertThat(api().get("/v1/orgs/mail-org/members", owner).body()).contains("\"dora\"");
        assertThat(feed("mail-org", owner)).doesNotContain(token);
        assertThat(events("mail-org", owner, "organisation.invitation_delivery_changed")).hasSize(1);
    }

    @Test
    void resending_mailsTheNewToken() {
        String owner = journeys().organisation("mail-resend");
        choose("mail-resend", owner, "email");
        String id = api().post("/v1/orgs/mail-resend/invitations", "{\"email\":\"erin@example.com\"}", owner).json()
                .get("invitation").get("id").asText();
        await().atMost(Duration.ofSeconds(15)).until(() -> mailsTo("erin@example.com").size() == 1);
        JsonNode resent = api().post("/v1/orgs/mail-resend/invitations/" + id + "/resend", "", owner).json();
        assertThat(resent.has("token")).isFalse();
        await().atMost(Duration.ofSeconds(15)).until(() -> mailsTo("erin@example.com").size() == 2);
        List<String> links = mailsTo("erin@example.com").stream().map(m -> m.get("links").get(0).asText()).toList();
        assertThat(links.get(0)).isNotEqualTo(links.get(1));
    }

    @Test
    void byWebhook_theAcceptLinkGoesToTheOrganisationsEndpointOnly() {
        String owner = journeys().organisation("hook-invites");
        choose("hook-invites", owner, "webhook");
        assertThat(api().post("/v1/orgs/hook-invites/webhooks", "{\"url\":\"" + receiver.url("/invites")
                + "\",\"types\":[\"invitation.sent\"]}", owner).status()).isEqualTo(201);

        JsonNode sent = api().post("/v1/orgs/hook-invites/invitations", "{\"email\":\"finn@example.com\"}", owner)
                .json();
        assertThat(sent.has("token")).isFalse();
        assertThat(sent.get("delivery").asText()).isEqualTo("webhook");

        await().atMost(Duration.ofSeconds(15)).until(() -> !receivedOn("/invites").isEmpty());
        JsonNode changes = json(receivedOn("/invites").get(0).body()).get("data").get("changes");
        String token = changes.get("acceptToken").asText();
        assertThat(changes.get("acceptLink").asText()).contains("token=");
        assertThat(api().post("/v1/invitations/accept", "{\"token\":\"" + token + "\"}",
                journeys().member("finn")).status()).isIn(200, 201);
        assertThat(feed("hook-invites", owner)).doesNotContain(token).doesNotContain("acceptLink");
        assertThat(mailTo("finn@example.com")).as("no email when the webhook delivers").isEmpty();
    }

    @Test
    void aReceiverEchoingTheDeliveryBack_leavesNoTokenInTheAttemptsLog() {
        String owner = journeys().organisation("hook-echo");
        choose("hook-echo", owner, "webhook");
        receiver.answer("/echo", n -> new ScriptedWebhookReceiver.Reply(400, Map.of(), "you sent: the token", 0));
        String endpoint = api().post("/v1/orgs/hook-echo/webhooks", "{\"url\":\"" + receiver.url("/echo")
                + "\",\"types\":[\"invitation.sent\",\"service.created\"]}", owner).json().get("endpoint")
                .get("id").asText();

        api().post("/v1/orgs/hook-echo/invitations", "{\"email\":\"gus@example.com\"}", owner);
        api().post("/v1/orgs/hook-echo/services", "{\"id\":\"echoed\",\"name\":\"Echoed\"}", owner);

        await().atMost(Duration.ofSeconds(15)).until(() -> attempted(owner, endpoint).size() == 2);
        Map<String, String> excerpts = new java.util.HashMap<>();
        attempted(owner, endpoint).forEach(delivery -> excerpts.put(delivery.get("eventType").asText(),
                delivery.get("attempts").get(0).get("excerpt").asText()));
        assertThat(excerpts).containsEntry("service.created", "you sent: the token")
                .as("the answer to a delivery carrying a token is not kept").containsEntry("invitation.sent", "");
    }

    @Test
    void byDefault_theSenderGetsTheToken_asBefore() {
        String owner = journeys().organisation("token-org");
        assertThat(api().get("/v1/orgs/token-org/invitation-delivery", owner).json().get("delivery").asText())
                .isEqualTo("token");
        JsonNode sent = api().post("/v1/orgs/token-org/invitations", "{\"email\":\"gil@example.com\"}", owner).json();
        assertThat(sent.get("token").asText()).isNotBlank();
        assertThat(sent.get("delivery").asText()).isEqualTo("token");
        assertThat(api().hostile().send(api().request("/v1/orgs/token-org/invitation-delivery", owner)
                .header("Content-Type", "application/json")
                .PUT(HttpRequest.BodyPublishers.ofString("{\"delivery\":\"carrier-pigeon\"}"))).status())
                .isEqualTo(400);
    }

    private List<ScriptedWebhookReceiver.Received> receivedOn(String path) {
        return receiver.received().stream().filter(request -> request.path().equals(path)).toList();
    }

    private List<JsonNode> attempted(String owner, String endpoint) {
        List<JsonNode> attempted = new ArrayList<>();
        api().get("/v1/orgs/hook-echo/webhooks/" + endpoint + "/deliveries", owner).json().get("items")
                .forEach(delivery -> {
                    if (!delivery.get("attempts").isEmpty()) {
                        attempted.add(delivery);
                    }
                });
        return attempted;
    }

    private Api.Reply choose(String org, String owner, String delivery) {
        return api().send(api().request("/v1/orgs/" + org + "/invitation-delivery", owner)
                .header("Content-Type", "application/json")
                .PUT(HttpRequest.BodyPublishers.ofString("{\"delivery\":\"" + delivery + "\"}")));
    }

    private Optional<JsonNode> mailTo(String to) {
        return mailsTo(to).stream().findFirst();
    }

    private List<JsonNode> mailsTo(String to) {
        List<JsonNode> found = new ArrayList<>();
        api().get("/local/mail", null).json().get("messages").forEach(m -> {
            if (m.get("to").asText().equals(to)) {
                found.add(0, m);
            }
        });
        return found;
    }

    private String feed(String org, String owner) {
        return api().get("/v1/orgs/" + org + "/events", owner).body()
                + api().get("/v1/orgs/" + org + "/audit-log/export", owner).body();
    }

    private List<JsonNode> events(String org, String owner, String type) {
        List<JsonNode> all = new ArrayList<>();
        api().get("/v1/orgs/" + org + "/events?types=" + type, owner).json().get("items").forEach(all::add);
        return all;
    }

    private static JsonNode json(String text) {
        try {
            return new com.fasterxml.jackson.databind.ObjectMapper().readTree(text);
        } catch (java.io.IOException e) {
            throw new IllegalStateException(e);
        }
    }
}
