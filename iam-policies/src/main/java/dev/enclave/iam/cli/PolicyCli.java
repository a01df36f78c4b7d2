package dev.enclave.iam.cli;

import dev.enclave.iam.infra.CloudFormationTemplate;
import dev.enclave.iam.infra.ServiceTemplate;
import dev.enclave.iam.policy.AbacTenantPolicy;
import dev.enclave.iam.policy.Access;
import dev.enclave.iam.policy.PolicyScope;
import dev.enclave.iam.policy.PolicySize;
import dev.enclave.iam.policy.RolePolicies;
import dev.enclave.iam.policy.TableArn;
import dev.enclave.iam.policy.TenantDataPolicy;
import dev.enclave.iam.policy.TenantSessionPolicy;
import dev.enclave.iam.proof.UnsupportedPolicyException;
import dev.enclave.identity.Incarnation;
import dev.enclave.identity.LeadingKeyPrefix;
import dev.enclave.identity.TenantId;
import dev.enclave.table.TableDesign;
import java.io.PrintStream;
import java.io.UncheckedIOException;
import java.util.HashMap;
import java.util.Map;
import java.util.Set;
import software.amazon.awssdk.policybuilder.iam.IamPolicy;
import software.amazon.awssdk.policybuilder.iam.IamPolicyWriter;

/**
 * Prints the IAM documents a deployment uses, so operators can review what a tenant gets:
 * {@code java -jar enclave-iam-policies.jar session-policy --tenant acme --table-arn <arn> [--read-only]}; the
 * CloudFormation templates: {@code infra-template} (the table and roles) and {@code service-template} (ECS); and
 * proves the policies isolating ({@code prove}, see {@code docs/isolation.md}).
 */
public final class PolicyCli {

    static final int USAGE = 2;
    private static final String HELP = """
            usage:
              session-policy --tenant <id> --table-arn <arn> [--read-only]
              data-policy --tenant <id> --incarnation <incarnation> --table-arn <arn> [--read-only]
              abac-policy --table-arn <arn> [--read-only]
              tenant-role-trust --app-role-arn <arn>
              tenant-role-permissions --table-arn <arn>
              app-role-policy --table-arn <arn> --tenant-role-arn <arn>
              infra-template
              service-template
              prove [--table-arn <arn>] [--tenant-role-arn <arn>]
              prove --policy <file> --kind session|data --tenant <id> [--incarnation <incarnation>]
                    --table-arn <arn> [--read-only]""";

    private final PrintStream out;
    private final PrintStream err;

    PolicyCli(PrintStream out, PrintStream err) {
        this.out = out;
        this.err = err;
    }

    public static void main(String[] args) {
        System.exit(new PolicyCli(System.out, System.err).run(args));
    }

    int run(String... args) {
        if (args.length == 0) {
            err.println(HELP);
            return USAGE;
        }
        if (args[0].equals("infra-template")) {
            out.print(CloudFormationTemplate.renderJson(TableDesign.ENCLAVE));
            return 0;
        }
        if (args[0].equals("service-template")) {
            out.print(ServiceTemplate.renderJson());
            return 0;
        }
        try {
            Map<String, String> options = options(args);
            if (args[0].equals("prove")) {
                return new Proving(out).run(options);
            }
            IamPolicy policy = switch (args[0]) {
                case "session-policy" -> sessionPolicy(options);
                case "data-policy" -> dataPolicy(options);
                case "abac-policy" -> AbacTenantPolicy.policy(tableArn(options), TableDesign.ENCLAVE, access(options));
                case "tenant-role-trust" -> RolePolicies.tenantRoleTrust(required(options, "--app-role-arn"));
                case "tenant-role-permissions" -> RolePolicies.tenantRolePermissions(tableArn(options),
                        TableDesign.ENCLAVE);
                case "app-role-policy" -> RolePolicies.applicationRole(tableArn(options),
                        required(options, "--tenant-role-arn"));
                default -> throw new IllegalArgumentException("unknown command '" + args[0] + "'\n" + HELP);
            };
            out.println(policy.toJson(IamPolicyWriter.builder().prettyPrint(true).build()));
            err.println("size: " + PolicySize.of(policy.toJson()));
            return 0;
        } catch (UnsupportedPolicyException | UncheckedIOException e) {
            err.println("error: " + e.getMessage());
            return Proving.FAILED;
        } catch (IllegalArgumentException | IllegalStateException e) {
            err.println("error: " + e.getMessage());
            return USAGE;
        }
    }

    private static IamPolicy sessionPolicy(Map<String, String> options) {
        TenantId tenant = TenantId.of(required(options, "--tenant"));
        PolicyScope scope = PolicyScope.of(Set.of(LeadingKeyPrefix.tenant(tenant)), access(options));
        TenantSessionPolicy.render(scope, tableArn(options), TableDesign.ENCLAVE);
        return TenantSessionPolicy.policy(scope, tableArn(options), TableDesign.ENCLAVE);
    }

    private static IamPolicy dataPolicy(Map<String, String> options) {
        LeadingKeyPrefix data = TableDesign.ENCLAVE.dataNamespace(TenantId.of(required(options, "--tenant")),
                new Incarnation(required(options, "--incarnation")));
        PolicyScope scope = PolicyScope.of(Set.of(data), access(options));
        TenantDataPolicy.render(scope, tableArn(options), TableDesign.ENCLAVE);
        return TenantDataPolicy.policy(scope, tableArn(options), TableDesign.ENCLAVE);
    }

    private static TableArn tableArn(Map<String, String> options) {
        return new TableArn(required(options, "--table-arn"));
    }

    private static Access access(Map<String, String> options) {
        return options.containsKey("--read-only") ? Access.READ : Access.READ_WRITE;
    }

    static String required(Map<String, String> options, String name) {
        String value = options.get(name);
        if (value == null || value.isEmpty()) {
            throw new IllegalArgumentException("missing " + name + "\n" + HELP);
        }
        return value;
    }

    private static Map<String, String> options(String[] args) {
        Map<String, String> options = new HashMap<>();
        for (int i = 1; i < args.length; i++) {
            if (!args[i].startsWith("--")) {
                throw new IllegalArgumentException("unexpected argument '" + args[i] + "'");
            }
            boolean flag = i + 1 >= args.length || args[i + 1].startsWith("--");
            options.put(args[i], flag ? "" : args[++i]);
        }
        return options;
    }
}
