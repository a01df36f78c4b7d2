package dev.enclave.app.edge.auth;

import static org.assertj.core.api.Assertions.assertThat;

import com.nimbusds.jose.jwk.Curve;
import com.nimbusds.jose.jwk.JWK;
import com.nimbusds.jose.jwk.JWKSet;
import com.nimbusds.jose.jwk.KeyType;
import com.nimbusds.jose.jwk.KeyUse;
import com.nimbusds.jose.jwk.gen.ECKeyGenerator;
import com.nimbusds.jose.jwk.gen.RSAKeyGenerator;
import dev.enclave.sandbox.MutableClock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

class CachedSigningKeysTest {

    private static final KeySetTiming TIMING =
            new KeySetTiming(Duration.ofMinutes(5), Duration.ofSeconds(5), Duration.ofHours(1));
    private static final JWK FIRST = rsa("first");
    private static final JWK SECOND = rsa("second");

    private final MutableClock clock = new MutableClock();
    private final Provider provider = new Provider();
    private final CachedSigningKeys keys = new CachedSigningKeys(provider, KeyType.RSA, TIMING, clock);

    @Test
    void aKnownKey_isAnsweredFromTheCache_withoutAnotherFetch() {
        provider.publish(FIRST);

        assertThat(find("first")).isInstanceOf(SigningKeys.Found.class);
        assertThat(find("first")).isInstanceOf(SigningKeys.Found.class);

        assertThat(provider.fetches.get()).isEqualTo(1);
    }

    @Test
    void anUnknownKeyId_isFetchedPromptly_butAtMostOncePerGap() {
        provider.publish(FIRST);
        find("first");
        provider.publish(FIRST, SECOND);
        clock.advance(TIMING.minFetchGap());

        assertThat(find("second")).as("a rotated-in key, one gap after the last fetch")
                .isInstanceOf(SigningKeys.Found.class);
        assertThat(find("forged")).as("unknown, and the last fetch was just now").isInstanceOf(SigningKeys.Unknown.class);
        assertThat(find("forged-again")).isInstanceOf(SigningKeys.Unknown.class);
        assertThat(provider.fetches.get()).isEqualTo(2);
    }

    @Test
    void aStaleSet_isRefreshedInTheBackground_whileItsKeysKeepWorking() {
        provider.publish(FIRST);
        find("first");
        clock.advance(TIMING.refreshAfter().plusSeconds(1));

        assertThat(find("first")).isInstanceOf(SigningKeys.Found.class);
        assertThat(provider.fetches.get()).isEqualTo(2);
    }

    @Test
    void duringAnOutage_cachedKeysWork_untilTheMaximumStaleness_thenNoKeyCanBeHad() {
        provider.publish(FIRST);
        find("first");
        provider.down = true;

        clock.advance(TIMING.maxStaleness());
        assertThat(find("first")).isInstanceOf(SigningKeys.Found.class);
        assertThat(keys.state().usable()).isTrue();
        assertThat(keys.state().current()).isFalse();
        assertThat(keys.state().lastFailure()).isPresent();

        clock.advance(Duration.ofSeconds(1));
        assertThat(find("first")).isInstanceOf(SigningKeys.Unavailable.class);
        assertThat(keys.state().usable()).isFalse();
    }

    @Test
    void duringAnOutage_anUnknownKey_isUnavailable_notUnknown() {
        provider.publish(FIRST);
        find("first");
        provider.down = true;
        clock.advance(TIMING.minFetchGap());

        SigningKeys.Lookup lookup = find("rotated-in-during-the-outage");

        assertThat(lookup).isInstanceOf(SigningKeys.Unavailable.class);
        assertThat(((SigningKeys.Unavailable) lookup).retryAfter()).isEqualTo(TIMING.minFetchGap());
        assertThat(find("again")).as("within the gap: no fetch, still unavailable")
                .isInstanceOf(SigningKeys.Unavailable.class);
    }

    @Test
    void withNothingCached_aFailedFetch_isUnavailable_andRecoveryNeedsNoRestart() {
        provider.down = true;
        assertThat(find("first")).isInstanceOf(SigningKeys.Unavailable.class);

        provider.down = false;
        provider.publish(FIRST);
        clock.advance(TIMING.minFetchGap());

        assertThat(find("first")).isInstanceOf(SigningKeys.Found.class);
        assertThat(keys.state().current()).isTrue();
    }

    @Test
    void keysThatLeaveTheSet_areReported() {
        List<Set<String>> dropped = new ArrayList<>();
        keys.whenKeysDropped(dropped::add);
        provider.publish(FIRST, SECOND);
        find("first");
        provider.publish(SECOND);
        clock.advance(TIMING.minFetchGap());

        assertThat(find("first")).as("still cached: no fetch for a known key")
                .isInstanceOf(SigningKeys.Found.class);
        find("third");

        assertThat(dropped).containsExactly(Set.of("first"));
        assertThat(find("first")).isInstanceOf(SigningKeys.Unknown.class);
    }

    @Test
    void keysOfAnotherTypeOrUse_areIgnored() throws Exception {
        JWK ec = new ECKeyGenerator(Curve.P_256).keyID("ec").generate().toPublicJWK();
        JWK encryption = new RSAKeyGenerator(2048).keyID("enc").keyUse(KeyUse.ENCRYPTION).generate().toPublicJWK();
        provider.publish(FIRST, ec, encryption);

        assertThat(find("ec")).isInstanceOf(SigningKeys.Unknown.class);
        assertThat(find("enc")).isInstanceOf(SigningKeys.Unknown.class);
        assertThat(keys.state().keys()).isEqualTo(1);
    }

    @Test
    void concurrentLookupsOfUnknownKeys_shareOneFetch() {
        provider.publish(FIRST);
        CompletableFuture<String> pending = new CompletableFuture<>();
        provider.next = pending;

        CompletableFuture<SigningKeys.Lookup> one = keys.find("first").toCompletableFuture();
        CompletableFuture<SigningKeys.Lookup> two = keys.find("first").toCompletableFuture();
        pending.complete(new JWKSet(FIRST).toString(true));

        assertThat(one.join()).isInstanceOf(SigningKeys.Found.class);
        assertThat(two.join()).isInstanceOf(SigningKeys.Found.class);
        assertThat(provider.fetches.get()).isEqualTo(1);
    }

    private SigningKeys.Lookup find(String keyId) {
        return keys.find(keyId).toCompletableFuture().join();
    }

    private static JWK rsa(String keyId) {
        try {
            return new RSAKeyGenerator(2048).keyID(keyId).generate().toPublicJWK();
        } catch (Exception e) {
            throw new IllegalStateException(e);
        }
    }

    /** An identity provider in memory: what it publishes, whether it answers, and how often it was asked. */
    private static final class Provider implements KeySetFetcher {

        final AtomicInteger fetches = new AtomicInteger();
        volatile String published = new JWKSet().toString(true);
        volatile boolean down;
        volatile CompletableFuture<String> next;

        void publish(JWK... keys) {
            published = new JWKSet(List.of(keys)).toString(true);
        }

        @Override
        public CompletableFuture<String> fetch() {
            fetches.incrementAndGet();
            if (next != null) {
                CompletableFuture<String> pending = next;
                next = null;
                return pending;
            }
            return down ? CompletableFuture.failedFuture(new java.io.IOException("connection refused"))
                    : CompletableFuture.completedFuture(published);
        }
    }
}
