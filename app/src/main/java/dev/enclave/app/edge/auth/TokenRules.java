package dev.enclave.app.edge.auth;

import com.nimbusds.jose.JWSAlgorithm;
import com.nimbusds.jose.jwk.KeyType;
import java.time.Duration;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * The rules a token must meet, read from {@link AuthSettings}. Each reader throws {@link IllegalArgumentException}
 * saying what the setting accepts; {@link AuthSettingsCheck} reports it before anything starts.
 *
 * @param issuer        the exact {@code iss}
 * @param audience      the expected audience or client id
 * @param audienceClaim where the audience is carried
 * @param tokenUse      the required {@code token_use}, if any
 * @param keyType       the only key type used
 * @param algorithms    the accepted {@code alg} values, all of {@code keyType}'s family
 * @param clockSkew     tolerance on {@code exp} and {@code nbf}
 * @param platformAdminMaxAge how old, by {@code iat}, a token with the {@code platform-admin} role may be
 */
record TokenRules(String issuer, String audience, AudienceClaim audienceClaim, Optional<String> tokenUse,
                  KeyType keyType, Set<JWSAlgorithm> algorithms, Duration clockSkew, Duration platformAdminMaxAge) {

    /** The platform role whose tokens {@link #platformAdminMaxAge} bounds. */
    static final String PLATFORM_ADMIN = "platform-admin";

    /** Where the audience is carried. */
    enum AudienceClaim {
        AUD("aud"), CLIENT_ID("client_id");

        final String claim;

        AudienceClaim(String claim) {
            this.claim = claim;
        }
    }

    private static final Map<KeyType, Set<JWSAlgorithm>> FAMILIES = Map.of(
            KeyType.RSA, Set.of(JWSAlgorithm.RS256, JWSAlgorithm.RS384, JWSAlgorithm.RS512,
                    JWSAlgorithm.PS256, JWSAlgorithm.PS384, JWSAlgorithm.PS512),
            KeyType.EC, Set.of(JWSAlgorithm.ES256, JWSAlgorithm.ES384, JWSAlgorithm.ES512));
    private static final Set<String> TOKEN_USES = Set.of("id", "access");
    static final String UNKNOWN_KEY_TYPE = "must be RSA or EC";

    static TokenRules of(AuthSettings settings) {
        KeyType keyType = keyType(settings.getJwksKeyType());
        return new TokenRules(required("enclave.auth.issuer", settings.getIssuer()),
                required("enclave.auth.audience", settings.getAudience()),
                audienceClaim(settings.getAudienceClaim()), tokenUse(settings.getTokenUse()), keyType,
                algorithms(keyType, settings.getAlgorithms()), settings.getClockSkew(),
                settings.getPlatformAdminTokenMaxAge());
    }

    static KeyType keyType(String value) {
        return FAMILIES.keySet().stream().filter(type -> type.getValue().equals(value)).findFirst()
                .orElseThrow(() -> new IllegalArgumentException(
                        UNKNOWN_KEY_TYPE + ", not '" + value + "'"));
    }

    static Set<JWSAlgorithm> algorithms(KeyType keyType, List<String> names) {
        if (names == null || names.isEmpty()) {
            throw new IllegalArgumentException("must name at least one algorithm");
        }
        Set<JWSAlgorithm> family = FAMILIES.get(keyType);
        Set<JWSAlgorithm> accepted = new LinkedHashSet<>();
        for (String name : names) {
            JWSAlgorithm algorithm = JWSAlgorithm.parse(name.trim());
            if (!family.contains(algorithm)) {
                throw new IllegalArgumentException("'" + name + "' is not a signature "
                        + "algorithm for " + keyType + " keys (one of " + sorted(family) + ")");
            }
            accepted.add(algorithm);
        }
        return Set.copyOf(accepted);
    }

    static AudienceClaim audienceClaim(String value) {
        for (AudienceClaim claim : AudienceClaim.values()) {
            if (claim.claim.equals(value)) {
                return claim;
            }
        }
        throw new IllegalArgumentException("must be aud or client_id, not '" + value + "'");
    }

    static Optional<String> tokenUse(String value) {
        if (value == null || value.isBlank()) {
            return Optional.empty();
        }
        if (!TOKEN_USES.contains(value)) {
            throw new IllegalArgumentException("must be id or access, not '" + value + "'");
        }
        return Optional.of(value);
    }

    private static String required(String name, String value) {
        if (value == null || value.isBlank()) {
            throw new IllegalArgumentException(name + " is required");
        }
        return value;
    }

    private static List<String> sorted(Set<JWSAlgorithm> algorithms) {
        return algorithms.stream().map(JWSAlgorithm::getName).map(n -> n.toUpperCase(Locale.ROOT)).sorted().toList();
    }
}
