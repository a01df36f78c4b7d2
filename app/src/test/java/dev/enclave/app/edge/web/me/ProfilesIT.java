package dev.enclave.app.edge.web.me;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import com.fasterxml.jackson.databind.JsonNode;
import dev.enclave.app.domain.profile.Profile;
import dev.enclave.app.domain.profile.ProfileField;
import dev.enclave.app.domain.profile.Profiles;
import dev.enclave.app.domain.profile.UserProfile;
import dev.enclave.app.infra.jobs.OwedProfileCopies;
import dev.enclave.app.support.Api;
import dev.enclave.app.support.InFlight;
import dev.enclave.app.support.LocalStackTest;
import dev.enclave.app.support.Parallel;
import dev.enclave.identity.UserKey;
import dev.enclave.sandbox.gateway.GatewayFaults;
import io.micronaut.test.extensions.junit5.annotation.MicronautTest;
import jakarta.inject.Inject;
import java.net.http.HttpRequest;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.stream.StreamSupport;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * Profiles on the real local stack: a change by {@code PATCH /v1/me} or by the token's claims reaches every
 * membership's copy at once, and one the request missed (a fault, the server stopped after the record was written)
 * is written by the background pass once due ({@code ChangingProfile.SETTLE}); joining copies the profile; bad input
 * changes nothing. The scheduled pass is held off (an hour) so each test runs it when it means to.
 */
@MicronautTest(environments = "local")
class ProfilesIT extends LocalStackTest {

    private static final Duration BOUND = Duration.ofSeconds(10);

    @Inject
    OwedProfileCopies pass;

    @Inject
    Profiles profiles;

    @Override
    protected Map<String, String> settings() {
        return Map.of("enclave.jobs.first-poll", "1h", "enclave.jobs.poll-interval", "1h",
                "enclave.tenancy.dynamodb-max-attempts", "2");
    }

    @AfterEach
    void noFaults() {
        faults.clear();
    }

    @Test
    void patch_reachesEveryMembershipsCopyAtOnce_andMemberListsShowIt() {
        String ada = inTwoOrganisations("pa", "ada-pa");

        Api.Reply changed = patchMe(ada, "{\"name\":\"Ada Lovelace\",\"givenName\":\"Ada\",\"familyName\":"
                + "\"Lovelace\",\"picture\":\"https://img.example/ada.png\",\"phone\":\"+44 20 7946 0958\"}");

        assertThat(changed.status()).as(changed.body()).isEqualTo(200);
        assertThat(changed.json().get("name").asText()).isEqualTo("Ada Lovelace");
        for (String org : new String[] {"pa-one", "pa-two"}) {
            JsonNode member = member(org, "ada-pa");
            assertThat(member.get("name").asText()).isEqualTo("Ada Lovelace");
            assertThat(member.get("givenName").asText()).isEqualTo("Ada");
            assertThat(member.get("familyName").asText()).isEqualTo("Lovelace");
            assertThat(member.get("picture").asText()).isEqualTo("https://img.example/ada.png");
            assertThat(member.get("phone").asText()).isEqualTo("+44 20 7946 0958");
        }
        assertThat(api().get("/v1/me", ada).json().get("phone").asText()).isEqualTo("+44 20 7946 0958");

        assertThat(patchMe(ada, "{\"phone\":\"\"}").json().hasNonNull("phone")).as("\"\" clears").isFalse();
        assertThat(member("pa-two", "ada-pa").hasNonNull("phone")).isFalse();
    }

    @Test
    void anEditThatChangesNothing_writesNothing_soNoMembershipsETagMoves() {
        String ada = inTwoOrganisations("pn", "ada-pn");
        patchMe(ada, "{\"name\":\"Ada\"}");
        String owner = journeys().member("owner-pn-two");
        String etag = api().get("/v1/orgs/pn-two/members/ada-pn", owner).header("ETag");

        Api.Reply empty = patchMe(ada, "{}");
        Api.Reply same = patchMe(ada, "{\"name\":\"Ada\"}");

        assertThat(empty.status()).isEqualTo(200);
        assertThat(same.json().get("name").asText()).isEqualTo("Ada");
        assertThat(api().get("/v1/orgs/pn-two/members/ada-pn", owner).header("ETag")).isEqualTo(etag);
    }

    @Test
    void aClaimSeenInOneOrganisation_reachesEveryMembershipsCopy_andWinsOverAnEdit() {
        inTwoOrganisations("pc", "ada-pc");
        patchMe(journeys().member("ada-pc"), "{\"name\":\"Ada\",\"phone\":\"+1 425 555 1212\"}");
        String withClaims = tokens().mint("{\"sub\":\"ada-pc\",\"email\":\"ada-pc@example.com\","
                + "\"name\":\"Ada Lovelace\",\"picture\":\"https://img.example/ada.png\"}");

        assertThat(api().get("/v1/orgs/pc-one", withClaims).status()).isEqualTo(200);

        for (String org : new String[] {"pc-one", "pc-two"}) {
            JsonNode member = member(org, "ada-pc");
            assertThat(member.get("name").asText()).as(org).isEqualTo("Ada Lovelace");
            assertThat(member.get("picture").asText()).isEqualTo("https://img.example/ada.png");
            assertThat(member.get("phone").asText()).as("an edit fills what the claims lack")
                    .isEqualTo("+1 425 555 1212");
        }
        assertThat(api().get("/v1/me", withClaims).json().get("name").asText()).isEqualTo("Ada Lovelace");
    }

    @Test
    void aCopyTheRequestMissedOnAFault_isWrittenByTheBackgroundPassOnceDue() {
        String ada = inTwoOrganisations("pf", "ada-pf");
        faults.inject(new GatewayFaults.Rule(Optional.of("UpdateItem"), Optional.of("pf-two"),
                GatewayFaults.Kind.INTERNAL_SERVER_ERROR, Duration.ZERO, 50));

        assertThat(patchMe(ada, "{\"name\":\"Ada Faulted\"}").status()).isEqualTo(200);

        assertThat(member("pf-one", "ada-pf").get("name").asText()).isEqualTo("Ada Faulted");
        faults.clear();
        assertThat(member("pf-two", "ada-pf").hasNonNull("name")).as("missed on the fault").isFalse();
        awaitPassCopies("pf-two", "ada-pf", "Ada Faulted");
    }

    @Test
    void aChangeWhoseServerStoppedRightAfterTheRecord_isCopiedByTheBackgroundPass_andItsDebtCleared() {
        inTwoOrganisations("ps", "ada-ps");
        UserKey user = UserKey.of("enclave-local", "ada-ps");
        UserProfile stored = profiles.find(user);
        UserProfile next = stored.next(new Profile(Map.of(ProfileField.NAME, "Ada Stopped")), stored.claimed());

        assertThat(profiles.save(next, Instant.now())).as("the record written, no copy yet").isTrue();
        assertThat(member("ps-one", "ada-ps").hasNonNull("name")).isFalse();

        awaitPassCopies("ps-one", "ada-ps", "Ada Stopped");
        assertThat(member("ps-two", "ada-ps").get("name").asText()).isEqualTo("Ada Stopped");
        indexesCaughtUp();
        assertThat(profiles.owed(Instant.now().plusSeconds(60), 100)).doesNotContain(user);
    }

    @Test
    void aProfileEditedWhileTheAcceptWasInFlight_reachesTheNewMembership_withoutWaitingForThePass() {
        String ada = journeys().member("ada-pr");
        patchMe(ada, "{\"name\":\"Ada Before\"}");
        String owner = journeys().organisation("pr-org");
        String token = journeys().invite("pr-org", owner, "ada-pr").json().get("token").asText();

        Api.Reply accepted = InFlight.heldWhile(faults, "pr-org",
                () -> api().post("/v1/invitations/accept", "{\"token\":\"" + token + "\"}", ada),
                () -> assertThat(patchMe(ada, "{\"name\":\"Ada After\"}").status()).isEqualTo(200));

        assertThat(accepted.status()).as(accepted.body()).isEqualTo(200);
        assertThat(member("pr-org", "ada-pr").get("name").asText()).as("the pass is held off; the accept copied it")
                .isEqualTo("Ada After");
    }

    @Test
    void joining_copiesTheCurrentProfile_andTheAcceptanceShowsTheAcceptorsName() {
        String ada = journeys().member("ada-pj");
        patchMe(ada, "{\"name\":\"Ada Joiner\"}");
        assertThat(api().post("/v1/orgs", "{\"id\":\"pj-own\",\"name\":\"Own\"}", ada).status()).isEqualTo(201);
        String owner = journeys().organisation("pj-other");

        String token = journeys().invite("pj-other", owner, "ada-pj").json().get("token").asText();
        Api.Reply accepted = api().post("/v1/invitations/accept", "{\"token\":\"" + token + "\"}", ada);

        assertThat(accepted.json().get("name").asText()).isEqualTo("Ada Joiner");
        assertThat(member("pj-own", "ada-pj").get("name").asText()).isEqualTo("Ada Joiner");
        assertThat(member("pj-other", "ada-pj").get("name").asText()).isEqualTo("Ada Joiner");
    }

    @Test
    void anInvitation_namesItsInviter_toTheOrganisationAndToTheInvitee() {
        String ada = journeys().member("ada-pi");
        patchMe(ada, "{\"name\":\"Ada Inviter\"}");
        assertThat(api().post("/v1/orgs", "{\"id\":\"pi-org\",\"name\":\"Org\"}", ada).status()).isEqualTo(201);

        journeys().invite("pi-org", ada, "bob-pi");
        indexesCaughtUp();

        assertThat(api().get("/v1/orgs/pi-org/invitations", ada).json().get("items").get(0).get("inviterName")
                .asText()).isEqualTo("Ada Inviter");
        assertThat(api().get("/v1/me/invitations", journeys().member("bob-pi")).json().get("items").get(0)
                .get("inviterName").asText()).isEqualTo("Ada Inviter");
    }

    @Test
    void hostileProfiles_areRefusedWith400_andChangeNothing() {
        String ada = inTwoOrganisations("ph", "ada-ph");
        patchMe(ada, "{\"name\":\"Ada\"}");
        String[] hostile = {"{\"name\":\"Ada\\u0007\"}", "{\"givenName\":\"A\\u202Eda\"}",
            "{\"picture\":\"http://img.example/ada.png\"}", "{\"picture\":\"https://u:p@img.example/a.png\"}",
            "{\"picture\":\"javascript:alert(1)\"}", "{\"name\":\"" + "x".repeat(257) + "\"}",
            "{\"familyName\":\"" + "x".repeat(600) + "\"}", "{\"phone\":\"call me maybe\"}",
            "{\"name\":\"Eve\",\"picture\":\"http://img.example/eve.png\"}", "{\"nickname\":\"Eve\"}",
            "{\"familyName\":\"\uDB40\uDC69\uDB40\uDC67\"}", "{\"name\":\"\uDB40\uDC20\"}"};

        for (String body : hostile) {
            Api.Reply refused = api().hostile().send(api().request("/v1/me", ada)
                    .header("Content-Type", "application/json")
                    .method("PATCH", HttpRequest.BodyPublishers.ofString(body)));
            assertThat(refused.status()).as(body).isEqualTo(400);
            assertThat(refused.contentType()).startsWith("application/problem+json");
        }

        assertThat(api().get("/v1/me", ada).json().get("name").asText()).isEqualTo("Ada");
        assertThat(member("ph-two", "ada-ph").get("name").asText()).isEqualTo("Ada");
    }

    /** {@code user} owns {@code <prefix>-one} and is a member of {@code <prefix>-two}; answers their token. */
    private String inTwoOrganisations(String prefix, String user) {
        String ada = journeys().member(user);
        assertThat(api().post("/v1/orgs", "{\"id\":\"" + prefix + "-one\",\"name\":\"One\"}", ada).status())
                .isEqualTo(201);
        journeys().organisation(prefix + "-two");
        journeys().join(prefix + "-two", journeys().member("owner-" + prefix + "-two"), user);
        indexesCaughtUp();
        return ada;
    }

    @Test
    void aMemberEditingTheirProfileWithoutPause_isRemovedAllTheSame() {
        String owner = journeys().organisation("pr-evade");
        journeys().join("pr-evade", owner, "evader");
        String evader = journeys().member("evader");
        AtomicBoolean removed = new AtomicBoolean();
        AtomicInteger edits = new AtomicInteger();

        List<Integer> answers = Parallel.run(9, i -> {
            if (i < 8) {
                while (!removed.get()) {
                    patchMe(evader, "{\"name\":\"Evader " + i + "-" + edits.incrementAndGet() + "\"}");
                }
                return 0;
            }
            await().atMost(BOUND).until(() -> edits.get() > 40);
            int status = api().send(api().request("/v1/orgs/pr-evade/members/evader", owner).DELETE()).status();
            removed.set(true);
            return status;
        });

        assertThat(answers.get(8)).as("the removal, while the member kept editing their profile").isEqualTo(204);
        assertThat(api().get("/v1/orgs/pr-evade/members/evader", owner).status()).isEqualTo(404);
    }

    private Api.Reply patchMe(String token, String json) {
        return api().send(api().request("/v1/me", token).header("Content-Type", "application/json")
                .method("PATCH", HttpRequest.BodyPublishers.ofString(json)));
    }

    /** {@code user} as {@code org}'s member list shows it (to the user, a member). */
    private JsonNode member(String org, String user) {
        JsonNode items = api().get("/v1/orgs/" + org + "/members", journeys().member(user)).json().get("items");
        return StreamSupport.stream(items.spliterator(), false)
                .filter(item -> item.get("userId").asText().equals(user)).findFirst().orElseThrow();
    }

    private void awaitPassCopies(String org, String user, String name) {
        await().atMost(BOUND).pollInterval(Duration.ofMillis(500)).until(() -> {
            pass.poll();
            JsonNode member = member(org, user);
            return member.hasNonNull("name") && member.get("name").asText().equals(name);
        });
    }
}
