package dev.enclave.app.edge.web.permission;

import static org.assertj.core.api.Assertions.assertThat;

import dev.enclave.app.support.Api;
import dev.enclave.app.support.InFlight;
import dev.enclave.app.support.LocalStackTest;
import dev.enclave.app.support.SecondInstance;
import dev.enclave.sandbox.gateway.GatewayFaults;
import io.micronaut.test.extensions.junit5.annotation.MicronautTest;
import java.net.http.HttpRequest;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.BiFunction;
import java.util.function.Supplier;
import org.junit.jupiter.api.Test;

/**
 * An admin's change is decided, then its transaction stalls (held by the gateway) while an owner removes the admin
 * through another instance: the change reaches DynamoDB after the removal and must change nothing, whatever the
 * workflow. Within one instance the organisation's transactions take turns, so the removal goes through a second.
 */
@MicronautTest(environments = "local")
class ActorRemovedMidRequestIT extends LocalStackTest {

    @Test
    void aChangeDecidedBeforeItsActorWasRemoved_changesNothing_whateverTheWorkflow() {
        try (SecondInstance other = SecondInstance.start(getProperties())) {
            assertRefusedAfterRemoval(other, "mid-hook", (org, admin) -> api().post("/v1/orgs/" + org + "/webhooks",
                    "{\"url\":\"http://127.0.0.1:9/attacker\"}", admin), (org, owner) -> api()
                    .get("/v1/orgs/" + org + "/webhooks", owner).json().get("items").size());
            assertRefusedAfterRemoval(other, "mid-invite", (org, admin) -> api().post("/v1/orgs/" + org
                    + "/invitations", "{\"email\":\"carl@example.com\"}", admin), (org, owner) -> (int) api()
                    .get("/v1/orgs/" + org + "/invitations", owner).json().findValuesAsText("email").stream()
                    .filter("carl@example.com"::equals).count());
            assertRefusedAfterRemoval(other, "mid-key", (org, admin) -> api().post("/v1/orgs/" + org + "/api-keys",
                    "{\"name\":\"ci\",\"access\":\"read\"}", admin), (org, owner) -> api()
                    .get("/v1/orgs/" + org + "/api-keys", owner).json().get("items").size());
            assertRefusedAfterRemoval(other, "mid-service", (org, admin) -> api().post("/v1/orgs/" + org
                    + "/services", "{\"id\":\"billing\",\"name\":\"Billing\"}", admin), (org, owner) -> api()
                    .get("/v1/orgs/" + org + "/services", owner).json().get("items").size());
        }
    }

    @Test
    void aGroupGivenWhileAnotherIsDefined_isRefusedAsAConflictToRetry_notAsALostRole() {
        String owner = journeys().organisation("mid-define");
        journeys().join("mid-define", owner, "bob");
        String path = "/v1/orgs/mid-define/members/bob/groups/billing";
        assertThat(api().post("/v1/orgs/mid-define/groups", "{\"id\":\"billing\",\"permissions\":"
                + "[\"invoices:approve\"]}", owner).status()).isEqualTo(201);
        try (SecondInstance other = SecondInstance.start(getProperties())) {
            Api.Reply given = InFlight.heldWhile(faults, "mid-define", () -> put(path, owner), () -> assertThat(
                    other.api().post("/v1/orgs/mid-define/groups", "{\"id\":\"audit\",\"permissions\":"
                            + "[\"reports:read\"]}", owner).status()).isEqualTo(201));

            assertThat(given.status()).as(given.body()).isEqualTo(409);
            assertThat(given.json().get("code").asText()).isEqualTo("conflict");
        }
        assertThat(put(path, owner).status()).as("given when tried again").isEqualTo(200);
    }

    @Test
    void anAdminPuttingThemselvesInAServiceGroup_isNotPutThere_onceDemotedMeanwhile() {
        String owner = journeys().organisation("mid-self");
        journeys().join("mid-self", owner, "adm");
        String path = "/v1/orgs/mid-self/services/billing/groups/viewers/members";
        assertThat(put("/v1/orgs/mid-self/members/adm/groups/admin", owner).status()).isEqualTo(200);
        assertThat(api().post("/v1/orgs/mid-self/services", "{\"id\":\"billing\",\"name\":\"Billing\"}", owner)
                .status()).isEqualTo(201);
        String admin = journeys().member("adm");
        try (SecondInstance other = SecondInstance.start(getProperties())) {
            AtomicInteger demoted = new AtomicInteger();
            Api.Reply late = InFlight.heldWhile(faults, "mid-self", () -> put(path + "/adm", admin), () -> demoted.set(
                    other.api().send(other.api().request("/v1/orgs/mid-self/members/adm/groups/admin", owner)
                            .DELETE()).status()));

            assertThat(demoted.get()).isEqualTo(200);
            assertThat(late.status()).as("the check rides on the admin's own membership write: " + late.body())
                    .isGreaterThanOrEqualTo(400);
            assertThat(api().get(path, owner).json().get("items")).as("the demoted admin put themselves in").isEmpty();
        }
    }

    @Test
    void aChangeGivingWhatItsActorLostMeanwhile_changesNothing_thoughTheyStillHoldWhatTheRequestNeeded() {
        String owner = journeys().organisation("mid-give");
        journeys().join("mid-give", owner, "dan");
        journeys().join("mid-give", owner, "kim");
        for (String group : List.of("keymakers:api_keys:manage", "issuers:credentials:issue",
                "approvers:invoices:approve")) {
            String[] named = group.split(":", 2);
            assertThat(api().post("/v1/orgs/mid-give/groups", "{\"id\":\"" + named[0] + "\",\"permissions\":[\""
                    + named[1] + "\"]}", owner).status()).isEqualTo(201);
        }
        for (String grant : List.of("dan/groups/admin", "dan/groups/approvers", "kim/groups/keymakers",
                "kim/groups/issuers")) {
            assertThat(put("/v1/orgs/mid-give/members/" + grant, owner).status()).as(grant).isEqualTo(200);
        }
        String dan = journeys().member("dan");
        String kim = journeys().member("kim");
        try (SecondInstance other = SecondInstance.start(getProperties())) {
            Api.Reply invitation = InFlight.heldWhile(faults, "mid-give", () -> api().post(
                    "/v1/orgs/mid-give/invitations", "{\"email\":\"eve@example.com\",\"groups\":[\"approvers\"]}",
                    dan), () -> assertThat(other.api().send(other.api().request(
                            "/v1/orgs/mid-give/members/dan/groups/approvers", owner).DELETE()).status()).isEqualTo(200));
            Api.Reply key = InFlight.heldWhile(faults, "mid-give", () -> api().post("/v1/orgs/mid-give/api-keys",
                    "{\"name\":\"ci\",\"access\":\"read\"}", kim), () -> assertThat(other.api().send(other.api()
                    .request("/v1/orgs/mid-give/members/kim/groups/issuers", owner).DELETE()).status()).isEqualTo(200));

            assertThat(invitation.status()).as("dan invites still, no longer approves invoices: "
                    + invitation.body()).isEqualTo(403);
            assertThat(key.status()).as("kim makes keys still, no longer issues credentials: " + key.body())
                    .isEqualTo(403);
        }
        indexesCaughtUp();
        assertThat(api().get("/v1/orgs/mid-give/invitations", owner).json().findValuesAsText("email"))
                .doesNotContain("eve@example.com");
        assertThat(api().get("/v1/orgs/mid-give/api-keys", owner).json().get("items")).isEmpty();
    }

    @Test
    void aChangeInFlightWhenTheOrganisationIsSuspended_changesNothing() {
        String owner = journeys().organisation("mid-suspend");
        journeys().join("mid-suspend", owner, "bob");
        String admin = tokens().mint("{\"sub\":\"root\",\"email\":\"root@platform.example\","
                + "\"roles\":[\"platform-admin\"]}");
        try (SecondInstance other = SecondInstance.start(getProperties())) {
            AtomicInteger suspended = new AtomicInteger();
            Api.Reply late = InFlight.heldWhile(faults, "mid-suspend", () ->
                    put("/v1/orgs/mid-suspend/members/bob/groups/billing", owner), () -> suspended.set(
                    other.api().post("/v1/admin/tenants/mid-suspend/suspend", "", admin).status()));

            assertThat(suspended.get()).isEqualTo(204);
            assertThat(late.status()).as(late.body()).isEqualTo(423);
            assertThat(late.json().get("code").asText()).isEqualTo("organisation-suspended");
        }
        assertThat(api().post("/v1/admin/tenants/mid-suspend/resume", "", admin).status()).isEqualTo(204);
        assertThat(api().get("/v1/orgs/mid-suspend/members/bob", owner).json().get("groups").toString())
                .as("the grant decided before the suspension").doesNotContain("billing");
    }

    @Test
    void anInviteeDecliningInFlightWhenTheOrganisationIsSuspended_changesNothing() {
        String owner = journeys().organisation("mid-decline");
        String token = api().post("/v1/orgs/mid-decline/invitations", "{\"email\":\"bob@example.com\"}", owner)
                .json().get("token").asText();
        String bob = tokens().mint("bob", "bob@example.com");
        String admin = tokens().mint("{\"sub\":\"root\",\"email\":\"root@platform.example\","
                + "\"roles\":[\"platform-admin\"]}");
        try (SecondInstance other = SecondInstance.start(getProperties())) {
            AtomicInteger suspended = new AtomicInteger();
            Api.Reply late = InFlight.heldWhile(faults, "mid-decline", () -> api().post("/v1/invitations/decline",
                    "{\"token\":\"" + token + "\"}", bob), () -> suspended.set(
                    other.api().post("/v1/admin/tenants/mid-decline/suspend", "", admin).status()));

            assertThat(suspended.get()).isEqualTo(204);
            assertThat(late.status()).as(late.body()).isEqualTo(423);
            assertThat(late.json().get("code").asText()).isEqualTo("organisation-suspended");
        }
        assertThat(api().post("/v1/admin/tenants/mid-decline/resume", "", admin).status()).isEqualTo(204);
        assertThat(api().post("/v1/invitations/accept", "{\"token\":\"" + token + "\"}", bob).status())
                .as("the invitation the late decline left pending").isEqualTo(200);
    }

    @Test
    void aChangeWhoseOwnWriteIsOnTheOrganisation_inFlightWhenItIsSuspended_isAnsweredAsSuspended() {
        String admin = tokens().mint("{\"sub\":\"root\",\"email\":\"root@platform.example\","
                + "\"roles\":[\"platform-admin\"]}");
        try (SecondInstance other = SecondInstance.start(getProperties())) {
            Map<String, Change> changes = Map.of(
                    "mid-susp-remove", (org, owner) -> api().send(api().request("/v1/orgs/" + org + "/members/bob",
                            owner).DELETE()),
                    "mid-susp-owner", (org, owner) -> put("/v1/orgs/" + org + "/members/bob/groups/owner", owner),
                    "mid-susp-service", (org, owner) -> api().post("/v1/orgs/" + org + "/services",
                            "{\"id\":\"crm\",\"name\":\"CRM\"}", owner),
                    "mid-susp-assign", (org, owner) -> put("/v1/orgs/" + org
                            + "/services/billing/groups/viewers/members/bob", owner));
            changes.forEach((org, change) -> {
                String owner = journeys().organisation(org);
                journeys().join(org, owner, "bob");
                assertThat(api().post("/v1/orgs/" + org + "/services", "{\"id\":\"billing\",\"name\":\"Billing\"}",
                        owner).status()).isEqualTo(201);
                String before = api().get("/v1/orgs/" + org + "/members/bob", owner).body();
                AtomicInteger suspended = new AtomicInteger();

                Api.Reply late = InFlight.heldWhile(faults, org, () -> change.as(org, owner), () -> suspended.set(
                        other.api().post("/v1/admin/tenants/" + org + "/suspend", "", admin).status()));

                assertThat(suspended.get()).isEqualTo(204);
                assertThat(late.status()).as(org + ": " + late.body()).isEqualTo(423);
                assertThat(late.json().get("code").asText()).isEqualTo("organisation-suspended");
                assertThat(api().post("/v1/admin/tenants/" + org + "/resume", "", admin).status()).isEqualTo(204);
                assertThat(api().get("/v1/orgs/" + org + "/members/bob", owner).body()).as(org + ": bob as he was")
                        .isEqualTo(before);
                assertThat(api().get("/v1/orgs/" + org + "/services", owner).json().get("items").size())
                        .as(org + ": the services").isEqualTo(1);
            });
        }
    }

    @Test
    void aChangeInFlightWhenTheOrganisationBeginsItsDeletion_isAnsweredAsTheOrganisationGone() {
        try (SecondInstance other = SecondInstance.start(getProperties())) {
            String key = ownerOf("mid-del-key");
            String keyId = api().post("/v1/orgs/mid-del-key/api-keys", "{\"name\":\"k\",\"access\":\"read\"}", key)
                    .json().get("id").asText();
            assertGoneInFlight(other, "mid-del-key", key, () -> api().send(api().request("/v1/orgs/mid-del-key"
                    + "/api-keys/" + keyId, key).DELETE()));
            String hook = ownerOf("mid-del-hook");
            String hookId = api().post("/v1/orgs/mid-del-hook/webhooks", "{\"url\":\"http://127.0.0.1:9/h\"}", hook)
                    .json().get("endpoint").get("id").asText();
            assertGoneInFlight(other, "mid-del-hook", hook, () -> api().send(api().request("/v1/orgs/mid-del-hook"
                    + "/webhooks/" + hookId, hook).DELETE()));
            String remove = ownerOf("mid-del-remove");
            assertGoneInFlight(other, "mid-del-remove", remove, () -> api().send(api().request(
                    "/v1/orgs/mid-del-remove/members/bob", remove).DELETE()));
            String service = ownerOf("mid-del-service");
            assertGoneInFlight(other, "mid-del-service", service, () -> api().post("/v1/orgs/mid-del-service"
                    + "/services", "{\"id\":\"crm\",\"name\":\"CRM\"}", service));
        }
    }

    /** The owner's token of a new organisation {@code org} with bob as a member. */
    private String ownerOf(String org) {
        String owner = journeys().organisation(org);
        journeys().join(org, owner, "bob");
        return owner;
    }

    @Test
    void aDeletionInFlightWhenAnotherOwnerDeletedTheOrganisation_isAnsweredAsTheFirstWas() {
        String owner = ownerOf("mid-del-twice");
        assertThat(put("/v1/orgs/mid-del-twice/members/bob/groups/owner", owner).status()).isEqualTo(200);
        String bob = journeys().member("bob");
        try (SecondInstance other = SecondInstance.start(getProperties())) {
            AtomicInteger first = new AtomicInteger();
            Api.Reply late = InFlight.heldWhile(faults, "mid-del-twice", () -> api().send(api()
                    .request("/v1/orgs/mid-del-twice", owner).DELETE()), () -> {
                        holdTheSweep("mid-del-twice");
                        first.set(other.api().send(other.api().request("/v1/orgs/mid-del-twice", bob).DELETE())
                                .status());
                    });
            faults.clear();

            assertThat(first.get()).isEqualTo(202);
            assertThat(late.status()).as(late.body()).isEqualTo(202);
        }
    }

    /** The deletion sweep of {@code org} waits: its Queries are held 5 s each, until the faults are lifted. */
    private void holdTheSweep(String org) {
        faults.inject(new GatewayFaults.Rule(Optional.of("Query"), Optional.of(org), GatewayFaults.Kind.LATENCY,
                Duration.ofSeconds(5), Integer.MAX_VALUE));
    }

    /**
     * {@code change}, held in flight while its organisation begins its deletion; the deletion's sweep is held too
     * (its Queries wait), so the change meets the organisation marked deleting with its items still there.
     */
    private void assertGoneInFlight(SecondInstance other, String org, String owner, Supplier<Api.Reply> change) {
        AtomicInteger deleted = new AtomicInteger();

        Api.Reply late = InFlight.heldWhile(faults, org, change, () -> {
            holdTheSweep(org);
            deleted.set(other.api().send(other.api().request("/v1/orgs/" + org, owner).DELETE()).status());
        });
        faults.clear();

        assertThat(deleted.get()).isEqualTo(202);
        assertThat(late.status()).as(org + ": " + late.body()).isEqualTo(404);
        assertThat(late.json().get("code").asText()).isEqualTo("organisation-not-found");
    }

    @Test
    void anAppsEventInFlightWhenItsKeyIsRevoked_orItsOrganisationSuspended_isNotRecorded() {
        String admin = tokens().mint("{\"sub\":\"root\",\"email\":\"root@platform.example\","
                + "\"roles\":[\"platform-admin\"]}");
        try (SecondInstance other = SecondInstance.start(getProperties())) {
            AppEvent revoked = appEventInFlight("mid-key-revoked", (owner, keyId) -> other.api().send(other.api()
                    .request("/v1/orgs/mid-key-revoked/api-keys/" + keyId, owner).DELETE()).status(), 204);
            AppEvent suspended = appEventInFlight("mid-key-suspended", (owner, keyId) -> other.api()
                    .post("/v1/admin/tenants/mid-key-suspended/suspend", "", admin).status(), 204);

            assertThat(revoked.late().status()).as(revoked.late().body()).isEqualTo(401);
            assertThat(suspended.late().status()).as(suspended.late().body()).isEqualTo(423);
            assertThat(api().post("/v1/admin/tenants/mid-key-suspended/resume", "", admin).status()).isEqualTo(204);
            for (AppEvent sent : List.of(revoked, suspended)) {
                assertThat(api().get("/v1/orgs/" + sent.org() + "/audit-log?action=invoice.approved", sent.owner())
                        .json().get("items")).as(sent.org() + ": the event of the request in flight").isEmpty();
            }
        }
    }

    /** The answer to an app's event sent in flight, in {@code org}, whose owner is {@code owner}. */
    private record AppEvent(String org, String owner, Api.Reply late) {
    }

    /** An app's audit event sent with a key of {@code org}, held in flight while {@code meanwhile} answers. */
    private AppEvent appEventInFlight(String org, BiFunction<String, String, Integer> meanwhile, int status) {
        String owner = journeys().organisation(org);
        Api.Reply created = api().post("/v1/orgs/" + org + "/api-keys", "{\"name\":\"app\",\"access\":\"read\","
                + "\"permissions\":[\"audit_log:write\",\"audit_log:read\"]}", owner);
        String key = created.json().get("secret").asText();
        String auditLog = "/v1/orgs/" + org + "/audit-log";
        assertThat(api().send(api().request(auditLog, null).header("Authorization", key).GET()).status())
                .as("the key's first use, recorded before").isEqualTo(200);
        return new AppEvent(org, owner, InFlight.heldWhile(faults, org, () -> api().send(api().request(auditLog, null)
                .header("Authorization", key).header("Content-Type", "application/json")
                .POST(HttpRequest.BodyPublishers.ofString("{\"action\":\"invoice.approved\",\"actor\":"
                        + "{\"type\":\"user\",\"id\":\"u-7\"},\"targets\":[{\"type\":\"invoice\","
                        + "\"id\":\"inv-1\"}]}"))), () -> assertThat(meanwhile.apply(owner,
                created.json().get("id").asText())).isEqualTo(status)));
    }

    private Api.Reply put(String path, String token) {
        return api().send(api().request(path, token).PUT(HttpRequest.BodyPublishers.noBody()));
    }

    private void assertRefusedAfterRemoval(SecondInstance other, String org, Change change, Count count) {
        Api.Reply late = refusedAfterRemoval(other, org, change, count);

        assertThat(late.status()).as(org + ": " + late.body()).isEqualTo(403);
        assertThat(late.json().get("code").asText()).isEqualTo("missing-role");
    }

    /** The late change's answer, once it is known it changed nothing. */
    private Api.Reply refusedAfterRemoval(SecondInstance other, String org, Change change, Count count) {
        String owner = journeys().organisation(org);
        journeys().join(org, owner, "adm-" + org);
        assertThat(api().send(api().request("/v1/orgs/" + org + "/members/adm-" + org + "/groups/admin", owner)
                .PUT(HttpRequest.BodyPublishers.noBody())).status()).isEqualTo(200);
        String admin = journeys().member("adm-" + org);
        int before = count.of(org, owner);
        AtomicInteger removed = new AtomicInteger();
        Api.Reply late = InFlight.heldWhile(faults, org, () -> change.as(org, admin), () -> removed.set(other.api()
                .send(other.api().request("/v1/orgs/" + org + "/members/adm-" + org, owner).DELETE()).status()));

        assertThat(removed.get()).as(org + ": the removal").isEqualTo(204);
        assertThat(count.of(org, owner)).as(org + ": what the late change would have added").isEqualTo(before);
        return late;
    }

    @FunctionalInterface
    private interface Change {
        Api.Reply as(String org, String admin);
    }

    @FunctionalInterface
    private interface Count {
        int of(String org, String owner);
    }
}
