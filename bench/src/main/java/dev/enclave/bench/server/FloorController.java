package dev.enclave.bench.server;

import dev.enclave.app.domain.organisation.Organisation;
import dev.enclave.app.infra.settings.TableSettings;
import dev.enclave.app.infra.store.ItemRead;
import dev.enclave.app.infra.store.ScopedTable;
import dev.enclave.app.infra.store.member.MembershipReads;
import dev.enclave.app.infra.store.organisation.OrganisationReads;
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
import java.util.Optional;
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
        ItemRead<Organisation> organisation = OrganisationReads.item(TenantId.of(org));
        Map<String, AttributeValue> item = platform.getItem(b -> b.tableName(table)
                .key(organisation.key().asMap())).item();
        return item.isEmpty() ? HttpResponse.notFound()
                : HttpResponse.ok(FloorView.of(organisation.mapper().apply(item)));
    }

    @Get("/{org}/members/{userId}")
    HttpResponse<FloorView> organisationWithMembership(String org, String userId) {
        TenantId tenant = TenantId.of(org);
        ItemRead<Organisation> organisation = OrganisationReads.item(tenant);
        List<Map<String, AttributeValue>> items = platform.batchGetItem(b -> b.requestItems(Map.of(table,
                KeysAndAttributes.builder().consistentRead(true).keys(organisation.key().asMap(),
                        MembershipReads.item(tenant, UserKey.of(LOCAL_ISSUER, userId)).key().asMap()).build())))
                .responses().getOrDefault(table, List.of());
        return Optional.ofNullable(ScopedTable.at(items, organisation.key())).filter(found -> items.size() == 2)
                .map(found -> HttpResponse.ok(FloorView.of(organisation.mapper().apply(found))))
                .orElseGet(HttpResponse::notFound);
    }
}
