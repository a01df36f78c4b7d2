package dev.enclave.bench.chaos;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Random;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Drives its own organisations, one request at a time, through the writes the issue names (create, invite and
 * accept, remove, transfer, rename, delete), noting what each answer acknowledged. When the server is down (no
 * answer) it pauses briefly and goes on; an unanswered write becomes {@link Fact#UNKNOWN}.
 */
final class Worker implements Runnable {

    private static final int DRIVEN_AT_ONCE = 3;
    private static final long DOWN_PAUSE_MILLIS = 250;

    private final int index;
    private final Client client;
    private final Random random;
    private final long deadlineNanos;
    private final List<TrackedOrganisation> organisations = new ArrayList<>();
    private final Map<String, String> tokens = new ConcurrentHashMap<>();
    private int created;

    Worker(int index, Client client, long seed, long deadlineNanos) {
        this.index = index;
        this.client = client;
        this.random = new Random(seed);
        this.deadlineNanos = deadlineNanos;
    }

    List<TrackedOrganisation> organisations() {
        return organisations;
    }

    Map<String, String> tokens() {
        return Map.copyOf(tokens);
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
        while (System.nanoTime() < deadlineNanos) {
            List<TrackedOrganisation> drivable = organisations.stream().filter(TrackedOrganisation::drivable).toList();
            Client.Reply reply = drivable.size() < DRIVEN_AT_ONCE ? create()
                    : step(drivable.get(random.nextInt(drivable.size())));
            if (reply.status() == 0) {
                pause();
            }
        }
    }

    private Client.Reply step(TrackedOrganisation organisation) {
        int dice = random.nextInt(100);
        if (dice < 35) {
            return inviteAndAccept(organisation);
        }
        if (dice < 50) {
            return remove(organisation);
        }
        if (dice < 58) {
            return transfer(organisation);
        }
        if (dice < 85) {
            return rename(organisation);
        }
        if (dice < 93) {
            return read(organisation);
        }
        return delete(organisation);
    }

    private Client.Reply create() {
        String id = "chaos-" + index + "-" + created++;
        TrackedOrganisation organisation = new TrackedOrganisation(id, "owner-" + id);
        organisations.add(organisation);
        Client.Reply reply = new Client.Reply(0, "", null);
        for (int attempt = 0; attempt < 20 && organisation.created == Fact.UNKNOWN; attempt++) {
            Optional<String> token = token(organisation.owner);
            if (token.isEmpty()) {
                pause();
                continue;
            }
            reply = client.send("POST", "/v1/orgs", token.get(), "{\"id\":\"" + id + "\",\"name\":\"" + id + "\"}",
                    Map.of("Idempotency-Key", "create-" + id));
            if (reply.is(201) || reply.is(409)) {
                organisation.created = Fact.PRESENT;
                organisation.members.put(organisation.owner, Fact.PRESENT);
            } else if (reply.status() == 0) {
                pause();
            }
        }
        return reply;
    }

    private Client.Reply inviteAndAccept(TrackedOrganisation organisation) {
        String user = organisation.id + "-m" + organisation.nextMember++;
        Optional<String> token = token(organisation.owner).flatMap(owner -> token(user).map(unused -> owner));
        if (token.isEmpty()) {
            return new Client.Reply(0, "", null);
        }
        Client.Reply invited = client.send("POST", "/v1/orgs/" + organisation.id + "/invitations", token.get(),
                "{\"email\":\"" + user + "@chaos.example\"}", Map.of());
        if (!invited.is(201)) {
            return invited;
        }
        Client.Reply accepted = client.send("POST", "/v1/invitations/accept", tokens.get(user),
                "{\"token\":\"" + invited.json().get("token").asText() + "\"}", Map.of());
        organisation.members.put(user, accepted.is(200) ? Fact.PRESENT : Fact.UNKNOWN);
        return accepted;
    }

    private Client.Reply remove(TrackedOrganisation organisation) {
        List<String> present = organisation.presentMembers();
        if (present.isEmpty()) {
            return inviteAndAccept(organisation);
        }
        String user = present.get(random.nextInt(present.size()));
        Client.Reply reply = client.send("DELETE", "/v1/orgs/" + organisation.id + "/members/" + user,
                tokens.get(organisation.owner), null, Map.of());
        organisation.members.put(user, reply.is(204) ? Fact.ABSENT : Fact.UNKNOWN);
        return reply;
    }

    private Client.Reply transfer(TrackedOrganisation organisation) {
        List<String> present = organisation.presentMembers();
        if (present.isEmpty()) {
            return inviteAndAccept(organisation);
        }
        String user = present.get(random.nextInt(present.size()));
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

    private Client.Reply delete(TrackedOrganisation organisation) {
        Client.Reply reply = client.send("DELETE", "/v1/orgs/" + organisation.id, tokens.get(organisation.owner),
                null, Map.of());
        organisation.deleted = reply.is(204) ? Fact.PRESENT : Fact.UNKNOWN;
        return reply;
    }

    private static void pause() {
        try {
            Thread.sleep(DOWN_PAUSE_MILLIS);
        } catch (InterruptedException interrupted) {
            Thread.currentThread().interrupt();
        }
    }
}
