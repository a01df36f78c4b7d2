package dev.enclave.app.domain.invitation;

import static org.assertj.core.api.Assertions.assertThat;

import dev.enclave.app.support.Api;
import dev.enclave.app.support.LocalStackTest;
import io.micronaut.test.extensions.junit5.annotation.MicronautTest;
import org.junit.jupiter.api.Test;

/** Who an invitation is for: only the same mailbox, only in its tenant; owner invitations stay with owners. */
@MicronautTest(environments = "local")
class InviteeIdentityIT extends LocalStackTest {

    @Test
    void lookAlikeAddresses_neitherAcceptNorSeeTheInvitation() {
        String owner = journeys().organisation("idn-look");
        String forSam = invite("idn-look", owner, "sam@example.com", "[\"admin\"]");
        String forKim = invite("idn-look", owner, "kim@example.com", "[]");
        String forBill = invite("idn-look", owner, "bill@bigcorp.com", "[]");

        String longS = tokens().mint("long-s", "\u017Fam@example.com");
        String kelvin = tokens().mint("kelvin", "\u212Aim@example.com");
        String dotless = tokens().mint("dotless", "bill@b\u0131gcorp.com");

        assertThat(refusal(accept(forSam, longS))).isEqualTo("wrong-invitee");
        assertThat(refusal(accept(forKim, kelvin))).isEqualTo("wrong-invitee");
        assertThat(refusal(accept(forBill, dotless))).isEqualTo("wrong-invitee");
        indexesCaughtUp();
        assertThat(api().get("/v1/me/invitations", kelvin).json().get("items")).isEmpty();
        assertThat(api().get("/v1/me/invitations", longS).json().get("items")).isEmpty();
        assertThat(api().get("/v1/me/invitations", dotless).json().get("items")).isEmpty();
        assertThat(accept(forSam, tokens().mint("sam", "Sam@EXAMPLE.com")).status()).isEqualTo(200);
    }

    @Test
    void internationalDomains_matchTheirIdnaForm() {
        String owner = journeys().organisation("idn-intl");
        String token = invite("idn-intl", owner, "zoe@b\u00fccher.de", "[]");
        String zoe = tokens().mint("zoe", "ZOE@xn--bcher-kva.de");

        indexesCaughtUp();
        assertThat(api().get("/v1/me/invitations", zoe).json().findValuesAsText("email"))
                .containsExactly("zoe@xn--bcher-kva.de");
        assertThat(accept(token, zoe).status()).isEqualTo(200);
    }

    @Test
    void addressesThatAreNoMailbox_areRefusedWhenInviting() {
        String owner = journeys().organisation("idn-bad");
        for (String email : new String[] {"\u212Aim@example.com", "zoe\u0308@example.com", " ada@example.com",
                "ada@exa_mple.com", "ada@example.com\\r\\nBcc: x@y.z"}) {
            Api.Reply reply = api().hostile().post("/v1/orgs/idn-bad/invitations", "{\"email\":\"" + email + "\"}",
                    owner);
            assertThat(reply.status()).as(email).isEqualTo(400);
            assertThat(refusal(reply)).isEqualTo("validation-failed");
        }
        indexesCaughtUp();
        assertThat(api().get("/v1/orgs/idn-bad/invitations", owner).json().get("items")).isEmpty();
    }

    @Test
    void ownerInvitations_areResentRevokedAndSeenOnlyByOwners() {
        String owner = journeys().organisation("idn-owner");
        String admin = tokens().mint("adm", "adm@example.com");
        assertThat(accept(invite("idn-owner", owner, "adm@example.com", "[\"admin\"]"), admin).status())
                .isEqualTo(200);
        Api.Reply sent = api().post("/v1/orgs/idn-owner/invitations",
                "{\"email\":\"next@example.com\",\"groups\":[\"owner\"]}", owner);
        String id = sent.json().get("invitation").get("id").asText();

        Api.Reply adminResend = api().post("/v1/orgs/idn-owner/invitations/" + id + "/resend", "", admin);
        Api.Reply adminRevoke = api().post("/v1/orgs/idn-owner/invitations/" + id + "/revoke", "", admin);

        assertThat(adminResend.status()).isEqualTo(403);
        assertThat(adminResend.json().findValue("token")).as("a refused resend hands out no token").isNull();
        assertThat(adminRevoke.status()).isEqualTo(403);
        assertThat(accept(sent.json().get("token").asText(), tokens().mint("next", "next@example.com")).status())
                .as("the owner's token still works: nothing changed").isEqualTo(200);
        String other = invite("idn-owner", owner, "later@example.com", "[\"owner\"]");
        indexesCaughtUp();
        String otherId = api().get("/v1/orgs/idn-owner/invitations", owner).json().findValuesAsText("id").get(0);
        assertThat(api().post("/v1/orgs/idn-owner/invitations/" + otherId + "/resend", "", owner).status())
                .isEqualTo(200);
        assertThat(api().post("/v1/orgs/idn-owner/invitations/" + otherId + "/revoke", "", owner).status())
                .isEqualTo(204);
        assertThat(other).isNotBlank();
    }

    @Test
    void tenantBoundToken_cannotAnswerAnotherTenantsInvitation() {
        String owner = journeys().organisation("idn-bound");
        String token = invite("idn-bound", owner, "tina@example.com", "[]");
        String boundElsewhere = tokens().mint("{\"sub\":\"tina\",\"email\":\"tina@example.com\",\"tenant\":\"other\"}");
        String boundHere = tokens().mint("{\"sub\":\"tina\",\"email\":\"tina@example.com\",\"tenant\":\"idn-bound\"}");

        assertThat(refusal(accept(token, boundElsewhere))).isEqualTo("tenant-mismatch");
        assertThat(refusal(api().post("/v1/invitations/decline", "{\"token\":\"" + token + "\"}", boundElsewhere)))
                .isEqualTo("tenant-mismatch");
        assertThat(accept(token, boundHere).status()).isEqualTo(200);
    }

    private String invite(String org, String owner, String email, String groups) {
        Api.Reply reply = api().post("/v1/orgs/" + org + "/invitations",
                "{\"email\":\"" + email + "\",\"groups\":" + groups + "}", owner);
        assertThat(reply.status()).as(reply.body()).isEqualTo(201);
        return reply.json().get("token").asText();
    }

    private Api.Reply accept(String invitationToken, String token) {
        return api().post("/v1/invitations/accept", "{\"token\":\"" + invitationToken + "\"}", token);
    }

    private static String refusal(Api.Reply reply) {
        return reply.json().path("code").asText("status " + reply.status());
    }
}
