package dev.enclave.app.domain.permission;

import dev.enclave.app.domain.event.NewEvent;
import dev.enclave.app.domain.organisation.Organisation;
import dev.enclave.identity.TenantId;

/** Where an organisation's custom groups are kept: all of them in one item, read with every access decision. */
public interface CustomGroups {

    /** The definitions as they are now (strongly consistent); {@link GroupDefinitions#NONE} when there are none. */
    GroupDefinitions of(TenantId tenant);

    /**
     * Replaces the definitions, read at {@code before}'s version, with {@code after}, with {@code event}, in one
     * transaction while the organisation is active in the life read.
     */
    Stored store(Organisation organisation, GroupDefinitions before, GroupDefinitions after, NewEvent event);

    /** Whether any member of {@code tenant} holds {@code group} (a strongly consistent read of the memberships). */
    boolean held(TenantId tenant, GroupName group);

    /** What storing came to. */
    enum Stored {
        STORED,
        /** The definitions changed since they were read: nothing was written. */
        CHANGED_MEANWHILE,
        ORGANISATION_NOT_ACTIVE
    }
}
