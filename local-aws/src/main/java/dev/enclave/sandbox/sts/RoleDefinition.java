package dev.enclave.sandbox.sts;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.enclave.digest.Sha256;
import dev.enclave.sandbox.sigv4.Principal;
import java.time.Duration;
import java.util.Objects;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * A role the local STS lets principals assume.
 *
 * @param arn                the role ARN, {@code arn:aws:iam::<account>:role/[path/]<name>}
 * @param permissionPolicy   the role's identity-based permission policy (JSON); sessions never get more than it allows
 * @param trustedPrincipals  ARNs or access key ids of the principals that may assume the role (its trust, kept simple)
 * @param maxSessionDuration the longest {@code DurationSeconds} the role grants (AWS: 1 to 12 hours)
 */
public record RoleDefinition(String arn, String permissionPolicy, Set<String> trustedPrincipals,
                             Duration maxSessionDuration) {

    private static final ObjectMapper JSON = new ObjectMapper();
    private static final String BASE32 = "ABCDEFGHIJKLMNOPQRSTUVWXYZ234567";
    private static final Pattern ROLE_ARN =
            Pattern.compile("arn:aws:iam::\\d{12}:role/(?:[\\w+=,.@-]+/)*[\\w+=,.@-]{1,64}");

    public RoleDefinition {
        Objects.requireNonNull(arn, "arn");
        Objects.requireNonNull(permissionPolicy, "permissionPolicy");
        trustedPrincipals = Set.copyOf(trustedPrincipals);
        Objects.requireNonNull(maxSessionDuration, "maxSessionDuration");
        if (!ROLE_ARN.matcher(arn).matches()) {
            throw new IllegalArgumentException("not a role ARN: " + arn);
        }
        if (maxSessionDuration.compareTo(Duration.ofHours(1)) < 0
                || maxSessionDuration.compareTo(Duration.ofHours(12)) > 0) {
            throw new IllegalArgumentException("maximum session duration must be 1 to 12 hours: " + maxSessionDuration);
        }
        try {
            if (!JSON.readTree(permissionPolicy).isObject()) {
                throw new IllegalArgumentException("permission policy of " + arn + " is not a JSON object");
            }
        } catch (JsonProcessingException e) {
            throw new IllegalArgumentException("permission policy of " + arn + " is not JSON", e);
        }
    }

    /** A role that {@code principal} may assume for up to 12 hours. */
    public static RoleDefinition trusting(Principal principal, String arn, String permissionPolicy) {
        return new RoleDefinition(arn, permissionPolicy, Set.of(principal.arn()), Duration.ofHours(12));
    }

    /** The role name, the ARN's last path segment. */
    public String name() {
        return arn.substring(arn.lastIndexOf('/') + 1);
    }

    /** The 12-digit account the role belongs to. */
    public String account() {
        return arn.split(":")[4];
    }

    /** A stable unique id in AWS's shape ({@code AROA} and 17 characters), derived from the ARN. */
    String uniqueId() {
        byte[] digest = Sha256.of(arn);
        StringBuilder id = new StringBuilder("AROA");
        for (int i = 0; i < 17; i++) {
            id.append(BASE32.charAt((digest[i] & 0xff) % BASE32.length()));
        }
        return id.toString();
    }

    boolean trusts(String callerArn, String callerAccessKeyId) {
        return trustedPrincipals.contains(callerArn) || trustedPrincipals.contains(callerAccessKeyId);
    }
}
