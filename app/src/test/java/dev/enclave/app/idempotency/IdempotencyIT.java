package dev.enclave.app.idempotency;

import static org.assertj.core.api.Assertions.assertThat;

import dev.enclave.app.support.Api;
import dev.enclave.app.support.LocalStackTest;
import io.micronaut.test.extensions.junit5.annotation.MicronautTest;
import java.net.http.HttpRequest;
import org.junit.jupiter.api.Test;

@MicronautTest(environments = "local")
class IdempotencyIT extends LocalStackTest {

    @Test
    void sameKeyAndBody_replaysTheFirstAnswer_andRunsOnce() {
        String owner = organisation("idem-replay");

        Api.Reply first = post("/v1/orgs/idem-replay/invitations", "{\"email\":\"bob@example.com\"}", owner, "k-1");
        Api.Reply again = post("/v1/orgs/idem-replay/invitations", "{\"email\":\"bob@example.com\"}", owner, "k-1");

        assertThat(first.status()).isEqualTo(201);
        assertThat(again.status()).isEqualTo(201);
        assertThat(again.header("Idempotent-Replayed")).isEqualTo("true");
        assertThat(again.json().get("token")).isEqualTo(first.json().get("token"));
        assertThat(again.header("Location")).isEqualTo(first.header("Location"));
        assertThat(api().get("/v1/orgs/idem-replay/invitations", owner).json()).hasSize(1);
        assertThat(api().get("/v1/orgs/idem-replay/invitations?status=superseded", owner).json()).isEmpty();
    }

    @Test
    void sameKeyWithAnotherBody_isUnprocessableAndRunsNothing() {
        String owner = organisation("idem-reuse");
        post("/v1/orgs/idem-reuse/invitations", "{\"email\":\"bob@example.com\"}", owner, "k-2");

        Api.Reply reused = post("/v1/orgs/idem-reuse/invitations", "{\"email\":\"eve@example.com\"}", owner, "k-2");

        assertThat(reused.status()).isEqualTo(422);
        assertThat(reused.json().get("code").asText()).isEqualTo("idempotency-key-reused");
        assertThat(api().get("/v1/orgs/idem-reuse/invitations", owner).json().findValuesAsText("email"))
                .containsExactly("bob@example.com");
    }

    @Test
    void keys_belongToTheirCaller() {
        String owner = organisation("idem-callers");
        String token = post("/v1/orgs/idem-callers/invitations", "{\"email\":\"bob@example.com\",\"groups\":[\"admin\"]}",
                owner, null).json().get("token").asText();
        api().post("/v1/invitations/accept", "{\"token\":\"" + token + "\"}", tokens().mint("bob", "bob@example.com"));
        String bob = tokens().mint("bob", "bob@example.com");

        Api.Reply byOwner = post("/v1/orgs/idem-callers/services", "{\"id\":\"a\",\"name\":\"A\"}", owner, "shared");
        Api.Reply byBob = post("/v1/orgs/idem-callers/services", "{\"id\":\"b\",\"name\":\"B\"}", bob, "shared");

        assertThat(byOwner.status()).isEqualTo(201);
        assertThat(byBob.status()).isEqualTo(201);
        assertThat(byBob.header("Idempotent-Replayed")).isNull();
    }

    @Test
    void malformedKey_isBadRequest() {
        String owner = organisation("idem-bad");

        Api.Reply reply = post("/v1/orgs/idem-bad/services", "{\"id\":\"a\",\"name\":\"A\"}", owner, "two words");

        assertThat(reply.status()).isEqualTo(400);
        assertThat(api().get("/v1/orgs/idem-bad/services", owner).json()).isEmpty();
    }

    private String organisation(String id) {
        String owner = tokens().mint("owner-" + id, "owner-" + id + "@example.com");
        api().post("/v1/orgs", "{\"id\":\"" + id + "\",\"name\":\"" + id + "\"}", owner);
        return owner;
    }

    private Api.Reply post(String path, String json, String token, String key) {
        HttpRequest.Builder request = api().request(path, token).header("Content-Type", "application/json")
                .POST(HttpRequest.BodyPublishers.ofString(json));
        if (key != null) {
            request.header("Idempotency-Key", key);
        }
        return api().send(request);
    }
}
