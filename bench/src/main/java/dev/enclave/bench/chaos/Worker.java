package dev.enclave.bench.chaos;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Random;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;

/**
 * Drives its own organisations, one request at a time, through the writes the issues name (create, invite and
 * accept, invite only, remove, transfer, rename, services, API keys, service-group grants, delete), noting what each
 * answer acknowledged. Two steps are more than one request: a member's removal sent while several grants to the same
 * member are in flight, and a deletion, after which the worker creates the same id again as soon as the deletion has
 * finished and checks at once that the new incarnation shows nothing of the old one. When the server is down (no
 * answer) it pauses briefly and goes on; an unanswered write becomes {@link Fact#UNKNOWN}.
 */
final class Worker implements Runnable {

    static final int RACING_GRANTS = 6;
    private static final int DRIVEN_AT_ONCE = 3;
    private static final long DOWN_PAUSE_MILLIS = 250;
    private static final long RECREATE_PAUSE_NANOS = TimeUnit.MILLISECONDS.toNanos(300);
    private static final Client.Reply NO_ANSWER = new Client.Reply(0, "", null);

    private final int index;
    private final Client client;
    private final OrganisationReadsOverHttp reads;
    private final Random random;
    private final long deadlineNanos;
    private final Workload workload;
    private final Subscriber subscriber;
    private final List<TrackedOrganisation> organisations = new ArrayList<>();
    private final Deque<TrackedOrganisation> recreating = new ArrayDeque<>();
    private final Map<String, String> tokens = new ConcurrentHashMap<>();
    private final List<String> findings = new ArrayList<>();
    private final ExecutorService racing = Executors.newFixedThreadPool(RACING_GRANTS + 1, work -> {
        Thread thread = new Thread(work, "chaos-race");
        thread.setDaemon(true);
        return thread;
    });
    private long nextRecreation;
    private int created;

    Worker(int index, Client client, long seed, long deadlineNanos, Workload workload, Subscriber subscriber) {
        this.index = index;
        this.client = client;
        this.reads = new OrganisationReadsOverHttp(client);
        this.random = new Random(seed);
        this.deadlineNanos = deadlineNanos;
        this.workload = workload;
        this.subscriber = subscriber;
    }

    /** Every incarnation it drove or tried to create, in order. */
    List<TrackedOrganisation> organisations() {
        return organisations;
    }

    Map<String, String> tokens() {
        return Map.copyOf(tokens);
    }

    /** What the checks made during the run found (a re-created id showing its predecessor, access after removal). */
    List<String> findings() {
        return findings;
    }

    Optional<String> token(String user) {
        if (!tokens.containsKey(user)) {
            try {
                tokens.put(user, client.mint(user));
            } catch (RuntimeException serverDown) {
                return Optional.empty();
            }
        }
        return Optional.of(tokens.get(user));
    }

    @Override
    public void run() {
        try {
            while (System.nanoTime() < deadlineNanos) {
                List<TrackedOrganisation> drivable = organisations.stream().filter(TrackedOrganisation::drivable)
                        .toList();
                Client.Reply reply;
                if (!recreating.isEmpty() && System.nanoTime() >= nextRecreation) {
                    reply = recreate();
                } else if (drivable.size() + recreating.size() < DRIVEN_AT_ONCE) {
                    reply = create(new TrackedOrganisation("chaos-" + index + "-" + created++, 1));
                } else if (drivable.isEmpty()) {
                    reply = NO_ANSWER;
                } else {
                    reply = step(drivable.get(random.nextInt(drivable.size())));
                }
                if (reply.status() == 0) {
                    pause();
                }
            }
        } finally {
            racing.shutdownNow();
        }
    }

    private Client.Reply step(TrackedOrganisation organisation) {
        int dice = random.nextInt(100);
        if (dice < 24) {
            return inviteAndAccept(organisation);
        }
        if (dice < 29) {
            return invite(organisation, organisation.newMember());
        }
        if (dice < 37) {
            return remove(organisation);
        }
        if (dice < 42) {
            return transfer(organisation);
        }
        if (dice < 58) {
            return rename(organisation);
        }
        if (dice < 63) {
            return read(organisation);
        }
        if (dice < 69) {
            return createService(organisation);
        }
        if (dice < 73) {
            return createApiKey(organisation);
        }
        if (dice < 82) {
            return grant(organisation);
        }
        if (dice < 91) {
            return removeWhileGranting(organisation);
        }
        return delete(organisation);
    }

    /**
     * Creates the organisation (with an idempotency key, retried until answered) and adds its webhook endpoint; a
     * create refused because the id's previous incarnation is still being deleted did not happen
     * ({@link Fact#ABSENT}) and is left for later.
     */
    private Client.Reply create(TrackedOrganisation organisation) {
        if (!organisation.attempted) {
            organisation.attempted = true;
            organisations.add(organisation);
        }
        organisation.created = Fact.UNKNOWN;
        Client.Reply reply = NO_ANSWER;
        for (int attempt = 0; attempt < 20 && organisation.created == Fact.UNKNOWN; attempt++) {
            Optional<String> token = token(organisation.owner);
            if (token.isEmpty()) {
                pause();
                continue;
            }
            reply = client.send("POST", "/v1/orgs", token.get(), "{\"id\":\"" + organisation.id + "\",\"name\":\""
                    + organisation.id + "\"}", Map.of("Idempotency-Key", "create-" + organisation.id + "-i"
                    + organisation.incarnation));
            if (reply.is(201)) {
                organisation.created = Fact.PRESENT;
                organisation.members.put(organisation.owner, Fact.PRESENT);
            } else if (reply.is(409) && reply.problem().equals("organisation-being-deleted")) {
                organisation.created = Fact.ABSENT;
                return reply;
            } else if (reply.is(409)) {
                findings.add(organisation.id + " (incarnation " + organisation.incarnation + "): its create, retried "
                        + "with its own key, answered 409 " + reply.problem());
                organisation.retired = true;
                return reply;
            } else if (reply.status() == 0 || reply.status() >= 500) {
                pause();
            }
        }
        if (organisation.created == Fact.PRESENT) {
            subscriber.subscribe(organisation, tokens.get(organisation.owner));
        }
        return reply;
    }

    /**
     * Creates again the id whose deletion was acknowledged, once the deletion has finished, and checks at once that
     * the new incarnation lists nothing of the old ones and gives none of their grants.
     */
    private Client.Reply recreate() {
        TrackedOrganisation next = recreating.peek();
        Client.Reply reply = create(next);
        if (reply.is(409) && reply.problem().equals("organisation-being-deleted")) {
            workload.recreationsTooEarly.incrementAndGet();
            nextRecreation = System.nanoTime() + RECREATE_PAUSE_NANOS;
            return reply;
        }
        recreating.poll();
        if (next.created == Fact.PRESENT) {
            workload.recreations.incrementAndGet();
            String token = tokens.get(next.owner);
            findings.addAll(reads.strangers(next, token, false));
            organisations.stream().filter(o -> o.id.equals(next.id) && o.incarnation < next.incarnation)
                    .forEach(earlier -> earlier.grants.forEach((user, groups) -> groups.keySet().forEach(group ->
                            reads.allowed(next.id, user, group, token).filter(Boolean::booleanValue).ifPresent(
                                    allowed -> findings.add(next.id + " (incarnation " + next.incarnation + "): "
                                            + user + " of incarnation " + earlier.incarnation + " is allowed in "
                                            + group + " right after the re-creation")))));
        }
        return reply;
    }

    private Client.Reply inviteAndAccept(TrackedOrganisation organisation) {
        String user = organisation.newMember();
        if (token(user).isEmpty()) {
            return NO_ANSWER;
        }
        Client.Reply invited = invite(organisation, user);
        if (!invited.is(201)) {
            return invited;
        }
        Client.Reply accepted = client.send("POST", "/v1/invitations/accept", tokens.get(user),
                "{\"token\":\"" + invited.json().get("token").asText() + "\"}", Map.of());
        organisation.members.put(user, accepted.is(200) ? Fact.PRESENT : Fact.UNKNOWN);
        return accepted;
    }

    /** Invites {@code user}; left pending unless the caller accepts it. */
    private Client.Reply invite(TrackedOrganisation organisation, String user) {
        return client.send("POST", "/v1/orgs/" + organisation.id + "/invitations", tokens.get(organisation.owner),
                "{\"email\":\"" + user + "@chaos.example\"}", Map.of());
    }

    private Client.Reply remove(TrackedOrganisation organisation) {
        List<String> present = organisation.removableMembers();
        if (present.isEmpty()) {
            return inviteAndAccept(organisation);
        }
        String user = present.get(random.nextInt(present.size()));
        Client.Reply reply = client.send("DELETE", "/v1/orgs/" + organisation.id + "/members/" + user,
                tokens.get(organisation.owner), null, Map.of());
        organisation.members.put(user, reply.is(204) ? Fact.ABSENT : Fact.UNKNOWN);
        return reply;
    }

    /**
     * The owner hands ownership to a member, as permissions.md says to when their endpoint and keys must go on:
     * first giving themselves {@code admin}, so the webhook endpoint they keep is still theirs to keep.
     */
    private Client.Reply transfer(TrackedOrganisation organisation) {
        List<String> present = organisation.presentMembers();
        if (present.isEmpty()) {
            return inviteAndAccept(organisation);
        }
        String user = present.get(random.nextInt(present.size()));
        Client.Reply keepsAdmin = client.send("PUT", "/v1/orgs/" + organisation.id + "/members/"
                + organisation.owner + "/groups/admin", tokens.get(organisation.owner), null, Map.of());
        if (!keepsAdmin.is(200)) {
            return keepsAdmin;
        }
        Client.Reply reply = client.send("POST", "/v1/orgs/" + organisation.id + "/transfer-ownership",
                tokens.get(organisation.owner), "{\"userId\":\"" + user + "\"}", Map.of());
        if (reply.is(200) || reply.is(204)) {
            organisation.owner = user;
        } else if (!reply.is(409)) {
            organisation.retired = true;
        }
        return reply;
    }

    private Client.Reply rename(TrackedOrganisation organisation) {
        Client.Reply read = read(organisation);
        if (!read.is(200)) {
            return read;
        }
        String name = organisation.id + " v" + ++organisation.nextName;
        Client.Reply reply = client.send("PATCH", "/v1/orgs/" + organisation.id, tokens.get(organisation.owner),
                "{\"name\":\"" + name + "\"}", Map.of("If-Match", read.etag()));
        if (reply.is(200)) {
            organisation.renamed(name);
        } else if (!reply.is(412)) {
            organisation.acceptableNames.add(name);
        }
        return reply;
    }

    private Client.Reply read(TrackedOrganisation organisation) {
        return client.get("/v1/orgs/" + organisation.id, tokens.get(organisation.owner));
    }

    private Client.Reply createService(TrackedOrganisation organisation) {
        String service = organisation.newService();
        Client.Reply reply = client.send("POST", "/v1/orgs/" + organisation.id + "/services",
                tokens.get(organisation.owner), "{\"id\":\"" + service + "\",\"name\":\"" + service + "\"}",
                Map.of());
        if (reply.is(201)) {
            organisation.services.put(service, Fact.PRESENT);
        }
        return reply;
    }

    private Client.Reply createApiKey(TrackedOrganisation organisation) {
        String name = organisation.newApiKey();
        Client.Reply reply = client.send("POST", "/v1/orgs/" + organisation.id + "/api-keys",
                tokens.get(organisation.owner), "{\"name\":\"" + name + "\",\"access\":\"read\"}", Map.of());
        if (reply.is(201)) {
            organisation.apiKeys.put(name, Fact.PRESENT);
        }
        return reply;
    }

    private Client.Reply grant(TrackedOrganisation organisation) {
        List<String> present = organisation.presentMembers();
        Optional<String> service = organisation.aService();
        if (present.isEmpty() || service.isEmpty()) {
            return present.isEmpty() ? inviteAndAccept(organisation) : createService(organisation);
        }
        String user = present.get(random.nextInt(present.size()));
        String group = service.get() + "/g" + random.nextInt(RACING_GRANTS);
        organisation.granting(user, group);
        Client.Reply reply = sendGrant(organisation, user, group);
        if (reply.is(204)) {
            organisation.granted(user, group);
        }
        return reply;
    }

    /**
     * Removes a member while {@value #RACING_GRANTS} grants of service groups to the same member are in flight, all
     * sent at once. An acknowledged removal must leave the member no access in any of them: checked at once, and
     * again at the end.
     */
    private Client.Reply removeWhileGranting(TrackedOrganisation organisation) {
        List<String> present = organisation.removableMembers();
        Optional<String> service = organisation.aService();
        if (present.isEmpty() || service.isEmpty()) {
            return present.isEmpty() ? inviteAndAccept(organisation) : createService(organisation);
        }
        String user = present.get(random.nextInt(present.size()));
        String owner = tokens.get(organisation.owner);
        List<String> groups = new ArrayList<>();
        for (int g = 0; g < RACING_GRANTS; g++) {
            groups.add(service.get() + "/g" + g);
            organisation.granting(user, groups.get(g));
        }
        workload.races.incrementAndGet();
        int removalAt = random.nextInt(RACING_GRANTS + 1);
        List<Future<Client.Reply>> grants = new ArrayList<>();
        Future<Client.Reply> removal = null;
        for (int i = 0; i <= RACING_GRANTS; i++) {
            if (i == removalAt) {
                removal = racing.submit(() -> client.send("DELETE", "/v1/orgs/" + organisation.id + "/members/"
                        + user, owner, null, Map.of()));
            }
            if (i < RACING_GRANTS) {
                String group = groups.get(i);
                grants.add(racing.submit(() -> sendGrant(organisation, user, group)));
            }
        }
        Client.Reply removed = answer(removal);
        for (int g = 0; g < RACING_GRANTS; g++) {
            Client.Reply granted = answer(grants.get(g));
            if (granted.is(204)) {
                organisation.granted(user, groups.get(g));
                workload.racedGrantsAcknowledged.incrementAndGet();
            } else if (granted.is(404)) {
                workload.racedGrantsRefused.incrementAndGet();
            }
        }
        organisation.members.put(user, removed.is(204) ? Fact.ABSENT : Fact.UNKNOWN);
        if (removed.is(204)) {
            workload.racedRemovalsAcknowledged.incrementAndGet();
            groups.forEach(group -> reads.allowed(organisation.id, user, group, owner).filter(Boolean::booleanValue)
                    .ifPresent(allowed -> findings.add(organisation.id + ": " + user + " removed (204) while being "
                            + "granted, yet allowed in " + group + " right after")));
        }
        return removed;
    }

    private Client.Reply sendGrant(TrackedOrganisation organisation, String user, String serviceGroup) {
        String[] parts = serviceGroup.split("/");
        return client.send("PUT", "/v1/orgs/" + organisation.id + "/services/" + parts[0] + "/groups/" + parts[1]
                + "/members/" + user, tokens.get(organisation.owner), null, Map.of());
    }

    /** Deletes it; once acknowledged (202), its id is to be created again as soon as the deletion has finished. */
    private Client.Reply delete(TrackedOrganisation organisation) {
        Client.Reply reply = client.send("DELETE", "/v1/orgs/" + organisation.id, tokens.get(organisation.owner),
                null, Map.of());
        organisation.deleted = reply.is(202) ? Fact.PRESENT : Fact.UNKNOWN;
        if (reply.is(202)) {
            recreating.add(organisation.successor());
            nextRecreation = System.nanoTime();
        }
        return reply;
    }

    private static Client.Reply answer(Future<Client.Reply> reply) {
        try {
            return reply.get();
        } catch (InterruptedException interrupted) {
            Thread.currentThread().interrupt();
            return NO_ANSWER;
        } catch (ExecutionException failed) {
            throw new IllegalStateException(failed.getCause());
        }
    }

    private static void pause() {
        try {
            Thread.sleep(DOWN_PAUSE_MILLIS);
        } catch (InterruptedException interrupted) {
            Thread.currentThread().interrupt();
        }
    }
}
