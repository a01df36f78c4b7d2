package dev.enclave.app.infra.consistency;

import dev.enclave.app.infra.consistency.Entity.ApiKeyEntity;
import dev.enclave.app.infra.consistency.Entity.AssignmentEntity;
import dev.enclave.app.infra.consistency.Entity.IdempotencyEntity;
import dev.enclave.app.infra.consistency.Entity.InvitationEntity;
import dev.enclave.app.infra.consistency.Entity.InviteeEntity;
import dev.enclave.app.infra.consistency.Entity.JobEntity;
import dev.enclave.app.infra.consistency.Entity.MemberEmailEntity;
import dev.enclave.app.infra.consistency.Entity.MembershipEntity;
import dev.enclave.app.infra.consistency.Entity.OrganisationEntity;
import dev.enclave.app.infra.consistency.Entity.ServiceEntity;
import dev.enclave.app.infra.idempotency.IdempotencyItems;
import dev.enclave.app.infra.store.apikey.ApiKeyItems;
import dev.enclave.app.infra.store.apikey.ApiKeyKeys;
import dev.enclave.app.infra.store.invitation.InvitationItems;
import dev.enclave.app.infra.store.invitation.InvitationKeys;
import dev.enclave.app.infra.store.member.MembershipItems;
import dev.enclave.app.infra.store.member.MembershipKeys;
import dev.enclave.app.infra.store.organisation.JobItems;
import dev.enclave.app.infra.store.organisation.OrganisationItems;
import dev.enclave.app.infra.store.organisation.OrganisationKeys;
import dev.enclave.app.infra.store.service.AssignmentItems;
import dev.enclave.app.infra.store.service.ServiceItems;
import dev.enclave.app.infra.store.service.ServiceKeys;
import dev.enclave.identity.TenantId;
import java.util.Arrays;
import java.util.Objects;
import java.util.Optional;
import java.util.function.BiFunction;

/** Every kind of item Enclave writes in a tenant's control partition: its sort key, and its entity's mapper. */
enum EntityKind {
    ORGANISATION("organisation", OrganisationKeys.SORT_KEY, true, (tenant, item) ->
            new OrganisationEntity(item, OrganisationItems.fromItem(item.attributes()))),
    MEMBERSHIP("membership", MembershipKeys.SORT_KEY_PREFIX, false, (tenant, item) ->
            new MembershipEntity(item, MembershipItems.fromItem(item.attributes()),
                    MembershipItems.organisationName(item.attributes()))),
    MEMBER_EMAIL("member email record", MembershipKeys.EMAIL_GUARD_PREFIX, false, (tenant, item) ->
            new MemberEmailEntity(item, tenant, MembershipItems.emailGuardMember(item.attributes()))),
    INVITATION("invitation", InvitationKeys.SORT_KEY_PREFIX, false, (tenant, item) ->
            new InvitationEntity(item, InvitationItems.fromItem(item.attributes()))),
    INVITEE("invitee guard", InvitationKeys.INVITEE_PREFIX, false, (tenant, item) ->
            new InviteeEntity(item, tenant, InvitationItems.guardedInvitation(item.attributes()))),
    SERVICE("service", ServiceKeys.SERVICE_PREFIX, false, (tenant, item) ->
            new ServiceEntity(item, tenant, ServiceItems.fromItem(item.attributes()))),
    ASSIGNMENT("service-group assignment", ServiceKeys.ASSIGNMENT_PREFIX, false, (tenant, item) ->
            new AssignmentEntity(item, tenant, AssignmentItems.fromItem(item.attributes()))),
    API_KEY("API key", ApiKeyKeys.SORT_KEY_PREFIX, false, (tenant, item) ->
            new ApiKeyEntity(item, ApiKeyItems.fromItem(item.attributes()))),
    JOB("background job", JobItems.SORT_KEY_PREFIX, false, (tenant, item) ->
            new JobEntity(item, JobItems.fromItem(item.attributes()))),
    IDEMPOTENCY("idempotency record", IdempotencyItems.SORT_KEY_PREFIX, false, (tenant, item) -> {
        IdempotencyItems.requireWellFormed(item.attributes());
        return new IdempotencyEntity(item, tenant);
    });

    private final String label;
    private final String sortKey;
    private final boolean exact;
    private final BiFunction<TenantId, TableItem, Entity> mapper;

    EntityKind(String label, String sortKey, boolean exact, BiFunction<TenantId, TableItem, Entity> mapper) {
        this.label = label;
        this.sortKey = sortKey;
        this.exact = exact;
        this.mapper = mapper;
    }

    /** The kind whose sort key (or sort-key prefix) the item's sort key has, if any. */
    static Optional<EntityKind> of(String sortKey) {
        return Arrays.stream(values()).filter(kind -> kind.exact ? kind.sortKey.equals(sortKey)
                : sortKey.startsWith(kind.sortKey) && sortKey.length() > kind.sortKey.length()).findFirst();
    }

    String label() {
        return label;
    }

    /** The item as its entity, or a {@link RuntimeException} when the mapper refuses it. */
    Entity map(TenantId tenant, TableItem item) {
        return Objects.requireNonNull(mapper.apply(tenant, item), "mapped to nothing");
    }
}
