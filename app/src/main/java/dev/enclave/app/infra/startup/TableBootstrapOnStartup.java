package dev.enclave.app.infra.startup;

import dev.enclave.app.infra.settings.TableSettings;

import dev.enclave.table.TableDesign;
import dev.enclave.tenancy.table.TableBootstrap;
import io.micronaut.context.annotation.Context;
import io.micronaut.context.annotation.Requires;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;

/**
 * Creates the table from {@link TableDesign#ENCLAVE} before the server takes requests, when
 * {@code enclave.table.bootstrap} is on. A platform operation on the application's own credentials.
 */
@Context
@Requires(property = "enclave.table.bootstrap", value = "true")
final class TableBootstrapOnStartup {

    private static final Logger LOG = LoggerFactory.getLogger(TableBootstrapOnStartup.class);

    TableBootstrapOnStartup(DynamoDbClient platformClient, TableSettings table) {
        boolean created = new TableBootstrap(platformClient, TableDesign.ENCLAVE).ensureTable(table.getName());
        LOG.info("table={} {}", table.getName(), created ? "created" : "already present");
    }
}
