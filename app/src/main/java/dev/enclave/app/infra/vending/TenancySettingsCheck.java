package dev.enclave.app.infra.vending;

import dev.enclave.app.infra.settings.SettingsCheck;
import dev.enclave.app.infra.settings.SettingsProblems;
import dev.enclave.iam.policy.TableArn;
import io.micronaut.core.value.PropertyResolver;
import jakarta.inject.Singleton;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * The tenancy settings: the role and table ARNs (the table ARN must name Enclave's table, in the region), the
 * mode, the endpoint overrides, the session duration STS allows and DynamoDB's timeouts and attempts.
 */
@Singleton
final class TenancySettingsCheck implements SettingsCheck {

    private static final Pattern ROLE_ARN = Pattern.compile("arn:aws[a-z-]*:iam::\\d{12}:role/[\\w+=,.@/-]{1,512}");
    private static final Set<String> MODES = Set.of("session-policy", "abac");
    private static final String TABLE_ARN = "enclave.tenancy.table-arn";

    @Override
    public List<String> problems(PropertyResolver settings) {
        SettingsProblems problems = new SettingsProblems(settings)
                .matches("enclave.tenancy.role-arn", ROLE_ARN, "an IAM role ARN (arn:aws:iam::<account>:role/<name>)")
                .readable(TABLE_ARN, TableArn::new)
                .readable("enclave.tenancy.mode", TenancySettingsCheck::mode)
                .url("enclave.tenancy.sts-endpoint")
                .url("enclave.tenancy.dynamodb-endpoint")
                .duration("enclave.tenancy.session-duration", Duration.ofMinutes(15), Duration.ofHours(1))
                .duration("enclave.tenancy.dynamodb-attempt-timeout", Duration.ofMillis(10), Duration.ofMinutes(1))
                .duration("enclave.tenancy.dynamodb-call-timeout", Duration.ofMillis(100), Duration.ofMinutes(5))
                .integer("enclave.tenancy.dynamodb-max-attempts", 1, 10);
        problems.value(TABLE_ARN).flatMap(TenancySettingsCheck::tableArn).map(TableArn::value).ifPresent(arn -> {
            problems.value("enclave.table.name").filter(name -> !arn.endsWith(":table/" + name))
                    .ifPresent(name -> problems.add(TABLE_ARN, "must name the table enclave.table.name names ('"
                            + name + "'), not " + arn));
            problems.value("aws.region").filter(region -> !region.equals(arn.split(":")[3]))
                    .ifPresent(region -> problems.add(TABLE_ARN, "must name a table in aws.region ('" + region
                            + "'), not " + arn + ": every tenant session policy names it, so each call would be "
                            + "refused"));
        });
        return problems.list();
    }

    private static Optional<TableArn> tableArn(String value) {
        try {
            return Optional.of(new TableArn(value));
        } catch (IllegalArgumentException notAnArn) {
            return Optional.empty();
        }
    }

    private static void mode(String value) {
        if (!MODES.contains(value)) {
            throw new IllegalArgumentException("must be session-policy or abac, not '" + value + "'");
        }
    }
}
