package dev.enclave.app.infra.consistency;

import dev.enclave.app.domain.apikey.ApiKey;
import dev.enclave.app.infra.consistency.Entity.ApiKeyEntity;
import dev.enclave.app.infra.store.apikey.ApiKeyReads;
import dev.enclave.identity.TenantId;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Function;
import java.util.stream.Collectors;

/**
 * A tenant's API keys against their lookup entries: every key has one, with its secret's hash, and every entry has
 * its key (an entry left behind is harmless, as a key works only while its item is there, but named). An entry still
 * unconfirmed is owed to the background pass, which removes it if its key never came or went: it is named only once
 * its due is more than {@link ApiKeyReads#SETTLED_WITHIN} past.
 */
final class LookupRules {

    private LookupRules() {
    }

    static List<Violation> check(TenantId tenant, List<ApiKeyEntity> keys, List<TableItem> lookups, Instant now) {
        List<Violation> violations = new ArrayList<>();
        Map<String, TableItem> byId = new java.util.HashMap<>();
        for (TableItem lookup : lookups) {
            Optional<ApiKey> entry = mapped(lookup);
            if (entry.isEmpty() || !entry.get().tenant().equals(tenant)) {
                violations.add(Violation.of(ViolationKind.MALFORMED_ITEM, tenant, lookup,
                        "API key lookup entry that its mapping refuses, or of another tenant"));
            } else {
                byId.put(entry.get().id().value(), lookup);
            }
        }
        Map<String, ApiKeyEntity> held = keys.stream()
                .collect(Collectors.toMap(key -> key.key().id().value(), Function.identity()));
        held.forEach((id, key) -> {
            Optional<ApiKey> entry = Optional.ofNullable(byId.get(id)).flatMap(LookupRules::mapped);
            if (entry.isEmpty() || !entry.get().secretHash().equals(key.key().secretHash())) {
                violations.add(Violation.of(ViolationKind.KEY_LOOKUP_MISSING, tenant, key.item(),
                        "API key without a lookup entry of its own (it cannot be used)"));
            }
        });
        byId.forEach((id, lookup) -> {
            if (!held.containsKey(id) && !beingSettled(lookup, now)) {
                violations.add(Violation.of(ViolationKind.KEY_LOOKUP_WITHOUT_KEY, tenant, lookup,
                        "API key lookup entry whose key is not in the organisation's partition"));
            }
        });
        return violations;
    }

    /** Whether {@code lookup} is unconfirmed and the background pass may still be settling it at {@code now}. */
    static boolean beingSettled(TableItem lookup, Instant now) {
        return ApiKeyReads.unconfirmedUntil(lookup.attributes())
                .filter(due -> due.plus(ApiKeyReads.SETTLED_WITHIN).isAfter(now)).isPresent();
    }

    private static Optional<ApiKey> mapped(TableItem lookup) {
        try {
            return Optional.of(ApiKeyReads.API_KEY.read(lookup.attributes()));
        } catch (RuntimeException refused) {
            return Optional.empty();
        }
    }
}
