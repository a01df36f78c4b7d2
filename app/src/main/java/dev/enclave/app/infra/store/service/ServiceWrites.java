package dev.enclave.app.infra.store.service;

import dev.enclave.app.domain.outcome.ExpectedVersion;
import dev.enclave.app.domain.service.ServiceGroup;
import dev.enclave.app.domain.service.ServiceId;
import dev.enclave.app.infra.store.Expr;
import dev.enclave.app.infra.store.Write;
import dev.enclave.identity.TenantId;
import dev.enclave.identity.UserKey;
import java.util.Optional;
import java.util.Set;

/**
 * What the services' store contributes to another aggregate's transaction that grants service groups: an
 * invitation checks the services it grants groups of, and its accept assigns the new member to them.
 */
public final class ServiceWrites {

    private ServiceWrites() {
    }

    /**
     * A check that {@code service} exists, of {@code generation} when one is given (an invitation stored before
     * generations were recorded gives none, and is checked by id alone).
     */
    public static Write exists(TenantId tenant, ServiceId service, Optional<String> generation) {
        return new Write.Check(ServiceKeys.service(tenant, service), ServiceItems.ofGeneration(generation));
    }

    /**
     * The write, for a transaction that makes {@code count} assignments to {@code service}'s groups, that counts
     * them on the service (which must exist, of {@code generation} when one is given), so a deletion of the service
     * racing them reads again.
     */
    public static Write assignmentsMade(TenantId tenant, ServiceId service, long count, Optional<String> generation) {
        return new Write.Update(ServiceKeys.service(tenant, service), ServiceItems.assigned(count),
                Optional.of(ServiceItems.ofGeneration(generation)));
    }

    /**
     * {@link #assignmentsMade}, on a service whose groups were judged as read: at the version read too, so what its
     * groups carry is as the accept judged it.
     */
    public static Write assignmentsMade(TenantId tenant, ServiceId service, long count, Optional<String> generation,
                                        long version) {
        return new Write.Update(ServiceKeys.service(tenant, service), ServiceItems.assigned(count), Optional.of(
                ServiceItems.ofGeneration(generation).and(Expr.atVersion(ExpectedVersion.oneOf(Set.of(version)),
                        ServiceItems.VERSION))));
    }

    /** A check that {@code user} is in the service group {@code group}. */
    public static Write assigned(TenantId tenant, ServiceGroup group, UserKey user) {
        return new Write.Check(ServiceKeys.assignment(tenant, group, user), Expr.exists());
    }

    /** {@code user}'s place in the service group {@code group}, put only where none is. */
    public static Write.Put assignment(TenantId tenant, ServiceGroup group, UserKey user, String userId) {
        return new Write.Put(AssignmentItems.item(tenant, group, user, userId), Optional.of(Expr.absent()));
    }

    /**
     * The name an assignment to {@code group} is recorded under on its membership, so the membership's removal
     * takes it along ({@link dev.enclave.app.infra.store.member.MemberDependents}).
     */
    public static String recordedAs(ServiceGroup group) {
        return group.written();
    }
}
