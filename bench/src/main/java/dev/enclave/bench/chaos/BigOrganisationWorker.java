package dev.enclave.bench.chaos;

import dev.enclave.bench.run.DirectMembers;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.concurrent.TimeUnit;

/**
 * A few organisations of hundreds of members, their members written straight into the table before the load (as the
 * tenant-size cell writes them: inviting each would take the run's whole length), renamed over and over during it,
 * and some deleted, each deletion sent a second before one of the run's kills, so that the background jobs of both
 * are cut off by SIGKILLs and must be finished after the restarts. A rename or deletion not answered (a fault, the
 * server down) is sent again.
 */
final class BigOrganisationWorker {

    static final int COUNT = 4;
    static final int MEMBERS = 300;
    /** The first {@value} of them are deleted, before the second and third kill. */
    static final int DELETED = 2;
    private static final long RENAME_EVERY_MILLIS = 2_000;
    private static final long DELETE_BEFORE_KILL_NANOS = TimeUnit.SECONDS.toNanos(1);
    private static final int ATTEMPTS = 10;
    /** A deletion is sent again until answered for this long: it may meet the kill it was sent before. */
    private static final long DELETE_RETRIES_NANOS = TimeUnit.SECONDS.toNanos(30);

    private final Client client;
    private final Random random;
    private final Workload workload;
    private final List<TrackedOrganisation> organisations = new ArrayList<>();
    private final Map<String, String> tokens;

    BigOrganisationWorker(Client client, long seed, Workload workload) {
        this.client = client;
        this.random = new Random(seed);
        this.workload = workload;
        Map<String, String> owners = new HashMap<>();
        for (int i = 0; i < COUNT; i++) {
            TrackedOrganisation organisation = new TrackedOrganisation("chaos-big-" + i, 1);
            organisations.add(organisation);
            owners.put(organisation.owner, client.mint(organisation.owner));
        }
        this.tokens = Map.copyOf(owners);
    }

    List<TrackedOrganisation> organisations() {
        return organisations;
    }

    Map<String, String> tokens() {
        return tokens;
    }

    /**
     * Creates each organisation, adds its webhook endpoint and writes its {@value #MEMBERS} members into the table;
     * before the load.
     */
    void seed(DirectMembers table, Subscriber subscriber) throws Exception {
        for (TrackedOrganisation organisation : organisations) {
            organisation.attempted = true;
            Client.Reply reply = client.send("POST", "/v1/orgs", tokens.get(organisation.owner), "{\"id\":\""
                    + organisation.id + "\",\"name\":\"" + organisation.id + "\"}", Map.of());
            if (!reply.is(201)) {
                throw new IllegalStateException("creating " + organisation.id + ": " + reply);
            }
            organisation.created = Fact.PRESENT;
            organisation.members.put(organisation.owner, Fact.PRESENT);
            subscriber.subscribe(organisation, tokens.get(organisation.owner));
            table.add(organisation.id, organisation.id + "-i1-m", MEMBERS);
            organisation.seededMembers = MEMBERS;
            for (int n = 0; n < MEMBERS; n++) {
                organisation.invited.add(organisation.id + "-i1-m-" + n);
            }
        }
    }

    /**
     * Renames them, one every {@value #RENAME_EVERY_MILLIS} ms, until {@code deadlineNanos}; deletes the first
     * {@value #DELETED} a second before the second and third kill (kills come every {@code killIntervalNanos} from
     * {@code startNanos}).
     */
    void drive(long startNanos, long deadlineNanos, long killIntervalNanos) {
        int deleted = 0;
        while (System.nanoTime() < deadlineNanos) {
            if (deleted < DELETED && System.nanoTime() >= startNanos + (deleted + 2) * killIntervalNanos
                    - DELETE_BEFORE_KILL_NANOS) {
                delete(organisations.get(deleted++));
            } else {
                List<TrackedOrganisation> live = organisations.stream().filter(TrackedOrganisation::drivable)
                        .toList();
                rename(live.get(random.nextInt(live.size())));
            }
            sleep(RENAME_EVERY_MILLIS);
        }
    }

    private void rename(TrackedOrganisation organisation) {
        String token = tokens.get(organisation.owner);
        String name = organisation.id + " v" + ++organisation.nextName;
        for (int attempt = 0; attempt < ATTEMPTS; attempt++) {
            Client.Reply read = client.get("/v1/orgs/" + organisation.id, token);
            if (read.is(200)) {
                Client.Reply reply = client.send("PATCH", "/v1/orgs/" + organisation.id, token,
                        "{\"name\":\"" + name + "\"}", Map.of("If-Match", read.etag()));
                if (reply.is(200)) {
                    organisation.renamed(name);
                    workload.bigRenames.incrementAndGet();
                    return;
                }
                if (!reply.is(412)) {
                    organisation.acceptableNames.add(name);
                }
            }
            sleep(250);
        }
    }

    private void delete(TrackedOrganisation organisation) {
        organisation.deleted = Fact.UNKNOWN;
        long giveUp = System.nanoTime() + DELETE_RETRIES_NANOS;
        while (System.nanoTime() < giveUp) {
            Client.Reply reply = client.send("DELETE", "/v1/orgs/" + organisation.id,
                    tokens.get(organisation.owner), null, Map.of());
            if (reply.is(202)) {
                organisation.deleted = Fact.PRESENT;
                workload.bigDeletions.incrementAndGet();
                return;
            }
            if (reply.status() != 0 && reply.status() < 500) {
                return;
            }
            sleep(250);
        }
    }

    private static void sleep(long millis) {
        try {
            Thread.sleep(millis);
        } catch (InterruptedException interrupted) {
            Thread.currentThread().interrupt();
        }
    }
}
