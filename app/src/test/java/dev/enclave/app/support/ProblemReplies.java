package dev.enclave.app.support;

import static org.assertj.core.api.Assertions.assertThat;

/** What a refusal answers: a problem document (RFC 9457) naming Enclave's code for it, and no stack trace. */
public final class ProblemReplies {

    private ProblemReplies() {
    }

    /** {@code reply} is the problem {@code code} with HTTP status {@code status}. */
    public static void assertProblem(Api.Reply reply, int status, String code) {
        assertThat(reply.status()).as(reply.body()).isEqualTo(status);
        assertThat(reply.contentType()).isEqualTo("application/problem+json");
        assertThat(reply.json().get("status").asInt()).isEqualTo(status);
        assertThat(reply.json().get("code").asText()).isEqualTo(code);
        assertThat(reply.json().get("type").asText()).isEqualTo("https://enclave.dev/problems/" + code);
        assertThat(reply.json().get("title").asText()).isNotBlank();
        assertThat(reply.body()).doesNotContain("Exception").doesNotContain("\tat ");
    }
}
