package dev.enclave.app.infra.startup;

import dev.enclave.app.infra.settings.TableSettings;

import io.micronaut.health.HealthStatus;
import io.micronaut.management.health.indicator.AbstractHealthIndicator;
import io.micronaut.management.health.indicator.annotation.Readiness;
import jakarta.inject.Singleton;
import java.util.Map;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.TableStatus;

/** Ready only while Enclave's table exists and is ACTIVE. */
@Singleton
@Readiness
final class TableReadiness extends AbstractHealthIndicator<Map<String, Object>> {

    private final DynamoDbClient platformClient;
    private final TableSettings table;

    TableReadiness(DynamoDbClient platformClient, TableSettings table) {
        this.platformClient = platformClient;
        this.table = table;
    }

    @Override
    protected Map<String, Object> getHealthInformation() {
        TableStatus status = platformClient.describeTable(b -> b.tableName(table.getName())).table().tableStatus();
        healthStatus = status == TableStatus.ACTIVE ? HealthStatus.UP : HealthStatus.DOWN;
        return Map.of("table", table.getName(), "status", status.toString());
    }

    @Override
    protected String getName() {
        return "dynamodb";
    }
}
