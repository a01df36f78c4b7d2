package dev.enclave.app.domain.organisation;

/**
 * The limits one tenant (or one caller) works under.
 *
 * @param requestsPerSecond the sustained rate
 * @param burst             the requests allowed at once after a quiet spell (at least the rate)
 * @param concurrent        the requests allowed in progress at the same time
 */
public record Limit(int requestsPerSecond, int burst, int concurrent) {

    public Limit {
        if (requestsPerSecond < 1 || concurrent < 1 || burst < requestsPerSecond) {
            throw new IllegalArgumentException("limits need a rate and a concurrency of at least 1, and a burst of "
                    + "at least the rate: " + requestsPerSecond + "/s, burst " + burst + ", " + concurrent
                    + " at once");
        }
    }
}
