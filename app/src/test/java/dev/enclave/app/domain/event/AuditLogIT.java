package dev.enclave.app.domain.event;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.enclave.app.support.Api;
import dev.enclave.app.support.LocalStackTest;
import io.micronaut.test.extensions.junit5.annotation.MicronautTest;
import java.net.URLEncoder;
import java.net.http.HttpRequest;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import java.util.stream.IntStream;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * The audit log: newest first, filtered by actor, action, target and time, paged; exported whole as NDJSON and CSV;
 * an app's own actions recorded once per idempotency key; and who may use the log: owners and admins, or the
 * organisation's API keys with the permission, never another organisation's.
 */
@MicronautTest(environments = "local")
class AuditLogIT extends LocalStackTest {

    private static final String ORG = "audit";
    private String owner;
    private String writerKey;
    private String readerKey;

    @BeforeAll
    void organisationWithHistory() {
        owner = journeys().organisation(ORG);
        journeys().join(ORG, owner, "bob");
        journeys().join(ORG, owner, "carol");
        api().post("/v1/orgs/" + ORG + "/services", "{\"id\":\"billing\",\"name\":\"Billing\"}", owner);
        writerKey = key("[\"audit_log:write\"]");
        readerKey = key("[\"audit_log:read\",\"events:read\"]");
    }

    @Test
    void filters_byActionActorTargetAndTime_newestFirst() {
        List<JsonNode> added = all("action=member.added");
        assertThat(added).extracting(event -> event.get("data").get("targets").get(0).get("id").asText())
                .containsExactly("carol", "bob", "owner-audit");
        assertThat(all("target=member/bob")).extracting(event -> event.get("type").asText())
                .containsExactly("member.added");
        assertThat(all("actor=bob")).extracting(event -> event.get("type").asText())
                .containsExactly("member.added", "invitation.accepted");
        Instant carolJoined = Instant.parse(added.get(0).get("time").asText());
        assertThat(all("action=member.added&from=" + carolJoined)).hasSize(1);
        assertThat(all("action=member.added&to=" + carolJoined)).hasSize(2);
        assertThat(get("/v1/orgs/" + ORG + "/audit-log?action=Member.Added", "Bearer " + owner).status())
                .isEqualTo(400);
        assertThat(get("/v1/orgs/" + ORG + "/audit-log?from=yesterday", "Bearer " + owner).status()).isEqualTo(400);
    }

    @Test
    void pages_coverTheLogOnce_andTheExportsHoldEveryEvent() {
        assertThat(get("/v1/orgs/" + ORG + "/events", readerKey).status()).as("the key's first use, recorded")
                .isEqualTo(200);
        List<JsonNode> paged = new ArrayList<>();
        String cursor = null;
        do {
            JsonNode page = get("/v1/orgs/" + ORG + "/audit-log?limit=3" + (cursor == null ? ""
                    : "&cursor=" + URLEncoder.encode(cursor, StandardCharsets.UTF_8)), "Bearer " + owner).json();
            page.get("items").forEach(paged::add);
            cursor = page.get("nextCursor").isNull() ? null : page.get("nextCursor").asText();
        } while (cursor != null);
        List<Long> places = paged.stream().map(event -> event.get("sequence").asLong()).toList();
        assertThat(places).isSortedAccordingTo((a, b) -> Long.compare(b, a)).doesNotHaveDuplicates();
        assertThat(places.get(places.size() - 1)).isEqualTo(1L);

        Api.Reply ndjson = get("/v1/orgs/" + ORG + "/audit-log/export", readerKey);
        assertThat(ndjson.status()).isEqualTo(200);
        assertThat(ndjson.contentType()).startsWith("application/x-ndjson");
        assertThat(ndjson.body().lines().map(line -> EventFeed.exportedLine(line).getId()).toList())
                .isEqualTo(paged.stream().map(event -> event.get("id").asText()).toList());
        assertThat(get("/v1/orgs/" + ORG + "/audit-log/export?action=nothing.matches", readerKey).status())
                .as("an NDJSON export of nothing").isEqualTo(204);
        Api.Reply csv = get("/v1/orgs/" + ORG + "/audit-log/export?format=csv&action=member.added",
                "Bearer " + owner);
        assertThat(csv.contentType()).as("a CSV says its charset").isEqualTo("text/csv; charset=utf-8");
        String[] rows = csv.body().split("\r\n");
        assertThat(rows).hasSize(4);
        assertThat(rows[0]).startsWith("id,sequence,time");
    }

    @Test
    void aCsvExport_keepsTheTargetsAndTheActorsNameAsTheyWere() throws Exception {
        String body = "{\"action\":\"invoice.split\",\"actor\":{\"type\":\"user\",\"id\":\"u-9\","
                + "\"name\":\"Ann, Bo\"},\"targets\":[{\"type\":\"invoice\",\"id\":\"a invoice/b\"}]}";
        assertThat(record(body, writerKey, null).status()).isEqualTo(201);

        Api.Reply csv = get("/v1/orgs/" + ORG + "/audit-log/export?format=csv&action=invoice.split", "Bearer " + owner);

        String[] rows = csv.body().split("\r\n");
        assertThat(rows).hasSize(2);
        List<String> header = List.of(rows[0].split(","));
        List<String> cells = new ArrayList<>();
        Matcher cell = Pattern.compile("\"((?:[^\"]|\"\")*)\"").matcher(rows[1]);
        while (cell.find()) {
            cells.add(cell.group(1).replace("\"\"", "\""));
        }
        assertThat(cells).hasSameSizeAs(header);
        assertThat(cells.get(header.indexOf("actor_name"))).isEqualTo("Ann, Bo");
        JsonNode targets = new ObjectMapper().readTree(cells.get(header.indexOf("targets")));
        assertThat(targets).hasSize(1);
        assertThat(targets.get(0).get("type").asText()).isEqualTo("invoice");
        assertThat(targets.get(0).get("id").asText()).as("an id with a space and a slash").isEqualTo("a invoice/b");
    }

    @Test
    void anAppsOwnAction_isRecordedOncePerIdempotencyKey_andValidated() {
        String body = "{\"action\":\"invoice.approved\",\"actor\":{\"type\":\"user\",\"id\":\"u-7\",\"name\":\"Ann\"},"
                + "\"targets\":[{\"type\":\"invoice\",\"id\":\"inv-1\"}],\"metadata\":{\"amount\":125.5,"
                + "\"currency\":\"EUR\",\"=cmd\":true},\"occurredAt\":\"" + Instant.now().minusSeconds(60) + "\"}";
        String valid = body.replace(",\"=cmd\":true", "");

        assertThat(record(valid, writerKey, "once-1").status()).isEqualTo(201);
        assertThat(record(valid, writerKey, "once-1").json().get("status").asText()).isEqualTo("already_recorded");
        assertThat(record(valid.replace("{\"action\"", "{ \"action\""), writerKey, "once-1").status())
                .as("the same event, spaced otherwise").isEqualTo(200);
        assertThat(record(valid.replace("\"amount\":125.5,\"currency\":\"EUR\"", "\"currency\":\"EUR\",\"amount\":125.5"),
                writerKey, "once-1").status()).as("the same event, its metadata in another order").isEqualTo(200);
        Api.Reply reused = record(valid.replace("invoice.approved", "invoice.deleted"), writerKey, "once-1");
        assertThat(reused.status()).as(reused.body()).isEqualTo(422);
        assertThat(reused.json().get("code").asText()).isEqualTo("idempotency-key-reused");
        assertThat(get("/v1/orgs/" + ORG + "/audit-log?action=invoice.deleted", "Bearer " + owner).json()
                .get("items")).as("the event of a reused key, not recorded").isEmpty();
        assertThat(record(valid, "Bearer " + owner, "once-1").status()).as("another caller's key of the same name")
                .isEqualTo(201);
        assertThat(record(body, writerKey, "bad-key").status()).isEqualTo(400);
        assertThat(record(valid.replace("invoice.approved", "member.added"), writerKey, null).status())
                .isEqualTo(400);
        assertThat(record(valid.replace("invoice.approved", "webhook.test"), writerKey, null).status())
                .as("the type of Enclave's test deliveries").isEqualTo(400);
        assertThat(record(valid.replace("\"amount\":125.5", "\"amount\":{\"nested\":1}"), writerKey, null).status())
                .isEqualTo(400);
        assertThat(record(valid, readerKey, null).status()).isEqualTo(403);
        for (String enclaves : List.of("system", "platform_admin", "api_key")) {
            assertThat(record(valid.replace("\"type\":\"user\"", "\"type\":\"" + enclaves + "\""), writerKey, null)
                    .status()).as("an app claiming Enclave's own actor " + enclaves).isEqualTo(400);
        }

        List<JsonNode> approved = all("action=invoice.approved");
        assertThat(approved).hasSize(2);
        JsonNode data = approved.get(0).get("data");
        assertThat(data.get("actor").get("id").asText()).isEqualTo("u-7");
        assertThat(data.get("changes").get("metadata").get("currency").asText()).isEqualTo("EUR");
        assertThat(data.get("occurredAt").asText()).isNotEqualTo(approved.get(0).get("time").asText());
        assertThat(approved).extracting(event -> event.get("data").get("changes").get("recordedBy").get("type")
                .asText()).as("who recorded each, beside the actor the app named").containsExactly("user", "api_key");
        String csv = get("/v1/orgs/" + ORG + "/audit-log/export?format=csv&action=invoice.approved",
                "Bearer " + owner).body();
        assertThat(csv).contains("\"u-7\"");
    }

    @Test
    void anAppsMetadata_isBoundedInBytes_soItsEventFitsEveryDeliveryItem() {
        String body = "{\"action\":\"blob.stored\",\"actor\":{\"type\":\"user\",\"id\":\"u-9\"},"
                + "\"metadata\":{METADATA}}";
        String emoji = "\ud83d\ude00".repeat(1000);
        String wide = IntStream.range(0, 50).mapToObj(i -> "\"k" + i + "\":\"" + emoji + "\"")
                .collect(Collectors.joining(","));
        String ascii = "a".repeat(1000);
        String fits = IntStream.range(0, 16).mapToObj(i -> "\"k" + i + "\":\"" + ascii + "\"")
                .collect(Collectors.joining(","));

        Api.Reply refused = record(body.replace("METADATA", wide), writerKey, null);
        assertThat(refused.status()).as("50 values of 1,000 characters of 4 bytes each").isEqualTo(400);
        assertThat(refused.json().get("detail").asText()).contains("16384 bytes");
        assertThat(record(body.replace("METADATA", fits), writerKey, null).status()).as("16 KB in ASCII")
                .isEqualTo(201);
        assertThat(record(body.replace("METADATA", fits + ",\"more\":\"" + "b".repeat(400) + "\""), writerKey,
                null).status()).as("over 16,384 bytes").isEqualTo(400);
        assertThat(all("action=blob.stored")).hasSize(1);
    }

    @Test
    void anIdempotencyKeyPastItsDay_recordsAgain_evenBeforeDynamoDbRemovedItsItem() {
        String first = "{\"action\":\"report.sent\",\"actor\":{\"type\":\"user\",\"id\":\"u-10\"}}";
        List<Map<String, AttributeValue>> before = eventKeys();
        assertThat(record(first, writerKey, "daily-report").status()).isEqualTo(201);
        List<Map<String, AttributeValue>> kept = new ArrayList<>(eventKeys());
        kept.removeIf(item -> before.stream().anyMatch(old -> old.get("SK").equals(item.get("SK"))));
        assertThat(kept).hasSize(1);
        assertThat(record(first.replace("u-10", "u-11"), writerKey, "daily-report").status())
                .as("within its day, another event with the key").isEqualTo(422);

        Map<String, AttributeValue> key = Map.of("PK", kept.get(0).get("PK"), "SK", kept.get(0).get("SK"));
        platform.updateItem(b -> b.tableName(tableName).key(key).updateExpression("SET expiresAt = :past")
                .expressionAttributeValues(Map.of(":past", AttributeValue.fromN(Long.toString(
                        Instant.now().minusSeconds(3600).getEpochSecond())))));

        assertThat(record(first.replace("u-10", "u-11"), writerKey, "daily-report").status())
                .as("expired, though still in the table").isEqualTo(201);
        assertThat(all("action=report.sent")).hasSize(2);
    }

    @Test
    void queryParameters_areTheRoutesOwn_givenOnce_andNumbersInAsciiDigits() {
        String log = "/v1/orgs/" + ORG + "/audit-log";
        assertThat(get(log + "?actor=u-7", "Bearer " + owner).status()).isEqualTo(200);
        Api.Reply twice = outOfContract(log + "?actor=u-7&actor=u-7");
        assertThat(twice.status()).as("not the actor u-7,u-7").isEqualTo(400);
        assertThat(twice.json().get("detail").asText()).contains("actor");
        assertThat(get(log + "?limit=3", "Bearer " + owner).status()).isEqualTo(200);
        Api.Reply misnamed = outOfContract("/v1/orgs/" + ORG + "/events?cursor=abc");
        assertThat(misnamed.status()).as("the feed takes after, not cursor: not read from the start").isEqualTo(400);
        assertThat(misnamed.json().get("detail").asText()).contains("cursor").contains("after");
        for (String digits : List.of("%EF%BC%93", "%D9%A3", "3%C2%A0", "0x3")) {
            assertThat(outOfContract(log + "?limit=" + digits).status()).as(digits).isEqualTo(400);
            assertThat(outOfContract("/v1/orgs/" + ORG + "/events?limit=" + digits).status()).as(digits)
                    .isEqualTo(400);
        }
    }

    private Api.Reply outOfContract(String path) {
        return api().hostile().send(api().request(path, null).header("Authorization", "Bearer " + owner).GET());
    }

    @Test
    void numbersInAnAppsMetadata_areOnlyOnesTheLogKeepsAndReadsBackExactly() {
        String body = "{\"action\":\"invoice.sized\",\"actor\":{\"type\":\"user\",\"id\":\"u-8\"},"
                + "\"metadata\":{\"n\":NUMBER}}";

        for (String kept : List.of("9007199254740993", "-12.125", "0.00001")) {
            assertThat(record(body.replace("NUMBER", kept), writerKey, null).status()).as(kept).isEqualTo(201);
        }
        for (String refused : List.of("1e20", "1e200", "1e-200", "123456789012345678901234567890123456789",
                "1e-400", "0.12345678901234567890123", "123456789.123456789123", "4.9e-324")) {
            Api.Reply reply = record(body.replace("NUMBER", refused), writerKey, null);
            assertThat(reply.status()).as(refused + ": " + reply.body()).isEqualTo(400);
        }

        assertThat(all("action=invoice.sized")).extracting(event -> event.get("data").get("changes").get("metadata")
                .get("n").decimalValue().stripTrailingZeros().toPlainString())
                .as("every one accepted is in the log, as sent")
                .containsExactlyInAnyOrder("9007199254740993", "-12.125", "0.00001");
    }

    @Test
    void onlyOwnersAdminsAndPermittedKeys_useTheLog() {
        String bob = journeys().member("bob");
        String other = journeys().organisation("audit-other");
        String strangerKey = api().post("/v1/orgs/audit-other/api-keys", "{\"name\":\"k\",\"access\":\"read\","
                + "\"permissions\":[\"events:read\",\"audit_log:read\"]}", other).json().get("secret").asText();

        assertThat(get("/v1/orgs/" + ORG + "/events", "Bearer " + bob).status()).isEqualTo(403);
        assertThat(get("/v1/orgs/" + ORG + "/audit-log", "Bearer " + bob).status()).isEqualTo(403);
        assertThat(get("/v1/orgs/" + ORG + "/events", writerKey).status()).isEqualTo(403);
        assertThat(get("/v1/orgs/" + ORG + "/events", strangerKey).status()).isEqualTo(403);
        assertThat(get("/v1/orgs/" + ORG + "/audit-log", "not-a-key").status()).isEqualTo(401);
        assertThat(get("/v1/orgs/" + ORG + "/events", readerKey).status()).isEqualTo(200);
        assertThat(get("/v1/orgs/" + ORG + "/events?after=forged", readerKey).status()).isEqualTo(400);
        assertThat(get("/v1/orgs/" + ORG + "/events?types=member.added", readerKey).json().get("items"))
                .allSatisfy(event -> assertThat(event.get("type").asText()).isEqualTo("member.added"));
    }

    private List<JsonNode> all(String filters) {
        Api.Reply reply = get("/v1/orgs/" + ORG + "/audit-log?limit=100&" + filters, "Bearer " + owner);
        assertThat(reply.status()).as(reply.body()).isEqualTo(200);
        List<JsonNode> events = new ArrayList<>();
        reply.json().get("items").forEach(events::add);
        return events;
    }

    private String key(String permissions) {
        Api.Reply created = api().post("/v1/orgs/" + ORG + "/api-keys", "{\"name\":\"k\",\"access\":\"read\","
                + "\"permissions\":" + permissions + "}", owner);
        assertThat(created.status()).isEqualTo(201);
        return created.json().get("secret").asText();
    }

    private Api.Reply get(String path, String authorization) {
        return api().send(api().request(path, null).header("Authorization", authorization).GET());
    }

    private List<Map<String, AttributeValue>> eventKeys() {
        return platform.scanPaginator(b -> b.tableName(tableName).consistentRead(true)).items().stream()
                .filter(item -> item.get("SK").s().startsWith("EVENTKEY#")).toList();
    }

    private Api.Reply record(String json, String key, String idempotencyKey) {
        HttpRequest.Builder request = api().request("/v1/orgs/" + ORG + "/audit-log", null)
                .header("Authorization", key).header("Content-Type", "application/json")
                .POST(HttpRequest.BodyPublishers.ofString(json));
        if (idempotencyKey != null) {
            request.header("Idempotency-Key", idempotencyKey);
        }
        return api().send(request);
    }

}
