package dev.enclave.app.infra.store.apikey;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import dev.enclave.app.domain.apikey.ApiKey;
import dev.enclave.app.domain.apikey.ApiKeyAccess;
import dev.enclave.app.domain.apikey.ApiKeyId;
import dev.enclave.app.domain.apikey.ApiKeySecret;
import dev.enclave.app.domain.organisation.Organisations;
import dev.enclave.app.infra.consistency.Invariants;
import dev.enclave.app.infra.consistency.Violation;
import dev.enclave.app.infra.consistency.ViolationKind;
import dev.enclave.app.infra.jobs.SettlingKeyLookups;
import dev.enclave.app.infra.store.Incarnations;
import dev.enclave.app.support.Api;
import dev.enclave.app.support.LocalStackTest;
import dev.enclave.app.support.MovableClockFactory;
import dev.enclave.digest.Sha256;
import dev.enclave.identity.TenantId;
import dev.enclave.sandbox.MutableClock;
import dev.enclave.sandbox.gateway.GatewayFaults;
import io.micronaut.test.extensions.junit5.annotation.MicronautTest;
import jakarta.inject.Inject;
import java.security.SecureRandom;
import java.time.Duration;
import java.time.temporal.ChronoUnit;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * An API key's lookup entry is written before its key and settled after it; whatever stops that work half-way (the
 * server killed between the entry and the key's transaction, a fault on the transaction or on the entry's removal,
 * a revocation stopped after its transaction), the background pass removes an entry whose key is not there once it
 * is due, and confirms one whose key is. The scheduled pass is held off (an hour) and the clock is moved, so each
 * test runs the pass when the entry is due.
 */
@MicronautTest(environments = "local")
class KeyLookupSettlingIT extends LocalStackTest {

    private static final Duration PATIENCE = Duration.ofSeconds(20);
    private static final SecureRandom RANDOM = new SecureRandom();

    @Inject
    DynamoDbApiKeyLookups lookups;

    @Inject
    SettlingKeyLookups pass;

    @Inject
    Organisations organisations;

    @Inject
    MutableClock clock;

    @Override
    protected Map<String, String> settings() {
        return Map.of("enclave.jobs.first-poll", "1h", "enclave.jobs.poll-interval", "1h",
                "enclave.tenancy.dynamodb-max-attempts", "2", "enclave.backends.maximum-api-keys", "1",
                MovableClockFactory.SETTING, "true");
    }

    @Test
    void aCreationKilledBetweenItsLookupEntryAndItsTransaction_leavesAnEntryThePassRemovesOnceDue() {
        TenantId tenant = TenantId.of("lk-killed");
        ApiKeySecret secret = killedCreation("lk-killed");

        assertThat(entry(tenant, secret.id())).as("the entry the killed creation left").isNotEmpty();
        Api.Reply presented = containerFetch(secret.reveal());
        assertThat(presented.status()).as("an unconfirmed entry without its key is no key").isEqualTo(401);
        assertThat(presented.json().get("code").asText()).isEqualTo("invalid-api-key");
        indexesCaughtUp();
        assertThat(pass.poll()).as("not due yet").isZero();
        assertThat(violations(ViolationKind.KEY_LOOKUP_WITHOUT_KEY)).as("owed, within the bound").isEmpty();

        awaitPassRemoves(tenant, secret.id());
        assertThat(violations(ViolationKind.KEY_LOOKUP_WITHOUT_KEY)).isEmpty();
    }

    @Test
    void anEntryWhoseSettlementFaults_staysDue_andTheNewerOnesOfThePassAreSettledAllTheSame() {
        ApiKeyId poisoned = killedCreation("lk-poisoned").id();
        clock.advance(Duration.ofSeconds(5));
        ApiKeyId healthy = killedCreation("lk-healthy").id();
        clock.advance(DynamoDbApiKeyLookups.UNCONFIRMED_FOR.plusSeconds(1));
        indexesCaughtUp();
        faults.inject(GatewayFaults.Rule.forTenant("lk-poisoned", GatewayFaults.Kind.INTERNAL_SERVER_ERROR, 1000));

        pass.poll();

        faults.clear();
        assertThat(entry(TenantId.of("lk-healthy"), healthy)).as("settled past the faulting one").isEmpty();
        assertThat(entry(TenantId.of("lk-poisoned"), poisoned)).as("left due").isNotEmpty();
        awaitPassRemoves(TenantId.of("lk-poisoned"), poisoned);
    }

    /** The secret of a key whose creation was killed after its lookup entry, before its transaction. */
    private ApiKeySecret killedCreation(String org) {
        journeys().organisation(org);
        TenantId tenant = TenantId.of(org);
        ApiKeySecret secret = ApiKeySecret.issue(tenant, ApiKeyId.random(RANDOM), RANDOM);
        ApiKey key = new ApiKey(secret.id(), tenant, "never made", ApiKeyAccess.READ, "ada",
                clock.instant().truncatedTo(ChronoUnit.SECONDS), Optional.empty(), Optional.empty(),
                Sha256.hex(secret.reveal()));
        assertThat(lookups.putUnconfirmed(key, organisations.find(tenant).orElseThrow().incarnation(),
                clock.instant().plus(DynamoDbApiKeyLookups.UNCONFIRMED_FOR))).isPresent();
        return secret;
    }

    @Test
    void aCreationWhoseTransactionFails_answers503_andThePassRemovesTheEntryItLeft() {
        String owner = journeys().organisation("lk-faulted");
        faults.inject(new GatewayFaults.Rule(Optional.of("TransactWriteItems"), Optional.of("lk-faulted"),
                GatewayFaults.Kind.INTERNAL_SERVER_ERROR, Duration.ZERO, 10));

        Api.Reply created = createKey("lk-faulted", owner);

        faults.clear();
        assertThat(created.status()).as(created.body()).isEqualTo(503);
        ApiKeyId left = onlyEntry("lk-faulted");
        assertThat(api().get("/v1/orgs/lk-faulted/api-keys", owner).json().get("items")).isEmpty();
        awaitPassRemoves(TenantId.of("lk-faulted"), left);
    }

    @Test
    void aRefusedCreationWhoseEntryCouldNotBeRemoved_leavesItToThePass() {
        String owner = journeys().organisation("lk-refused");
        assertThat(createKey("lk-refused", owner).status()).isEqualTo(201);
        ApiKeyId kept = onlyEntry("lk-refused");
        faults.inject(new GatewayFaults.Rule(Optional.of("DeleteItem"), Optional.empty(),
                GatewayFaults.Kind.INTERNAL_SERVER_ERROR, Duration.ZERO, 10));

        Api.Reply second = createKey("lk-refused", owner);

        faults.clear();
        assertThat(second.status()).as("over the maximum of one").isEqualTo(409);
        List<ApiKeyId> entries = entries("lk-refused");
        assertThat(entries).as("the working key's and the refused one's").hasSize(2).contains(kept);
        ApiKeyId refused = entries.stream().filter(id -> !id.equals(kept)).findFirst().orElseThrow();
        awaitPassRemoves(TenantId.of("lk-refused"), refused);
        assertThat(entries("lk-refused")).containsExactly(kept);
    }

    @Test
    void aRevocationStoppedAfterItsTransaction_leavesAnEntryThePassRemoves() {
        String owner = journeys().organisation("lk-revoked");
        Api.Reply created = createKey("lk-revoked", owner);
        String secret = created.json().get("secret").asText();
        ApiKeyId id = new ApiKeyId(created.json().get("id").asText());
        faults.inject(new GatewayFaults.Rule(Optional.of("DeleteItem"), Optional.empty(),
                GatewayFaults.Kind.INTERNAL_SERVER_ERROR, Duration.ZERO, 10));

        Api.Reply revoked = api().send(api().request("/v1/orgs/lk-revoked/api-keys/" + id.value(), owner).DELETE());

        faults.clear();
        assertThat(revoked.status()).isEqualTo(204);
        assertThat(entry(TenantId.of("lk-revoked"), id)).as("the entry the revocation could not remove").isNotEmpty();
        assertThat(containerFetch(secret).status()).isEqualTo(401);
        awaitPassRemoves(TenantId.of("lk-revoked"), id);
    }

    @Test
    void aCreationWhoseEntryWasNotConfirmed_givesAWorkingKey_whoseEntryThePassConfirms() {
        String owner = journeys().organisation("lk-unconfirmed");
        faults.inject(new GatewayFaults.Rule(Optional.of("UpdateItem"), Optional.of("user"),
                GatewayFaults.Kind.INTERNAL_SERVER_ERROR, Duration.ZERO, 10));

        Api.Reply created = createKey("lk-unconfirmed", owner);

        faults.clear();
        assertThat(created.status()).as(created.body()).isEqualTo(201);
        TenantId tenant = TenantId.of("lk-unconfirmed");
        ApiKeyId id = new ApiKeyId(created.json().get("id").asText());
        assertThat(entry(tenant, id)).containsKey("GSI3PK");
        assertThat(containerFetch(created.json().get("secret").asText()).status()).isEqualTo(200);

        clock.advance(DynamoDbApiKeyLookups.UNCONFIRMED_FOR.plusSeconds(1));
        await().atMost(PATIENCE).until(() -> {
            pass.poll();
            return !entry(tenant, id).containsKey("GSI3PK");
        });
        assertThat(entry(tenant, id)).as("kept, confirmed").containsKey("secretHash");
        assertThat(containerFetch(created.json().get("secret").asText()).status()).isEqualTo(200);
    }

    private void awaitPassRemoves(TenantId tenant, ApiKeyId id) {
        clock.advance(DynamoDbApiKeyLookups.UNCONFIRMED_FOR.plusSeconds(1));
        await().atMost(PATIENCE).until(() -> {
            pass.poll();
            return entry(tenant, id).isEmpty();
        });
    }

    private Map<String, AttributeValue> entry(TenantId tenant, ApiKeyId id) {
        Map<String, AttributeValue> item = platform.getItem(b -> b.tableName(tableName).consistentRead(true)
                .key(ApiKeyKeys.lookup(tenant, id).asMap())).item();
        return item == null ? Map.of() : item;
    }

    /** The key ids of the tenant's lookup entries, read from the table. */
    private List<ApiKeyId> entries(String tenant) {
        String prefix = ApiKeyKeys.lookupPrefix(TenantId.of(tenant));
        return platform.scanPaginator(b -> b.tableName(tableName).consistentRead(true)
                        .filterExpression("begins_with(PK, :prefix)")
                        .expressionAttributeValues(Map.of(":prefix", AttributeValue.fromS(prefix))))
                .items().stream().map(item -> new ApiKeyId(item.get("PK").s().substring(prefix.length()))).toList();
    }

    private ApiKeyId onlyEntry(String tenant) {
        List<ApiKeyId> entries = entries(tenant);
        assertThat(entries).hasSize(1);
        return entries.get(0);
    }

    /** The checker's findings of {@code kind} on the whole table, as they stand at the clock's now. */
    private List<Violation> violations(ViolationKind kind) {
        return Invariants.check(platform.scanPaginator(b -> b.tableName(tableName).consistentRead(true)).items()
                .stream(), clock.instant()).of(kind);
    }

    private Api.Reply createKey(String org, String owner) {
        return api().post("/v1/orgs/" + org + "/api-keys", "{\"name\":\"worker\",\"access\":\"read\"}", owner);
    }

    @Test
    void aKeyItemOfAnotherLifeOfItsOrganisation_isNoKey() {
        String owner = journeys().organisation("lk-life");
        Api.Reply created = api().post("/v1/orgs/lk-life/api-keys", "{\"name\":\"k\",\"access\":\"read\"}", owner);
        assertThat(created.status()).isEqualTo(201);
        String secret = created.json().get("secret").asText();
        assertThat(containerFetch(secret).status()).isEqualTo(200);

        platform.updateItem(update -> update.tableName(tableName)
                .key(ApiKeyKeys.key(TenantId.of("lk-life"), new ApiKeyId(created.json().get("id").asText())).asMap())
                .updateExpression("SET #life = :other").expressionAttributeNames(Map.of("#life", Incarnations.ATTRIBUTE))
                .expressionAttributeValues(Map.of(":other", AttributeValue.fromS("predecessor"))));

        Api.Reply presented = containerFetch(secret);
        assertThat(presented.status()).as("a key item a deleted predecessor left behind").isEqualTo(401);
        assertThat(presented.json().get("code").asText()).isEqualTo("invalid-api-key");
    }

    private Api.Reply containerFetch(String key) {
        return api().send(api().request("/v1/backend/credentials", null).header("Authorization", key).GET());
    }
}
