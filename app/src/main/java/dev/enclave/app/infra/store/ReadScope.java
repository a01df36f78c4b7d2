package dev.enclave.app.infra.store;

import dev.enclave.app.domain.organisation.OwedWork;

import dev.enclave.identity.Incarnation;
import dev.enclave.identity.InvalidTenantIdException;
import dev.enclave.identity.LeadingKeyPrefix;
import dev.enclave.identity.TenantId;
import dev.enclave.table.TableDesign;
import dev.enclave.tenancy.guard.GuardScope;
import java.util.Map;
import java.util.Optional;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * Whose items a read may use. An index returns whatever any writer put under its key, so the item's own table key
 * decides: its {@code PK} must be exactly {@code TENANT#<id>#} of the tenant the read is for, or of the tenant the
 * item claims on the user index. A namespace inside a tenant ({@code TENANT#<id>#DATA#...}) is not the tenant.
 */
public sealed interface ReadScope {

    /** A read of one tenant's items (its partition or its {@code byTenantCollection} entries), as that tenant. */
    static ReadScope tenant(TenantId tenant) {
        return new Tenant(tenant, true, Optional.empty());
    }

    /**
     * A read of one organisation's items, as {@link #tenant}, in one of its lives: an item another incarnation
     * wrote ({@link Incarnations}) is not the organisation's.
     */
    static ReadScope organisation(TenantId tenant, Incarnation incarnation) {
        return new Tenant(tenant, true, Optional.of(incarnation));
    }

    /** A walk over one tenant's whole partition: the key alone decides, whatever the item claims. */
    static ReadScope partition(TenantId tenant) {
        return new Tenant(tenant, false, Optional.empty());
    }

    /**
     * A read of one caller's own {@code byUser} entries ({@code GSI2PK = owner}) whose sort keys are
     * {@code <sortPrefix><tenant>[#...]}: each item must sit in the partition of the tenant its sort key names, and
     * name no other in its {@code tenant} attribute.
     */
    static ReadScope ownEntries(LeadingKeyPrefix owner, String sortPrefix) {
        return new OwnEntries(owner, sortPrefix);
    }

    /**
     * A read of the owed-work index ({@code GSI3PK = WORK#owed#}): each entry must sit in exactly one tenant's
     * control partition ({@code TENANT#<id>#}); the tenant it names is whose work is owed.
     */
    static ReadScope owedWork() {
        return OwedWork.INSTANCE;
    }

    /**
     * A read of the platform admins' actions on the user index ({@code GSI2PK = PLATFORM#admin-actions#}): each entry
     * must be an event in exactly one tenant's control partition.
     */
    static ReadScope platformActions() {
        return PlatformActions.INSTANCE;
    }

    /**
     * A read of the due-deliveries index ({@code GSI3PK = WORK#owed#deliveries#}): each entry must sit in exactly one
     * tenant's control partition; the tenant it names is whose deliveries are due.
     */
    static ReadScope dueDeliveries() {
        return DueDeliveries.INSTANCE;
    }

    /**
     * A read of the due-profiles index ({@code GSI3PK = WORK#owed#profiles#}): each entry must be a user's profile
     * record, in exactly one user's own partition ({@code USER#<digest>#}); that user's copies are owed.
     */
    static ReadScope dueProfiles() {
        return DueProfiles.INSTANCE;
    }

    /**
     * A read of the unconfirmed key lookups on the owed-work index ({@code GSI3PK = WORK#owed#apikeys#}): each entry
     * must be a lookup entry ({@code APIKEY#lookup#TENANT#<id>#<key id>, KEY}) of a valid tenant id.
     */
    static ReadScope unconfirmedLookups() {
        return UnconfirmedLookups.INSTANCE;
    }

    /**
     * A read of the due invitation expiries on the owed-work index ({@code GSI3PK = WORK#owed#expiries#}): each entry
     * must be an invitee guard ({@code SK = INVITEE#...}) in exactly one tenant's control partition; that tenant's
     * invitation is due to expire.
     */
    static ReadScope dueInvitationExpiries() {
        return DueInvitationExpiries.INSTANCE;
    }

    /** A read of the one item at {@code key}, outside every tenant's partition: the item must be at that key. */
    static ReadScope at(ItemKey key) {
        return new At(key);
    }

    /** True when the item's keys belong to this scope. */
    boolean admits(Map<String, AttributeValue> item);

    /**
     * One tenant; with {@code claims}, an item naming another tenant in its {@code tenant} attribute is refused, and
     * with an {@code incarnation}, an item another life of the organisation wrote.
     */
    record Tenant(TenantId tenant, boolean claims, Optional<Incarnation> incarnation) implements ReadScope {

        @Override
        public boolean admits(Map<String, AttributeValue> item) {
            return inPartitionOf(item, tenant) && (!claims || claimsNoOtherTenant(item, tenant))
                    && incarnation.map(life -> Incarnations.belongsTo(item, life)).orElse(true);
        }
    }

    /** One caller's entries on the user index. */
    record OwnEntries(LeadingKeyPrefix owner, String sortPrefix) implements ReadScope {

        @Override
        public boolean admits(Map<String, AttributeValue> item) {
            return string(item, TableDesign.BY_USER.partitionKey()).filter(owner.value()::equals).isPresent()
                    && sortKeyTenant(item).filter(tenant -> inPartitionOf(item, tenant)
                            && claimsNoOtherTenant(item, tenant)).isPresent();
        }

        private Optional<TenantId> sortKeyTenant(Map<String, AttributeValue> item) {
            return string(item, TableDesign.BY_USER.sortKey()).filter(sortKey -> sortKey.startsWith(sortPrefix))
                    .map(sortKey -> sortKey.substring(sortPrefix.length()).split("#", -1)[0])
                    .flatMap(ReadScope::tenantId);
        }
    }

    /** One item, by its key. */
    record At(ItemKey key) implements ReadScope {

        @Override
        public boolean admits(Map<String, AttributeValue> item) {
            return string(item, TableDesign.ENCLAVE.partitionKey()).filter(key.partition()::equals).isPresent()
                    && string(item, TableDesign.ENCLAVE.sortKey()).filter(key.sort()::equals).isPresent();
        }
    }

    /** The platform admins' actions on the user index. */
    enum PlatformActions implements ReadScope {
        INSTANCE;

        @Override
        public boolean admits(Map<String, AttributeValue> item) {
            return string(item, TableDesign.BY_USER.partitionKey()).filter(TableDesign.PLATFORM_ACTIONS::equals)
                    .isPresent() && partitionTenant(item).isPresent()
                    && string(item, TableDesign.ENCLAVE.sortKey()).filter(sk -> sk.startsWith("EVENT#")).isPresent();
        }
    }

    /** Entries of the owed-work index. */
    enum OwedWork implements ReadScope {
        INSTANCE;

        @Override
        public boolean admits(Map<String, AttributeValue> item) {
            return string(item, TableDesign.BY_OWED_WORK.partitionKey()).filter(TableDesign.OWED_WORK::equals)
                    .isPresent() && partitionTenant(item).isPresent();
        }
    }

    /** Entries of the due-deliveries index. */
    enum DueDeliveries implements ReadScope {
        INSTANCE;

        @Override
        public boolean admits(Map<String, AttributeValue> item) {
            return string(item, TableDesign.BY_OWED_WORK.partitionKey()).filter(TableDesign.DUE_DELIVERIES::equals)
                    .isPresent() && partitionTenant(item).isPresent();
        }
    }

    /** Entries of the due-profiles index. */
    enum DueProfiles implements ReadScope {
        INSTANCE;

        private static final java.util.regex.Pattern USER_PARTITION = java.util.regex.Pattern.compile(
                "USER#[a-z2-7]{26}#");

        @Override
        public boolean admits(Map<String, AttributeValue> item) {
            return string(item, TableDesign.BY_OWED_WORK.partitionKey()).filter(TableDesign.DUE_PROFILES::equals)
                    .isPresent() && string(item, TableDesign.ENCLAVE.partitionKey())
                    .filter(pk -> USER_PARTITION.matcher(pk).matches()).isPresent();
        }
    }

    /** Entries of the due invitation expiries on the owed-work index. */
    enum DueInvitationExpiries implements ReadScope {
        INSTANCE;

        private static final String GUARD_PREFIX = "INVITEE#";

        @Override
        public boolean admits(Map<String, AttributeValue> item) {
            return string(item, TableDesign.BY_OWED_WORK.partitionKey())
                    .filter(TableDesign.DUE_INVITATION_EXPIRIES::equals).isPresent()
                    && string(item, TableDesign.ENCLAVE.sortKey()).filter(sk -> sk.startsWith(GUARD_PREFIX))
                    .isPresent() && partitionTenant(item).isPresent();
        }
    }

    /** Entries of the unconfirmed key lookups on the owed-work index. */
    enum UnconfirmedLookups implements ReadScope {
        INSTANCE;

        private static final String LOOKUP_SORT_KEY = "KEY";

        @Override
        public boolean admits(Map<String, AttributeValue> item) {
            return string(item, TableDesign.BY_OWED_WORK.partitionKey())
                    .filter(TableDesign.UNCONFIRMED_KEY_LOOKUPS::equals).isPresent()
                    && string(item, TableDesign.ENCLAVE.sortKey()).filter(LOOKUP_SORT_KEY::equals).isPresent()
                    && string(item, TableDesign.ENCLAVE.partitionKey()).filter(UnconfirmedLookups::isLookupKey)
                    .isPresent();
        }

        private static boolean isLookupKey(String partition) {
            String marker = TableDesign.API_KEY_LOOKUPS + GuardScope.TENANT_MARKER;
            if (!partition.startsWith(marker)) {
                return false;
            }
            String[] segments = partition.substring(marker.length()).split("#", -1);
            return segments.length == 2 && !segments[1].isEmpty() && tenantId(segments[0]).isPresent();
        }
    }

    /** The tenant whose control partition ({@code TENANT#<id>#} exactly) holds the item. */
    static Optional<TenantId> partitionTenant(Map<String, AttributeValue> item) {
        return string(item, TableDesign.ENCLAVE.partitionKey())
                .filter(pk -> pk.startsWith(GuardScope.TENANT_MARKER) && pk.endsWith("#"))
                .map(pk -> pk.substring(GuardScope.TENANT_MARKER.length(), pk.length() - 1))
                .flatMap(ReadScope::tenantId).filter(tenant -> inPartitionOf(item, tenant));
    }

    private static boolean inPartitionOf(Map<String, AttributeValue> item, TenantId tenant) {
        return string(item, TableDesign.ENCLAVE.partitionKey()).filter(LeadingKeyPrefix.tenant(tenant).value()::equals)
                .isPresent();
    }

    /** A {@code tenant} attribute that is not a string is left to the mapper to refuse. */
    private static boolean claimsNoOtherTenant(Map<String, AttributeValue> item, TenantId tenant) {
        return string(item, "tenant").map(tenant.value()::equals).orElse(true);
    }

    private static Optional<TenantId> tenantId(String value) {
        try {
            return Optional.of(TenantId.of(value));
        } catch (InvalidTenantIdException notATenant) {
            return Optional.empty();
        }
    }

    private static Optional<String> string(Map<String, AttributeValue> item, String name) {
        return Optional.ofNullable(item.get(name)).map(AttributeValue::s);
    }
}
