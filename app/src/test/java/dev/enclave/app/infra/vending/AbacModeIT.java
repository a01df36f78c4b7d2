package dev.enclave.app.infra.vending;

import static org.assertj.core.api.Assertions.assertThat;

import dev.enclave.app.domain.organisation.Organisation;
import dev.enclave.app.domain.organisation.Organisations;
import dev.enclave.app.domain.outcome.ExpectedVersion;
import dev.enclave.app.infra.jobs.RunningJobs;
import dev.enclave.app.local.LocalSandbox;
import dev.enclave.app.support.Api;
import dev.enclave.app.support.Indexes;
import dev.enclave.app.support.Journeys;
import dev.enclave.app.support.Tokens;
import dev.enclave.iam.policy.AbacTenantPolicy;
import dev.enclave.iam.policy.Access;
import dev.enclave.identity.TenantId;
import dev.enclave.sandbox.LocalAwsSandbox;
import dev.enclave.sandbox.sts.Session;
import dev.enclave.table.TableDesign;
import io.micronaut.context.ApplicationContext;
import io.micronaut.runtime.server.EmbeddedServer;
import java.io.IOException;
import java.net.http.HttpRequest;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * Enclave in ABAC mode ({@code enclave.tenancy.mode=abac}) on a sandbox whose tenant role carries only the ABAC
 * policy: tenant work runs on sessions tagged with the tenant and no inline policy; the cross-tenant reads (a
 * user's own organisations, an address's invitations, the owed-work index) run on untagged sessions that an inline
 * policy narrows to their one partition.
 */
class AbacModeIT {

    private static final String TABLE = "it-abac-mode";

    private static LocalAwsSandbox sandbox;
    private static EmbeddedServer server;
    private static Api api;
    private static Journeys journeys;

    @BeforeAll
    static void start() throws IOException {
        Path dataDir = Files.createTempDirectory("enclave-it-");
        sandbox = LocalSandbox.start(Optional.empty(),
                AbacTenantPolicy.policy(LocalSandbox.tableArn(TABLE), TableDesign.ENCLAVE, Access.READ_WRITE).toJson());
        Map<String, Object> settings = new HashMap<>(LocalSandbox.properties(sandbox));
        settings.putAll(Map.of("micronaut.server.port", -1, "enclave.table.name", TABLE,
                "enclave.tenancy.mode", "abac", "enclave.tenancy.table-arn", LocalSandbox.tableArn(TABLE).value(),
                "enclave.local.data-dir", dataDir.toString(), "enclave.limits.enabled", false,
                "enclave.jobs.first-poll", "1h", "enclave.jobs.poll-interval", "1h"));
        server = ApplicationContext.builder(EmbeddedServer.class).properties(settings).environments("local")
                .singletons(sandbox.gateway().faults(), sandbox.sts()).run(EmbeddedServer.class);
        api = new Api(server.getURI());
        journeys = new Journeys(api, new Tokens(api, dataDir));
    }

    @AfterAll
    static void stop() {
        if (server != null) {
            server.getApplicationContext().close();
        }
        if (sandbox != null) {
            sandbox.close();
        }
    }

    @Test
    void membersAndInvitations_workOnTaggedAndNarrowedSessions() {
        String owner = journeys.organisation("abac-org");
        journeys.invite("abac-org", owner, "carol");
        journeys.join("abac-org", owner, "bob");
        Indexes.caughtUp(sandbox);

        Api.Reply myOrganisations = api.get("/v1/me/orgs", journeys.member("bob"));
        Api.Reply myInvitations = api.get("/v1/me/invitations", journeys.member("carol"));

        assertThat(myOrganisations.status()).as(myOrganisations.body()).isEqualTo(200);
        assertThat(myOrganisations.json().findValuesAsText("organisation")).containsExactly("abac-org");
        assertThat(myInvitations.status()).as(myInvitations.body()).isEqualTo(200);
        assertThat(myInvitations.json().findValuesAsText("organisation")).contains("abac-org");
        assertThat(tenantSessions()).as("tenant sessions: tagged, no inline policy").isNotEmpty()
                .allMatch(session -> session.sessionPolicy().isEmpty());
        assertThat(untaggedSessions()).as("cross-tenant reads: untagged, narrowed inline").isNotEmpty()
                .allMatch(session -> session.sessionPolicy().isPresent());
    }

    @Test
    void theJobPoll_readsTheDueWorkIndex_andFinishesARename() {
        String owner = journeys.organisation("abac-owed");
        journeys.join("abac-owed", owner, "dave");
        var context = server.getApplicationContext();
        Organisations organisations = context.getBean(Organisations.class);
        Organisation read = organisations.find(TenantId.of("abac-owed")).orElseThrow();
        assertThat(organisations.rename(read, "Renamed", ExpectedVersion.anyExisting(), java.time.Instant.now()))
                .isInstanceOf(Organisations.Renamed.class);

        Indexes.caughtUp(sandbox);
        int started = context.getBean(RunningJobs.class).poll();

        assertThat(started).isEqualTo(1);
        org.awaitility.Awaitility.await().atMost(Duration.ofSeconds(30)).until(() ->
                api.get("/v1/me/orgs", journeys.member("dave")).json().findValuesAsText("name")
                        .equals(List.of("Renamed")));
    }

    private static Api.Reply rename(String org, String owner, String name) {
        String etag = api.get("/v1/orgs/" + org, owner).header("ETag");
        return api.send(api.request("/v1/orgs/" + org, owner).header("If-Match", etag)
                .header("Content-Type", "application/json")
                .method("PATCH", HttpRequest.BodyPublishers.ofString("{\"name\":\"" + name + "\"}")));
    }

    private static List<Session> tenantSessions() {
        return sandbox.sessions().all().stream().filter(s -> s.tags().containsKey(AbacTenantPolicy.TENANT_TAG))
                .toList();
    }

    private static List<Session> untaggedSessions() {
        return sandbox.sessions().all().stream().filter(s -> !s.tags().containsKey(AbacTenantPolicy.TENANT_TAG))
                .toList();
    }
}
