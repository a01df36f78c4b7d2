package dev.enclave.app.domain.founding;

import dev.enclave.app.domain.member.Membership;
import dev.enclave.app.domain.organisation.Organisation;
import dev.enclave.identity.TenantId;
import java.util.Optional;

/**
 * An organisation comes into being with its first owner: the organisation, the owner's membership and their address
 * record in one transaction, on the new organisation's own scoped client.
 */
public interface Founding {

    /**
     * Creates the organisation and its first owner, unless the id is taken; a retry with the same
     * {@code idempotencyToken} and the same writes is answered as the first one was. A token DynamoDB knows for
     * other writes (a retry within its ten minutes is never the same writes: the creation instant differs) is left
     * off, and the create is decided by the id alone; the founding request is recorded either way.
     */
    CreateOutcome create(Organisation organisation, Membership owner, Optional<String> idempotencyToken);

    /**
     * Whether {@code organisation}, in its life as read, was founded by the request {@code idempotencyToken} names,
     * within the day its token is kept, and with {@code name} (a retry of that request) or another body.
     */
    Founded foundedWith(Organisation organisation, String idempotencyToken, String name);

    /** Whether a create's Idempotency-Key founded the organisation of its id. */
    enum Founded {
        /** No: another request (or none with this key) founded it. */
        NOT_BY_IT,
        /** Yes, with the same body: a retry, answered as the first was. */
        BY_IT,
        /** Yes, with another body: the key reused for another request. */
        BY_IT_WITH_ANOTHER_BODY
    }

    /** What creating an organisation came to. */
    sealed interface CreateOutcome permits Created, IdTaken, BeingDeleted {
    }

    record Created(Organisation organisation) implements CreateOutcome {
    }

    /** The id is someone's already. */
    record IdTaken(TenantId id) implements CreateOutcome {
    }

    /** The id's previous organisation is still being deleted: the id is free once that finishes. */
    record BeingDeleted(TenantId id) implements CreateOutcome {
    }
}
