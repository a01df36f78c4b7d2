package dev.enclave.app.infra.store.apikey;

import dev.enclave.app.domain.apikey.ApiKey;
import dev.enclave.app.domain.apikey.ApiKeyAccess;
import dev.enclave.app.domain.apikey.ApiKeyId;
import dev.enclave.app.domain.apikey.ApiKeyPermission;
import dev.enclave.app.infra.store.Incarnations;
import dev.enclave.app.infra.store.ItemSchema;
import dev.enclave.app.infra.store.Schemas;
import dev.enclave.app.infra.store.TableAttributes;
import dev.enclave.identity.Incarnation;
import dev.enclave.identity.TenantId;
import dev.enclave.identity.UserKey;
import dev.enclave.table.TableDesign;
import java.time.Instant;
import java.util.Arrays;
import java.util.HashMap;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import java.util.stream.Collectors;
import software.amazon.awssdk.enhanced.dynamodb.mapper.StaticImmutableTableSchema;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/** Explicit, reflection-free mapping of {@link ApiKey} to and from its item: one schema, built once. */
final class ApiKeyItems {

    static final String LAST_USED_AT = "lastUsedAt";

    /** The API key item's schema. */
    static final ItemSchema<ApiKey> SCHEMA = new ItemSchema<>(StaticImmutableTableSchema
            .builder(ApiKey.class, Builder.class)
            .newItemBuilder(Builder::new, Builder::build)
            .addAttribute(String.class, a -> a.name(TableAttributes.PARTITION_KEY)
                    .getter(k -> ApiKeyKeys.key(k.tenant(), k.id()).partition()).setter(Schemas.derived())
                    .tags(Schemas.partitionKey()))
            .addAttribute(String.class, a -> a.name(TableAttributes.SORT_KEY)
                    .getter(k -> ApiKeyKeys.key(k.tenant(), k.id()).sort()).setter(Schemas.derived())
                    .tags(Schemas.sortKey()))
            .addAttribute(String.class, a -> a.name("type").getter(k -> "apikey").setter(Schemas.derived()))
            .addAttribute(String.class, a -> a.name("tenant").getter(k -> k.tenant().value())
                    .setter((b, v) -> b.tenant = v))
            .addAttribute(String.class, a -> a.name("keyId").getter(k -> k.id().value()).setter((b, v) -> b.id = v))
            .addAttribute(String.class, a -> a.name("name").getter(ApiKey::name).setter((b, v) -> b.name = v))
            .addAttribute(String.class, a -> a.name("access").getter(k -> k.access().name())
                    .setter((b, v) -> b.access = v))
            .addAttribute(String.class, a -> a.name("createdBy").getter(ApiKey::createdBy)
                    .setter((b, v) -> b.createdBy = v))
            .addAttribute(String.class, a -> a.name("createdAt").getter(k -> k.createdAt().toString())
                    .setter((b, v) -> b.createdAt = v))
            .addAttribute(String.class, a -> a.name("validUntil").getter(k -> text(k.expiresAt()))
                    .setter((b, v) -> b.expiresAt = v))
            .addAttribute(String.class, a -> a.name(LAST_USED_AT).getter(k -> text(k.lastUsedAt()))
                    .setter((b, v) -> b.lastUsedAt = v))
            .addAttribute(String.class, a -> a.name("secretHash").getter(ApiKey::secretHash)
                    .setter((b, v) -> b.secretHash = v))
            .addAttribute(String.class, a -> a.name("creator").getter(k -> k.creator().map(UserKey::digest)
                    .orElse(null)).setter((b, v) -> b.creator = v))
            .addAttribute(String.class, a -> a.name("permissions").getter(ApiKeyItems::permissions)
                    .setter((b, v) -> b.permissions = v))
            .addAttribute(String.class, a -> a.name("creatorJoinedAt").getter(k -> text(k.creatorJoinedAt()))
                    .setter((b, v) -> b.creatorJoinedAt = v))
            .build(), "an API key");

    private ApiKeyItems() {
    }

    /** The key's lookup entry: its item at {@link ApiKeyKeys#lookup}, with the organisation's incarnation. */
    static Map<String, AttributeValue> lookupItem(ApiKey key, Incarnation incarnation) {
        Map<String, AttributeValue> item = new HashMap<>(SCHEMA.toItem(key));
        item.putAll(ApiKeyKeys.lookup(key.tenant(), key.id()).asMap());
        item.remove(LAST_USED_AT);
        return Incarnations.stamp(item, incarnation);
    }

    /** {@code lookup}, unconfirmed until {@code mark}'s due: on the owed-work index until then. */
    static Map<String, AttributeValue> unconfirmed(Map<String, AttributeValue> lookup, String mark) {
        Map<String, AttributeValue> item = new HashMap<>(lookup);
        item.put(TableDesign.BY_OWED_WORK.partitionKey(), AttributeValue.fromS(TableDesign.UNCONFIRMED_KEY_LOOKUPS));
        item.put(TableDesign.BY_OWED_WORK.sortKey(), AttributeValue.fromS(mark));
        return item;
    }

    /** The permissions as one sorted, space-separated string; none: no attribute (as keys made before them). */
    private static String permissions(ApiKey key) {
        return key.permissions().isEmpty() ? null : key.permissions().stream().map(ApiKeyPermission::wire).sorted()
                .collect(Collectors.joining(" "));
    }

    private static Set<ApiKeyPermission> permissions(String written) {
        return written == null ? Set.of() : Arrays.stream(written.split(" ")).map(wire -> ApiKeyPermission.parse(wire)
                .orElseThrow(() -> new IllegalArgumentException("no such API key permission: " + wire)))
                .collect(Collectors.toSet());
    }

    private static String text(Optional<Instant> instant) {
        return instant.map(Instant::toString).orElse(null);
    }

    /** Mutable only while an item is read into an {@link ApiKey}. */
    private static final class Builder {
        private String tenant;
        private String id;
        private String name;
        private String access;
        private String createdBy;
        private String createdAt;
        private String expiresAt;
        private String lastUsedAt;
        private String secretHash;
        private String creator;
        private String permissions;
        private String creatorJoinedAt;

        ApiKey build() {
            return new ApiKey(new ApiKeyId(Objects.requireNonNull(id, "keyId")),
                    TenantId.of(Objects.requireNonNull(tenant, "tenant")), name,
                    ApiKeyAccess.valueOf(Objects.requireNonNull(access, "access")), createdBy,
                    Instant.parse(Objects.requireNonNull(createdAt, "createdAt")),
                    Optional.ofNullable(expiresAt).map(Instant::parse), Optional.ofNullable(lastUsedAt)
                    .map(Instant::parse), secretHash, Optional.ofNullable(creator).map(UserKey::new),
                    permissions(permissions), Optional.ofNullable(creatorJoinedAt).map(Instant::parse));
        }
    }
}
