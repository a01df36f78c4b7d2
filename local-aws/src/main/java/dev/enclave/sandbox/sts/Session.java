package dev.enclave.sandbox.sts;

import dev.enclave.sandbox.sigv4.TemporaryCredentials;
import java.time.Instant;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;

/**
 * Temporary credentials the local STS issued, bound to what AssumeRole was given — what AWS remembers about a
 * session and evaluates every request against.
 *
 * @param roleArn        the assumed role
 * @param roleId         the role's unique id ({@code AROA…}), as in {@code aws:userid}
 * @param sessionName    the role session name
 * @param sessionPolicy  the inline session policy (JSON), if one was passed
 * @param tags           the session tags, key → value
 * @param sourceIdentity the source identity, if one was set
 * @param issuedAt       when STS issued the credentials
 * @param expiration     when they stop working
 */
public record Session(String accessKeyId, String secretAccessKey, String sessionToken, String roleArn, String roleId,
                      String sessionName, Optional<String> sessionPolicy, Map<String, String> tags,
                      Optional<String> sourceIdentity, Instant issuedAt, Instant expiration)
        implements TemporaryCredentials {

    public Session {
        Objects.requireNonNull(accessKeyId, "accessKeyId");
        Objects.requireNonNull(secretAccessKey, "secretAccessKey");
        Objects.requireNonNull(sessionToken, "sessionToken");
        Objects.requireNonNull(roleArn, "roleArn");
        Objects.requireNonNull(roleId, "roleId");
        Objects.requireNonNull(sessionName, "sessionName");
        Objects.requireNonNull(sessionPolicy, "sessionPolicy");
        tags = Map.copyOf(tags);
        Objects.requireNonNull(sourceIdentity, "sourceIdentity");
        Objects.requireNonNull(issuedAt, "issuedAt");
        Objects.requireNonNull(expiration, "expiration");
    }

    /** The assumed-role ARN AWS names the caller by: {@code arn:aws:sts::<account>:assumed-role/<role>/<session>}. */
    public String assumedRoleArn() {
        String account = roleArn.split(":")[4];
        return "arn:aws:sts::" + account + ":assumed-role/" + roleArn.substring(roleArn.lastIndexOf('/') + 1) + "/"
                + sessionName;
    }

    /** The {@code AssumedRoleId}, {@code <role id>:<session name>} (also {@code aws:userid}). */
    public String assumedRoleId() {
        return roleId + ":" + sessionName;
    }

    @Override
    public boolean expiredAt(Instant now) {
        return !now.isBefore(expiration);
    }

    @Override
    public String toString() {
        return "Session[accessKeyId=" + accessKeyId + ", role=" + roleArn + ", sessionName=" + sessionName
                + ", tags=" + tags + ", sourceIdentity=" + sourceIdentity.orElse("-") + ", sessionPolicy="
                + (sessionPolicy.isPresent() ? "yes" : "no") + ", expiration=" + expiration + "]";
    }
}
