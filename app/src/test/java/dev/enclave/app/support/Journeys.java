package dev.enclave.app.support;

import static org.assertj.core.api.Assertions.assertThat;

/** The product's own paths to a state, so scenario tests start from states users can reach. */
public final class Journeys {

    private final Api api;
    private final Tokens tokens;

    public Journeys(Api api, Tokens tokens) {
        this.api = api;
        this.tokens = tokens;
    }

    /** A token for {@code user} with the email {@code <user>@example.com}. */
    public String member(String user) {
        return tokens.mint(user, user + "@example.com");
    }

    /** Creates organisation {@code id} owned by {@code owner-<id>}; answers the owner's token. */
    public String organisation(String id) {
        String owner = member("owner-" + id);
        assertThat(api.post("/v1/orgs", "{\"id\":\"" + id + "\",\"name\":\"" + id + "\"}", owner).status())
                .isEqualTo(201);
        return owner;
    }

    /** Invites {@code <user>@example.com}; the answer holds the invitation and its token. */
    public Api.Reply invite(String org, String owner, String user) {
        Api.Reply invited = api.post("/v1/orgs/" + org + "/invitations",
                "{\"email\":\"" + user + "@example.com\"}", owner);
        assertThat(invited.status()).isEqualTo(201);
        return invited;
    }

    /** {@code user} joins {@code org} by the owner's invitation. */
    public void join(String org, String owner, String user) {
        String token = invite(org, owner, user).json().get("token").asText();
        assertThat(api.post("/v1/invitations/accept", "{\"token\":\"" + token + "\"}", member(user)).status())
                .isEqualTo(200);
    }
}
