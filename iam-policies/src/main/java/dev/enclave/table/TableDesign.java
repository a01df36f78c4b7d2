package dev.enclave.table;

import dev.enclave.identity.Incarnation;
import dev.enclave.identity.LeadingKeyPrefix;
import dev.enclave.identity.TenantId;
import java.util.List;
import java.util.Objects;

/**
 * The single-table design: key attributes, indexes and the TTL attribute. The local bootstrap creates the table
 * from it and the infrastructure template is generated from it, so the two cannot drift.
 *
 * @param partitionKey the table partition-key attribute (a string, always {@code TENANT#<id>#...})
 * @param sortKey      the table sort-key attribute (a string)
 * @param ttlAttribute the attribute DynamoDB TTL expires items by (epoch seconds)
 * @param indexes      the global secondary indexes, all projecting every attribute
 */
public record TableDesign(String partitionKey, String sortKey, String ttlAttribute, List<IndexDesign> indexes) {

    /** Tenant-prefixed collections inside one tenant, e.g. invitations by status. */
    public static final IndexDesign BY_TENANT_COLLECTION =
            new IndexDesign("byTenantCollection", "GSI1", "GSI1PK", "GSI1SK", false, false);

    /** The caller's own entries across tenants ("my organisations", "my invitations"), keyed by user or email. */
    public static final IndexDesign BY_USER = new IndexDesign("byUser", "GSI2", "GSI2PK", "GSI2SK", true, false);

    /**
     * Work Enclave still owes after a write it could not finish in one transaction (a rename's fan-out, a
     * deletion), oldest first, across tenants: one partition, {@link #OWED_WORK}, holding only keys, so the sweeper
     * that finishes the work learns which organisation owes it and nothing else.
     */
    public static final IndexDesign BY_OWED_WORK =
            new IndexDesign("byOwedWork", "GSI3", "GSI3PK", "GSI3SK", true, true);

    /** The one partition of {@link #BY_OWED_WORK}; also the leading-key prefix of the sweeper's read-only scope. */
    public static final String OWED_WORK = "WORK#owed#";

    /**
     * The {@link #BY_OWED_WORK} partition of the webhook deliveries Enclave owes: an organisation's log with events
     * not yet handed to its endpoints, and each delivery waiting for its next attempt, by when it is due. Under
     * {@link #OWED_WORK}'s prefix, so the same read-only scope finds both.
     */
    public static final String DUE_DELIVERIES = OWED_WORK + "deliveries#";

    /**
     * The {@link #BY_OWED_WORK} partition of the users whose profile Enclave still owes to some of their memberships'
     * copies: each entry is the user's own profile item ({@code USER#<digest>#}), by when the copying is due. Under
     * {@link #OWED_WORK}'s prefix, so the same read-only scope finds it.
     */
    public static final String DUE_PROFILES = OWED_WORK + "profiles#";

    /**
     * The {@link #BY_OWED_WORK} partition of the API keys' lookup entries not yet confirmed: an entry is written
     * unconfirmed before its key's transaction (and marked so again before a revocation's), and the entry itself is
     * the index entry, by when it is due to be settled: confirmed if its key is in the organisation's partition then,
     * removed if not. Under {@link #OWED_WORK}'s prefix, so the same read-only scope finds it.
     */
    public static final String UNCONFIRMED_KEY_LOOKUPS = OWED_WORK + "apikeys#";

    /**
     * The {@link #BY_OWED_WORK} partition of the pending invitations due to expire: each entry is the invitee guard
     * of a pending invitation, in its organisation's control partition, by the invitation's {@code validUntil}; at
     * that moment the invitation is closed as expired (its event recorded) and the guard goes with it. Under
     * {@link #OWED_WORK}'s prefix, so the same read-only scope finds it.
     */
    public static final String DUE_INVITATION_EXPIRIES = OWED_WORK + "expiries#";

    /**
     * The {@link #BY_USER} partition of the platform admins' own actions on tenants (the events whose actor is a
     * platform admin, newest first by their time), read on credentials scoped to this key alone: the admins' view
     * across tenants, while each event stays in its tenant's partition.
     */
    public static final String PLATFORM_ACTIONS = "PLATFORM#admin-actions#";

    /**
     * The leading-key prefix of the API keys' lookup entries, {@code APIKEY#lookup#TENANT#<tenant>#<key id>}: a copy
     * of each key's hash outside every tenant's partition, so a presented key is checked with one read on credentials
     * of their own (read only, {@code APIKEY#lookup#*}) before any tenant's credentials are vended for it; a tenant's
     * entries are written on credentials confined to {@code APIKEY#lookup#TENANT#<tenant>#}.
     */
    public static final String API_KEY_LOOKUPS = "APIKEY#lookup#";

    /**
     * The segment that opens a tenant's own data namespace, {@code TENANT#<id>#DATA#<incarnation>#}: partitions
     * that no Enclave item uses (Enclave's control items live at exactly {@code TENANT#<id>#} and on the indexes),
     * so IAM can tell the two apart by the leading key alone.
     */
    public static final String DATA_NAMESPACE = "DATA";

    /** Enclave's table. */
    public static final TableDesign ENCLAVE =
            new TableDesign("PK", "SK", "expiresAt", List.of(BY_TENANT_COLLECTION, BY_USER, BY_OWED_WORK));

    public TableDesign {
        Objects.requireNonNull(partitionKey, "partitionKey");
        Objects.requireNonNull(sortKey, "sortKey");
        Objects.requireNonNull(ttlAttribute, "ttlAttribute");
        indexes = List.copyOf(indexes);
    }

    /**
     * The leading-key prefix of {@code tenant}'s own data in its {@code incarnation}: the only keys credentials
     * that leave Enclave can reach.
     */
    public LeadingKeyPrefix dataNamespace(TenantId tenant, Incarnation incarnation) {
        return new LeadingKeyPrefix(LeadingKeyPrefix.tenant(tenant).value() + DATA_NAMESPACE + "#"
                + incarnation.value() + "#");
    }

    /** The key attributes of every index, which credentials that leave Enclave may never write. */
    public List<String> indexKeyAttributes() {
        return indexes.stream().flatMap(index -> java.util.stream.Stream.of(index.partitionKey(), index.sortKey()))
                .toList();
    }

    /** Every string key attribute of the table and its indexes, table keys first. */
    public List<String> keyAttributes() {
        var names = new java.util.ArrayList<String>(List.of(partitionKey, sortKey));
        indexes.forEach(index -> {
            names.add(index.partitionKey());
            names.add(index.sortKey());
        });
        return List.copyOf(names);
    }
}
