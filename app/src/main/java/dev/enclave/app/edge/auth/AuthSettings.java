package dev.enclave.app.edge.auth;

import io.micronaut.context.annotation.ConfigurationProperties;
import io.micronaut.core.annotation.Nullable;
import io.micronaut.core.bind.annotation.Bindable;
import java.time.Duration;
import java.util.List;

/**
 * How bearer tokens are checked ({@code enclave.auth.*}); {@link TokenRules} reads and validates these values, and
 * the start-up check refuses a server whose values it cannot read.
 */
@ConfigurationProperties("enclave.auth")
public interface AuthSettings {

    /** The exact {@code iss} every token must carry. */
    String getIssuer();

    /** The API's audience, or (with {@code audience-claim: client_id}) the app client id. */
    String getAudience();

    /** The identity provider's key set; the local stack uses its own key when absent. */
    @Nullable
    String getJwksUrl();

    /** {@code RSA} or {@code EC}: keys of any other type in the key set are ignored. */
    @Bindable(defaultValue = "RSA")
    String getJwksKeyType();

    /** The accepted {@code alg} values, all of the key type's family. */
    @Bindable(defaultValue = "RS256")
    List<String> getAlgorithms();

    /** {@code aud} (ID tokens, most providers) or {@code client_id} (Cognito access tokens, which have no aud). */
    @Bindable(defaultValue = "aud")
    String getAudienceClaim();

    /** When set ({@code id} or {@code access}), the {@code token_use} claim must equal it (Cognito). */
    @Nullable
    String getTokenUse();

    @Bindable(defaultValue = "30s")
    Duration getClockSkew();

    /**
     * How old (by its {@code iat}) a token carrying the {@code platform-admin} role may be: the role comes from the
     * token alone, so this bounds how long a platform admin removed at the identity provider keeps it.
     */
    @Bindable(defaultValue = "1h")
    Duration getPlatformAdminTokenMaxAge();

    /** How long a fetched key set counts as current; older sets are refreshed in the background. */
    @Bindable(defaultValue = "5m")
    Duration getJwksRefreshInterval();

    /** The least time between two fetches, however many unknown key ids arrive. */
    @Bindable(defaultValue = "5s")
    Duration getJwksMinFetchInterval();

    /** How long cached keys keep working while the key set cannot be fetched. */
    @Bindable(defaultValue = "1h")
    Duration getJwksMaxStaleness();

    /** How many validated tokens are remembered (by digest, never past their expiry). */
    @Bindable(defaultValue = "10000")
    long getValidatedTokenCacheSize();
}
