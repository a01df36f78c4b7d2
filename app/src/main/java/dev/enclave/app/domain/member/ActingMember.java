package dev.enclave.app.domain.member;

import dev.enclave.app.domain.permission.GroupDefinitions;
import dev.enclave.app.domain.permission.Holding;
import dev.enclave.app.domain.service.HoldingInServices;
import dev.enclave.identity.TenantId;
import dev.enclave.identity.UserKey;
import java.util.Objects;

/** A member acting in their organisation, with the organisation's group definitions as the decision read them. */
public record ActingMember(Membership membership, GroupDefinitions definitions) {

    public ActingMember {
        Objects.requireNonNull(membership, "membership");
        Objects.requireNonNull(definitions, "definitions");
    }

    /** A member of an organisation without custom groups. */
    public static ActingMember of(Membership membership) {
        return new ActingMember(membership, GroupDefinitions.NONE);
    }

    public Holding holding() {
        return new Holding(membership.groups(), definitions);
    }

    /** What the member holds within services: the organisation's permissions and their service groups'. */
    public HoldingInServices inServices() {
        return new HoldingInServices(membership.tenant(), membership.user(), membership.joinedAt(), holding(),
                membership.serviceGroups());
    }

    public TenantId tenant() {
        return membership.tenant();
    }

    public UserKey user() {
        return membership.user();
    }
}
