package dev.enclave.bench.chaos;

import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * One incarnation of an organisation a worker drives, one request at a time, and what its acknowledged writes say
 * must be true at the end: it exists (or, once its deletion was answered, it does not), its name is the last
 * acknowledged one (or one attempted after it), each member whose joining or removal was answered is there or not,
 * each acknowledged service, API key and service-group grant is there, and a removed member has no access left.
 *
 * <p>Everything an incarnation writes is named after it ({@code <id>-i<n>-m<k>}, {@code i<n>-s<k>}), so whatever
 * another incarnation of the same id shows can be told apart: nothing it lists may be outside what it attempted.
 */
final class TrackedOrganisation {

    final String id;
    final int incarnation;
    String owner;
    /** Absent while a create was refused because the id's previous incarnation was still being deleted. */
    Fact created = Fact.UNKNOWN;
    /** Whether a create of this incarnation was sent at all (a re-creation may still be waiting for the id). */
    boolean attempted;
    Fact deleted = Fact.ABSENT;
    final Set<String> acceptableNames = new HashSet<>();
    /** Users sent an invitation (by user id), and whether their joining or removal was acknowledged. */
    final Map<String, Fact> members = new HashMap<>();
    final Set<String> invited = new HashSet<>();
    final Map<String, Fact> services = new HashMap<>();
    final Map<String, Fact> apiKeys = new HashMap<>();
    /** Per user, the service groups ({@code service/group}) a grant was sent for, and whether it was answered 204. */
    final Map<String, Map<String, Fact>> grants = new HashMap<>();
    /** Members written straight into the table (a big organisation's), not driven one by one. */
    int seededMembers;
    /** Set when an unanswered write (a transfer, a deletion) leaves too little known to go on driving it. */
    boolean retired;
    /**
     * The webhook endpoint added to it (its id), its path on the receiver and the event types it asked for (every
     * type when empty); {@code endpoint} is null while none is known to exist.
     */
    String endpoint;
    /** The member who added the endpoint (its keeper): while they stay, it is sent every event. */
    String keeper;
    String endpointPath;
    List<String> endpointTypes = List.of();
    int nextMember;
    int nextName;
    int nextService;
    int nextApiKey;
    long renamesAcknowledged;

    TrackedOrganisation(String id, int incarnation) {
        this.id = id;
        this.incarnation = incarnation;
        this.owner = id + "-i" + incarnation + "-owner";
        acceptableNames.add(id);
        invited.add(owner);
    }

    /** The next incarnation of the same id, to be created once this one's deletion has finished. */
    TrackedOrganisation successor() {
        return new TrackedOrganisation(id, incarnation + 1);
    }

    boolean drivable() {
        return created == Fact.PRESENT && deleted == Fact.ABSENT && !retired;
    }

    /** Whether the run must find it at the end: created (acknowledged) and its deletion never sent or refused. */
    boolean alive() {
        return created == Fact.PRESENT && deleted == Fact.ABSENT;
    }

    String newMember() {
        String user = id + "-i" + incarnation + "-m" + nextMember++;
        invited.add(user);
        return user;
    }

    String newService() {
        String service = "i" + incarnation + "-s" + nextService++;
        services.put(service, Fact.UNKNOWN);
        return service;
    }

    String newApiKey() {
        String name = "i" + incarnation + "-key" + nextApiKey++;
        apiKeys.put(name, Fact.UNKNOWN);
        return name;
    }

    /** A service whose creation was acknowledged, if any. */
    Optional<String> aService() {
        return services.entrySet().stream().filter(e -> e.getValue() == Fact.PRESENT).map(Map.Entry::getKey)
                .sorted().findFirst();
    }

    /** A grant is about to be sent: from now on it may be there. */
    void granting(String user, String serviceGroup) {
        grants.computeIfAbsent(user, unused -> new HashMap<>()).putIfAbsent(serviceGroup, Fact.UNKNOWN);
    }

    void granted(String user, String serviceGroup) {
        grants.get(user).put(serviceGroup, Fact.PRESENT);
    }

    /** A name change answered 200: from now on only it, or a later attempt, may be the name. */
    void renamed(String name) {
        renamesAcknowledged++;
        acceptableNames.clear();
        acceptableNames.add(name);
    }

    /** The endpoint added by the owner of the moment, its keeper. */
    void subscribed(String endpointId, String path, List<String> types) {
        endpoint = endpointId;
        keeper = owner;
        endpointPath = path;
        endpointTypes = List.copyOf(types);
    }

    /** Members known to be there, the owner aside. */
    List<String> presentMembers() {
        return members.entrySet().stream().filter(e -> e.getValue() == Fact.PRESENT && !e.getKey().equals(owner))
                .map(Map.Entry::getKey).sorted().toList();
    }

    /**
     * Members the run may remove: those present, the owner and the endpoint's keeper aside (removing the keeper
     * disables the endpoint, by design, and the run checks that every event reaches it).
     */
    List<String> removableMembers() {
        return presentMembers().stream().filter(user -> !user.equals(keeper)).toList();
    }

    /** How many writes were acknowledged: each is checked at the end. */
    long acknowledged() {
        return (created == Fact.PRESENT ? 1 : 0) + (deleted == Fact.PRESENT ? 1 : 0) + renamesAcknowledged
                + members.values().stream().filter(f -> f != Fact.UNKNOWN).count()
                + services.values().stream().filter(f -> f == Fact.PRESENT).count()
                + apiKeys.values().stream().filter(f -> f == Fact.PRESENT).count()
                + grants.values().stream().flatMap(g -> g.values().stream()).filter(f -> f == Fact.PRESENT).count();
    }
}
