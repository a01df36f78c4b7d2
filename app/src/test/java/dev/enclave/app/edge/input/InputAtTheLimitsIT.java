package dev.enclave.app.edge.input;

import static org.assertj.core.api.Assertions.assertThat;

import dev.enclave.app.support.Api;
import dev.enclave.app.support.LocalStackTest;
import io.micronaut.test.extensions.junit5.annotation.MicronautTest;
import java.net.http.HttpRequest;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Input a client may send that sits at the edge of what each rule admits: text counted in code points where each is
 * two UTF-16 units, times RFC 3339 allows but Enclave stores none of, the media types a route's contract lists, and
 * ids of nothing. Each is answered as the contract says, never with a 5xx.
 */
@MicronautTest(environments = "local")
class InputAtTheLimitsIT extends LocalStackTest {

    private static final String EMOJI = "\uD83D\uDE00";

    @Test
    void text_atItsLimitInCodePoints_isAccepted_whereEachIsTwoUtf16Units() {
        String owner = tokens().mint("limits-ada", "limits-ada@example.com");
        String name = EMOJI.repeat(200);

        Api.Reply created = api().post("/v1/orgs", "{\"id\":\"limits-names\",\"name\":\"" + name + "\"}", owner);
        Api.Reply group = api().post("/v1/orgs/limits-names/groups", "{\"id\":\"smiles\",\"description\":\""
                + EMOJI.repeat(500) + "\",\"permissions\":[]}", owner);
        Api.Reply tooLong = api().hostile().post("/v1/orgs/limits-names/groups", "{\"id\":\"frowns\",\"description\":\""
                + EMOJI.repeat(501) + "\",\"permissions\":[]}", owner);

        assertThat(created.status()).as(created.body()).isEqualTo(201);
        assertThat(api().get("/v1/orgs/limits-names", owner).json().get("name").asText()).isEqualTo(name);
        assertThat(group.status()).as(group.body()).isEqualTo(201);
        assertThat(tooLong.status()).isEqualTo(400);
    }

    @Test
    void times_beyondTheYearsEnclaveStores_areRefused() {
        String owner = journeys().organisation("limits-times");
        String endpoint = api().post("/v1/orgs/limits-times/webhooks", "{\"url\":\"http://127.0.0.1:9/t\"}", owner)
                .json().get("endpoint").get("id").asText();

        for (String time : List.of("%2B1000000000-01-01T00:00:00Z", "-1000000000-01-01T00:00:00Z",
                "%2B10000-01-01T00:00:00Z", "1969-12-31T23:59:59Z")) {
            assertThat(api().hostile().get("/v1/orgs/limits-times/audit-log?from=" + time, owner).status())
                    .as(time).isEqualTo(400);
            assertThat(api().hostile().get("/v1/orgs/limits-times/audit-log/export?to=" + time, owner).status())
                    .as(time).isEqualTo(400);
        }
        for (String since : List.of("-999999999-01-01T00:00:00Z", "+999999999-12-31T23:59:59-18:00")) {
            Api.Reply recovered = api().hostile().post("/v1/orgs/limits-times/webhooks/" + endpoint + "/recover",
                    "{\"since\":\"" + since + "\"}", owner);
            assertThat(recovered.status()).as(since).isEqualTo(400);
            assertThat(recovered.json().get("code").asText()).isEqualTo("validation-failed");
        }
    }

    @Test
    void theAuditLogExport_answersTheMediaTypeAsked() {
        String owner = journeys().organisation("limits-export");

        Api.Reply csv = api().send(api().request("/v1/orgs/limits-export/audit-log/export", owner)
                .header("Accept", "text/csv, */*;q=0.8").GET());
        Api.Reply ndjson = api().send(api().request("/v1/orgs/limits-export/audit-log/export?format=ndjson", owner)
                .header("Accept", "application/x-ndjson").GET());

        assertThat(csv.status()).as(csv.body()).isEqualTo(200);
        assertThat(csv.contentType()).startsWith("text/csv");
        assertThat(csv.body().lines().count()).as("the header and the organisation's founding").isGreaterThan(1);
        assertThat(ndjson.status()).as(ndjson.body()).isEqualTo(200);
        assertThat(ndjson.contentType()).startsWith("application/x-ndjson");
    }

    @Test
    void idsOfNothing_textOfNoText_andParametersOfNoType_areAnsweredForWhatTheyAre() {
        String owner = journeys().organisation("limits-ids");

        Api.Reply deliveries = api().get("/v1/orgs/limits-ids/webhooks/ep_00000000000000000000/deliveries", owner);
        Api.Reply check = api().hostile().send(api().request("/v1/orgs/limits-ids/permissions/check", owner)
                .header("Content-Type", "application/json").POST(HttpRequest.BodyPublishers.ofString(
                        "{\"checks\":[{\"permission\":\"a:b\",\"userId\":\"\\ud800\"}]}")));

        assertThat(deliveries.status()).isEqualTo(404);
        assertThat(deliveries.json().get("code").asText()).isEqualTo("webhook-endpoint-not-found");
        assertThat(check.status()).isEqualTo(400);
        Api.Reply notANumber = api().hostile().get("/v1/orgs/limits-ids/events?limit=abc", owner);
        assertThat(notANumber.status()).isEqualTo(400);
        assertThat(notANumber.json().get("code").asText()).as("a parameter, not a body").isEqualTo("bad-request");
        assertThat(notANumber.json().get("detail").asText()).contains("limit");
    }
}
