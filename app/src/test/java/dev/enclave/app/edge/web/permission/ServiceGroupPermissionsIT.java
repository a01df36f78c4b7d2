package dev.enclave.app.edge.web.permission;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.enclave.app.domain.member.Members;
import dev.enclave.app.domain.member.Membership;
import dev.enclave.app.domain.organisation.Organisation;
import dev.enclave.app.domain.organisation.Organisations;
import dev.enclave.app.domain.permission.GroupDefinitions;
import dev.enclave.app.domain.permission.GroupName;
import dev.enclave.app.domain.permission.Holding;
import dev.enclave.app.domain.permission.Permission;
import dev.enclave.app.domain.service.HoldingInServices;
import dev.enclave.app.domain.service.Service;
import dev.enclave.app.domain.service.ServiceEvents;
import dev.enclave.app.domain.service.ServiceGroup;
import dev.enclave.app.domain.service.ServiceId;
import dev.enclave.app.domain.service.Services;
import dev.enclave.app.support.Api;
import dev.enclave.app.support.LocalStackTest;
import dev.enclave.identity.TenantId;
import dev.enclave.identity.UserKey;
import io.micronaut.test.extensions.junit5.annotation.MicronautTest;
import jakarta.inject.Inject;
import java.net.http.HttpRequest;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;

/** Service groups that carry the organisation's own permissions, held within their service only. */
@MicronautTest(environments = "local")
class ServiceGroupPermissionsIT extends LocalStackTest {

    private static final String ISSUER = "enclave-local";

    @Inject
    Services services;
    @Inject
    Members members;
    @Inject
    Organisations organisations;

    @Test
    void aServiceGroup_givesItsPermissionsWithinItsServiceOnly_andRecordsTheChange() {
        String owner = journeys().organisation("sgp-scope");
        journeys().join("sgp-scope", owner, "bob");
        String bob = journeys().member("bob");
        service("sgp-scope", owner, "billing");
        service("sgp-scope", owner, "reports");

        Api.Reply defined = define("sgp-scope", owner, "billing", "approvers", "invoices:approve");
        assertThat(defined.status()).as(defined.body()).isEqualTo(200);
        assertThat(defined.json().get("permissions").get(0).asText()).isEqualTo("invoices:approve");
        assertThat(defined.header("ETag")).isNotBlank();
        assertThat(allowed("sgp-scope", owner, "bob", "invoices:approve", "billing")).as("not in it yet").isFalse();

        assertThat(put("/v1/orgs/sgp-scope/services/billing/groups/approvers/members/bob", owner).status())
                .isEqualTo(204);

        assertThat(allowed("sgp-scope", owner, "bob", "invoices:approve", "billing")).isTrue();
        assertThat(allowed("sgp-scope", bob, null, "invoices:approve", "billing")).as("asked by bob").isTrue();
        assertThat(allowed("sgp-scope", owner, "bob", "invoices:approve", "reports")).as("another service")
                .isFalse();
        assertThat(allowed("sgp-scope", owner, "bob", "invoices:approve", null)).as("the organisation").isFalse();
        assertThat(allowed("sgp-scope", owner, "bob", "invoices:reject", "billing")).as("another permission")
                .isFalse();
        assertThat(allowed("sgp-scope", owner, null, "invoices:approve", "reports")).as("an owner holds it anywhere")
                .isTrue();
        JsonNode listed = api().get("/v1/orgs/sgp-scope/services/billing/groups", bob).json();
        assertThat(listed.get("items")).hasSize(1);
        assertThat(listed.get("items").get(0).get("group").asText()).isEqualTo("approvers");

        assertThat(define("sgp-scope", owner, "billing", "approvers").status()).isEqualTo(200);
        assertThat(allowed("sgp-scope", owner, "bob", "invoices:approve", "billing")).as("a label again").isFalse();
        JsonNode events = api().get("/v1/orgs/sgp-scope/events?types=service_group.permissions_changed", owner)
                .json().get("items");
        assertThat(events).hasSize(2);
        JsonNode changes = events.get(0).get("data").get("changes");
        assertThat(changes.get("group").asText()).isEqualTo("approvers");
        assertThat(changes.get("permissions").get("before")).isEmpty();
        assertThat(changes.get("permissions").get("after").get(0).asText()).isEqualTo("invoices:approve");
    }

    @Test
    void nobodyGivesOrAssignsWhatTheyDoNotHold() {
        String owner = journeys().organisation("sgp-escalate");
        journeys().join("sgp-escalate", owner, "adm");
        journeys().join("sgp-escalate", owner, "carl");
        String admin = journeys().member("adm");
        assertThat(put("/v1/orgs/sgp-escalate/members/adm/groups/admin", owner).status()).isEqualTo(200);
        service("sgp-escalate", owner, "billing");

        Api.Reply system = define("sgp-escalate", owner, "billing", "approvers", "members:manage");
        assertThat(system.json().get("code").asText()).as("Enclave's own permission").isEqualTo("validation-failed");
        assertThat(define("sgp-escalate", admin, "billing", "approvers", "invoices:approve").status())
                .as("an admin does not hold the organisation's own permissions").isEqualTo(403);
        assertThat(define("sgp-escalate", owner, "billing", "approvers", "invoices:approve").status()).isEqualTo(200);

        assertThat(put("/v1/orgs/sgp-escalate/services/billing/groups/approvers/members/adm", admin).status())
                .as("an admin assigning themselves a group that carries what they lack").isEqualTo(403);
        assertThat(put("/v1/orgs/sgp-escalate/services/billing/groups/approvers/members/carl", admin).status())
                .as("or anyone else").isEqualTo(403);
        assertThat(put("/v1/orgs/sgp-escalate/services/billing/groups/viewers/members/carl", admin).status())
                .as("a plain label, as before").isEqualTo(204);
        assertThat(define("sgp-escalate", admin, "billing", "approvers").status())
                .as("nor takes away what they lack").isEqualTo(403);
        assertThat(allowed("sgp-escalate", owner, "adm", "invoices:approve", "billing")).isFalse();

        assertThat(invite("sgp-escalate", admin, "billing/approvers").status())
                .as("nor by invitation").isEqualTo(403);
        assertThat(invite("sgp-escalate", admin, "billing/viewers").status()).isEqualTo(201);
        Api.Reply byTheOwner = invite("sgp-escalate", owner, "billing/approvers");
        assertThat(byTheOwner.status()).isEqualTo(201);
        assertThat(api().post("/v1/orgs/sgp-escalate/invitations/" + byTheOwner.json().get("invitation").get("id")
                .asText() + "/resend", "", admin).status()).as("nor by resending one, for its new token")
                .isEqualTo(403);
        assertThat(api().post("/v1/orgs/sgp-escalate/invitations/" + byTheOwner.json().get("invitation").get("id")
                .asText() + "/revoke", "", admin).status()).as("nor takes one back by revoking it").isEqualTo(403);
        assertThat(invite("sgp-escalate", admin, "billing/viewers").status())
                .as("or by replacing it with one of their own").isEqualTo(403);

        assertThat(put("/v1/orgs/sgp-escalate/services/billing/groups/approvers/members/carl", owner).status())
                .isEqualTo(204);
        assertThat(delete("/v1/orgs/sgp-escalate/services/billing/groups/approvers/members/carl", admin).status())
                .as("taking it away needs holding it too").isEqualTo(403);
        assertThat(delete("/v1/orgs/sgp-escalate/services/billing", admin).status())
                .as("so does deleting the service whose group carries it").isEqualTo(403);
        assertThat(allowed("sgp-escalate", owner, "carl", "invoices:approve", "billing")).isTrue();
        assertThat(delete("/v1/orgs/sgp-escalate/services/billing", owner).status()).isEqualTo(204);
    }

    @Test
    void aServiceDeleted_takesItsGroupsFromItsMembers_soOneCreatedAgainUnderItsIdGivesNothing() {
        String owner = journeys().organisation("sgp-again");
        journeys().join("sgp-again", owner, "bob");
        service("sgp-again", owner, "billing");
        define("sgp-again", owner, "billing", "approvers", "invoices:approve");
        put("/v1/orgs/sgp-again/services/billing/groups/approvers/members/bob", owner);
        put("/v1/orgs/sgp-again/services/billing/groups/viewers/members/bob", owner);
        assertThat(allowed("sgp-again", owner, "bob", "invoices:approve", "billing")).isTrue();

        assertThat(delete("/v1/orgs/sgp-again/services/billing", owner).status()).isEqualTo(204);
        service("sgp-again", owner, "billing");
        assertThat(define("sgp-again", owner, "billing", "approvers", "invoices:approve").status()).isEqualTo(200);

        assertThat(allowed("sgp-again", owner, "bob", "invoices:approve", "billing"))
                .as("bob was in the first billing's approvers, not this one's").isFalse();
        assertThat(api().get("/v1/orgs/sgp-again/services/billing/groups/approvers/members", owner).json()
                .get("items")).isEmpty();
        assertThat(delete("/v1/orgs/sgp-again/members/bob", owner).status()).as("bob leaves cleanly")
                .isBetween(200, 204);
    }

    @Test
    void aCheckWithinServices_staysOneRead_andBoundsMembersAndServicesTogether() {
        String owner = journeys().organisation("sgp-bound");
        String many = java.util.stream.IntStream.range(0, 98).mapToObj(i -> "{\"permission\":\"a:b\",\"service\":\"s"
                + i + "\"}").collect(Collectors.joining(","));
        Api.Reply tooMany = api().post("/v1/orgs/sgp-bound/permissions/check", "{\"checks\":[" + many + "]}",
                owner);
        assertThat(tooMany.status()).isEqualTo(400);
        Api.Reply unknown = api().post("/v1/orgs/sgp-bound/permissions/check",
                "{\"checks\":[{\"permission\":\"a:b\",\"service\":\"nowhere\"}]}", owner);
        assertThat(unknown.status()).isEqualTo(200);
        assertThat(unknown.json().get("results").get(0).get("service").asText()).isEqualTo("nowhere");
        assertThat(unknown.json().get("results").get(0).get("allowed").asBoolean()).as("the owner's, anywhere")
                .isTrue();
    }

    @Test
    void aChangeJudgedOnWhatTheActorHeld_isNotWritten_onceTheyNoLongerHoldIt() {
        String owner = journeys().organisation("sgp-stale");
        journeys().join("sgp-stale", owner, "carl");
        journeys().join("sgp-stale", owner, "dan");
        service("sgp-stale", owner, "billing");
        define("sgp-stale", owner, "billing", "approvers", "invoices:approve");
        put("/v1/orgs/sgp-stale/services/billing/groups/approvers/members/carl", owner);
        TenantId tenant = TenantId.of("sgp-stale");
        Membership carl = members.find(tenant, UserKey.of(ISSUER, "carl")).orElseThrow();
        HoldingInServices asJudged = new HoldingInServices(tenant, carl.user(), carl.joinedAt(),
                new Holding(carl.groups(), GroupDefinitions.NONE), carl.serviceGroups());
        assertThat(asJudged.groupsOf(new ServiceId("billing"))).as("carl held approvers when judged")
                .containsExactly(new GroupName("approvers"));

        delete("/v1/orgs/sgp-stale/services/billing/groups/approvers/members/carl", owner);

        Organisation organisation = organisations.find(tenant).orElseThrow();
        Service billing = services.find(organisation, new ServiceId("billing")).orElseThrow();
        ServiceGroup approvers = new ServiceGroup(billing.id(), new GroupName("approvers"));
        UserKey dan = UserKey.of(ISSUER, "dan");
        assertThat(services.assign(organisation, approvers, dan, "dan", billing, Optional.of(asJudged)))
                .isEqualTo(Services.Assignment.ACTOR_CHANGED);
        assertThat(services.assign(organisation, approvers, carl.user(), "carl", billing,
                Optional.of(asJudged))).as("carl putting himself back: one write of his membership")
                .isEqualTo(Services.Assignment.ACTOR_CHANGED);
        assertThat(services.changeGroups(organisation, billing, billing.groups().with(new GroupName("carls"),
                Set.of(new Permission("invoices:approve"))), ServiceEvents.deleted(billing.id()), asJudged))
                .isEqualTo(Services.GroupsChange.ACTOR_CHANGED);
        assertThat(services.groupMembers(organisation, approvers, Optional.empty(), 100).orElseThrow().userIds()).isEmpty();
        assertThat(allowed("sgp-stale", owner, "dan", "invoices:approve", "billing")).isFalse();
    }

    @Test
    void aChangeJudgedOnOneLifeOfAService_isNotWrittenToOneCreatedAgainUnderItsId_atTheSameVersion() {
        String owner = journeys().organisation("sgp-lives");
        journeys().join("sgp-lives", owner, "dan");
        service("sgp-lives", owner, "billing");
        Organisation organisation = organisations.find(TenantId.of("sgp-lives")).orElseThrow();
        Service first = services.find(organisation, new ServiceId("billing")).orElseThrow();

        delete("/v1/orgs/sgp-lives/services/billing", owner);
        service("sgp-lives", owner, "billing");
        Service second = services.find(organisation, new ServiceId("billing")).orElseThrow();

        assertThat(second.version()).as("both lives at version 1").isEqualTo(first.version());
        assertThat(services.assign(organisation, new ServiceGroup(first.id(), new GroupName("approvers")),
                UserKey.of(ISSUER, "dan"), "dan", first, Optional.empty()))
                .isEqualTo(Services.Assignment.SERVICE_CHANGED);
    }

    @Test
    void anInvitationIntoAServiceGroup_isAcceptedOnlyWhileItsInviterHoldsWhatTheGroupCarries() {
        String owner = journeys().organisation("sgp-accept");
        service("sgp-accept", owner, "billing");
        define("sgp-accept", owner, "billing", "approvers", "invoices:approve");
        assertThat(api().post("/v1/orgs/sgp-accept/groups", "{\"id\":\"recruiters\",\"permissions\":"
                + "[\"invitations:manage\",\"invoices:approve\"]}", owner).status()).isEqualTo(201);
        journeys().join("sgp-accept", owner, "rec");
        put("/v1/orgs/sgp-accept/members/rec/groups/recruiters", owner);
        String recruiter = journeys().member("rec");
        String first = inviteInto("sgp-accept", recruiter, "bob", "billing/approvers");
        String second = inviteInto("sgp-accept", recruiter, "carl", "billing/approvers");

        assertThat(accept(first, "bob").status()).isEqualTo(200);
        assertThat(allowed("sgp-accept", owner, "bob", "invoices:approve", "billing")).isTrue();
        assertThat(define("sgp-accept", owner, "billing", "approvers", "invoices:approve", "invoices:void").status())
                .as("the group now carries what the inviter lacks").isEqualTo(200);

        Api.Reply refused = accept(second, "carl");
        assertThat(refused.status()).as(refused.body()).isEqualTo(409);
        assertThat(refused.json().get("code").asText()).isEqualTo("invitation-not-pending");
        assertThat(api().get("/v1/orgs/sgp-accept/members/carl", owner).status()).isEqualTo(404);
    }

    private String inviteInto(String org, String token, String user, String serviceGroup) {
        Api.Reply sent = api().post("/v1/orgs/" + org + "/invitations", "{\"email\":\"" + user + "@example.com\","
                + "\"serviceGroups\":[\"" + serviceGroup + "\"]}", token);
        assertThat(sent.status()).as(sent.body()).isEqualTo(201);
        return sent.json().get("token").asText();
    }

    private Api.Reply accept(String token, String user) {
        return api().post("/v1/invitations/accept", "{\"token\":\"" + token + "\"}", journeys().member(user));
    }

    private Api.Reply invite(String org, String token, String serviceGroup) {
        return api().post("/v1/orgs/" + org + "/invitations", "{\"email\":\"dora@example.com\",\"serviceGroups\":[\""
                + serviceGroup + "\"]}", token);
    }

    private void service(String org, String token, String id) {
        Api.Reply created = api().post("/v1/orgs/" + org + "/services", "{\"id\":\"" + id + "\",\"name\":\"" + id
                + "\"}", token);
        assertThat(created.status()).as(created.body()).isEqualTo(201);
    }

    private Api.Reply define(String org, String token, String service, String group, String... permissions) {
        String listed = List.of(permissions).stream().map(p -> "\"" + p + "\"").collect(Collectors.joining(","));
        return api().send(api().request("/v1/orgs/" + org + "/services/" + service + "/groups/" + group, token)
                .header("Content-Type", "application/json")
                .PUT(HttpRequest.BodyPublishers.ofString("{\"permissions\":[" + listed + "]}")));
    }

    private boolean allowed(String org, String token, String userId, String permission, String service) {
        List<String> fields = new ArrayList<>();
        fields.add("\"permission\":\"" + permission + "\"");
        if (userId != null) {
            fields.add("\"userId\":\"" + userId + "\"");
        }
        if (service != null) {
            fields.add("\"service\":\"" + service + "\"");
        }
        Api.Reply reply = api().post("/v1/orgs/" + org + "/permissions/check", "{\"checks\":[{"
                + String.join(",", fields) + "}]}", token);
        assertThat(reply.status()).as(reply.body()).isEqualTo(200);
        return reply.json().get("results").get(0).get("allowed").asBoolean();
    }

    private Api.Reply put(String path, String token) {
        return api().send(api().request(path, token).PUT(HttpRequest.BodyPublishers.noBody()));
    }

    private Api.Reply delete(String path, String token) {
        return api().send(api().request(path, token).DELETE());
    }
}
