package dev.enclave.tenancy.sandbox;

import java.time.Instant;
import java.util.Map;
import java.util.Optional;

/**
 * Temporary credentials the local STS issued, bound to what AssumeRole was given.
 *
 * @param sessionPolicy the inline session policy, if any
 * @param tags          the session tags
 */
public record Session(String accessKeyId, String secretAccessKey, String sessionToken, String roleArn,
                      String sessionName, Optional<String> sessionPolicy, Map<String, String> tags,
                      Optional<String> sourceIdentity, Instant expiration) {

    public Session {
        tags = Map.copyOf(tags);
    }

    /** The assumed-role ARN, as AWS names it in errors. */
    public String assumedRoleArn(String account) {
        String roleName = roleArn.substring(roleArn.lastIndexOf('/') + 1);
        return "arn:aws:sts::" + account + ":assumed-role/" + roleName + "/" + sessionName;
    }
}
