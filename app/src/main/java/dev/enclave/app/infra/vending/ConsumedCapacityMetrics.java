package dev.enclave.app.infra.vending;

import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.DistributionSummary;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.Tags;
import java.util.List;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentMap;
import software.amazon.awssdk.core.SdkRequest;
import software.amazon.awssdk.core.SdkResponse;
import software.amazon.awssdk.core.interceptor.Context;
import software.amazon.awssdk.core.interceptor.ExecutionAttributes;
import software.amazon.awssdk.core.interceptor.ExecutionInterceptor;
import software.amazon.awssdk.services.dynamodb.model.BatchGetItemRequest;
import software.amazon.awssdk.services.dynamodb.model.BatchGetItemResponse;
import software.amazon.awssdk.services.dynamodb.model.BatchWriteItemRequest;
import software.amazon.awssdk.services.dynamodb.model.BatchWriteItemResponse;
import software.amazon.awssdk.services.dynamodb.model.ConditionalCheckFailedException;
import software.amazon.awssdk.services.dynamodb.model.ConsumedCapacity;
import software.amazon.awssdk.services.dynamodb.model.DeleteItemRequest;
import software.amazon.awssdk.services.dynamodb.model.DeleteItemResponse;
import software.amazon.awssdk.services.dynamodb.model.GetItemRequest;
import software.amazon.awssdk.services.dynamodb.model.GetItemResponse;
import software.amazon.awssdk.services.dynamodb.model.PutItemRequest;
import software.amazon.awssdk.services.dynamodb.model.PutItemResponse;
import software.amazon.awssdk.services.dynamodb.model.QueryRequest;
import software.amazon.awssdk.services.dynamodb.model.QueryResponse;
import software.amazon.awssdk.services.dynamodb.model.ReturnConsumedCapacity;
import software.amazon.awssdk.services.dynamodb.model.TransactGetItemsRequest;
import software.amazon.awssdk.services.dynamodb.model.TransactGetItemsResponse;
import software.amazon.awssdk.services.dynamodb.model.TransactWriteItemsRequest;
import software.amazon.awssdk.services.dynamodb.model.TransactWriteItemsResponse;
import software.amazon.awssdk.services.dynamodb.model.TransactionCanceledException;
import software.amazon.awssdk.services.dynamodb.model.UpdateItemRequest;
import software.amazon.awssdk.services.dynamodb.model.UpdateItemResponse;

/**
 * Asks DynamoDB for the capacity each tenant request consumes and records it per DynamoDB operation and per API
 * endpoint: {@code enclave.dynamodb.calls{operation,outcome,method,uri}} (outcome {@code ok}, {@code refused} or
 * {@code error}) and {@code enclave.dynamodb.capacity{...}} (capacity units, of successful calls). {@code method} and
 * {@code uri} are those of the HTTP request being served, as Micronaut's
 * {@code http.server.requests} tags them ({@code uri} is the route template, e.g. {@code /v1/orgs/{org}}), so the
 * two divide into calls and capacity per API request; outside a request both are {@code none}. Each meter is built
 * once per tag set and kept: a call finds its meters in a map, not through the registry.
 */
public final class ConsumedCapacityMetrics implements ExecutionInterceptor {

    private static final ReturnConsumedCapacity TOTAL = ReturnConsumedCapacity.TOTAL;
    private static final CurrentRoute.Route NO_REQUEST = new CurrentRoute.Route("none", "none");

    private final MeterRegistry meters;
    private final CurrentRoute route;
    private final ConcurrentMap<Call, Counter> calls = new ConcurrentHashMap<>();
    private final ConcurrentMap<Call, DistributionSummary> capacities = new ConcurrentHashMap<>();

    public ConsumedCapacityMetrics(MeterRegistry meters, CurrentRoute route) {
        this.meters = meters;
        this.route = route;
    }

    /** One kind of call: the tags of its meters, before they are built. */
    private record Call(String method, String uri, Class<?> operation, String outcome) {

        static Call of(CurrentRoute.Route route, SdkRequest request, String outcome) {
            return new Call(route.method(), route.uriTemplate(), request.getClass(), outcome);
        }

        Tags tags() {
            return Tags.of("method", method, "uri", uri)
                    .and("operation", operation.getSimpleName().replace("Request", ""))
                    .and("outcome", outcome);
        }
    }

    @Override
    public SdkRequest modifyRequest(Context.ModifyRequest context, ExecutionAttributes attributes) {
        SdkRequest request = context.request();
        if (request instanceof GetItemRequest r) {
            return r.toBuilder().returnConsumedCapacity(TOTAL).build();
        } else if (request instanceof PutItemRequest r) {
            return r.toBuilder().returnConsumedCapacity(TOTAL).build();
        } else if (request instanceof UpdateItemRequest r) {
            return r.toBuilder().returnConsumedCapacity(TOTAL).build();
        } else if (request instanceof DeleteItemRequest r) {
            return r.toBuilder().returnConsumedCapacity(TOTAL).build();
        } else if (request instanceof QueryRequest r) {
            return r.toBuilder().returnConsumedCapacity(TOTAL).build();
        } else if (request instanceof BatchGetItemRequest r) {
            return r.toBuilder().returnConsumedCapacity(TOTAL).build();
        } else if (request instanceof BatchWriteItemRequest r) {
            return r.toBuilder().returnConsumedCapacity(TOTAL).build();
        } else if (request instanceof TransactGetItemsRequest r) {
            return r.toBuilder().returnConsumedCapacity(TOTAL).build();
        } else if (request instanceof TransactWriteItemsRequest r) {
            return r.toBuilder().returnConsumedCapacity(TOTAL).build();
        }
        return request;
    }

    @Override
    public void afterExecution(Context.AfterExecution context, ExecutionAttributes attributes) {
        Call call = call(context.request(), "ok");
        counter(call).increment();
        capacities.computeIfAbsent(call, c -> meters.summary("enclave.dynamodb.capacity", c.tags()))
                .record(capacity(context.response()));
    }

    /**
     * Refused conditions and cancelled transactions are calls too (DynamoDB bills them; their capacity is unknown):
     * outcome {@code refused}. Any other failure (throttled past the retries, a fault, no answer) is {@code error}.
     */
    @Override
    public void onExecutionFailure(Context.FailedExecution context, ExecutionAttributes attributes) {
        counter(call(context.request(), failureOutcome(context.exception()))).increment();
    }

    private Call call(SdkRequest request, String outcome) {
        return Call.of(route.now().orElse(NO_REQUEST), request, outcome);
    }

    private Counter counter(Call call) {
        return calls.computeIfAbsent(call, c -> meters.counter("enclave.dynamodb.calls", c.tags()));
    }

    static String failureOutcome(Throwable failure) {
        return failure instanceof ConditionalCheckFailedException || failure instanceof TransactionCanceledException
                ? "refused" : "error";
    }

    private static double capacity(SdkResponse response) {
        if (response instanceof GetItemResponse r) {
            return units(r.consumedCapacity());
        } else if (response instanceof PutItemResponse r) {
            return units(r.consumedCapacity());
        } else if (response instanceof UpdateItemResponse r) {
            return units(r.consumedCapacity());
        } else if (response instanceof DeleteItemResponse r) {
            return units(r.consumedCapacity());
        } else if (response instanceof QueryResponse r) {
            return units(r.consumedCapacity());
        } else if (response instanceof BatchGetItemResponse r) {
            return units(r.consumedCapacity());
        } else if (response instanceof BatchWriteItemResponse r) {
            return units(r.consumedCapacity());
        } else if (response instanceof TransactGetItemsResponse r) {
            return units(r.consumedCapacity());
        } else if (response instanceof TransactWriteItemsResponse r) {
            return units(r.consumedCapacity());
        }
        return 0;
    }

    private static double units(ConsumedCapacity capacity) {
        return capacity == null || capacity.capacityUnits() == null ? 0 : capacity.capacityUnits();
    }

    private static double units(List<ConsumedCapacity> capacities) {
        return capacities == null ? 0 : capacities.stream().mapToDouble(ConsumedCapacityMetrics::units).sum();
    }
}
