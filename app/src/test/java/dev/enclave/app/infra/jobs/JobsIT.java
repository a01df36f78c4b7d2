package dev.enclave.app.infra.jobs;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import dev.enclave.app.domain.organisation.Job;
import dev.enclave.app.domain.organisation.Organisation;
import dev.enclave.app.domain.organisation.Organisations;
import dev.enclave.app.domain.outcome.ExpectedVersion;
import dev.enclave.app.infra.store.ItemKey;
import dev.enclave.app.infra.store.jobs.DeletionSweep;
import dev.enclave.app.infra.store.jobs.FinalDeliveries;
import dev.enclave.app.infra.store.jobs.Jobs;
import dev.enclave.app.infra.store.jobs.NameCopies;
import dev.enclave.app.infra.store.jobs.OutsideEntries;
import dev.enclave.app.infra.store.jobs.ServiceSweep;
import dev.enclave.app.infra.store.organisation.OrganisationConditions;
import dev.enclave.app.support.Api;
import dev.enclave.app.support.BigOrganisations;
import dev.enclave.app.support.LocalStackTest;
import dev.enclave.identity.Incarnation;
import dev.enclave.identity.TenantId;
import dev.enclave.sandbox.MutableClock;
import dev.enclave.sandbox.gateway.GatewayFaults;
import dev.enclave.table.TableDesign;
import io.micrometer.core.instrument.MeterRegistry;
import io.micronaut.test.extensions.junit5.annotation.MicronautTest;
import jakarta.inject.Inject;
import java.net.http.HttpRequest;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * Renames and deletions of organisations of thousands of members: they answer at once and their jobs finish in
 * the background; a job nobody runs is found on the due-work index; a job is run by one worker at a time and taken
 * over from its checkpoint when its worker is gone; a big job lets its turn go to one that waits; faults slow a job
 * without failing it. The scheduled poll is held off (an hour) so each test polls when it means to; the lease and a
 * job's turn are a second, so takeovers and turns happen within a test.
 */
@MicronautTest(environments = "local")
class JobsIT extends LocalStackTest {

    private static final Duration PATIENCE = Duration.ofSeconds(60);

    @Inject
    RunningJobs runner;

    @Inject
    Organisations organisations;

    @Inject
    Jobs jobs;

    @Inject
    NameCopies copies;

    @Inject
    OutsideEntries outside;

    @Inject
    ServiceSweep serviceSweep;

    @Inject
    MeterRegistry meters;

    @Override
    protected Map<String, String> settings() {
        return Map.of("enclave.jobs.first-poll", "1h", "enclave.jobs.poll-interval", "1h",
                "enclave.jobs.lease", "1s", "enclave.jobs.write-units-per-second", "4000", "enclave.jobs.turn", "1s",
                "enclave.tenancy.dynamodb-max-attempts", "2");
    }

    @Test
    void aRenameOfThousands_answersWithTheJobRunning_andTheJobReachesEveryMember() {
        String owner = journeys().organisation("big-rename");
        BigOrganisations.addMembers(platform, tableName, "big-rename", "m", 2000);

        Api.Reply renamed = rename("big-rename", owner, "Renamed Ltd");

        assertThat(renamed.status()).as(renamed.body()).isEqualTo(200);
        assertThat(renamed.json().get("name").asText()).isEqualTo("Renamed Ltd");
        assertThat(renamed.json().get("jobs").get(0).get("kind").asText()).isEqualTo("rename");
        assertThat(renamed.json().get("jobs").get(0).get("processed").asLong()).isLessThan(2001);
        await().atMost(PATIENCE).until(() -> api().get("/v1/orgs/big-rename", owner).json().get("jobs").isEmpty());
        assertThat(nameCopies("big-rename")).containsOnly("Renamed Ltd").hasSize(2001);
        indexesCaughtUp();
        assertThat(owing()).doesNotContain("TENANT#big-rename#");
    }

    @Test
    void aDeletionOfThousands_answersGoneAtOnce_andTheJobRemovesEveryItem_theOrganisationLast() {
        String owner = journeys().organisation("big-delete");
        BigOrganisations.addMembers(platform, tableName, "big-delete", "m", 2000);

        Api.Reply deleted = api().send(api().request("/v1/orgs/big-delete", owner).DELETE());

        assertThat(deleted.status()).as(deleted.body()).isEqualTo(202);
        assertThat(api().get("/v1/orgs/big-delete", owner).status()).isEqualTo(404);
        Api.Reply asPlatform = api().get("/v1/admin/tenants/big-delete", tokens().mint(
                "{\"sub\":\"root\",\"email\":\"root@platform.example\",\"roles\":[\"platform-admin\"]}"));
        assertThat(asPlatform.json().get("status").asText()).isEqualTo("deleting");
        assertThat(asPlatform.json().at("/jobs/0/kind").asText()).isEqualTo("delete");
        Api.Reply early = api().post("/v1/orgs", "{\"id\":\"big-delete\",\"name\":\"Again\"}", owner);
        assertThat(early.status()).isIn(201, 409);
        if (early.status() == 409) {
            assertThat(early.json().get("type").asText()).endsWith("organisation-being-deleted");
            await().atMost(PATIENCE).until(() -> partition("big-delete").isEmpty());
            assertThat(api().post("/v1/orgs", "{\"id\":\"big-delete\",\"name\":\"Again\"}", owner).status())
                    .as("the id is free again").isEqualTo(201);
        }
        assertThat(api().get("/v1/orgs/big-delete/members", owner).json().get("items")).hasSize(1);
    }

    @Test
    void aJobRecordedByAnInstanceThatStoppedBeforeRunningIt_isFoundOnTheIndex_andRunByAPoll() {
        journeys().organisation("orphan-rename");
        journeys().join("orphan-rename", journeys().member("owner-orphan-rename"), "bob-orphan");
        Organisation read = organisations.find(TenantId.of("orphan-rename")).orElseThrow();
        assertThat(organisations.rename(read, "Found Later", ExpectedVersion.anyExisting(), Instant.now()))
                .isInstanceOf(Organisations.Renamed.class);
        indexesCaughtUp();
        assertThat(owing()).contains("TENANT#orphan-rename#");

        assertThat(runner.poll()).isEqualTo(1);

        await().atMost(PATIENCE).until(() -> nameCopies("orphan-rename").equals(List.of("Found Later",
                "Found Later")));
        await().atMost(PATIENCE).until(() -> !owing().contains("TENANT#orphan-rename#"));
    }

    @Test
    void anOrganisationsEntryLeftOnTheIndexByADebtFromBeforeJobs_settledSince_leavesTheIndexAtThePoll() {
        journeys().organisation("stale-debt");
        platform.updateItem(b -> b.tableName(tableName)
                .key(OrganisationConditions.key(TenantId.of("stale-debt")).asMap())
                .updateExpression("SET #pk = :work, #sk = :since")
                .expressionAttributeNames(Map.of("#pk", TableDesign.BY_OWED_WORK.partitionKey(),
                        "#sk", TableDesign.BY_OWED_WORK.sortKey()))
                .expressionAttributeValues(Map.of(":work", AttributeValue.fromS(TableDesign.OWED_WORK),
                        ":since", AttributeValue.fromS("2020-01-01T00:00:00.000Z"))));
        indexesCaughtUp();
        assertThat(owing()).contains("TENANT#stale-debt#");

        runner.poll();

        indexesCaughtUp();
        assertThat(owing()).doesNotContain("TENANT#stale-debt#");
        assertThat(api().get("/v1/orgs/stale-debt", journeys().member("owner-stale-debt")).status()).isEqualTo(200);
    }

    @Test
    void aWorkerThatDiesMidJob_isTakenOverAfterItsLease_andNoFinishedPageIsWalkedAgain() {
        journeys().organisation("takeover");
        BigOrganisations.addMembers(platform, tableName, "takeover", "m", 600);
        TenantId tenant = TenantId.of("takeover");
        Organisation read = organisations.find(tenant).orElseThrow();
        organisations.rename(read, "Taken Over", ExpectedVersion.anyExisting(), Instant.now());
        Job held = jobs.take(tenant, Job.Kind.RENAME, "dead-worker", Instant.now(), Duration.ofSeconds(1))
                .orElseThrow();
        JobSteps steps = new JobSteps(jobs, organisations, new JobSteps.Sweeps((DeletionSweep) organisations,
                serviceSweep), copies, outside, (watched, life, since) -> Optional.empty(), Duration.ofSeconds(60),
                java.time.Clock.systemUTC());
        JobSteps.Walk walk = steps.start(held);
        for (int page = 0; page < 3; page++) {
            walk = ((JobSteps.Advanced) steps.next(walk, "dead-worker", Instant.now().plusSeconds(1))).walk();
        }
        double before = itemsWritten();

        await().atMost(PATIENCE).pollInterval(Duration.ofMillis(200)).until(() -> runner.poll() == 1);

        await().atMost(PATIENCE).until(() -> !owing().contains("TENANT#takeover#"));
        assertThat(itemsWritten() - before).as("only the pages the dead worker did not write")
                .isEqualTo(601 - 3 * RunningJobs.PAGE);
        assertThat(nameCopies("takeover")).containsOnly("Taken Over").hasSize(601);
        assertThat(steps.next(walk, "dead-worker", Instant.now().plusSeconds(1)))
                .as("the dead worker, back, writes nothing more").isInstanceOf(JobSteps.Lost.class);
    }

    /**
     * An instance that died holding the delivery of a deletion's own event holds it for a whole delivery lease; a
     * deletion taken over from it (at least a job lease after its record, past the 15 s wait) waits for that
     * delivery's lease to end and for another instance to try it, not removing the endpoints first. It still waits
     * only so long: a delivery nobody tries does not hold the deletion for ever.
     */
    @Test
    void aDeletionTakenOver_waitsADeliveryLeaseLongerForItsFinalDeliveries_andNoLonger() {
        journeys().organisation("final-takeover");
        TenantId tenant = TenantId.of("final-takeover");
        assertThat(organisations.markDeleting(organisations.find(tenant).orElseThrow(), Instant.now()))
                .isEqualTo(Organisations.Deletion.MARKED);
        Job held = jobs.take(tenant, Job.Kind.DELETE, "next-worker", Instant.now(), Duration.ofSeconds(1))
                .orElseThrow();
        MutableClock clock = new MutableClock();
        clock.advance(Duration.ofSeconds(40));
        JobSteps steps = new JobSteps(jobs, organisations, new JobSteps.Sweeps((DeletionSweep) organisations,
                serviceSweep), copies, outside, (watched, life, since) -> Optional.of(FinalDeliveries.Untried.WAITING),
                Duration.ofSeconds(60), clock);
        JobSteps.Walk walk = steps.start(held);

        JobSteps.Advanced waited = (JobSteps.Advanced) steps.next(walk, "next-worker", Instant.now().plusSeconds(60));

        assertThat(waited.items()).as("the final deliveries are still untried: nothing removed").isZero();
        assertThat(partition("final-takeover")).extracting(item -> item.get("SK").s())
                .anyMatch(key -> key.startsWith("MEMBER#"));
        clock.advance(Duration.ofSeconds(60));
        waited = (JobSteps.Advanced) steps.next(waited.walk(), "next-worker", Instant.now().plusSeconds(60));
        assertThat(waited.items()).as("15 s past the takeover, a delivery lease is not over yet").isZero();
        clock.advance(Duration.ofSeconds(16));
        JobSteps.Step step = steps.next(waited.walk(), "next-worker", Instant.now().plusSeconds(60));
        assertThat(((JobSteps.Advanced) step).items()).as("past the lease and the wait, the deletion goes on")
                .isPositive();
        while (step instanceof JobSteps.Advanced advanced) {
            step = steps.next(advanced.walk(), "next-worker", Instant.now().plusSeconds(60));
        }
        assertThat(step).as("finished, so no later test's poll takes it").isInstanceOf(JobSteps.Finished.class);
    }

    /**
     * Another instance took the delivery of the deletion's own event and died: it holds it for its lease (60 s),
     * past the 15 s the deletion's own instance waits. The deletion waits while an untried delivery is held, and the
     * wait after its lease, so that another instance can try it; then it goes on.
     */
    @Test
    void aDeletionWhoseFinalDeliveryADeadInstanceHolds_waitsForItsLeaseAndTheWait_thenGoesOn() {
        journeys().organisation("final-held");
        TenantId tenant = TenantId.of("final-held");
        MutableClock clock = new MutableClock();
        Instant heldUntil = clock.instant().plusSeconds(60);
        assertThat(organisations.markDeleting(organisations.find(tenant).orElseThrow(), clock.instant()))
                .isEqualTo(Organisations.Deletion.MARKED);
        Job held = jobs.take(tenant, Job.Kind.DELETE, "own-worker", Instant.now(), Duration.ofSeconds(1))
                .orElseThrow();
        JobSteps steps = new JobSteps(jobs, organisations, new JobSteps.Sweeps((DeletionSweep) organisations,
                serviceSweep), copies, outside, (watched, life, since) -> Optional.of(
                        new FinalDeliveries.Untried(Optional.of(heldUntil))), Duration.ofSeconds(60), clock);
        JobSteps.Walk walk = steps.start(held);
        clock.advance(Duration.ofSeconds(20));

        JobSteps.Advanced waited = (JobSteps.Advanced) steps.next(walk, "own-worker", Instant.now().plusSeconds(60));

        assertThat(waited.items()).as("past its 15 s, but the delivery is held").isZero();
        clock.advance(Duration.ofSeconds(54));
        waited = (JobSteps.Advanced) steps.next(waited.walk(), "own-worker", Instant.now().plusSeconds(60));
        assertThat(waited.items()).as("within the wait after the lease").isZero();
        clock.advance(Duration.ofSeconds(2));
        JobSteps.Step step = steps.next(waited.walk(), "own-worker", Instant.now().plusSeconds(60));
        assertThat(((JobSteps.Advanced) step).items()).as("the lease and the wait over, it goes on").isPositive();
        while (step instanceof JobSteps.Advanced advanced) {
            step = steps.next(advanced.walk(), "own-worker", Instant.now().plusSeconds(60));
        }
        assertThat(step).isInstanceOf(JobSteps.Finished.class);
    }

    /**
     * Both of the instance's workers run big renames (each transaction held up 250 ms); a small organisation's rename
     * recorded meanwhile waits on the index. Without turns it would wait for a big one to finish and the next poll
     * (an hour here): a big job that ran its turn (1 s here) lets its worker go to it.
     */
    @Test
    void aBigJobThatRanItsTurn_letsAJobThatWaitsRun_andIsTakenAgainFromItsCheckpoint() {
        List<String> big = List.of("turns-a", "turns-b");
        Map<String, String> owners = new java.util.HashMap<>();
        for (String org : big) {
            owners.put(org, journeys().organisation(org));
            BigOrganisations.addMembers(platform, tableName, org, "m", 2000);
            faults.inject(new GatewayFaults.Rule(Optional.of("TransactWriteItems"), Optional.of(org),
                    GatewayFaults.Kind.LATENCY, Duration.ofMillis(250), 1000));
        }
        for (String org : big) {
            assertThat(rename(org, owners.get(org), "Big Renamed").status()).isEqualTo(200);
        }
        String owner = journeys().organisation("turns-small");
        journeys().join("turns-small", owner, "bob-turns");

        assertThat(rename("turns-small", owner, "Small Renamed").status()).isEqualTo(200);

        await().atMost(PATIENCE).until(() -> nameCopies("turns-small").equals(List.of("Small Renamed",
                "Small Renamed")));
        assertThat(big).as("the big renames are not done yet").allSatisfy(org -> assertThat(jobs.find(
                TenantId.of(org), Job.Kind.RENAME)).isPresent());
        await().atMost(PATIENCE).pollInterval(Duration.ofMillis(500)).until(() -> {
            runner.poll();
            return big.stream().allMatch(org -> jobs.find(TenantId.of(org), Job.Kind.RENAME).isEmpty());
        });
        faults.clear();
        assertThat(big).allSatisfy(org -> assertThat(nameCopies(org)).containsOnly("Big Renamed").hasSize(2001));
    }

    @Test
    void aRenameOfAnOrganisationBeingDeleted_isFinishedWhenTaken_soItComesDueNoMore() {
        String owner = journeys().organisation("rename-then-delete");
        TenantId tenant = TenantId.of("rename-then-delete");
        organisations.rename(organisations.find(tenant).orElseThrow(), "Doomed", ExpectedVersion.anyExisting(),
                Instant.now());
        Job held = jobs.take(tenant, Job.Kind.RENAME, "stalled-worker", Instant.now(), Duration.ofSeconds(1))
                .orElseThrow();
        assertThat(api().send(api().request("/v1/orgs/rename-then-delete", owner).DELETE()).status()).isEqualTo(202);

        Optional<Job> again = jobs.take(tenant, Job.Kind.RENAME, "next-worker", Instant.now().plusSeconds(2),
                Duration.ofSeconds(1));

        assertThat(again).as("superseded by the deletion, not run").isEmpty();
        assertThat(jobs.find(tenant, Job.Kind.RENAME)).as("finished, off the due index").isEmpty();
        assertThat(jobs.take(tenant, Job.Kind.RENAME, "later-worker", Instant.now().plusSeconds(4),
                Duration.ofSeconds(1))).isEmpty();
        assertThat(held.kind()).isEqualTo(Job.Kind.RENAME);
    }

    /**
     * A deletion's page forgets its keys' lookup entries before its fenced transaction: a worker of a deleted life
     * that stalled past its lease while the organisation was created again reads the new life's keys, and must not
     * remove their lookups (the new key would answer 401 for good).
     */
    @Test
    void aDeletionPageOfAFormerLife_forgetsNoLookupOfTheNextLifesKeys() {
        String owner = journeys().organisation("relife");
        Api.Reply created = api().post("/v1/orgs/relife/api-keys", "{\"name\":\"ci\",\"access\":\"read\"}",
                owner);
        String secret = created.json().get("secret").asText();
        TenantId tenant = TenantId.of("relife");
        List<ItemKey> page = List.of(ItemKey.inTenant(tenant, "APIKEY#" + created.json().get("id").asText()));
        Incarnation now = organisations.find(tenant).orElseThrow().incarnation();

        outside.forget(tenant, Incarnation.createdAt(Instant.EPOCH), page);
        assertThat(credentials(secret)).as("a former life's page").isEqualTo(200);
        outside.forget(tenant, now, page);
        assertThat(credentials(secret)).as("its own life's page").isEqualTo(401);
    }

    private int credentials(String secret) {
        return api().send(api().request("/v1/backend/credentials", null).GET().header("Authorization", secret))
                .status();
    }

    @Test
    void throttling_slowsAJobWithoutFailingIt() {
        String owner = journeys().organisation("throttled");
        BigOrganisations.addMembers(platform, tableName, "throttled", "m", 300);
        faults.inject(new GatewayFaults.Rule(Optional.of("Query"), Optional.of("throttled"),
                GatewayFaults.Kind.PROVISIONED_THROUGHPUT_EXCEEDED, Duration.ZERO, 6));

        Api.Reply deleted = api().send(api().request("/v1/orgs/throttled", owner).DELETE());

        assertThat(deleted.status()).isEqualTo(202);
        await().atMost(PATIENCE).until(() -> partition("throttled").isEmpty());
        assertThat(faults.met()).isPositive();
    }

    private double itemsWritten() {
        var counter = meters.find("enclave.jobs.items").tag("kind", "rename").counter();
        return counter == null ? 0 : counter.count();
    }

    private Api.Reply rename(String org, String owner, String name) {
        String etag = api().get("/v1/orgs/" + org, owner).header("ETag");
        return api().send(api().request("/v1/orgs/" + org, owner).header("If-Match", etag)
                .header("Content-Type", "application/json")
                .method("PATCH", HttpRequest.BodyPublishers.ofString("{\"name\":\"" + name + "\"}")));
    }

    private List<String> nameCopies(String org) {
        return partition(org).stream().filter(item -> item.get("SK").s().startsWith("MEMBER#"))
                .map(item -> item.get("orgName").s()).toList();
    }

    private List<String> owing() {
        return platform.query(b -> b.tableName(tableName).indexName(TableDesign.BY_OWED_WORK.indexName())
                        .keyConditionExpression("GSI3PK = :work")
                        .expressionAttributeValues(Map.of(":work", AttributeValue.fromS(TableDesign.OWED_WORK))))
                .items().stream().map(item -> item.get("PK").s()).toList();
    }

    private List<Map<String, AttributeValue>> partition(String org) {
        return platform.queryPaginator(b -> b.tableName(tableName).keyConditionExpression("PK = :pk")
                .consistentRead(true).expressionAttributeValues(Map.of(":pk", AttributeValue.fromS("TENANT#" + org
                        + "#")))).items().stream().toList();
    }
}
