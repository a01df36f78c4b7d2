package dev.enclave.sandbox.sigv4;

import java.time.Instant;

/** Temporary credentials as a signature check needs them: the secret, the session token to carry, the expiry. */
public interface TemporaryCredentials {

    /** The secret requests are signed with. */
    String secretAccessKey();

    /** The token every request signed with these credentials must carry ({@code X-Amz-Security-Token}). */
    String sessionToken();

    /** Whether the credentials no longer work at {@code now}. */
    boolean expiredAt(Instant now);
}
