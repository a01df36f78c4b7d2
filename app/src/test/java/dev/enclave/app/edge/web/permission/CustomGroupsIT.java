package dev.enclave.app.edge.web.permission;

import static dev.enclave.app.support.PermissionAnswers.ids;
import static dev.enclave.app.support.PermissionAnswers.sources;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.enclave.app.domain.member.Members;
import dev.enclave.app.domain.member.Membership;
import dev.enclave.app.domain.member.MembershipChanges;
import dev.enclave.app.domain.permission.Authority;
import dev.enclave.app.domain.permission.CustomGroups;
import dev.enclave.app.domain.permission.GroupName;
import dev.enclave.app.domain.permission.Holding;
import dev.enclave.app.domain.permission.SystemPermissions;
import dev.enclave.app.support.Api;
import dev.enclave.app.support.LocalStackTest;
import dev.enclave.identity.TenantId;
import dev.enclave.identity.UserKey;
import io.micrometer.core.instrument.MeterRegistry;
import io.micronaut.test.extensions.junit5.annotation.MicronautTest;
import jakarta.inject.Inject;
import java.net.http.HttpRequest;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.stream.Collectors;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;

@MicronautTest(environments = "local")
class CustomGroupsIT extends LocalStackTest {

    /** The local issuer, whose tokens the journeys mint. */
    private static final String ISSUER = "enclave-local";

    @Inject
    MembershipChanges changes;
    @Inject
    Members members;
    @Inject
    CustomGroups groups;
    @Inject
    MeterRegistry meters;

    @Test
    void aCustomGroup_isDefinedAssignedCheckedChangedAndDeleted_eachChangeAnEvent() {
        String owner = journeys().organisation("cg-life");
        journeys().join("cg-life", owner, "bob");
        String bob = journeys().member("bob");

        Api.Reply created = define("cg-life", owner, "billing-admins", "invitations:manage", "invoices:approve");
        assertThat(created.status()).as(created.body()).isEqualTo(201);
        assertThat(created.header("Location")).isEqualTo("/v1/orgs/cg-life/groups/billing-admins");
        assertThat(ids(api().get("/v1/orgs/cg-life/groups", bob).json()))
                .containsExactly("owner", "admin", "member", "billing-admins");
        assertThat(check("cg-life", bob, "invoices:approve")).isFalse();

        assertThat(put("/v1/orgs/cg-life/members/bob/groups/billing-admins", owner).status()).isEqualTo(200);

        assertThat(check("cg-life", bob, "invoices:approve")).isTrue();
        assertThat(api().post("/v1/orgs/cg-life/invitations", "{\"email\":\"carl@example.com\"}", bob).status())
                .as("invitations:manage from the custom group").isEqualTo(201);
        JsonNode mine = api().get("/v1/me/orgs/cg-life/permissions", bob).json();
        assertThat(mine.get("everything").asBoolean()).isFalse();
        assertThat(sources(mine, "invoices:approve")).containsExactly("billing-admins");
        assertThat(sources(mine, "org:read")).containsExactly("member");

        String etag = api().get("/v1/orgs/cg-life/groups/billing-admins", owner).header("ETag");
        assertThat(patch("/v1/orgs/cg-life/groups/billing-admins", "{\"permissions\":[\"invoices:approve\"]}",
                owner, "\"nope.v1\"").status()).as("a stale ETag").isEqualTo(412);
        assertThat(patch("/v1/orgs/cg-life/groups/billing-admins", "{\"permissions\":[\"invoices:approve\"]}",
                owner, etag).status()).isEqualTo(200);
        assertThat(api().post("/v1/orgs/cg-life/invitations", "{\"email\":\"dora@example.com\"}", bob).status())
                .as("invitations:manage taken from the group").isEqualTo(403);

        Api.Reply inUse = delete("/v1/orgs/cg-life/groups/billing-admins", owner);
        assertThat(inUse.status()).isEqualTo(409);
        assertThat(inUse.json().get("code").asText()).isEqualTo("group-in-use");
        assertThat(delete("/v1/orgs/cg-life/members/bob/groups/billing-admins", owner).status()).isEqualTo(200);
        assertThat(delete("/v1/orgs/cg-life/groups/billing-admins", owner).status()).isEqualTo(204);
        assertThat(api().get("/v1/orgs/cg-life/groups/billing-admins", owner).status()).isEqualTo(404);

        JsonNode events = api().get("/v1/orgs/cg-life/events?types=group.created,group.updated,group.deleted",
                owner).json();
        List<String> types = new ArrayList<>();
        events.get("items").forEach(event -> types.add(event.get("type").asText()));
        assertThat(types).containsExactly("group.created", "group.updated", "group.deleted");
        assertThat(events.get("items").get(1).get("data").get("changes").get("before").get("permissions"))
                .hasSize(2);
    }

    @Test
    void nobodyGivesWhatTheyDoNotHold() {
        String owner = journeys().organisation("cg-escalate");
        assertThat(define("cg-escalate", owner, "deputies", "groups:manage").status()).isEqualTo(201);
        assertThat(define("cg-escalate", owner, "powerful", "groups:manage", "org:delete").status()).isEqualTo(201);
        journeys().join("cg-escalate", owner, "dep");
        journeys().join("cg-escalate", owner, "adm");
        put("/v1/orgs/cg-escalate/members/dep/groups/deputies", owner);
        put("/v1/orgs/cg-escalate/members/adm/groups/admin", owner);
        String deputy = journeys().member("dep");
        String admin = journeys().member("adm");

        assertThat(code(define("cg-escalate", deputy, "approvers", "invoices:approve")))
                .as("a permission the deputy lacks").isEqualTo("missing-role");
        assertThat(define("cg-escalate", deputy, "readers", "members:read").status()).isEqualTo(201);
        assertThat(code(patch("/v1/orgs/cg-escalate/groups/deputies", "{\"permissions\":[\"groups:manage\","
                + "\"org:delete\"]}", deputy, null))).as("editing their own group").isEqualTo("missing-role");
        assertThat(code(patch("/v1/orgs/cg-escalate/groups/powerful", "{\"permissions\":[\"groups:manage\"]}",
                deputy, null))).as("taking away what they lack").isEqualTo("missing-role");
        assertThat(code(put("/v1/orgs/cg-escalate/members/adm/groups/powerful", admin)))
                .as("an admin grants a group carrying what admins lack").isEqualTo("missing-role");
        assertThat(code(api().post("/v1/orgs/cg-escalate/invitations",
                "{\"email\":\"eve@example.com\",\"groups\":[\"powerful\"]}", admin)))
                .as("an invitation granting it").isEqualTo("missing-role");
        assertThat(code(patch("/v1/orgs/cg-escalate/groups/owner", "{\"permissions\":[]}", owner, null)))
                .as("the built-in groups are fixed").isEqualTo("missing-role");
        assertThat(code(define("cg-escalate", owner, "admin", "members:read"))).isEqualTo("group-exists");
        assertThat(code(define("cg-escalate", owner, "renamers", "org:rename")))
                .as("a made-up permission in a system resource").isEqualTo("validation-failed");
        assertThat(code(delete("/v1/orgs/cg-escalate/members/owner-cg-escalate/groups/owner", owner)))
                .as("the last owner stays").isEqualTo("last-owner");
    }

    @Test
    void groupsDefinedAtOnce_areAllDefined() {
        String owner = journeys().organisation("cg-burst");
        ExecutorService threads = Executors.newFixedThreadPool(5);
        try {
            List<CompletableFuture<Api.Reply>> defined = IntStream.range(0, 5).mapToObj(i -> CompletableFuture
                    .supplyAsync(() -> define("cg-burst", owner, "team-" + i, "reports:read"), threads)).toList();

            assertThat(defined.stream().map(reply -> reply.join().status()).toList()).containsOnly(201);
        } finally {
            threads.shutdownNow();
        }
        assertThat(api().get("/v1/orgs/cg-burst/groups", owner).json().findValuesAsText("id"))
                .contains("team-0", "team-1", "team-2", "team-3", "team-4");
    }

    @Test
    void aPermissionTakenMeanwhile_stopsTheChangeDecidedOnIt() {
        String owner = journeys().organisation("cg-inflight");
        define("cg-inflight", owner, "managers", "members:manage");
        journeys().join("cg-inflight", owner, "mgr");
        journeys().join("cg-inflight", owner, "bob");
        put("/v1/orgs/cg-inflight/members/mgr/groups/managers", owner);
        TenantId tenant = TenantId.of("cg-inflight");
        Membership manager = members.find(tenant, UserKey.of(ISSUER, "mgr")).orElseThrow();
        Authority decided = new Holding(manager.groups(), groups.of(tenant))
                .authorityFor(SystemPermissions.MEMBERS_MANAGE);
        assertThat(decided.groups()).containsExactly(new GroupName("managers"));

        patch("/v1/orgs/cg-inflight/groups/managers", "{\"description\":\"same permissions, new version\"}", owner,
                null);

        assertThat(changes.grant(manager, decided, UserKey.of(ISSUER, "bob"), "bob",
                new GroupName("billing"), Optional.empty(), Optional.empty()))
                .isEqualTo(MembershipChanges.Change.DEFINITIONS_CHANGED);
        Authority now = new Holding(manager.groups(), groups.of(tenant)).authorityFor(SystemPermissions.MEMBERS_MANAGE);
        assertThat(changes.grant(manager, now, UserKey.of(ISSUER, "bob"), "bob",
                new GroupName("billing"), Optional.empty(), Optional.empty()))
                .isEqualTo(MembershipChanges.Change.DONE);
    }

    @Test
    void givingAGroup_isStopped_whenTheGroupWhatItCarriesCameFromIsTakenMeanwhile() {
        String owner = journeys().organisation("cg-giving");
        define("cg-giving", owner, "managers", "members:manage");
        define("cg-giving", owner, "approvers", "invoices:approve");
        journeys().join("cg-giving", owner, "mgr");
        journeys().join("cg-giving", owner, "bob");
        put("/v1/orgs/cg-giving/members/mgr/groups/managers", owner);
        put("/v1/orgs/cg-giving/members/mgr/groups/approvers", owner);
        TenantId tenant = TenantId.of("cg-giving");
        GroupName approvers = new GroupName("approvers");
        Membership manager = members.find(tenant, UserKey.of(ISSUER, "mgr")).orElseThrow();
        Holding judged = new Holding(manager.groups(), groups.of(tenant));
        assertThat(judged.whyNotGive(approvers)).as("mgr may give approvers when judged").isEmpty();

        delete("/v1/orgs/cg-giving/members/mgr/groups/approvers", owner);

        assertThat(changes.grant(manager, judged.authorityToGive(SystemPermissions.MEMBERS_MANAGE, Set.of(approvers)),
                UserKey.of(ISSUER, "bob"), "bob", approvers, groups.of(tenant).find(approvers), Optional.empty()))
                .isEqualTo(MembershipChanges.Change.ACTOR_GONE);
        assertThat(members.find(tenant, UserKey.of(ISSUER, "bob")).orElseThrow().groups()).doesNotContain(approvers);
    }

    @Test
    void aMemberOfEveryCustomGroup_givesGroupsAndInvites_theConditionsOnAllOfThemWithinDynamoDbsLimits() {
        String owner = journeys().organisation("cg-bound");
        journeys().join("cg-bound", owner, "mgr");
        journeys().join("cg-bound", owner, "bob");
        put("/v1/orgs/cg-bound/members/mgr/groups/admin", owner);
        for (int i = 0; i < 50; i++) {
            String group = "managers-of-everything-" + i;
            assertThat(define("cg-bound", owner, group, "members:manage", "invitations:manage",
                    "services:manage", "api_keys:manage", "application_number_" + i + ":administer").status())
                    .isEqualTo(201);
            assertThat(put("/v1/orgs/cg-bound/members/mgr/groups/" + group, owner).status()).isEqualTo(200);
        }
        String manager = journeys().member("mgr");

        Api.Reply given = put("/v1/orgs/cg-bound/members/bob/groups/managers-of-everything-49", manager);
        String token = api().post("/v1/orgs/cg-bound/invitations", "{\"email\":\"carl@example.com\",\"groups\":"
                + "[\"managers-of-everything-0\",\"managers-of-everything-49\"]}", manager).json().get("token").asText();
        Api.Reply accepted = accept(token, "carl");

        assertThat(given.status()).as(given.body()).isEqualTo(200);
        assertThat(accepted.status()).as(accepted.body()).isEqualTo(200);
    }

    @Test
    void anInvitationFromACustomGroupsHolder_isAcceptedWhileTheyHoldIt() {
        String owner = journeys().organisation("cg-invite");
        define("cg-invite", owner, "recruiters", "invitations:manage");
        journeys().join("cg-invite", owner, "rec");
        put("/v1/orgs/cg-invite/members/rec/groups/recruiters", owner);
        String recruiter = journeys().member("rec");

        String first = journeys().invite("cg-invite", recruiter, "bob").json().get("token").asText();
        String second = journeys().invite("cg-invite", recruiter, "carl").json().get("token").asText();
        assertThat(accept(first, "bob").status()).isEqualTo(200);
        delete("/v1/orgs/cg-invite/members/rec/groups/recruiters", owner);

        Api.Reply refused = accept(second, "carl");
        assertThat(refused.status()).isEqualTo(409);
        assertThat(refused.json().get("code").asText()).isEqualTo("invitation-not-pending");
    }

    @Test
    void anApiKey_worksWhileItsCreatorHoldsApiKeysManage_andCredentialsIssue() {
        String owner = journeys().organisation("cg-keys");
        define("cg-keys", owner, "integrators", "api_keys:manage", "credentials:issue");
        define("cg-keys", owner, "keyholders", "api_keys:manage");
        journeys().join("cg-keys", owner, "int");
        journeys().join("cg-keys", owner, "kh");
        put("/v1/orgs/cg-keys/members/int/groups/integrators", owner);
        put("/v1/orgs/cg-keys/members/kh/groups/keyholders", owner);
        String secret = api().post("/v1/orgs/cg-keys/api-keys", "{\"name\":\"ci\",\"access\":\"readwrite\"}",
                journeys().member("int")).json().get("secret").asText();
        Api.Reply withoutCredentials = api().post("/v1/orgs/cg-keys/api-keys", "{\"name\":\"ci\","
                + "\"access\":\"readwrite\"}", journeys().member("kh"));

        assertThat(withoutCredentials.status()).as("a key takes credentials its creator could not")
                .isEqualTo(403);
        assertThat(withoutCredentials.json().get("detail").asText()).contains("credentials:issue");
        assertThat(containerFetch(secret).status()).isEqualTo(200);
        patch("/v1/orgs/cg-keys/groups/integrators", "{\"permissions\":[\"api_keys:manage\"]}", owner, null);
        assertThat(containerFetch(secret).status()).as("its creator lost credentials:issue").isEqualTo(401);
        patch("/v1/orgs/cg-keys/groups/integrators", "{\"permissions\":[\"api_keys:manage\","
                + "\"credentials:issue\"]}", owner, null);
        assertThat(containerFetch(secret).status()).as("and holds it again").isEqualTo(200);
        patch("/v1/orgs/cg-keys/groups/integrators", "{\"permissions\":[\"credentials:issue\"]}", owner, null);
        assertThat(containerFetch(secret).status()).as("its creator lost api_keys:manage").isEqualTo(401);
    }

    @Test
    void anApiKey_isGivenOnlyWhatItsCreatorHolds() {
        String owner = journeys().organisation("cg-keyperm");
        define("cg-keyperm", owner, "integrators", "api_keys:manage", "credentials:issue", "events:read");
        journeys().join("cg-keyperm", owner, "int");
        put("/v1/orgs/cg-keyperm/members/int/groups/integrators", owner);
        String integrator = journeys().member("int");

        Api.Reply refused = api().post("/v1/orgs/cg-keyperm/api-keys", "{\"name\":\"k\",\"access\":\"read\","
                + "\"permissions\":[\"events:read\",\"audit_log:read\"]}", integrator);
        Api.Reply given = api().post("/v1/orgs/cg-keyperm/api-keys", "{\"name\":\"k\",\"access\":\"read\","
                + "\"permissions\":[\"events:read\"]}", integrator);

        assertThat(refused.status()).as(refused.body()).isEqualTo(403);
        assertThat(code(refused)).isEqualTo("missing-role");
        assertThat(refused.json().get("detail").asText()).contains("audit_log:read");
        assertThat(given.status()).as(given.body()).isEqualTo(201);
        assertThat(api().get("/v1/orgs/cg-keyperm/api-keys", owner).json().get("items")).as("only the one given")
                .hasSize(1);
        String key = given.json().get("secret").asText();
        assertThat(withKey("/v1/orgs/cg-keyperm/events", key).status()).isEqualTo(200);
        assertThat(withKey("/v1/orgs/cg-keyperm/audit-log", key).status()).isEqualTo(403);
    }

    @Test
    void aKeyWithAccessNone_readsTheFeed_takesNoCredentials_andNeedsNoCredentialsIssue() {
        String owner = journeys().organisation("cg-keynone");
        define("cg-keynone", owner, "syncers", "api_keys:manage", "events:read");
        journeys().join("cg-keynone", owner, "sy");
        put("/v1/orgs/cg-keynone/members/sy/groups/syncers", owner);
        String syncer = journeys().member("sy");

        Api.Reply useless = api().post("/v1/orgs/cg-keynone/api-keys", "{\"name\":\"k\",\"access\":\"none\"}",
                syncer);
        Api.Reply created = api().post("/v1/orgs/cg-keynone/api-keys", "{\"name\":\"sync\",\"access\":\"none\","
                + "\"permissions\":[\"events:read\"]}", syncer);

        assertThat(useless.status()).as("a key that could do nothing").isEqualTo(400);
        assertThat(created.status()).as(created.body()).isEqualTo(201);
        assertThat(created.json().get("access").asText()).isEqualTo("none");
        assertThat(created.json().has("dataNamespace")).as("it has none").isFalse();
        String key = created.json().get("secret").asText();
        assertThat(withKey("/v1/orgs/cg-keynone/events", key).status()).isEqualTo(200);
        Api.Reply credentials = containerFetch(key);
        assertThat(credentials.status()).isEqualTo(403);
        assertThat(code(credentials)).isEqualTo("missing-role");
        assertThat(withKey("/v1/backend/namespace", key).status()).isEqualTo(403);
        assertThat(api().get("/v1/orgs/cg-keynone/api-keys", owner).json().get("items").get(0).get("access")
                .asText()).isEqualTo("none");
        patch("/v1/orgs/cg-keynone/groups/syncers", "{\"permissions\":[\"events:read\"]}", owner, null);
        assertThat(withKey("/v1/orgs/cg-keynone/events", key).status()).as("its creator lost api_keys:manage")
                .isEqualTo(401);
    }

    @Test
    void anApiKeysPermission_lapsesWhenItsCreatorLosesIt() {
        String owner = journeys().organisation("cg-keylapse");
        define("cg-keylapse", owner, "integrators", "api_keys:manage", "credentials:issue", "events:read",
                "audit_log:read");
        journeys().join("cg-keylapse", owner, "int");
        put("/v1/orgs/cg-keylapse/members/int/groups/integrators", owner);
        String key = api().post("/v1/orgs/cg-keylapse/api-keys", "{\"name\":\"k\",\"access\":\"read\","
                + "\"permissions\":[\"events:read\",\"audit_log:read\"]}", journeys().member("int")).json()
                .get("secret").asText();
        assertThat(withKey("/v1/orgs/cg-keylapse/audit-log", key).status()).isEqualTo(200);

        patch("/v1/orgs/cg-keylapse/groups/integrators",
                "{\"permissions\":[\"api_keys:manage\",\"credentials:issue\",\"events:read\"]}", owner, null);

        assertThat(withKey("/v1/orgs/cg-keylapse/audit-log", key).status()).as("its creator lost audit_log:read")
                .isEqualTo(403);
        assertThat(withKey("/v1/orgs/cg-keylapse/events", key).status()).as("but holds events:read still")
                .isEqualTo(200);
    }

    @Test
    void checks_answerInOrder_fromOneRead() {
        String owner = journeys().organisation("cg-checks");
        define("cg-checks", owner, "approvers", "invoices:approve");
        journeys().join("cg-checks", owner, "bob");
        put("/v1/orgs/cg-checks/members/bob/groups/approvers", owner);
        double before = calls("POST", "/v1/orgs/{org}/permissions/check");

        JsonNode results = api().post("/v1/orgs/cg-checks/permissions/check", "{\"checks\":["
                + "{\"userId\":\"bob\",\"permission\":\"invoices:approve\"},"
                + "{\"userId\":\"bob\",\"permission\":\"org:manage\"},"
                + "{\"userId\":\"stranger\",\"permission\":\"org:read\"},"
                + "{\"permission\":\"anything:else\"}]}", owner).json().get("results");

        assertThat(IntStream.range(0, 4).mapToObj(i -> results.get(i).get("userId").asText() + " "
                + results.get(i).get("permission").asText() + " " + results.get(i).get("allowed").asBoolean()))
                .containsExactly("bob invoices:approve true", "bob org:manage false", "stranger org:read false",
                        "owner-cg-checks anything:else true");
        assertThat(calls("POST", "/v1/orgs/{org}/permissions/check") - before).as("DynamoDB calls").isEqualTo(1);
        JsonNode bobs = api().get("/v1/orgs/cg-checks/members/bob/permissions", owner).json();
        assertThat(sources(bobs, "invoices:approve")).containsExactly("approvers");
        assertThat(api().get("/v1/orgs/cg-checks/members/stranger/permissions", owner).status()).isEqualTo(404);
    }

    @Test
    void checks_areBounded() {
        String owner = journeys().organisation("cg-bounds");
        String tooManyMembers = IntStream.range(0, 98).mapToObj(i -> "{\"userId\":\"u" + i
                + "\",\"permission\":\"org:read\"}").collect(Collectors.joining(",", "{\"checks\":[", "]}"));
        String tooManyChecks = IntStream.range(0, 101).mapToObj(i -> "{\"permission\":\"org:read\"}")
                .collect(Collectors.joining(",", "{\"checks\":[", "]}"));

        assertThat(api().post("/v1/orgs/cg-bounds/permissions/check", tooManyMembers, owner).status()).isEqualTo(400);
        assertThat(api().hostile().post("/v1/orgs/cg-bounds/permissions/check", tooManyChecks, owner).status())
                .isEqualTo(400);
    }

    /**
     * A permission in one of Enclave's resources that is none of Enclave's permissions is a mistake wherever it is
     * named: in a check (an owner would be answered true), as in a group; each refusal names its field.
     */
    @Test
    void aPermissionInEnclavesResourcesThatIsNoneOfItsOwn_isRefusedInAChecksField_asInAGroups() {
        String owner = journeys().organisation("cg-reserved");

        Api.Reply checked = api().post("/v1/orgs/cg-reserved/permissions/check", "{\"checks\":[{\"permission\":"
                + "\"org:read\"},{\"permission\":\"org:rename\"}]}", owner);
        Api.Reply defined = define("cg-reserved", owner, "renamers", "org:rename");
        Api.Reply malformed = api().hostile().post("/v1/orgs/cg-reserved/groups", "{\"id\":\"shouters\","
                + "\"permissions\":[\"invoices:approve\",\"NOT-A-PERMISSION\"]}", owner);

        assertThat(checked.status()).isEqualTo(400);
        assertThat(code(checked)).isEqualTo("validation-failed");
        assertThat(checked.json().at("/errors/0/field").asText()).isEqualTo("checks[1].permission");
        assertThat(code(defined)).isEqualTo("validation-failed");
        assertThat(defined.json().at("/errors/0/field").asText()).isEqualTo("permissions");
        assertThat(malformed.json().at("/errors/0/field").asText()).isEqualTo("permissions[1]");
    }

    @Test
    void aGroupNameNoGroupCanHave_isJudgedAfterTheCallersAccess_asAnyOther() {
        String owner = journeys().organisation("cg-order");
        String stranger = journeys().member("stranger-cg-order");

        Api.Reply malformed = api().hostile().get("/v1/orgs/cg-order/groups/UPPER", stranger);
        Api.Reply wellFormed = api().get("/v1/orgs/cg-order/groups/approvers", stranger);

        assertThat(malformed.status()).isEqualTo(wellFormed.status());
        assertThat(code(malformed)).isEqualTo(code(wellFormed)).isNotEqualTo("group-not-found");
        assertThat(code(api().hostile().get("/v1/orgs/cg-order/groups/UPPER", owner))).isEqualTo("group-not-found");
    }

    @Test
    void aGroupsDescription_isSetAndCleared() {
        String owner = journeys().organisation("cg-describe");
        assertThat(define("cg-describe", owner, "approvers", "invoices:approve").status()).isEqualTo(201);
        String path = "/v1/orgs/cg-describe/groups/approvers";

        assertThat(patch(path, "{\"description\":\"Approves invoices\"}", owner, null).json().get("description")
                .asText()).isEqualTo("Approves invoices");
        assertThat(patch(path, "{\"description\":\"   \"}", owner, null).status()).as("blank, not empty")
                .isEqualTo(400);
        Api.Reply cleared = patch(path, "{\"description\":\"\"}", owner, null);

        assertThat(cleared.status()).as(cleared.body()).isEqualTo(200);
        assertThat(cleared.json().get("description").asText()).isEmpty();
        assertThat(cleared.json().get("permissions")).hasSize(1);
    }

    private double calls(String method, String uri) {
        return meters.find("enclave.dynamodb.calls").tag("method", method).tag("uri", uri).counters().stream()
                .mapToDouble(counter -> counter.count()).sum();
    }

    @Test
    void anInvitationGrantingAGroupDeletedAndDefinedAgainSinceItWasSent_doesNotGrantTheNewGroup() {
        String owner = journeys().organisation("cg-invite-life");
        assertThat(define("cg-invite-life", owner, "ops", "members:read").status()).isEqualTo(201);
        String token = api().post("/v1/orgs/cg-invite-life/invitations", "{\"email\":\"bob@example.com\","
                + "\"groups\":[\"ops\"]}", owner).json().get("token").asText();
        assertThat(delete("/v1/orgs/cg-invite-life/groups/ops", owner).status()).isEqualTo(204);
        assertThat(define("cg-invite-life", owner, "ops", "members:read", "invitations:manage").status())
                .isEqualTo(201);

        Api.Reply accepted = accept(token, "bob");

        assertThat(accepted.status()).as(accepted.body()).isEqualTo(200);
        assertThat(api().get("/v1/orgs/cg-invite-life/members/bob", owner).json().get("groups").toString())
                .doesNotContain("ops");
        assertThat(check("cg-invite-life", journeys().member("bob"), "invitations:manage")).isFalse();

        String label = api().post("/v1/orgs/cg-invite-life/invitations", "{\"email\":\"carl@example.com\","
                + "\"groups\":[\"auditors\"]}", owner).json().get("token").asText();
        assertThat(define("cg-invite-life", owner, "auditors", "members:read").status()).isEqualTo(201);
        assertThat(accept(label, "carl").status()).isEqualTo(200);
        assertThat(api().get("/v1/orgs/cg-invite-life/members/carl", owner).json().get("groups").toString())
                .as("a name no group defined when it was sent stays the label it was, and the group defined since "
                        + "is its own").contains("auditors");
    }

    private Api.Reply define(String org, String token, String id, String... permissions) {
        String listed = List.of(permissions).stream().map(p -> "\"" + p + "\"").collect(Collectors.joining(","));
        return api().post("/v1/orgs/" + org + "/groups", "{\"id\":\"" + id + "\",\"permissions\":[" + listed + "]}",
                token);
    }

    private boolean check(String org, String token, String permission) {
        return api().post("/v1/orgs/" + org + "/permissions/check", "{\"checks\":[{\"permission\":\"" + permission
                + "\"}]}", token).json().get("results").get(0).get("allowed").asBoolean();
    }

    private Api.Reply accept(String token, String user) {
        return api().post("/v1/invitations/accept", "{\"token\":\"" + token + "\"}", journeys().member(user));
    }

    private Api.Reply containerFetch(String key) {
        return api().send(api().request("/v1/backend/credentials", null).GET().header("Authorization", key));
    }

    private Api.Reply withKey(String path, String key) {
        return api().send(api().request(path, null).GET().header("Authorization", key));
    }

    private Api.Reply put(String path, String token) {
        return api().send(api().request(path, token).PUT(HttpRequest.BodyPublishers.noBody()));
    }

    private Api.Reply delete(String path, String token) {
        return api().send(api().request(path, token).DELETE());
    }

    private Api.Reply patch(String path, String json, String token, String ifMatch) {
        HttpRequest.Builder request = api().request(path, token).header("Content-Type", "application/json")
                .method("PATCH", HttpRequest.BodyPublishers.ofString(json));
        return api().send(ifMatch == null ? request : request.header("If-Match", ifMatch));
    }

    private static String code(Api.Reply reply) {
        return reply.json().get("code").asText();
    }


}
