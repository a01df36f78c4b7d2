package dev.enclave.app.edge.auth;

import static org.assertj.core.api.Assertions.assertThat;

import dev.enclave.sandbox.MutableClock;
import io.micronaut.security.authentication.Authentication;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;

class ValidatedTokensTest {

    private final MutableClock clock = new MutableClock();
    private final ValidatedTokens tokens = new ValidatedTokens(100, clock);

    @Test
    void aRememberedToken_isFound_untilItsExpiry_andNeverAfter() {
        tokens.remember("token-a", entry("user-a", "key-1", Duration.ofSeconds(60)));

        assertThat(tokens.find("token-a")).map(Authentication::getName).contains("user-a");
        clock.advance(Duration.ofSeconds(59));
        assertThat(tokens.find("token-a")).isPresent();
        clock.advance(Duration.ofSeconds(1));
        assertThat(tokens.find("token-a")).isEmpty();
    }

    @Test
    void onlyTheSameToken_findsTheEntry() {
        tokens.remember("token-a", entry("user-a", "key-1", Duration.ofSeconds(60)));

        assertThat(tokens.find("token-b")).isEmpty();
        assertThat(tokens.find("token-a ")).isEmpty();
    }

    @Test
    void tokensSignedByAKeyThatLeftTheSet_areForgotten() {
        tokens.remember("token-a", entry("user-a", "key-1", Duration.ofSeconds(60)));
        tokens.remember("token-b", entry("user-b", "key-2", Duration.ofSeconds(60)));

        tokens.forgetSignedBy(Set.of("key-1"));

        assertThat(tokens.find("token-a")).isEmpty();
        assertThat(tokens.find("token-b")).isPresent();
    }

    @Test
    void anAlreadyExpiredEntry_isNotKept() {
        tokens.remember("token-a", entry("user-a", "key-1", Duration.ofSeconds(-1)));

        assertThat(tokens.size()).isZero();
    }

    private ValidatedTokens.Entry entry(String user, String keyId, Duration left) {
        return new ValidatedTokens.Entry(Authentication.build(user, List.of(), Map.of()), keyId,
                clock.instant().plus(left));
    }
}
