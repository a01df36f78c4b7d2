package dev.enclave.app.infra.startup;

import dev.enclave.app.infra.settings.SettingsCheck;
import dev.enclave.app.infra.settings.SettingsProblems;
import dev.enclave.app.infra.settings.SettingsRefusedException;
import dev.enclave.app.infra.store.PageCursors;
import io.micronaut.context.annotation.Context;
import io.micronaut.context.env.Environment;
import io.micronaut.core.annotation.Order;
import io.micronaut.core.order.Ordered;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Pattern;

/**
 * Checks every setting before anything else starts and refuses to start with one message listing every problem:
 * outside the {@code local} environment nothing is defaulted, so each required setting must be given; everywhere,
 * each given value must be readable (ARNs, URLs, names, durations, choices).
 */
@Context
@Order(Ordered.HIGHEST_PRECEDENCE)
public final class StartupSettings {

    /** Each setting Enclave needs outside the local stack; its environment variable is derived from the name. */
    public static final List<String> REQUIRED = List.of("aws.region", "enclave.table.name", "enclave.auth.jwks-url",
            "enclave.auth.issuer", "enclave.auth.audience", "enclave.tenancy.role-arn", "enclave.tenancy.table-arn",
            "enclave.idempotency.sealing-keys", PageCursors.KEY);
    private static final Pattern REGION = Pattern.compile("[a-z]{2}(-[a-z]+)+-\\d{1,2}");
    private static final Pattern TABLE_NAME = Pattern.compile("[A-Za-z0-9_.-]{3,255}");

    StartupSettings(Environment environment, List<SettingsCheck> checks) {
        List<String> problems = new ArrayList<>();
        if (!environment.getActiveNames().contains("local")) {
            SettingsProblems missing = new SettingsProblems(environment);
            REQUIRED.stream().filter(key -> missing.value(key).isEmpty()).sorted()
                    .forEach(key -> missing.add(key, "is required"));
            problems.addAll(missing.list());
        }
        problems.addAll(new SettingsProblems(environment)
                .matches("aws.region", REGION, "an AWS region such as eu-west-1")
                .matches("enclave.table.name", TABLE_NAME, "a DynamoDB table name (3-255 of A-Z a-z 0-9 _ . -)")
                .readable(PageCursors.KEY, PageCursors::checkKey)
                .list());
        checks.forEach(check -> problems.addAll(check.problems(environment)));
        if (!problems.isEmpty()) {
            throw new SettingsRefusedException(problems);
        }
    }
}
