package dev.enclave.app.infra.store.member;

import dev.enclave.app.domain.member.Members;
import dev.enclave.app.domain.member.Membership;
import dev.enclave.app.domain.organisation.OrganisationName;
import dev.enclave.app.domain.outcome.ExpectedVersion;
import dev.enclave.app.domain.permission.GroupName;
import dev.enclave.app.domain.profile.Profile;
import dev.enclave.app.domain.profile.ProfileCopy;
import dev.enclave.app.domain.profile.ProfileField;
import dev.enclave.app.domain.service.ServiceGroup;
import dev.enclave.app.infra.store.Expr;
import dev.enclave.app.infra.store.ItemAttributes;
import dev.enclave.app.infra.store.ItemSchema;
import dev.enclave.app.infra.store.Schemas;
import dev.enclave.app.infra.store.SortedStrings;
import dev.enclave.app.infra.store.TableAttributes;
import dev.enclave.identity.Email;
import dev.enclave.identity.TenantId;
import dev.enclave.identity.UserKey;
import dev.enclave.table.TableDesign;
import java.time.Instant;
import java.util.EnumMap;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import java.util.stream.Collectors;
import software.amazon.awssdk.enhanced.dynamodb.EnhancedType;
import software.amazon.awssdk.enhanced.dynamodb.mapper.StaticImmutableTableSchema;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * Explicit, reflection-free mapping of {@link Membership} (with its copy of the organisation's name) to and from its
 * item: one schema, built once.
 */
final class MembershipItems {

    static final String GROUPS = "groups";
    static final String JOINED_AT = "joinedAt";
    static final String ORGANISATION_NAME = "orgName";
    static final String ORGANISATION_NAME_VERSION = "orgNameVersion";
    static final String VERSION = "version";
    /** The version of the user's profile the membership's copy is of. */
    static final String PROFILE_VERSION = "profileVersion";
    private static final String PROFILE_PREFIX = "profile";
    /** What exists only for the member ({@link MemberDependents}): a string set of the owners' names for them. */
    static final String DEPENDENTS = "dependents";
    private static final String EMAIL = "email";
    /** How a membership without an address stores it. */
    private static final String NO_EMAIL = "";

    /** The membership item's schema, over the membership and its copy of the organisation's name. */
    static final ItemSchema<Members.UserMembership> SCHEMA = new ItemSchema<>(withProfileCopy(StaticImmutableTableSchema
            .builder(Members.UserMembership.class, Builder.class)
            .newItemBuilder(Builder::new, Builder::build)
            .addAttribute(String.class, a -> a.name(TableAttributes.PARTITION_KEY)
                    .getter(m -> key(m).partition()).setter(Schemas.derived()).tags(Schemas.partitionKey()))
            .addAttribute(String.class, a -> a.name(TableAttributes.SORT_KEY).getter(m -> key(m).sort())
                    .setter((b, v) -> b.user = MembershipKeys.user(v)).tags(Schemas.sortKey()))
            .addAttribute(String.class, a -> a.name(TableDesign.BY_USER.partitionKey())
                    .getter(m -> MembershipKeys.userIndexPartition(m.membership().user())).setter(Schemas.derived()))
            .addAttribute(String.class, a -> a.name(TableDesign.BY_USER.sortKey())
                    .getter(m -> MembershipKeys.userIndexSort(m.membership().tenant())).setter(Schemas.derived()))
            .addAttribute(String.class, a -> a.name("type").getter(m -> "membership").setter(Schemas.derived()))
            .addAttribute(String.class, a -> a.name("tenant").getter(m -> m.membership().tenant().value())
                    .setter((b, v) -> b.tenant = v))
            .addAttribute(String.class, a -> a.name("userId").getter(m -> m.membership().userId())
                    .setter((b, v) -> b.userId = v))
            .addAttribute(String.class, a -> a.name("issuer").getter(m -> m.membership().issuer())
                    .setter((b, v) -> b.issuer = v))
            .addAttribute(String.class, a -> a.name(EMAIL).getter(m -> storedEmail(m.membership().email()))
                    .setter((b, v) -> b.email = v))
            .addAttribute(EnhancedType.setOf(String.class), a -> a.name(GROUPS)
                    .getter(m -> stored(m.membership().groups())).setter((b, v) -> b.groups = v)
                    .attributeConverter(SortedStrings.AS_SET))
            .addAttribute(String.class, a -> a.name(JOINED_AT).getter(m -> m.membership().joinedAt().toString())
                    .setter((b, v) -> b.joinedAt = v))
            .addAttribute(Long.class, a -> a.name(VERSION).getter(m -> m.membership().version())
                    .setter((b, v) -> b.version = v))
            .addAttribute(String.class, a -> a.name(ORGANISATION_NAME).getter(m -> m.organisation().name())
                    .setter((b, v) -> b.organisationName = v))
            .addAttribute(Long.class, a -> a.name(ORGANISATION_NAME_VERSION).getter(m -> m.organisation().version())
                    .setter((b, v) -> b.organisationNameVersion = v))).build(), "a membership");

    private MembershipItems() {
    }

    /** The attribute that keeps {@code field} of the membership's copy of its user's profile. */
    static String profileAttribute(ProfileField field) {
        String wire = field.wire();
        return PROFILE_PREFIX + Character.toUpperCase(wire.charAt(0)) + wire.substring(1);
    }

    /** The copy of the user's profile, a field an attribute, each only when the copy has it. */
    private static StaticImmutableTableSchema.Builder<Members.UserMembership, Builder> withProfileCopy(
            StaticImmutableTableSchema.Builder<Members.UserMembership, Builder> schema) {
        for (ProfileField field : ProfileField.values()) {
            schema.addAttribute(String.class, a -> a.name(profileAttribute(field))
                    .getter(m -> m.membership().profile().profile().get(field).orElse(null))
                    .setter((b, v) -> b.profile.put(field, v)));
        }
        return schema.addAttribute(Long.class, a -> a.name(PROFILE_VERSION)
                .getter(m -> m.membership().profile().version() == 0 ? null : m.membership().profile().version())
                .setter((b, v) -> b.profileVersion = v));
    }

    /** The membership's item, carrying a copy of the organisation's name for the user index. */
    static Map<String, AttributeValue> toItem(Membership membership, OrganisationName organisation) {
        return SCHEMA.toItem(new Members.UserMembership(membership, organisation));
    }

    /**
     * The item of a new membership that {@code dependents} (items written in the same transaction) depend on: they
     * are recorded on it, as {@link MemberDependents#recorded} records those added later.
     */
    static Map<String, AttributeValue> toItem(Membership membership, OrganisationName organisation,
                                              Set<String> dependents) {
        Map<String, AttributeValue> item = new java.util.HashMap<>(toItem(membership, organisation));
        if (!dependents.isEmpty()) {
            item.put(DEPENDENTS, AttributeValue.fromSs(dependents.stream().sorted().toList()));
        }
        return Map.copyOf(item);
    }

    /** The dependents a membership item records (none for one written before they were recorded). */
    static Set<String> dependents(Map<String, AttributeValue> item) {
        AttributeValue recorded = item.get(DEPENDENTS);
        return recorded == null || !recorded.hasSs() ? Set.of() : Set.copyOf(recorded.ss());
    }

    static Membership fromItem(Map<String, AttributeValue> item) {
        return userMembership(item).membership();
    }

    /** The membership an item holds, in the service groups it records, with its copy of the organisation's name. */
    static Members.UserMembership userMembership(Map<String, AttributeValue> item) {
        Members.UserMembership read = SCHEMA.fromItem(item);
        return new Members.UserMembership(read.membership().inServiceGroups(dependents(item).stream()
                .map(ServiceGroup::parse).flatMap(Optional::stream).collect(Collectors.toSet())),
                read.organisation());
    }

    /** The version an item (as read, or as a refused write found it) carries. */
    static long version(Map<String, AttributeValue> item) {
        return ItemAttributes.number(item, VERSION);
    }

    /**
     * The membership holds exactly the groups and the dependents {@code item} holds (no dependents: none), whatever
     * else changed since (its profile copy, its organisation's name copy, its version with them).
     */
    static Expr sameGroupsAndDependents(Map<String, AttributeValue> item) {
        Expr groups = Expr.of("#asReadGroups = :asReadGroups").name("#asReadGroups", GROUPS)
                .value(":asReadGroups", item.get(GROUPS));
        Expr dependents = Expr.of("").name("#asReadDependents", DEPENDENTS);
        return groups.and(item.containsKey(DEPENDENTS)
                ? Expr.of("#asReadDependents = :asReadDependents").withPlaceholdersOf(dependents)
                        .value(":asReadDependents", item.get(DEPENDENTS))
                : Expr.of("attribute_not_exists(#asReadDependents)").withPlaceholdersOf(dependents));
    }

    /** Which life of the member's id the stored membership is: when it joined. */
    static String life(Map<String, AttributeValue> item) {
        return ExpectedVersion.lifeBegan(Instant.parse(ItemAttributes.string(item, JOINED_AT)));
    }

    /** The membership exists as {@code expected} names it: at that version, of that life (joinedAt). */
    static Expr asExpected(ExpectedVersion expected) {
        return Expr.atVersionOfLife(expected, VERSION, JOINED_AT, life -> ExpectedVersion.lifeBeganAt(life).map(Instant::toString));
    }

    /** The groups as they are stored: their names, a string set sorted by {@link SortedStrings}. */
    private static Set<String> stored(Set<GroupName> groups) {
        return groups.stream().map(GroupName::value).collect(Collectors.toSet());
    }

    private static String storedEmail(Optional<Email> email) {
        return email.map(Email::value).orElse(NO_EMAIL);
    }

    /**
     * The address an item stores, in canonical form; an item whose address is not one is refused like any other
     * malformed item (Enclave writes only canonical addresses).
     */
    private static Optional<Email> email(String stored) {
        return Objects.requireNonNull(stored, EMAIL).equals(NO_EMAIL) ? Optional.empty()
                : Optional.of(Email.of(stored));
    }

    private static dev.enclave.app.infra.store.ItemKey key(Members.UserMembership m) {
        return MembershipKeys.key(m.membership().tenant(), m.membership().user());
    }

    /** Mutable only while an item is read into a membership. */
    private static final class Builder {
        private UserKey user;
        private String tenant;
        private String userId;
        private String issuer;
        private String email;
        private Set<String> groups;
        private String joinedAt;
        private Long version;
        private String organisationName;
        private Long organisationNameVersion;
        private final Map<ProfileField, String> profile = new EnumMap<>(ProfileField.class);
        private Long profileVersion;

        /** A copied profile value that breaks its rule is left out: it never makes the membership unreadable. */
        Members.UserMembership build() {
            Membership membership = new Membership(TenantId.of(Objects.requireNonNull(tenant, "tenant")),
                    user, userId, issuer, email(email), Objects.requireNonNull(groups, GROUPS).stream()
                    .map(GroupName::new).collect(Collectors.toSet()),
                    Instant.parse(Objects.requireNonNull(joinedAt, "joinedAt")), Objects.requireNonNull(version,
                    VERSION), new ProfileCopy(Profile.admissible(profile), profileVersion == null ? 0 : profileVersion));
            return new Members.UserMembership(membership, organisationName == null
                    ? new OrganisationName(tenant, 0)
                    : new OrganisationName(organisationName, Objects.requireNonNull(organisationNameVersion,
                    ORGANISATION_NAME_VERSION)));
        }
    }
}
