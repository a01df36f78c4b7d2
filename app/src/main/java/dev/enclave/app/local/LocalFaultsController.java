package dev.enclave.app.local;

import dev.enclave.sandbox.gateway.GatewayFaults;
import dev.enclave.sandbox.sts.LocalSts;
import dev.enclave.sandbox.sts.StsFaults;
import io.micronaut.context.annotation.Requires;
import io.micronaut.core.annotation.Nullable;
import io.micronaut.http.HttpResponse;
import io.micronaut.http.MediaType;
import io.micronaut.http.annotation.Body;
import io.micronaut.http.annotation.Consumes;
import io.micronaut.http.annotation.Controller;
import io.micronaut.http.annotation.Delete;
import io.micronaut.http.annotation.Post;
import io.micronaut.security.annotation.Secured;
import io.micronaut.security.rules.SecurityRule;
import io.micronaut.serde.annotation.Serdeable;
import io.swagger.v3.oas.annotations.Hidden;
import jakarta.validation.Valid;
import jakarta.validation.constraints.Max;
import jakarta.validation.constraints.Min;
import jakarta.validation.constraints.NotNull;
import jakarta.validation.constraints.Pattern;
import java.time.Duration;
import java.util.Optional;

/**
 * Faults on demand in a running local stack, for trying Enclave's behaviour under a dependency's bad minute by
 * hand or from a chaos run: DynamoDB gateway faults (per operation, per tenant) and STS faults (throttling, an
 * outage, latency). Local only: the
 * production jar has neither this controller nor the sandbox.
 */
@Hidden
@Controller("/local/faults")
@Requires(env = "local")
@Requires(beans = GatewayFaults.class)
@Secured(SecurityRule.IS_ANONYMOUS)
class LocalFaultsController {

    /**
     * A fault to inject. {@code kind}: a {@link GatewayFaults.Kind} for DynamoDB, or {@code STS_} and a
     * {@link StsFaults.Kind} for AssumeRole calls ({@code operation} and {@code tenant} do not apply).
     */
    @Serdeable
    record FaultRequest(@NotNull @Pattern(regexp = KINDS, message = "must be an STS or a gateway fault kind")
                        String kind,
                        @Nullable @Pattern(regexp = "[A-Za-z]{1,40}") String operation,
                        @Nullable @Pattern(regexp = "[a-z0-9-]{1,40}") String tenant,
                        @Nullable @Min(1) Integer times,
                        @Nullable @Min(0) @Max(120_000) Integer latencyMillis) {
    }

    static final String STS = "STS_";
    static final String KINDS = "STS_THROTTLING|STS_UNAVAILABLE|STS_LATENCY|THROTTLING|PROVISIONED_THROUGHPUT_EXCEEDED|INTERNAL_SERVER_ERROR"
            + "|SERVICE_UNAVAILABLE|DROPPED_CONNECTION|LATENCY|TRANSACTION_CONFLICT";

    private final GatewayFaults faults;
    private final LocalSts sts;

    LocalFaultsController(GatewayFaults faults, LocalSts sts) {
        this.faults = faults;
        this.sts = sts;
    }

    @Post
    HttpResponse<?> inject(@Valid @Body FaultRequest request) {
        int times = request.times() == null ? Integer.MAX_VALUE : request.times();
        Duration latency = Duration.ofMillis(request.latencyMillis() == null ? 0 : request.latencyMillis());
        if (request.kind().startsWith(STS)) {
            sts.faults().inject(new StsFaults.Rule(StsFaults.Kind.valueOf(request.kind().substring(STS.length())),
                    latency, times));
        } else {
            faults.inject(new GatewayFaults.Rule(Optional.ofNullable(request.operation()),
                    Optional.ofNullable(request.tenant()), GatewayFaults.Kind.valueOf(request.kind()), latency, times));
        }
        return HttpResponse.noContent();
    }

    /** Every fault is lifted: the gateway forwards everything, STS answers again. */
    @Consumes(MediaType.ALL)
    @Delete
    HttpResponse<?> clear() {
        faults.clear();
        sts.faults().clear();
        return HttpResponse.noContent();
    }
}
