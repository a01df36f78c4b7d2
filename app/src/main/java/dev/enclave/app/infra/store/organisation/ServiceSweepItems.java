package dev.enclave.app.infra.store.organisation;

import dev.enclave.app.domain.organisation.Job;
import dev.enclave.app.domain.organisation.Organisation;
import dev.enclave.app.infra.store.Expr;
import dev.enclave.app.infra.store.Incarnations;
import dev.enclave.app.infra.store.ItemKey;
import dev.enclave.app.infra.store.TableAttributes;
import dev.enclave.app.infra.store.Write;
import dev.enclave.identity.TenantId;
import dev.enclave.table.TableDesign;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeSet;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * The organisation's service sweep, a job ({@code SK = JOB#SERVICE_SWEEP}) whose item also holds the ids of the
 * services it still owes ({@code services}, a string set): a service deletion adds its id and makes the job due (a
 * finished job runs again), the sweep takes an id off once no assignment of it is left, and finishes only with none
 * owed. While an id is owed, no service is created under it, so no assignment of the deleted one reaches it.
 */
public final class ServiceSweepItems {

    static final String SERVICES = "services";

    private ServiceSweepItems() {
    }

    /** The key of {@code tenant}'s service sweep. */
    public static ItemKey key(TenantId tenant) {
        return JobItems.key(tenant, Job.Kind.SERVICE_SWEEP);
    }

    /** The write, with a service's deletion, that owes its assignments to the sweep and makes the sweep due. */
    public static Write owed(Organisation organisation, String service, Instant now) {
        TenantId tenant = organisation.id();
        Expr update = Expr.update().add("#services :service")
                .set("#type = :type, #tenant = :tenant, #kind = :kind, #state = :running, #owedWork = :owedWork")
                .set("#incarnation = :incarnation, #version = if_not_exists(#version, :zero)")
                .set("#pass = if_not_exists(#pass, :one), #processed = if_not_exists(#processed, :zero)")
                .set("#recordedAt = if_not_exists(#recordedAt, :now)")
                .set("#leaseUntil = if_not_exists(#leaseUntil, :nowMillis), #due = if_not_exists(#due, :dueNow)")
                .remove("#finishedAt", "#expiresAt")
                .name("#services", SERVICES).value(":service", AttributeValue.fromSs(List.of(service)))
                .name("#type", "type").value(":type", "job").name("#tenant", "tenant").value(":tenant", tenant.value())
                .name("#kind", JobItems.KIND).value(":kind", Job.Kind.SERVICE_SWEEP.name())
                .name("#state", JobItems.STATE).value(":running", JobItems.RUNNING)
                .name("#owedWork", TableDesign.BY_OWED_WORK.partitionKey()).value(":owedWork", TableDesign.OWED_WORK)
                .name("#incarnation", Incarnations.ATTRIBUTE).value(":incarnation", organisation.incarnation().value())
                .name("#version", JobItems.VERSION).number(":zero", 0).name("#pass", JobItems.PASS).number(":one", 1)
                .name("#processed", JobItems.PROCESSED).name("#recordedAt", JobItems.RECORDED_AT).value(":now", now.toString())
                .name("#leaseUntil", JobItems.LEASE_UNTIL).number(":nowMillis", now.toEpochMilli())
                .name("#due", TableDesign.BY_OWED_WORK.sortKey())
                .value(":dueNow", JobItems.dueSortKey(tenant, Job.Kind.SERVICE_SWEEP, now))
                .name("#finishedAt", JobItems.FINISHED_AT).name("#expiresAt", TableAttributes.TTL).build();
        return new Write.Update(key(tenant), update, Optional.of(Expr.of("attribute_not_exists(#incarnation) OR "
                + "#incarnation = :incarnation").name("#incarnation", Incarnations.ATTRIBUTE)
                .value(":incarnation", organisation.incarnation().value())));
    }

    /** A check that the sweep owes nothing of {@code service} (no sweep at all, too). */
    public static Write notOwed(TenantId tenant, String service) {
        return new Write.Check(key(tenant), Expr.of("attribute_not_exists(#owedServices) OR "
                + "NOT contains(#owedServices, :owedService)").name("#owedServices", SERVICES)
                .value(":owedService", service));
    }

    /** The services the sweep {@code item} still owes, in id order. */
    public static List<String> owedBy(Map<String, AttributeValue> item) {
        return Optional.ofNullable(item.get(SERVICES)).filter(AttributeValue::hasSs)
                .map(ids -> List.copyOf(new TreeSet<>(ids.ss()))).orElse(List.of());
    }

    /** The update that takes {@code service} off what the sweep owes. */
    static Expr settled(String service) {
        return Expr.update().delete("#services :service").name("#services", SERVICES)
                .value(":service", AttributeValue.fromSs(List.of(service))).build();
    }

    /** The condition that the sweep owes nothing. */
    static Expr nothingOwed() {
        return Expr.of("attribute_not_exists(#services)").name("#services", SERVICES);
    }
}
