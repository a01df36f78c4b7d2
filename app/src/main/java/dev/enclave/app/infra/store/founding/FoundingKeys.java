package dev.enclave.app.infra.store.founding;

import dev.enclave.app.infra.store.ItemKey;
import dev.enclave.app.infra.store.TableAttributes;
import dev.enclave.identity.TenantId;
import java.time.Duration;
import java.time.Instant;
import java.util.HashMap;
import java.util.Map;
import java.util.Optional;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * The request an organisation was founded by, {@code SK = FOUNDED#<request token>} (a digest of the founder, the id
 * and their Idempotency-Key; the key itself is never stored), written with the organisation and kept a day (TTL): a
 * retry of that request is answered as the first was, while a create of the same id under another key is told the
 * id is taken.
 */
final class FoundingKeys {

    static final String PREFIX = "FOUNDED#";
    static final Duration KEPT = Duration.ofHours(24);
    /** The name the organisation was founded with: what a retry's body must name again. */
    static final String NAME = "foundedName";

    private FoundingKeys() {
    }

    static ItemKey key(TenantId tenant, String token) {
        return ItemKey.inTenant(tenant, PREFIX + token);
    }

    static Map<String, AttributeValue> item(TenantId tenant, String token, String name, Instant now) {
        Map<String, AttributeValue> item = new HashMap<>(key(tenant, token).asMap());
        item.put(TableAttributes.TTL, AttributeValue.fromN(Long.toString(now.plus(KEPT).getEpochSecond())));
        item.put(NAME, AttributeValue.fromS(name));
        return Map.copyOf(item);
    }

    /** The name the request founded the organisation with; empty for a record kept before names were. */
    static Optional<String> name(Map<String, AttributeValue> item) {
        return Optional.ofNullable(item.get(NAME)).map(AttributeValue::s);
    }

    /** Whether {@code item} is still kept at {@code now}: DynamoDB removes expired items days late. */
    static boolean keptAt(Map<String, AttributeValue> item, Instant now) {
        return Optional.ofNullable(item.get(TableAttributes.TTL)).map(AttributeValue::n).map(Long::parseLong)
                .filter(expires -> expires > now.getEpochSecond()).isPresent();
    }
}
