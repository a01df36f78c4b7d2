package dev.enclave.app.infra.consistency;

import dev.enclave.app.infra.consistency.Entity.ApiKeyEntity;
import dev.enclave.app.infra.consistency.Entity.AssignmentEntity;
import dev.enclave.app.infra.consistency.Entity.EventEntity;
import dev.enclave.app.infra.consistency.Entity.EventHeadEntity;
import dev.enclave.app.infra.consistency.Entity.IdempotencyEntity;
import dev.enclave.app.infra.consistency.Entity.InvitationEntity;
import dev.enclave.app.infra.consistency.Entity.InviteeEntity;
import dev.enclave.app.infra.consistency.Entity.JobEntity;
import dev.enclave.app.infra.consistency.Entity.MemberEmailEntity;
import dev.enclave.app.infra.consistency.Entity.MembershipEntity;
import dev.enclave.app.infra.consistency.Entity.OrganisationEntity;
import dev.enclave.app.infra.consistency.Entity.ServiceEntity;
import dev.enclave.app.infra.idempotency.IdempotencyReads;
import dev.enclave.app.infra.store.StoredKind;
import dev.enclave.app.infra.store.apikey.ApiKeyReads;
import dev.enclave.app.infra.store.event.EventReads;
import dev.enclave.app.infra.store.founding.FoundingReads;
import dev.enclave.app.infra.store.invitation.InvitationReads;
import dev.enclave.app.infra.store.member.MembershipReads;
import dev.enclave.app.infra.store.organisation.OrganisationReads;
import dev.enclave.app.infra.store.service.ServiceReads;
import dev.enclave.app.infra.store.webhook.WebhookReads;
import dev.enclave.identity.TenantId;
import java.util.Arrays;
import java.util.Map;
import java.util.Optional;
import java.util.function.BiFunction;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * Every kind of item Enclave writes in a tenant's control partition, as its owner's store reads it back
 * ({@link StoredKind}): which sort keys are its, what an item says, and the item Enclave writes for that.
 */
enum EntityKind {
    ORGANISATION("organisation", new Reading<>(OrganisationReads.ORGANISATION, OrganisationEntity::new)),
    MEMBERSHIP("membership", new Reading<>(MembershipReads.MEMBERSHIP, MembershipEntity::new)),
    MEMBER_EMAIL("member email record", new Reading<>(MembershipReads.EMAIL_RECORD, MemberEmailEntity::new)),
    INVITATION("invitation", new Reading<>(InvitationReads.INVITATION, InvitationEntity::new)),
    INVITEE("invitee guard", new Reading<>(InvitationReads.INVITEE, InviteeEntity::new)),
    SERVICE("service", new Reading<>(ServiceReads.SERVICE, ServiceEntity::new)),
    ASSIGNMENT("service-group assignment", new Reading<>(ServiceReads.ASSIGNMENT, AssignmentEntity::new)),
    API_KEY("API key", new Reading<>(ApiKeyReads.API_KEY, ApiKeyEntity::new)),
    GROUP_DEFINITIONS("custom group definitions", new Reading<>(MembershipReads.GROUP_DEFINITIONS,
            Entity.GroupDefinitionsEntity::new)),
    JOB("background job", new Reading<>(OrganisationReads.JOB, JobEntity::new)),
    IDEMPOTENCY("idempotency record", new Reading<>(IdempotencyReads.RECORD, IdempotencyEntity::new)),
    EVENT("event", new Reading<>(EventReads.EVENT, EventEntity::new)),
    EVENT_HEAD("event log head", new Reading<>(EventReads.HEAD, EventHeadEntity::new)),
    EVENT_KEY("app event idempotency key", new Reading<>(EventReads.RECORDED_KEY, IdempotencyEntity::new)),
    FOUNDING_KEY("founding request", new Reading<>(FoundingReads.FOUNDING_KEY, IdempotencyEntity::new)),
    WEBHOOK_ENDPOINT("webhook endpoint", new Reading<>(WebhookReads.ENDPOINT, Entity.WebhookEndpointEntity::new)),
    WEBHOOK_DELIVERY("webhook delivery", new Reading<>(WebhookReads.DELIVERY, Entity.DeliveryEntity::new)),
    WEBHOOK_CURSOR("webhook hand-out cursor", new Reading<>(WebhookReads.CURSOR, Entity.DeliveryCursorEntity::new));

    private final String label;
    private final Reading<?> reading;

    EntityKind(String label, Reading<?> reading) {
        this.label = label;
        this.reading = reading;
    }

    /** The kind whose sort key (or sort-key prefix) the item's sort key has, if any. */
    static Optional<EntityKind> of(String sortKey) {
        return Arrays.stream(values()).filter(kind -> kind.reading.kind().holds(sortKey)).findFirst();
    }

    String label() {
        return label;
    }

    /** The item as its entity, with the item Enclave writes for it; a {@link RuntimeException} when refused. */
    Recognised recognise(TenantId tenant, TableItem item) {
        return reading.recognise(tenant, item);
    }

    /** An item's entity, and the item Enclave writes for it: its keys and index entries are the ones to compare. */
    record Recognised(Entity entity, Map<String, AttributeValue> written) {
    }

    /** How an item of the kind becomes its entity. */
    private record Reading<T>(StoredKind<T> kind, BiFunction<TableItem, T, Entity> entity) {

        Recognised recognise(TenantId tenant, TableItem item) {
            T value = kind.read(item.attributes());
            return new Recognised(entity.apply(item, value), kind.written(tenant, value));
        }
    }
}
