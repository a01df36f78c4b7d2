package dev.enclave.app.infra.store.invitation;

import dev.enclave.app.domain.invitation.Invitation;
import dev.enclave.app.domain.invitation.InvitationId;
import dev.enclave.app.domain.invitation.InvitationStatus;

import dev.enclave.app.domain.permission.GroupName;
import dev.enclave.app.domain.service.ServiceGroup;
import dev.enclave.app.domain.service.ServiceId;
import dev.enclave.app.infra.store.Expr;
import dev.enclave.app.infra.store.ItemSchema;
import dev.enclave.app.infra.store.Schemas;
import dev.enclave.app.infra.store.SortedStrings;
import dev.enclave.app.infra.store.TableAttributes;
import dev.enclave.identity.Email;
import dev.enclave.identity.EmailKey;
import dev.enclave.identity.TenantId;
import dev.enclave.identity.UserKey;
import dev.enclave.table.TableDesign;
import java.time.Duration;
import java.time.Instant;
import java.util.HashMap;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import java.util.function.Function;
import java.util.stream.Collectors;
import software.amazon.awssdk.enhanced.dynamodb.EnhancedType;
import software.amazon.awssdk.enhanced.dynamodb.mapper.StaticImmutableTableSchema;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/** Explicit, reflection-free mapping of {@link Invitation} to and from its item: one schema, built once. */
final class InvitationItems {

    /** Kept this long past validity, then DynamoDB TTL removes the item. */
    static final Duration RETENTION = Duration.ofDays(30);
    static final String STATUS = "status";
    static final String TOKEN_HASH = "tokenHash";
    static final String VALID_UNTIL = "validUntil";
    static final String ACCEPTED_BY = "acceptedBy";
    static final String INVITER = "inviter";
    static final String INVITER_NAME = "inviterName";
    private static final String INVITED_BY = "invitedBy";
    private static final String INVITER_JOINED_AT = "inviterJoinedAt";
    static final String SERVICE_GENERATIONS = "serviceGenerations";
    static final String GROUP_LIVES = "groupLives";

    /** The invitation item's schema; the invitee's index entry ({@code byUser}) only while it is pending. */
    static final ItemSchema<Invitation> SCHEMA = new ItemSchema<>(StaticImmutableTableSchema
            .builder(Invitation.class, Builder.class)
            .newItemBuilder(Builder::new, Builder::build)
            .addAttribute(String.class, a -> a.name(TableAttributes.PARTITION_KEY)
                    .getter(i -> InvitationKeys.key(i.tenant(), i.id()).partition()).setter(Schemas.derived())
                    .tags(Schemas.partitionKey()))
            .addAttribute(String.class, a -> a.name(TableAttributes.SORT_KEY)
                    .getter(i -> InvitationKeys.key(i.tenant(), i.id()).sort()).setter(Schemas.derived())
                    .tags(Schemas.sortKey()))
            .addAttribute(String.class, a -> a.name("type").getter(i -> "invitation").setter(Schemas.derived()))
            .addAttribute(String.class, a -> a.name("tenant").getter(i -> i.tenant().value())
                    .setter((b, v) -> b.tenant = v))
            .addAttribute(String.class, a -> a.name("id").getter(i -> i.id().value()).setter((b, v) -> b.id = v))
            .addAttribute(String.class, a -> a.name("email").getter(i -> i.email().value())
                    .setter((b, v) -> b.email = v))
            .addAttribute(EnhancedType.setOf(String.class), a -> a.name("groups")
                    .getter(i -> written(i.groups(), GroupName::value)).setter((b, v) -> b.groups = v)
                    .attributeConverter(SortedStrings.AS_LIST))
            .addAttribute(EnhancedType.setOf(String.class), a -> a.name("serviceGroups")
                    .getter(i -> written(i.serviceGroups(), ServiceGroup::written))
                    .setter((b, v) -> b.serviceGroups = v).attributeConverter(SortedStrings.AS_LIST))
            .addAttribute(String.class, a -> a.name(TOKEN_HASH).getter(Invitation::tokenHash)
                    .setter((b, v) -> b.tokenHash = v))
            .addAttribute(String.class, a -> a.name(STATUS).getter(i -> i.status().name())
                    .setter((b, v) -> b.status = v))
            .addAttribute(String.class, a -> a.name("createdAt").getter(i -> i.createdAt().toString())
                    .setter((b, v) -> b.createdAt = v))
            .addAttribute(Long.class, a -> a.name(VALID_UNTIL).getter(i -> i.validUntil().getEpochSecond())
                    .setter((b, v) -> b.validUntil = v))
            .addAttribute(Long.class, a -> a.name(TableAttributes.TTL).getter(i -> expiresAt(i.validUntil()))
                    .setter(Schemas.derived()))
            .addAttribute(String.class, a -> a.name(INVITED_BY).getter(Invitation::invitedBy)
                    .setter((b, v) -> b.invitedBy = v))
            .addAttribute(String.class, a -> a.name(ACCEPTED_BY)
                    .getter(i -> i.acceptedBy().map(UserKey::digest).orElse(null))
                    .setter((b, v) -> b.acceptedBy = v))
            .addAttribute(String.class, a -> a.name(INVITER).getter(i -> i.inviter().map(UserKey::digest).orElse(null))
                    .setter((b, v) -> b.inviter = v))
            .addAttribute(String.class, a -> a.name(INVITER_NAME).getter(i -> i.inviterName().orElse(null))
                    .setter((b, v) -> b.inviterName = v))
            .addAttribute(String.class, a -> a.name(INVITER_JOINED_AT).getter(i -> i.inviterJoinedAt()
                    .map(Instant::toString).orElse(null)).setter((b, v) -> b.inviterJoinedAt = v))
            .addAttribute(EnhancedType.mapOf(String.class, String.class), a -> a.name(SERVICE_GENERATIONS)
                    .getter(InvitationItems::serviceGenerations).setter((b, v) -> b.serviceGenerations = v))
            .addAttribute(String.class, a -> a.name(TableDesign.BY_TENANT_COLLECTION.partitionKey())
                    .getter(i -> InvitationKeys.byStatus(i.tenant(), i.status())).setter(Schemas.derived()))
            .addAttribute(String.class, a -> a.name(TableDesign.BY_TENANT_COLLECTION.sortKey())
                    .getter(InvitationPositions::of).setter(Schemas.derived()))
            .addAttribute(String.class, a -> a.name(TableDesign.BY_USER.partitionKey())
                    .getter(i -> pending(i) ? EmailKey.of(i.email()).prefix().value() : null)
                    .setter(Schemas.derived()))
            .addAttribute(String.class, a -> a.name(TableDesign.BY_USER.sortKey())
                    .getter(i -> pending(i) ? InvitationKeys.byInviteeSort(i.tenant(), i.id()) : null)
                    .setter(Schemas.derived()))
            .build(), "an invitation");

    private InvitationItems() {
    }

    /** When TTL removes an invitation valid until {@code validUntil} (epoch seconds). */
    /**
     * {@code item} with the lives of the custom groups it grants as they were defined when it was sent (a group's
     * life: when it was created), so the accept can tell a group deleted and defined again since from the one sent.
     */
    static Map<String, AttributeValue> withGroupLives(Map<String, AttributeValue> item, Map<GroupName, Instant> lives) {
        if (lives.isEmpty()) {
            return item;
        }
        Map<String, AttributeValue> recorded = new HashMap<>();
        lives.forEach((group, createdAt) -> recorded.put(group.value(), AttributeValue.fromS(createdAt.toString())));
        Map<String, AttributeValue> with = new HashMap<>(item);
        with.put(GROUP_LIVES, AttributeValue.fromM(recorded));
        return Map.copyOf(with);
    }

    /** The lives {@link #withGroupLives} recorded (none for an invitation sent before they were). */
    static Map<GroupName, Instant> groupLives(Map<String, AttributeValue> item) {
        AttributeValue recorded = item.get(GROUP_LIVES);
        if (recorded == null || !recorded.hasM()) {
            return Map.of();
        }
        Map<GroupName, Instant> lives = new HashMap<>();
        recorded.m().forEach((group, createdAt) -> lives.put(new GroupName(group), Instant.parse(createdAt.s())));
        return Map.copyOf(lives);
    }

    /**
     * Adds to {@code update} the sender {@code invitation} names (its inviter's key, membership and name, and their
     * user id), as a resend records its resender.
     */
    static void sentBy(Expr.UpdateBuilder update, Invitation invitation) {
        update.set("#sbInvitedBy = :sbInvitedBy").name("#sbInvitedBy", INVITED_BY)
                .value(":sbInvitedBy", invitation.invitedBy()).name("#sbInviterName", INVITER_NAME);
        invitation.inviter().ifPresent(inviter -> update.set("#sbInviter = :sbInviter").name("#sbInviter", INVITER)
                .value(":sbInviter", inviter.digest()));
        invitation.inviterJoinedAt().ifPresent(joined -> update.set("#sbJoined = :sbJoined")
                .name("#sbJoined", INVITER_JOINED_AT).value(":sbJoined", joined.toString()));
        invitation.inviterName().ifPresentOrElse(name -> update.set("#sbInviterName = :sbInviterName")
                .value(":sbInviterName", name), () -> update.remove("#sbInviterName"));
    }

    static long expiresAt(Instant validUntil) {
        return validUntil.plus(RETENTION).getEpochSecond();
    }

    /** The values as they are stored: their written forms, a list sorted by {@link SortedStrings}. */
    private static <T> Set<String> written(Set<T> values, Function<T, String> form) {
        return values.stream().map(form).collect(Collectors.toSet());
    }

    /** The generations as stored (by service id), or none at all when the invitation records none. */
    private static Map<String, String> serviceGenerations(Invitation invitation) {
        return invitation.serviceGenerations().isEmpty() ? null : invitation.serviceGenerations().entrySet().stream()
                .collect(Collectors.toMap(e -> e.getKey().value(), Map.Entry::getValue));
    }

    private static Map<ServiceId, String> serviceGenerations(Map<String, String> stored) {
        return stored == null ? Map.of() : stored.entrySet().stream()
                .collect(Collectors.toMap(e -> new ServiceId(e.getKey()), Map.Entry::getValue));
    }

    private static ServiceGroup serviceGroup(String written) {
        return ServiceGroup.parse(written).orElseThrow(() -> new IllegalArgumentException("not a service group"));
    }

    private static boolean pending(Invitation invitation) {
        return invitation.status() == InvitationStatus.PENDING;
    }

    /** Mutable only while an item is read into an {@link Invitation}. */
    private static final class Builder {
        private String tenant;
        private String id;
        private String email;
        private Set<String> groups;
        private Set<String> serviceGroups;
        private String tokenHash;
        private String status;
        private String createdAt;
        private Long validUntil;
        private String invitedBy;
        private String acceptedBy;
        private String inviter;
        private Map<String, String> serviceGenerations;
        private String inviterName;
        private String inviterJoinedAt;

        Invitation build() {
            return new Invitation(TenantId.of(Objects.requireNonNull(tenant, "tenant")),
                    new InvitationId(Objects.requireNonNull(id, "id")), new Email(Objects.requireNonNull(email,
                    "email")),
                    Objects.requireNonNull(groups, "groups").stream().map(GroupName::new).collect(Collectors.toSet()),
                    Objects.requireNonNull(serviceGroups, "serviceGroups").stream()
                            .map(InvitationItems::serviceGroup).collect(Collectors.toSet()), tokenHash,
                    InvitationStatus.valueOf(Objects.requireNonNull(status, STATUS)),
                    Instant.parse(Objects.requireNonNull(createdAt, "createdAt")),
                    Instant.ofEpochSecond(Objects.requireNonNull(validUntil, VALID_UNTIL)),
                    Objects.requireNonNull(invitedBy, "invitedBy"), Optional.ofNullable(acceptedBy).map(UserKey::new),
                    Optional.ofNullable(inviter).map(UserKey::new), serviceGenerations(serviceGenerations),
                    Optional.ofNullable(inviterName), Optional.ofNullable(inviterJoinedAt).map(Instant::parse));
        }
    }
}
