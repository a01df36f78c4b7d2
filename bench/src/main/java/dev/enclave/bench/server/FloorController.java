package dev.enclave.bench.server;

import dev.enclave.app.domain.organisation.Organisation;
import dev.enclave.app.infra.settings.TableSettings;
import dev.enclave.app.infra.store.member.MembershipKeys;
import dev.enclave.app.infra.store.organisation.OrganisationItems;
import dev.enclave.app.infra.store.organisation.OrganisationKeys;
import dev.enclave.identity.TenantId;
import dev.enclave.identity.UserKey;
import io.micronaut.context.annotation.Requires;
import io.micronaut.http.HttpResponse;
import io.micronaut.http.annotation.Controller;
import io.micronaut.http.annotation.Get;
import io.micronaut.scheduling.TaskExecutors;
import io.micronaut.scheduling.annotation.ExecuteOn;
import io.micronaut.security.annotation.Secured;
import io.micronaut.security.rules.SecurityRule;
import io.micronaut.serde.annotation.Serdeable;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.KeysAndAttributes;

/**
 * The floors: what this framework and DynamoDB Local do at all on this machine, on the application's
 * static-credential client (through the same gateway endpoint as tenant traffic), mapped and answered as JSON, with
 * no JWT and no tenancy — the organisation's single GetItem, and the same strongly consistent BatchGetItem of the
 * member's membership and the organisation that Enclave's {@code GET /v1/orgs/{org}} makes to authorise the caller.
 * Benchmark environment only.
 */
@Controller("/bench/floor")
@Requires(env = BenchStatsController.ENVIRONMENT)
@Secured(SecurityRule.IS_ANONYMOUS)
@ExecuteOn(TaskExecutors.BLOCKING)
final class FloorController {

    @Serdeable
    record FloorView(String id, String name, int seats, int members, String status, String createdAt,
                     long version) {

        static FloorView of(Organisation organisation) {
            return new FloorView(organisation.id().value(), organisation.name(), organisation.seats(),
                    organisation.members(), organisation.status().name().toLowerCase(Locale.ROOT),
                    organisation.createdAt().toString(), organisation.version());
        }
    }

    private static final String LOCAL_ISSUER = "enclave-local";

    private final DynamoDbClient platform;
    private final String table;

    FloorController(DynamoDbClient platform, TableSettings table) {
        this.platform = platform;
        this.table = table.getName();
    }

    @Get("/{org}")
    HttpResponse<FloorView> organisation(String org) {
        Map<String, AttributeValue> item = platform.getItem(b -> b.tableName(table)
                .key(OrganisationKeys.key(TenantId.of(org)).asMap())).item();
        return item.isEmpty() ? HttpResponse.notFound() : HttpResponse.ok(FloorView.of(OrganisationItems.fromItem(item)));
    }

    @Get("/{org}/members/{userId}")
    HttpResponse<FloorView> organisationWithMembership(String org, String userId) {
        TenantId tenant = TenantId.of(org);
        List<Map<String, AttributeValue>> items = platform.batchGetItem(b -> b.requestItems(Map.of(table,
                KeysAndAttributes.builder().consistentRead(true).keys(OrganisationKeys.key(tenant).asMap(),
                        MembershipKeys.key(tenant, UserKey.of(LOCAL_ISSUER, userId)).asMap()).build())))
                .responses().getOrDefault(table, List.of());
        return items.stream().filter(item -> OrganisationKeys.SORT_KEY.equals(item.get("SK").s())).findFirst()
                .filter(organisation -> items.size() == 2)
                .map(organisation -> HttpResponse.ok(FloorView.of(OrganisationItems.fromItem(organisation))))
                .orElseGet(HttpResponse::notFound);
    }
}
