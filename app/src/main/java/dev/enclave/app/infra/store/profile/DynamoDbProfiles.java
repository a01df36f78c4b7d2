package dev.enclave.app.infra.store.profile;

import dev.enclave.app.domain.profile.Profiles;
import dev.enclave.app.domain.profile.UserProfile;
import dev.enclave.app.infra.store.CheckedItems;
import dev.enclave.app.infra.store.DueLeases;
import dev.enclave.app.infra.store.Expr;
import dev.enclave.app.infra.store.ItemKind;
import dev.enclave.app.infra.store.ReadScope;
import dev.enclave.app.infra.store.ScopedTable;
import dev.enclave.app.infra.store.Store;
import dev.enclave.identity.UserKey;
import dev.enclave.table.TableDesign;
import dev.enclave.tenancy.guard.GuardScope;
import dev.enclave.tenancy.scoped.TenantDynamoDb;
import io.micronaut.context.annotation.Requires;
import jakarta.inject.Singleton;
import java.time.Instant;
import java.util.List;

/**
 * {@link Profiles} in each user's own partition, read and written on credentials scoped to it alone
 * ({@link GuardScope#ownRecord}); the due-profiles index read on the owed-work index's read-only scope.
 */
@Singleton
@Requires(beans = TenantDynamoDb.class)
record DynamoDbProfiles(Store store, CheckedItems checked) implements Profiles {

    @Override
    public UserProfile find(UserKey user) {
        return checked.one(ItemKind.PROFILE, ReadScope.at(ProfileItems.key(user)), own(user)
                .get(ProfileItems.key(user)), ProfileItems::fromItem).orElseGet(() -> UserProfile.none(user));
    }

    @Override
    public boolean save(UserProfile next, Instant copiesDue) {
        return own(next.user()).put(ProfileItems.toItem(next, copiesDue), ProfileItems.atVersion(next.version() - 1));
    }

    @Override
    public List<UserKey> owed(Instant now, int limit) {
        var found = DueLeases.due(store, TableDesign.DUE_PROFILES, now, limit);
        return checked.all(ItemKind.DUE_PROFILE, ReadScope.dueProfiles(), found.items(), ProfileItems::owner);
    }

    @Override
    public void copied(UserProfile copied) {
        own(copied.user()).update(ProfileItems.key(copied.user()), ProfileItems.copiesDone(),
                ProfileItems.atVersion(copied.version()));
    }

    @Override
    public void owedLater(UserProfile read, Instant at) {
        Expr unchanged = read.version() == 0 ? ProfileItems.stillOwed()
                : ProfileItems.stillOwed().and(ProfileItems.atVersion(read.version()));
        own(read.user()).update(ProfileItems.key(read.user()), ProfileItems.dueAt(read.user(), at), unchanged);
    }

    private ScopedTable own(UserKey user) {
        return store.forScope(GuardScope.ownRecord(user.prefix()));
    }
}
