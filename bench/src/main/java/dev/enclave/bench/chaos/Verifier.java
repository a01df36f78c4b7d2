package dev.enclave.bench.chaos;

import com.fasterxml.jackson.databind.JsonNode;
import dev.enclave.bench.run.DirectMembers;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * After the run: first waits until no organisation has a background job left (the admin view shows none, and no
 * tenant is {@code deleting}); then every acknowledged write must be there, every acknowledged removal or deletion
 * must hold, a removed member has no access left, the last incarnation of each id shows nothing of the earlier
 * ones, every membership carries the organisation's final name, a deleted organisation's partition is empty
 * (both read straight from the table), and each organisation's feed holds every acknowledged write's event once
 * and none of a write never sent ({@link EventChecks}).
 */
final class Verifier {

    private static final Duration JOBS_TIMEOUT = Duration.ofMinutes(3);

    /** What the checks found (one line each; empty when all holds) and how much they checked. */
    record Outcome(List<String> findings, long writesChecked, long accessChecks, long nameCopiesChecked,
                   long partitionsEmpty, Duration jobsDrained, long eventsRead) {
    }

    private final Client client;
    private final OrganisationReadsOverHttp reads;
    private final DirectMembers table;
    private final String adminToken;
    private final List<String> findings = new ArrayList<>();
    private long accessChecks;
    private long nameCopies;
    private long partitionsEmpty;
    private long eventsRead;
    private final EventChecks events;

    Verifier(Client client, DirectMembers table) {
        this.client = client;
        this.reads = new OrganisationReadsOverHttp(client);
        this.table = table;
        this.adminToken = client.mintPlatformAdmin("chaos-verifier");
        this.events = new EventChecks(reads);
    }

    Outcome check(List<TrackedOrganisation> organisations, Map<String, String> tokens) throws InterruptedException {
        Map<String, List<TrackedOrganisation>> byId = new LinkedHashMap<>();
        organisations.stream().filter(o -> o.attempted)
                .forEach(o -> byId.computeIfAbsent(o.id, unused -> new ArrayList<>()).add(o));
        Duration drained = awaitJobs(byId.keySet());
        byId.values().forEach(incarnations -> checkLast(incarnations, tokens));
        return new Outcome(List.copyOf(findings), organisations.stream().mapToLong(TrackedOrganisation::acknowledged)
                .sum(), accessChecks, nameCopies, partitionsEmpty, drained, eventsRead);
    }

    /** Waits until the admin view shows no job and no deletion running for any of {@code ids}; returns the wait. */
    private Duration awaitJobs(Set<String> ids) throws InterruptedException {
        long start = System.nanoTime();
        List<String> busy = new ArrayList<>(ids);
        while (true) {
            busy.removeIf(this::idle);
            if (busy.isEmpty() || System.nanoTime() - start > JOBS_TIMEOUT.toNanos()) {
                break;
            }
            Thread.sleep(500);
        }
        busy.forEach(id -> findings.add(id + ": a job still running " + JOBS_TIMEOUT.toSeconds()
                + " s after the load: " + client.get("/v1/admin/tenants/" + id, adminToken).body()));
        return Duration.ofNanos(System.nanoTime() - start);
    }

    private boolean idle(String id) {
        Client.Reply tenant = client.get("/v1/admin/tenants/" + id, adminToken);
        if (tenant.is(404)) {
            return true;
        }
        if (!tenant.is(200)) {
            return false;
        }
        JsonNode view = tenant.json();
        return view.get("jobs").isEmpty() && !view.get("status").asText().equals("deleting");
    }

    /** One id: its last incarnation as its acknowledged writes say it must be, and nothing of the earlier ones. */
    private void checkLast(List<TrackedOrganisation> incarnations, Map<String, String> tokens) {
        TrackedOrganisation last = incarnations.stream().filter(o -> o.created != Fact.ABSENT)
                .reduce((earlier, later) -> later).orElse(null);
        if (last == null || last.created != Fact.PRESENT || last.deleted == Fact.UNKNOWN) {
            return;
        }
        String token = tokens.get(last.owner);
        Client.Reply read = client.get("/v1/orgs/" + last.id, token);
        if (last.deleted == Fact.PRESENT) {
            expect(read.is(404), last.id + ": deleted (202) but answers " + read.status());
            long left = table.partitionItems(last.id);
            expect(left == 0, last.id + ": deleted (202), its job finished, yet " + left + " items left in its "
                    + "partition");
            partitionsEmpty += left == 0 ? 1 : 0;
            return;
        }
        if (!read.is(200)) {
            findings.add(last.id + ": created (201) but answers " + read.status());
            return;
        }
        String name = read.json().get("name").asText();
        expect(last.acceptableNames.contains(name), last.id + ": name '" + name
                + "', acknowledged or attempted since: " + last.acceptableNames);
        checkNameCopies(last, name);
        checkMembers(last, token);
        eventsRead += events.check(last, token, findings);
        checkGrants(last, token);
        findings.addAll(reads.strangers(last, token, true));
        incarnations.stream().filter(earlier -> earlier != last).forEach(earlier -> earlier.grants.forEach(
                (user, groups) -> groups.keySet().forEach(group -> expectDenied(last, user, group, token,
                        user + " of incarnation " + earlier.incarnation))));
    }

    /** Every membership, read from the table, carries the final name (a big organisation's all of them). */
    private void checkNameCopies(TrackedOrganisation organisation, String name) {
        Map<String, Long> copies = table.nameCopies(organisation.id);
        long copied = copies.getOrDefault(name, 0L);
        long all = copies.values().stream().mapToLong(Long::longValue).sum();
        expect(copied == all, organisation.id + ": memberships by their copy of the name " + copies + ", the name "
                + "being '" + name + "'");
        if (organisation.seededMembers > 0) {
            expect(all == organisation.seededMembers + 1L, organisation.id + ": " + all + " memberships, "
                    + (organisation.seededMembers + 1) + " written");
        }
        nameCopies += copied;
    }

    private void checkMembers(TrackedOrganisation organisation, String token) {
        Optional<Set<String>> listed = reads.members(organisation.id, token);
        if (listed.isEmpty()) {
            findings.add(organisation.id + ": its members could not be read");
            return;
        }
        organisation.members.forEach((user, fact) -> {
            if (fact == Fact.PRESENT) {
                expect(listed.get().contains(user), organisation.id + ": " + user + " joined (200) but is missing");
            } else if (fact == Fact.ABSENT) {
                expect(!listed.get().contains(user), organisation.id + ": " + user + " removed (204) but listed");
            }
        });
        Optional<Set<String>> services = reads.services(organisation.id, token);
        Optional<Set<String>> keys = reads.apiKeyNames(organisation.id, token);
        organisation.services.forEach((service, fact) -> expect(fact != Fact.PRESENT || services.isPresent()
                && services.get().contains(service), organisation.id + ": service " + service + " created (201) "
                + "but missing"));
        organisation.apiKeys.forEach((key, fact) -> expect(fact != Fact.PRESENT || keys.isPresent()
                && keys.get().contains(key), organisation.id + ": API key " + key + " created (201) but missing"));
    }

    /** A present member has each grant answered 204; a removed member has none of those ever sent. */
    private void checkGrants(TrackedOrganisation organisation, String token) {
        organisation.grants.forEach((user, groups) -> {
            Fact member = organisation.members.getOrDefault(user, Fact.UNKNOWN);
            groups.forEach((group, fact) -> {
                if (member == Fact.ABSENT) {
                    expectDenied(organisation, user, group, token, user + " (removed, 204)");
                } else if (member == Fact.PRESENT && fact == Fact.PRESENT) {
                    Optional<Boolean> allowed = reads.allowed(organisation.id, user, group, token);
                    accessChecks++;
                    expect(allowed.orElse(false), organisation.id + ": " + user + " granted " + group
                            + " (204) but the access check answers " + allowed.map(String::valueOf).orElse("no 200"));
                }
            });
        });
    }

    private void expectDenied(TrackedOrganisation organisation, String user, String group, String token,
                              String who) {
        Optional<Boolean> allowed = reads.allowed(organisation.id, user, group, token);
        accessChecks++;
        expect(allowed.isPresent() && !allowed.get(), organisation.id + ": " + who + " is allowed in " + group
                + " (access check: " + allowed.map(String::valueOf).orElse("no 200") + ")");
    }

    private void expect(boolean holds, String finding) {
        if (!holds) {
            findings.add(finding);
        }
    }
}
