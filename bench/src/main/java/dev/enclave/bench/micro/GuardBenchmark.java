package dev.enclave.bench.micro;

import dev.enclave.identity.TenantId;
import dev.enclave.table.TableDesign;
import dev.enclave.tenancy.guard.GuardScope;
import dev.enclave.tenancy.guard.GuardViolation;
import dev.enclave.tenancy.guard.KeyGuard;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.GetItemRequest;
import software.amazon.awssdk.services.dynamodb.model.Put;
import software.amazon.awssdk.services.dynamodb.model.TransactWriteItem;
import software.amazon.awssdk.services.dynamodb.model.TransactWriteItemsRequest;

/** The request guard's check of an outgoing request against its scope, as the interceptor runs it on every call. */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
public class GuardBenchmark {

    private KeyGuard guard;
    private GuardScope scope;
    private GetItemRequest getItem;
    private TransactWriteItemsRequest acceptTransaction;

    @Setup
    public void setUp() {
        guard = new KeyGuard(TableDesign.ENCLAVE);
        scope = GuardScope.tenant(TenantId.of("acme"));
        getItem = GetItemRequest.builder().tableName("enclave").key(key("TENANT#acme#ORG", "ORG")).build();
        List<TransactWriteItem> items = new ArrayList<>();
        for (int i = 0; i < 5; i++) {
            Map<String, AttributeValue> item = new java.util.HashMap<>(key("TENANT#acme#ORG", "MEMBER#" + i));
            item.put("GSI1PK", AttributeValue.fromS("TENANT#acme#INVITATIONS"));
            item.put("GSI1SK", AttributeValue.fromS("pending#" + i));
            item.put("GSI2PK", AttributeValue.fromS("USER#digest" + i));
            item.put("GSI2SK", AttributeValue.fromS("TENANT#acme#"));
            items.add(TransactWriteItem.builder().put(Put.builder().tableName("enclave").item(item).build()).build());
        }
        acceptTransaction = TransactWriteItemsRequest.builder().transactItems(items).build();
    }

    @Benchmark
    public Optional<GuardViolation> getItem() {
        return guard.check(getItem, scope);
    }

    @Benchmark
    public Optional<GuardViolation> fivePutTransaction() {
        return guard.check(acceptTransaction, scope);
    }

    private static Map<String, AttributeValue> key(String partition, String sort) {
        return Map.of("PK", AttributeValue.fromS(partition), "SK", AttributeValue.fromS(sort));
    }
}
