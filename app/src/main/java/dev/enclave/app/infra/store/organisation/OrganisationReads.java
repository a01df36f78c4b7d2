package dev.enclave.app.infra.store.organisation;

import dev.enclave.app.domain.organisation.Job;
import dev.enclave.app.domain.organisation.Organisation;
import dev.enclave.app.infra.store.ItemAttributes;
import dev.enclave.app.infra.store.ItemKind;
import dev.enclave.app.infra.store.ItemRead;
import dev.enclave.app.infra.store.StoredKind;
import dev.enclave.identity.TenantId;
import java.util.HashMap;
import java.util.Map;
import java.util.OptionalLong;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * How the organisation's items are read from outside its store: the organisation item by the reads that take it
 * with another aggregate's, and every item it keeps by the consistency checker.
 */
public final class OrganisationReads {

    /** The organisation item, with the counters only the item records. */
    public static final StoredKind<StoredOrganisation> ORGANISATION = StoredKind.at(OrganisationKeys.SORT_KEY,
            OrganisationReads::stored, (tenant, stored) -> written(stored));
    /** An organisation's background job (its due-work entry is the job runner's). */
    public static final StoredKind<Job> JOB = StoredKind.prefixed(JobItems.SORT_KEY_PREFIX, JobItems::fromItem,
            (tenant, job) -> JobItems.toItem(job));

    private OrganisationReads() {
    }

    /** The organisation item of {@code tenant}. */
    public static ItemRead<Organisation> item(TenantId tenant) {
        return new ItemRead<>(ItemKind.ORGANISATION, OrganisationKeys.key(tenant), OrganisationItems.SCHEMA::fromItem);
    }

    private static StoredOrganisation stored(Map<String, AttributeValue> item) {
        return new StoredOrganisation(OrganisationItems.SCHEMA.fromItem(item),
                ItemAttributes.wholeNumber(item, OrganisationItems.OWNERS),
                ItemAttributes.wholeNumber(item, OrganisationItems.API_KEYS),
                ItemAttributes.wholeNumber(item, OwedWorkItems.OWED_FOR),
                ItemAttributes.wholeNumber(item, OrganisationItems.WEBHOOKS));
    }

    private static Map<String, AttributeValue> written(StoredOrganisation stored) {
        Map<String, AttributeValue> item = OrganisationItems.SCHEMA.toItem(stored.organisation());
        if (stored.owners().isEmpty() && stored.apiKeys().isEmpty() && stored.owedFor().isEmpty()
                && stored.webhooks().isEmpty()) {
            return item;
        }
        Map<String, AttributeValue> counted = new HashMap<>(item);
        stored.owners().ifPresent(owners -> counted.put(OrganisationItems.OWNERS, number(owners)));
        stored.apiKeys().ifPresent(keys -> counted.put(OrganisationItems.API_KEYS, number(keys)));
        stored.owedFor().ifPresent(version -> counted.put(OwedWorkItems.OWED_FOR, number(version)));
        stored.webhooks().ifPresent(endpoints -> counted.put(OrganisationItems.WEBHOOKS, number(endpoints)));
        return Map.copyOf(counted);
    }

    private static AttributeValue number(long value) {
        return AttributeValue.fromN(Long.toString(value));
    }

    /**
     * The organisation as its item holds it, with what only the item records (none, where an attribute is absent or
     * not a whole number).
     *
     * @param owners  its count of owners
     * @param apiKeys its count of API keys
     * @param owedFor the version its unfinished job ({@link Organisation#pending()}) was recorded for
     */
    public record StoredOrganisation(Organisation organisation, OptionalLong owners, OptionalLong apiKeys,
                                     OptionalLong owedFor, OptionalLong webhooks) {

        public StoredOrganisation(Organisation organisation, OptionalLong owners, OptionalLong apiKeys,
                                  OptionalLong owedFor) {
            this(organisation, owners, apiKeys, owedFor, OptionalLong.empty());
        }
    }
}
