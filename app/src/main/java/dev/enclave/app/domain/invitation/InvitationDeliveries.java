package dev.enclave.app.domain.invitation;

import dev.enclave.app.domain.organisation.Organisation;
import dev.enclave.identity.TenantId;

/** How each organisation delivers its invitations, kept on the organisation. */
public interface InvitationDeliveries {

    /** The organisation's choice, read strongly consistently; {@link InvitationDelivery#TOKEN} until one is made. */
    InvitationDelivery of(TenantId tenant);

    /** Makes {@code delivery} the organisation's choice (with its event) if it is still the life read. */
    boolean choose(Organisation organisation, InvitationDelivery delivery);
}
