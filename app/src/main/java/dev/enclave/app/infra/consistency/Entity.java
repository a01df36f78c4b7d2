package dev.enclave.app.infra.consistency;

import dev.enclave.app.domain.apikey.ApiKey;
import dev.enclave.app.domain.invitation.Invitation;
import dev.enclave.app.domain.member.Members.UserMembership;
import dev.enclave.app.domain.member.Membership;
import dev.enclave.app.domain.organisation.Job;
import dev.enclave.app.domain.organisation.Organisation;
import dev.enclave.app.domain.organisation.OrganisationName;
import dev.enclave.app.domain.service.Service;
import dev.enclave.app.infra.store.ItemKey;
import dev.enclave.app.infra.store.event.EventReads;
import dev.enclave.app.infra.store.invitation.InvitationReads.Invitee;
import dev.enclave.app.infra.store.member.MembershipReads.EmailRecord;
import dev.enclave.app.infra.store.organisation.OrganisationReads.StoredOrganisation;
import dev.enclave.app.infra.store.service.ServiceReads.Assignment;

/** An item of a tenant's control partition, with what its owner's store reads it to say. */
sealed interface Entity {

    TableItem item();

    record OrganisationEntity(TableItem item, StoredOrganisation stored) implements Entity {
        Organisation organisation() {
            return stored.organisation();
        }
    }

    record MembershipEntity(TableItem item, UserMembership stored) implements Entity {
        Membership membership() {
            return stored.membership();
        }

        OrganisationName nameCopy() {
            return stored.organisation();
        }
    }

    /** A member's email record; its sort key holds a digest of the email, so only the membership can vouch for it. */
    record MemberEmailEntity(TableItem item, EmailRecord record) implements Entity {
    }

    record InvitationEntity(TableItem item, Invitation invitation) implements Entity {
    }

    /** The guard naming the one pending invitation of an email (by digest, in its sort key). */
    record InviteeEntity(TableItem item, Invitee guard) implements Entity {
    }

    record ServiceEntity(TableItem item, Service service) implements Entity {
    }

    record AssignmentEntity(TableItem item, Assignment assignment) implements Entity {
    }

    record ApiKeyEntity(TableItem item, ApiKey key) implements Entity {
    }

    /** A webhook endpoint. */
    record WebhookEndpointEntity(TableItem item, dev.enclave.app.domain.webhook.WebhookEndpoint endpoint)
            implements Entity {
    }

    /** A webhook delivery (30 days, then TTL). */
    record DeliveryEntity(TableItem item, dev.enclave.app.domain.webhook.Delivery delivery) implements Entity {
    }

    /** The organisation's custom group definitions. */
    record GroupDefinitionsEntity(TableItem item, dev.enclave.app.domain.permission.GroupDefinitions definitions)
            implements Entity {
    }

    /** The webhooks' hand-out cursor. */
    record DeliveryCursorEntity(TableItem item, Long place) implements Entity {
    }

    /** An idempotency record (24 hours, then TTL); its sort key holds digests only. */
    record IdempotencyEntity(TableItem item, ItemKey key) implements Entity {
    }

    /** An event of the organisation's log. */
    record EventEntity(TableItem item, EventReads.StoredEvent stored) implements Entity {
    }

    /** The head of the organisation's log: the last place taken. */
    record EventHeadEntity(TableItem item, Long last) implements Entity {
    }

    /** An organisation's background job (its due-work entry is the job runner's, not compared here). */
    record JobEntity(TableItem item, Job job) implements Entity {
    }
}
