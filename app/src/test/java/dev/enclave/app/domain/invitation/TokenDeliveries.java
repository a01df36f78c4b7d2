package dev.enclave.app.domain.invitation;

import dev.enclave.app.domain.organisation.Organisation;
import dev.enclave.identity.TenantId;

/** Every organisation hands its invitations' tokens to the sender, and none may choose otherwise. */
final class TokenDeliveries implements InvitationDeliveries {

    @Override
    public InvitationDelivery of(TenantId tenant) {
        return InvitationDelivery.TOKEN;
    }

    @Override
    public boolean choose(Organisation organisation, InvitationDelivery delivery) {
        return false;
    }
}
