package dev.enclave.app.domain.access;

import dev.enclave.app.domain.member.ActingMember;
import dev.enclave.app.domain.member.Membership;
import dev.enclave.app.domain.organisation.Organisation;
import dev.enclave.app.domain.outcome.Reason;
import dev.enclave.app.domain.outcome.Refusal;
import dev.enclave.app.domain.permission.GroupDefinitions;
import dev.enclave.app.domain.permission.Holding;
import dev.enclave.app.domain.service.HoldingInServices;
import dev.enclave.identity.TenantId;

/** Whether the caller may act in an organisation. */
public sealed interface AccessDecision permits AccessDecision.Granted, AccessDecision.Refused {

    /**
     * The caller is a member with the required permission; the request runs as {@code tenant}. The organisation and
     * its group definitions as read for the decision come along, so reading them again costs nothing.
     */
    record Granted(TenantId tenant, Membership membership, Organisation organisation, GroupDefinitions definitions)
            implements AccessDecision {

        /** What the caller holds. */
        public Holding holding() {
            return new Holding(membership.groups(), definitions);
        }

        /** What the caller holds within services: the organisation's permissions and their service groups'. */
        public HoldingInServices inServices() {
            return acting().inServices();
        }

        /** The caller as the member acting in a workflow. */
        public ActingMember acting() {
            return new ActingMember(membership, definitions);
        }
    }

    /** Why not: a tenant claim for another tenant (403), not a member (404, the organisation is not revealed), or a
     * member without the permission (403). */
    record Refused(Refusal refusal) implements AccessDecision {

        public Refused(Reason reason, String detail) {
            this(new Refusal(reason, detail));
        }

        public Reason reason() {
            return refusal.reason();
        }
    }
}
