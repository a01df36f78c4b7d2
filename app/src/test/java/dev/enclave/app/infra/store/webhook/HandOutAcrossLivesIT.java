package dev.enclave.app.infra.store.webhook;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import dev.enclave.app.infra.store.Incarnations;
import dev.enclave.app.infra.store.ItemKey;
import dev.enclave.app.infra.store.ScopedTable;
import dev.enclave.app.infra.store.Store;
import dev.enclave.app.infra.store.Transaction;
import dev.enclave.app.infra.store.Write;
import dev.enclave.app.infra.store.WriteRole;
import dev.enclave.app.infra.store.event.LogHeads;
import dev.enclave.app.support.LocalStackTest;
import dev.enclave.identity.Incarnation;
import dev.enclave.identity.TenantId;
import io.micronaut.test.extensions.junit5.annotation.MicronautTest;
import jakarta.inject.Inject;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * A webhook hand-out that read an organisation's log and cursor, then stalled while the organisation was deleted and
 * created again under its id, commits nothing on its successor: neither the cursor's move nor the log's settling,
 * even where the successor's cursor and head stand at the very places the stalled one read.
 */
@MicronautTest(environments = "local")
class HandOutAcrossLivesIT extends LocalStackTest {

    private static final TenantId ORG = TenantId.of("handout-lives");

    private enum Role implements WriteRole { CURSOR }

    @Inject
    Store store;

    @Test
    void aStalledHandOut_ofAnEarlierLife_neitherMovesNorSettlesItsSuccessorsLog() {
        String ada = tokens().mint("ada", "ada@example.com");
        assertThat(api().post("/v1/orgs", "{\"id\":\"handout-lives\",\"name\":\"First\"}", ada).status())
                .isEqualTo(201);
        addEndpoint(ada);
        Incarnation first = settledCursor().life();
        assertThat(api().send(api().request("/v1/orgs/handout-lives", ada).DELETE()).status()).isEqualTo(202);
        String eve = tokens().mint("eve", "eve@example.com");
        await().atMost(Duration.ofSeconds(30)).until(() -> api().post("/v1/orgs",
                "{\"id\":\"handout-lives\",\"name\":\"Second\"}", eve).status() == 201);
        addEndpoint(eve);
        Cursor successors = settledCursor();
        assertThat(successors.life()).isNotEqualTo(first);

        var stale = table().transact(Transaction.builder().writtenBy(first).add(Role.CURSOR,
                CursorItems.moved(ORG, successors.place(), successors.place() + 1, first)).build());
        Write.Update staleSettling = (Write.Update) LogHeads.settled(ORG, successors.last(), first, true);

        assertThat(stale.refused(Role.CURSOR)).as("the earlier life's move").isTrue();
        assertThat(table().update(staleSettling.key(), staleSettling.update(),
                staleSettling.condition().orElseThrow())).as("the earlier life's settling").isFalse();
        assertThat(settledCursor()).isEqualTo(successors);
        var current = table().transact(Transaction.builder().writtenBy(successors.life()).add(Role.CURSOR,
                CursorItems.moved(ORG, successors.place(), successors.place() + 1, successors.life())).build());
        assertThat(current.committed()).as("the same move in the successor's life").isTrue();
    }

    /** Where the cursor stands once every event was handed out, with the log's last place and life. */
    private record Cursor(long place, long last, Incarnation life) {
    }

    private Cursor settledCursor() {
        return await().atMost(Duration.ofSeconds(30)).until(this::cursor, c -> c.place() == c.last());
    }

    private Cursor cursor() {
        List<Map<String, AttributeValue>> items = table().getAll(List.of(LogHeads.key(ORG),
                WebhookKeys.cursor(ORG)));
        Map<String, AttributeValue> cursor = at(items, WebhookKeys.cursor(ORG));
        long last = LogHeads.of(at(items, LogHeads.key(ORG))).last();
        return new Cursor(CursorItems.place(cursor).orElse(-1L), last,
                new Incarnation(Incarnations.of(cursor).orElseThrow()));
    }

    private static Map<String, AttributeValue> at(List<Map<String, AttributeValue>> items, ItemKey key) {
        Map<String, AttributeValue> item = ScopedTable.at(items, key);
        return item == null ? Map.of() : item;
    }

    private ScopedTable table() {
        return store.forTenant(ORG);
    }

    private void addEndpoint(String token) {
        assertThat(api().post("/v1/orgs/handout-lives/webhooks", "{\"url\":\"http://127.0.0.1:9/lives\"}", token)
                .status()).isEqualTo(201);
    }
}
