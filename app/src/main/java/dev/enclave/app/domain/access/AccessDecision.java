package dev.enclave.app.domain.access;

import dev.enclave.app.domain.member.Membership;
import dev.enclave.app.domain.organisation.Organisation;
import dev.enclave.app.domain.outcome.Reason;
import dev.enclave.app.domain.outcome.Refusal;
import dev.enclave.identity.TenantId;

/** Whether the caller may act in an organisation. */
public sealed interface AccessDecision permits AccessDecision.Granted, AccessDecision.Refused {

    /**
     * The caller is a member with the required role; the request runs as {@code tenant}. The organisation as read
     * for the decision comes along, so reading it again costs nothing.
     */
    record Granted(TenantId tenant, Membership membership, Organisation organisation) implements AccessDecision {
    }

    /** Why not: a tenant claim for another tenant (403), not a member (404, the organisation is not revealed), or a
     * member without the role (403). */
    record Refused(Refusal refusal) implements AccessDecision {

        public Refused(Reason reason, String detail) {
            this(new Refusal(reason, detail));
        }

        public Reason reason() {
            return refusal.reason();
        }
    }
}
