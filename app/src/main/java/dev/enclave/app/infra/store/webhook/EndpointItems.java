package dev.enclave.app.infra.store.webhook;

import dev.enclave.app.domain.webhook.WebhookEndpoint;
import dev.enclave.app.domain.webhook.WebhookEndpointId;
import dev.enclave.app.infra.store.ItemAttributes;
import dev.enclave.identity.TenantId;
import dev.enclave.identity.UserKey;
import java.time.Instant;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * How an endpoint maps to its item. Its secrets are sealed ({@code secret}, and {@code previousSecret} while a
 * rotation's overlap lasts), bound to the item's key; the mapping to the domain never carries them.
 */
final class EndpointItems {

    static final String SECRET = "secret";
    static final String PREVIOUS_SECRET = "previousSecret";
    static final String ROTATED_UNTIL = "rotatedUntil";
    static final String VERSION = "version";
    static final String ENABLED = "enabled";
    static final String DISABLED_BY = "disabledBy";
    static final String FAILING_SINCE = "failingSince";
    static final String URL = "url";
    static final String DESCRIPTION = "description";
    static final String TYPES = "types";
    static final String KEEPER = "keeper";
    /** The member who chose the URL, when not the keeper; its user id and joining are at the same name plus these. */
    static final String POINTED_BY = "pointedBy";
    static final String USER_ID = "UserId";
    static final String JOINED_AT = "JoinedAt";
    private static final String FROM_PLACE = "fromPlace";
    private static final String CREATED_AT = "createdAt";

    private EndpointItems() {
    }

    /** The endpoint's item, without its secrets. */
    static Map<String, AttributeValue> toItem(WebhookEndpoint endpoint) {
        Map<String, AttributeValue> item = new HashMap<>(WebhookKeys.endpoint(endpoint.tenant(), endpoint.id())
                .asMap());
        item.put("type", AttributeValue.fromS("webhook_endpoint"));
        item.put("tenant", AttributeValue.fromS(endpoint.tenant().value()));
        item.put("id", AttributeValue.fromS(endpoint.id().value()));
        item.put(URL, AttributeValue.fromS(endpoint.url()));
        item.put(DESCRIPTION, AttributeValue.fromS(endpoint.description()));
        item.put(TYPES, types(endpoint.types()));
        item.put(ENABLED, AttributeValue.fromBool(endpoint.enabled()));
        endpoint.disabledBy().ifPresent(reason -> item.put(DISABLED_BY, AttributeValue.fromS(reason)));
        item.put(CREATED_AT, AttributeValue.fromS(endpoint.createdAt().toString()));
        item.put(FROM_PLACE, AttributeValue.fromN(Long.toString(endpoint.fromPlace())));
        endpoint.failingSince().ifPresent(since -> item.put(FAILING_SINCE, AttributeValue.fromS(since.toString())));
        endpoint.rotatedUntil().ifPresent(until -> item.put(ROTATED_UNTIL, AttributeValue.fromS(until.toString())));
        item.put(VERSION, AttributeValue.fromN(Long.toString(endpoint.version())));
        endpoint.keeper().ifPresent(keeper -> putMember(item, KEEPER, keeper));
        endpoint.pointedBy().ifPresent(chooser -> putMember(item, POINTED_BY, chooser));
        return item;
    }

    private static void putMember(Map<String, AttributeValue> item, String attribute, WebhookEndpoint.Keeper who) {
        item.put(attribute, AttributeValue.fromS(who.member().digest()));
        item.put(attribute + USER_ID, AttributeValue.fromS(who.userId()));
        item.put(attribute + JOINED_AT, AttributeValue.fromS(who.joinedAt().toString()));
    }

    private static Optional<WebhookEndpoint.Keeper> member(Map<String, AttributeValue> item, String attribute) {
        return ItemAttributes.optionalString(item, attribute).map(member -> new WebhookEndpoint.Keeper(
                new UserKey(member), ItemAttributes.string(item, attribute + USER_ID),
                Instant.parse(ItemAttributes.string(item, attribute + JOINED_AT))));
    }

    static WebhookEndpoint fromItem(Map<String, AttributeValue> item) {
        return new WebhookEndpoint(TenantId.of(ItemAttributes.string(item, "tenant")),
                new WebhookEndpointId(ItemAttributes.string(item, "id")), ItemAttributes.string(item, URL),
                ItemAttributes.string(item, DESCRIPTION), types(item), bool(item, ENABLED),
                ItemAttributes.optionalString(item, DISABLED_BY),
                Instant.parse(ItemAttributes.string(item, CREATED_AT)), ItemAttributes.number(item, FROM_PLACE),
                instant(item, FAILING_SINCE), instant(item, ROTATED_UNTIL), ItemAttributes.number(item, VERSION),
                member(item, KEEPER), member(item, POINTED_BY));
    }

    /** The types as stored: a list, since DynamoDB has no empty set. */
    static AttributeValue types(Set<String> types) {
        return AttributeValue.fromL(types.stream().sorted().map(AttributeValue::fromS).toList());
    }

    static Optional<Instant> instant(Map<String, AttributeValue> item, String attribute) {
        return ItemAttributes.optionalString(item, attribute).map(Instant::parse);
    }

    private static Set<String> types(Map<String, AttributeValue> item) {
        AttributeValue types = item.get(TYPES);
        List<AttributeValue> listed = types == null || !types.hasL() ? List.of() : types.l();
        return Set.copyOf(listed.stream().map(AttributeValue::s).toList());
    }

    private static boolean bool(Map<String, AttributeValue> item, String attribute) {
        AttributeValue value = item.get(attribute);
        if (value == null || value.bool() == null) {
            throw new IllegalArgumentException("no " + attribute);
        }
        return value.bool();
    }
}
