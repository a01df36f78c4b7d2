package dev.enclave.app.domain.invitation;

import static org.assertj.core.api.Assertions.assertThat;

import dev.enclave.app.support.Api;
import dev.enclave.app.support.LocalStackTest;
import dev.enclave.app.support.Parallel;
import dev.enclave.app.support.SecondInstance;
import dev.enclave.app.support.SharedSandbox;
import dev.enclave.sandbox.gateway.TransactionConflicts;
import io.micronaut.test.extensions.junit5.annotation.MicronautTest;
import java.net.http.HttpRequest;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * Many people joining one organisation at once, through two instances sharing the table, with transactions
 * conflicting as DynamoDB's do (each holding its items 20 ms longer than DynamoDB Local takes). Every join updates
 * the organisation's item (its member counter, for seats); within an instance an organisation's transactions take
 * turns, and between the instances the conflicts are sent again: no join a seat was free for is refused.
 */
@MicronautTest(environments = "local")
class ConcurrentJoinsIT extends LocalStackTest {

    private static final Duration HOLD = Duration.ofMillis(20);

    private final TransactionConflicts conflicts = SharedSandbox.instance().gateway().transactionConflicts();
    private Optional<Duration> holdBefore;
    private SecondInstance second;

    @BeforeAll
    void startASecondInstance_withConflictsOn() {
        holdBefore = conflicts.hold();
        conflicts.on(HOLD);
        second = SecondInstance.start(getProperties());
    }

    @AfterAll
    void stop() {
        holdBefore.ifPresentOrElse(conflicts::on, conflicts::off);
        if (second != null) {
            second.close();
        }
    }

    @Test
    void fiftyAcceptsAtOnce_throughTwoInstances_allJoin_roundAfterRound() {
        String owner = journeys().organisation("joins-crowd");
        setSeats("joins-crowd", owner, 500);
        long refusedBefore = conflicts.refused();
        for (int round = 0; round < 3; round++) {
            List<String> tokens = new ArrayList<>();
            List<String> invitees = new ArrayList<>();
            for (int i = 0; i < 50; i++) {
                String user = "crowd" + round + "-" + i;
                tokens.add(journeys().invite("joins-crowd", owner, user).json().get("token").asText());
                invitees.add(journeys().member(user));
            }

            List<Api.Reply> replies = Parallel.run(50, i -> instance(i).post("/v1/invitations/accept",
                    "{\"token\":\"" + tokens.get(i) + "\"}", invitees.get(i)));

            assertThat(replies).allSatisfy(reply -> assertThat(reply.status()).as(reply.body()).isEqualTo(200));
        }
        assertThat(api().get("/v1/orgs/joins-crowd", owner).json().get("members").asInt()).isEqualTo(151);
        assertThat(conflicts.refused() - refusedBefore).as("transactions that met a conflict and were sent again")
                .isPositive();
    }

    @Test
    void joinsRenamesAndGrantsOfOneOrganisation_atOnceThroughTwoInstances_noneIsRefused() {
        String owner = journeys().organisation("joins-mixed");
        setSeats("joins-mixed", owner, 100);
        assertThat(api().post("/v1/orgs/joins-mixed/services", "{\"id\":\"app\",\"name\":\"App\"}", owner).status())
                .isEqualTo(201);
        List<String> tokens = new ArrayList<>();
        List<String> invitees = new ArrayList<>();
        for (int i = 0; i < 20; i++) {
            tokens.add(journeys().invite("joins-mixed", owner, "m" + i).json().get("token").asText());
            invitees.add(journeys().member("m" + i));
            if (i < 10) {
                journeys().join("joins-mixed", owner, "g" + i);
            }
        }

        List<Api.Reply> replies = Parallel.run(31, i -> {
            Api api = instance(i);
            if (i < 20) {
                return api.post("/v1/invitations/accept", "{\"token\":\"" + tokens.get(i) + "\"}", invitees.get(i));
            }
            if (i < 30) {
                return api.send(api.request("/v1/orgs/joins-mixed/services/app/groups/users/members/g" + (i - 20),
                        owner).PUT(HttpRequest.BodyPublishers.noBody()));
            }
            String etag = api.get("/v1/orgs/joins-mixed", owner).header("ETag");
            return api.send(api.request("/v1/orgs/joins-mixed", owner).header("Content-Type", "application/json")
                    .header("If-Match", etag)
                    .method("PATCH", HttpRequest.BodyPublishers.ofString("{\"name\":\"Busy Ltd\"}")));
        });

        assertThat(replies.subList(0, 20)).as("joins").allSatisfy(reply -> assertThat(reply.status())
                .as(reply.body()).isEqualTo(200));
        assertThat(replies.subList(20, 30)).as("grants").allSatisfy(reply -> assertThat(reply.status() / 100)
                .as(reply.body()).isEqualTo(2));
        assertThat(replies.get(30).status()).as("the rename").isEqualTo(200);
        assertThat(api().get("/v1/orgs/joins-mixed", owner).json().get("members").asInt()).isEqualTo(31);
    }

    /** Even calls go to this test's instance, odd ones to the second. */
    private Api instance(int call) {
        return call % 2 == 0 ? api() : second.api();
    }

    private void setSeats(String org, String owner, int seats) {
        Api.Reply admin = api().send(api().request("/v1/admin/tenants/" + org, tokens().mint(
                "{\"sub\":\"root\",\"email\":\"root@platform.example\",\"roles\":[\"platform-admin\"]}"))
                .header("Content-Type", "application/json")
                .method("PATCH", HttpRequest.BodyPublishers.ofString("{\"seats\":" + seats + "}")));
        assertThat(admin.status()).as(admin.body()).isEqualTo(200);
    }
}
