package dev.enclave.bench.run;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.stream.IntStream;

/**
 * Creates the benchmark's tenants through the API of the unscoped application (so the scoped one's credential cache
 * stays cold until measured): each organisation with its owner, a service {@code app} whose group {@code ops} holds
 * the owner (what the read mix's access check asks about), and, for the tenants that take many invitees, the most
 * seats a platform admin can grant.
 */
final class Seeding {

    /** A tenant and its owner's token. */
    record Tenant(String org, String owner, String token) {

        String line() {
            return org + " " + owner + " " + token;
        }
    }

    private static final int MAXIMUM_SEATS = 100_000;

    private final Http api;
    private final TokenMint mint;
    private final String adminToken;

    Seeding(Http api, TokenMint mint) {
        this.api = api;
        this.mint = mint;
        this.adminToken = mint.mint("bench-admin", "admin@bench.example", List.of("platform-admin"));
    }

    /** Creates {@code count} tenants named {@code <prefix>00000...}, {@code threads} at a time. */
    List<Tenant> seed(String prefix, int count, int withMaximumSeats, int threads) throws Exception {
        ExecutorService pool = Executors.newFixedThreadPool(threads);
        try {
            List<Future<Tenant>> created = new ArrayList<>();
            IntStream.range(0, count).forEach(i -> created.add(pool.submit(() -> create(prefix, i, i < withMaximumSeats))));
            List<Tenant> tenants = new ArrayList<>();
            for (Future<Tenant> tenant : created) {
                tenants.add(tenant.get());
            }
            return tenants;
        } finally {
            pool.shutdownNow();
        }
    }

    static void write(Path file, List<Tenant> tenants) {
        ServerUnderTest.writeLines(file, tenants.stream().map(Tenant::line).toList());
    }

    private Tenant create(String prefix, int index, boolean maximumSeats) {
        String org = String.format(Locale.ROOT, "%s%05d", prefix, index);
        String owner = "owner-" + org;
        String token = mint.mint(owner, owner + "@bench.example", List.of());
        api.send("POST", "/v1/orgs", token, "{\"id\":\"" + org + "\",\"name\":\"Tenant " + org + "\"}")
                .expect(201, "create " + org);
        api.send("POST", "/v1/orgs/" + org + "/services", token, "{\"id\":\"app\",\"name\":\"App\"}")
                .expect(201, "service of " + org);
        api.send("PUT", "/v1/orgs/" + org + "/services/app/groups/ops/members/" + owner, token, null)
                .expect(204, "assign in " + org);
        if (maximumSeats) {
            api.send("PATCH", "/v1/admin/tenants/" + org, adminToken, "{\"seats\":" + MAXIMUM_SEATS + "}")
                    .expect(200, "seats of " + org);
        }
        return new Tenant(org, owner, token);
    }
}
