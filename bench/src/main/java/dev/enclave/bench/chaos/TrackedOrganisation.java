package dev.enclave.bench.chaos;

import java.util.HashMap;
import java.util.HashSet;
import java.util.Map;
import java.util.Set;

/**
 * One organisation a worker drives, one request at a time, and what its acknowledged writes say must be true at
 * the end: it exists (or, once its deletion was answered, it does not), its name is the last acknowledged one (or
 * one attempted after it), and each member whose joining or removal was answered is there or not.
 */
final class TrackedOrganisation {

    final String id;
    String owner;
    Fact created = Fact.UNKNOWN;
    Fact deleted = Fact.ABSENT;
    final Set<String> acceptableNames = new HashSet<>();
    final Map<String, Fact> members = new HashMap<>();
    /** Set when an unanswered write (a transfer, a deletion) leaves too little known to go on driving it. */
    boolean retired;
    int nextMember;
    int nextName;
    long renamesAcknowledged;

    TrackedOrganisation(String id, String owner) {
        this.id = id;
        this.owner = owner;
        acceptableNames.add(id);
    }

    boolean drivable() {
        return created == Fact.PRESENT && deleted == Fact.ABSENT && !retired;
    }

    /** A name change answered 200: from now on only it, or a later attempt, may be the name. */
    void renamed(String name) {
        renamesAcknowledged++;
        acceptableNames.clear();
        acceptableNames.add(name);
    }

    /** Members known to be there, the owner aside. */
    java.util.List<String> presentMembers() {
        return members.entrySet().stream().filter(e -> e.getValue() == Fact.PRESENT && !e.getKey().equals(owner))
                .map(Map.Entry::getKey).sorted().toList();
    }

    /** How many writes were acknowledged: each is checked at the end. */
    long acknowledged() {
        return (created == Fact.PRESENT ? 1 : 0) + (deleted == Fact.PRESENT ? 1 : 0) + renamesAcknowledged
                + members.values().stream().filter(f -> f != Fact.UNKNOWN).count();
    }
}
