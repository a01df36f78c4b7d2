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

    /**
     * Deletes {@code group} from the definitions read at {@code before}'s version, with {@code event}, in one
     * transaction while the organisation is active in the life read, and only while no member holds it: none did
     * when the memberships were read (strongly consistent), and none was given it since ({@link Stored#HELD}).
     */
    Stored deleteUnheld(Organisation organisation, GroupDefinitions before, GroupName group, NewEvent event);

    /** What storing came to. */
    enum Stored {
        STORED,
        /** The definitions changed since they were read: nothing was written. */
        CHANGED_MEANWHILE,
        ORGANISATION_NOT_ACTIVE,
        /** A member holds the group being deleted, or was given it while it was: nothing was written. */
        HELD
    }
}
