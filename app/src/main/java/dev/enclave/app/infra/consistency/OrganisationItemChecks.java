package dev.enclave.app.infra.consistency;

import dev.enclave.app.domain.organisation.Organisation;
import dev.enclave.app.domain.organisation.OrganisationStatus;
import dev.enclave.app.infra.consistency.Entity.ApiKeyEntity;
import dev.enclave.app.infra.consistency.Entity.MembershipEntity;
import dev.enclave.app.infra.consistency.Entity.OrganisationEntity;
import dev.enclave.app.infra.store.organisation.OrganisationReads.StoredOrganisation;
import java.util.ArrayList;
import java.util.List;
import java.util.OptionalLong;

/** The organisation item against what its partition holds: its life, its counters, its members' copies of its name. */
final class OrganisationItemChecks {

    private OrganisationItemChecks() {
    }

    static List<Violation> check(TenantItems partition, OrganisationEntity entity) {
        List<Violation> violations = new ArrayList<>();
        Organisation organisation = entity.organisation();
        TableItem item = entity.item();
        if (organisation.status() == OrganisationStatus.DELETING) {
            violations.add(Violation.of(ViolationKind.ORGANISATION_DELETING, partition.tenant(), item,
                    "organisation still DELETING: its deletion stopped before removing it"));
        }
        StoredOrganisation stored = entity.stored();
        organisation.pending().ifPresent(owed -> violations.add(Violation.of(ViolationKind.UNFINISHED_WORK,
                partition.tenant(), item, "owes " + owed.name() + " recorded at version "
                        + stored.owedFor().stream().mapToObj(Long::toString).findFirst().orElse("(none)"))));
        List<MembershipEntity> memberships = partition.all(MembershipEntity.class);
        long owners = memberships.stream().filter(m -> m.membership().isOwner()).count();
        Counter counter = new Counter(partition, item, violations);
        counter.expect(ViolationKind.MEMBER_COUNT, "members", OptionalLong.of(organisation.members()),
                memberships.size());
        counter.expect(ViolationKind.OWNER_COUNT, "owners", stored.owners(), owners);
        counter.expect(ViolationKind.API_KEY_COUNT, "apiKeys", OptionalLong.of(stored.apiKeys().orElse(0)),
                partition.all(ApiKeyEntity.class).size());
        counter.expect(ViolationKind.WEBHOOK_ENDPOINT_COUNT, "webhooks",
                OptionalLong.of(stored.webhooks().orElse(0)), partition.all(Entity.WebhookEndpointEntity.class).size());
        if (!memberships.isEmpty() && owners == 0) {
            violations.add(Violation.of(ViolationKind.NO_OWNER, partition.tenant(), item,
                    memberships.size() + " members and no owner"));
        }
        memberships.stream().filter(m -> !m.nameCopy().name().equals(organisation.name()))
                .forEach(m -> violations.add(Violation.of(ViolationKind.STALE_NAME_COPY, partition.tenant(), m.item(),
                        "membership's copy of the organisation name (read at version " + m.nameCopy().version()
                                + ") is not the name (version " + organisation.version() + ")")));
        return violations;
    }

    /** A counter on the organisation item, against what the partition holds. */
    private record Counter(TenantItems partition, TableItem item, List<Violation> violations) {

        void expect(ViolationKind kind, String counter, OptionalLong stored, long actual) {
            if (stored.isEmpty() || stored.getAsLong() != actual) {
                violations.add(Violation.of(kind, partition.tenant(), item, counter + " is "
                        + (stored.isPresent() ? Long.toString(stored.getAsLong()) : "absent")
                        + ", the partition holds " + actual));
            }
        }
    }
}
