package dev.enclave.app.infra.consistency;

import dev.enclave.app.domain.apikey.ApiKey;
import dev.enclave.app.domain.invitation.Invitation;
import dev.enclave.app.domain.invitation.InvitationId;
import dev.enclave.app.domain.member.Membership;
import dev.enclave.app.domain.organisation.Job;
import dev.enclave.app.domain.organisation.Organisation;
import dev.enclave.app.domain.organisation.OrganisationName;
import dev.enclave.app.domain.service.Service;
import dev.enclave.app.infra.store.TenantPartition;
import dev.enclave.app.infra.store.apikey.ApiKeyItems;
import dev.enclave.app.infra.store.invitation.InvitationItems;
import dev.enclave.app.infra.store.member.MembershipItems;
import dev.enclave.app.infra.store.organisation.JobItems;
import dev.enclave.app.infra.store.organisation.OrganisationItems;
import dev.enclave.app.infra.store.service.AssignmentItems;
import dev.enclave.app.infra.store.service.AssignmentItems.Assignment;
import dev.enclave.identity.TenantId;
import dev.enclave.identity.UserKey;
import java.util.Map;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * An item of a tenant's control partition, mapped by its entity's own mapper, with the item Enclave would write for
 * it ({@link #written}): its table and index keys are what the stored item's must be.
 */
sealed interface Entity {

    TableItem item();

    /** The item as Enclave writes this entity: its keys and index entries are the ones to compare. */
    Map<String, AttributeValue> written();

    record OrganisationEntity(TableItem item, Organisation organisation) implements Entity {
        @Override
        public Map<String, AttributeValue> written() {
            return OrganisationItems.toItem(organisation);
        }
    }

    record MembershipEntity(TableItem item, Membership membership, OrganisationName nameCopy) implements Entity {
        @Override
        public Map<String, AttributeValue> written() {
            return MembershipItems.toItem(membership, nameCopy);
        }
    }

    /** A member's email record; its sort key holds a digest of the email, so only the membership can vouch for it. */
    record MemberEmailEntity(TableItem item, TenantId tenant, UserKey member) implements Entity {
        @Override
        public Map<String, AttributeValue> written() {
            return ownKey(tenant, item);
        }
    }

    record InvitationEntity(TableItem item, Invitation invitation) implements Entity {
        @Override
        public Map<String, AttributeValue> written() {
            return InvitationItems.toItem(invitation);
        }
    }

    /** The guard naming the one pending invitation of an email (by digest, in its sort key). */
    record InviteeEntity(TableItem item, TenantId tenant, InvitationId invitation) implements Entity {
        @Override
        public Map<String, AttributeValue> written() {
            return ownKey(tenant, item);
        }
    }

    record ServiceEntity(TableItem item, TenantId tenant, Service service) implements Entity {
        @Override
        public Map<String, AttributeValue> written() {
            return AssignmentItems.serviceKey(tenant, service.id()).asMap();
        }
    }

    record AssignmentEntity(TableItem item, TenantId tenant, Assignment assignment) implements Entity {
        @Override
        public Map<String, AttributeValue> written() {
            return AssignmentItems.item(tenant, assignment.group(), assignment.user(), assignment.userId());
        }
    }

    record ApiKeyEntity(TableItem item, ApiKey key) implements Entity {
        @Override
        public Map<String, AttributeValue> written() {
            return ApiKeyItems.toItem(key);
        }
    }

    /** An idempotency record (24 hours, then TTL); its sort key holds digests only. */
    record IdempotencyEntity(TableItem item, TenantId tenant) implements Entity {
        @Override
        public Map<String, AttributeValue> written() {
            return ownKey(tenant, item);
        }
    }

    /** An organisation's background job (its due-work entry is the job runner's, not compared here). */
    record JobEntity(TableItem item, Job job) implements Entity {
        @Override
        public Map<String, AttributeValue> written() {
            return JobItems.toItem(job);
        }
    }

    /** The tenant's partition and the item's own sort key, no index entry: for items whose key holds a digest. */
    private static Map<String, AttributeValue> ownKey(TenantId tenant, TableItem item) {
        return TenantPartition.of(tenant).key(item.sortKey()).asMap();
    }
}
