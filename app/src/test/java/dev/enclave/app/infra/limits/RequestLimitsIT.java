package dev.enclave.app.infra.limits;

import static org.assertj.core.api.Assertions.assertThat;

import dev.enclave.app.support.Api;
import dev.enclave.app.support.LocalStackTest;
import dev.enclave.app.support.Parallel;
import io.micronaut.test.extensions.junit5.annotation.MicronautTest;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** Request limits on the real stack: one tenant's flood is answered 429 while another tenant is served. */
@MicronautTest(environments = "local")
class RequestLimitsIT extends LocalStackTest {

    private static final int FLOOD = 20;

    @Override
    protected Map<String, String> settings() {
        return Map.of("enclave.limits.enabled", "true", "enclave.limits.requests-per-second", "5",
                "enclave.limits.burst", "5", "enclave.limits.concurrent-requests", "4",
                "enclave.limits.trusted-proxies", "1");
    }

    @Test
    void aFloodedOrganisation_gets429WithRetryAfter_whileAnotherTenantIsServed() {
        String ada = journeys().organisation("limits-a");
        String bob = journeys().organisation("limits-b");

        List<Api.Reply> flood = flood("/v1/orgs/limits-a", ada);
        Api.Reply other = api().get("/v1/orgs/limits-b", bob);

        Api.Reply refused = flood.stream().filter(reply -> reply.status() == 429).findFirst().orElseThrow();
        assertThat(refused.json().get("code").asText()).isEqualTo("too-many-requests");
        assertThat(Long.parseLong(refused.header("Retry-After"))).isPositive();
        assertThat(refused.header("RateLimit-Policy")).isEqualTo("\"tenant\";q=5;w=1");
        assertThat(refused.header("RateLimit")).startsWith("\"tenant\";r=0;t=");
        assertThat(flood.get(0).status()).isEqualTo(200);
        assertThat(flood.get(0).header("RateLimit")).matches("\"(tenant|caller)\";r=\\d+;t=\\d+");
        assertThat(other.status()).isEqualTo(200);
    }

    @Test
    void anOutsiderFloodingAnOrganisationsPaths_spendsOnlyTheirOwnBudget() {
        String ada = journeys().organisation("limits-c");
        api().get("/v1/orgs/limits-c", ada);
        String mallory = tokens().mint("mallory", "mallory@example.com");

        List<Api.Reply> flood = flood("/v1/orgs/limits-c", mallory);
        Api.Reply member = api().get("/v1/orgs/limits-c", ada);

        assertThat(flood).extracting(Api.Reply::status).contains(404, 429).doesNotContain(200);
        assertThat(flood.stream().filter(reply -> reply.status() == 429).findFirst().orElseThrow()
                .header("RateLimit-Policy")).startsWith("\"caller\"");
        assertThat(member.status()).isEqualTo(200);
    }

    @Test
    void aTenantsOwnLimits_setByAPlatformAdmin_holdItsRequests_untilReset() {
        String ada = journeys().organisation("limits-own");
        String admin = tokens().mint("{\"sub\":\"root\",\"email\":\"root@example.com\","
                + "\"roles\":[\"platform-admin\"]}");

        Api.Reply set = api().send(api().request("/v1/admin/tenants/limits-own/limits", admin)
                .header("Content-Type", "application/json").PUT(java.net.http.HttpRequest.BodyPublishers.ofString(
                        "{\"requestsPerSecond\":20,\"burst\":40,\"concurrentRequests\":8}")));
        api().get("/v1/orgs/limits-own", ada);
        List<Api.Reply> flood = flood("/v1/orgs/limits-own", ada);
        Api.Reply reset = api().send(api().request("/v1/admin/tenants/limits-own/limits", admin).DELETE());
        api().get("/v1/orgs/limits-own", ada);
        Api.Reply onDefaults = api().get("/v1/orgs/limits-own", ada);

        assertThat(set.status()).as(set.body()).isEqualTo(200);
        assertThat(set.json().at("/limits/requestsPerSecond").asInt()).isEqualTo(20);
        assertThat(set.json().at("/limits/ownLimits").asBoolean()).isTrue();
        assertThat(flood).extracting(Api.Reply::status).containsOnly(200);
        assertThat(flood.get(FLOOD - 1).header("RateLimit-Policy")).isEqualTo("\"tenant\";q=20;w=1");
        assertThat(reset.json().at("/limits/ownLimits").asBoolean()).isFalse();
        assertThat(reset.json().at("/limits/requestsPerSecond").asInt()).isEqualTo(5);
        assertThat(onDefaults.header("RateLimit-Policy")).isEqualTo("\"tenant\";q=5;w=1");
    }

    @Test
    void aTenantsOwnLimits_withABurstUnderTheRate_areRefusedAndChangeNothing() {
        journeys().organisation("limits-bad");
        String admin = tokens().mint("{\"sub\":\"root\",\"email\":\"root@example.com\","
                + "\"roles\":[\"platform-admin\"]}");

        Api.Reply refused = api().send(api().request("/v1/admin/tenants/limits-bad/limits", admin)
                .header("Content-Type", "application/json").PUT(java.net.http.HttpRequest.BodyPublishers.ofString(
                        "{\"requestsPerSecond\":20,\"burst\":5,\"concurrentRequests\":8}")));

        assertThat(refused.status()).isEqualTo(400);
        assertThat(refused.json().get("code").asText()).isEqualTo("validation-failed");
        assertThat(api().get("/v1/admin/tenants/limits-bad", admin).json().at("/limits/ownLimits").asBoolean())
                .isFalse();
    }

    @Test
    void anApiKeysFlood_gets429_fromTheKeysOwnBudget() {
        String ada = journeys().organisation("limits-key");
        String key = api().post("/v1/orgs/limits-key/api-keys", "{\"name\":\"worker\",\"access\":\"read\"}", ada)
                .json().get("secret").asText();

        List<Api.Reply> flood = flood("/v1/backend/namespace", key);
        Api.Reply member = api().get("/v1/orgs/limits-key", ada);

        assertThat(flood.get(0).status()).isEqualTo(200);
        Api.Reply refused = flood.stream().filter(reply -> reply.status() == 429).findFirst().orElseThrow();
        assertThat(refused.header("RateLimit-Policy")).isEqualTo("\"api-key\";q=5;w=1");
        assertThat(refused.json().get("detail").asText()).startsWith("This API key");
        assertThat(member.status()).isEqualTo(200);
    }

    @Test
    void oneKey_hasOneBudget_howeverItsHeaderSpellsIt() {
        String ada = journeys().organisation("limits-spelled");
        String key = api().post("/v1/orgs/limits-spelled/api-keys", "{\"name\":\"worker\",\"access\":\"read\"}",
                ada).json().get("secret").asText();
        List<String> spellings = List.of(key, "Bearer " + key, "bearer    " + key + "   ", "BEARER " + key);

        int sent = 2 * FLOOD;
        List<Integer> statuses = new ArrayList<>();
        long started = System.nanoTime();
        for (int i = 0; i < sent; i++) {
            statuses.add(withAuthorization("/v1/backend/namespace", spellings.get(i % spellings.size())).status());
        }
        double seconds = (System.nanoTime() - started) / 1e9;

        long oneBudget = 5 + (long) Math.ceil(5 * seconds) + 1;
        assertThat(oneBudget).as("the flood is fast enough to tell one budget (burst 5, 5/s) from four")
                .isLessThan(sent);
        assertThat(statuses).contains(429);
        assertThat(statuses.stream().filter(status -> status == 200).count()).as("one burst and its refill")
                .isLessThanOrEqualTo(oneBudget);
    }

    @Test
    void madeUpKeys_eachOneNew_shareTheBudgetOfTheirAddress_untilAKeyHasWorked() {
        List<Api.Reply> replies = Parallel.run(150, i -> withAuthorization("/v1/backend/credentials",
                "enclave_limits-fake_" + "a".repeat(14) + (char) ('a' + i / 26) + (char) ('a' + i % 26) + "_"
                        + "b".repeat(52)));

        assertThat(replies).extracting(Api.Reply::status).contains(401).containsOnly(401, 429);
        Api.Reply refused = replies.stream().filter(reply -> reply.status() == 429).findFirst().orElseThrow();
        assertThat(refused.header("RateLimit-Policy")).startsWith("\"unproven-api-keys\"");
    }

    @Test
    void behindALoadBalancer_eachClientsAddress_isTheOneTheBalancerAppended() {
        String attacker = "203.0.113.7";
        List<Api.Reply> flood = Parallel.run(150, i -> fromAddress("10.0.0." + i + ", " + attacker,
                "enclave_limits-fake_" + "c".repeat(14) + (char) ('a' + i / 26) + (char) ('a' + i % 26) + "_"
                        + "d".repeat(52)));
        Api.Reply victim = fromAddress("198.51.100.9", "enclave_limits-fake_" + "e".repeat(16) + "_"
                + "f".repeat(52));

        assertThat(flood).extracting(Api.Reply::status).as("spoofed entries to the left spend the same budget")
                .contains(429);
        assertThat(victim.status()).as("another client's budget is its own").isEqualTo(401);
    }

    @Test
    void headersThatAreNoApiKey_shareOneSmallBudgetOfTheirAddress() {
        List<Api.Reply> replies = new ArrayList<>();
        for (int i = 0; i < FLOOD; i++) {
            replies.add(withAuthorization("/v1/backend/credentials", "made-up-" + i));
        }

        assertThat(replies.get(0).status()).isEqualTo(401);
        Api.Reply refused = replies.stream().filter(reply -> reply.status() == 429).findFirst().orElseThrow();
        assertThat(refused.header("RateLimit-Policy")).startsWith("\"address\"");
    }

    @Test
    void aRequestOverItsBudget_isRefusedBeforeItsBodyIsRead() {
        String ada = journeys().organisation("limits-body");
        String invalid = "{\"email\":\"bob@example.com\",\"serviceGroups\":[" + "\"NOT A GROUP\",".repeat(20_000)
                + "\"x\"]}";

        List<Integer> statuses = new ArrayList<>();
        for (int i = 0; i < FLOOD; i++) {
            statuses.add(api().hostile().send(api().request("/v1/orgs/limits-body/invitations", ada)
                    .header("Content-Type", "application/json")
                    .POST(java.net.http.HttpRequest.BodyPublishers.ofString(invalid))).status());
        }

        assertThat(statuses).as("the invalid body is refused while there is budget; over it, the body is not even read")
                .contains(400, 429).containsOnly(400, 429);
    }

    @Test
    void aSignedInStrangerProbingOrganisationIds_isHeldToASmallBudget_soFewTenantsCredentialsAreVended() {
        String stranger = journeys().member("prober");
        List<String> ids = java.util.stream.IntStream.range(0, 40).mapToObj(i -> "probed-" + i).toList();

        List<Integer> statuses = ids.stream().map(id -> api().get("/v1/orgs/" + id, stranger).status()).toList();

        assertThat(statuses).containsOnly(404, 429).contains(429);
        long vended = ids.stream().mapToLong(id -> dev.enclave.app.support.SharedSandbox.instance().sts()
                .assumeRoleCountTagged("TenantId", id)).sum();
        assertThat(vended).as("sessions vended for the probed ids").isLessThanOrEqualTo(
                statuses.stream().filter(status -> status == 404).count());
        assertThat(statuses.stream().filter(status -> status == 404).count()).isLessThan(ids.size() / 2);
    }

    private Api.Reply fromAddress(String forwardedFor, String key) {
        return api().hostile().send(api().request("/v1/backend/credentials", null).header("Authorization", key)
                .header("X-Forwarded-For", forwardedFor).GET());
    }

    private Api.Reply withAuthorization(String path, String header) {
        return api().hostile().send(api().request(path, null).header("Authorization", header).GET());
    }

    private List<Api.Reply> flood(String path, String token) {
        List<Api.Reply> replies = new ArrayList<>();
        for (int i = 0; i < FLOOD; i++) {
            replies.add(api().get(path, token));
        }
        return replies;
    }
}
