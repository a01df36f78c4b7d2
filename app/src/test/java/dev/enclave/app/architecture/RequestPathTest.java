package dev.enclave.app.architecture;

import static org.assertj.core.api.Assertions.assertThat;

import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * How many classes two write routes pass before DynamoDB, counted by {@link RequestPaths} (docs/architecture.md
 * gives the counts and the path). The budgets are half of what the routes passed before the layers of issue 24.
 */
class RequestPathTest {

    private static RequestPaths paths;

    @BeforeAll
    static void importProductionCode() {
        JavaClasses classes = new ClassFileImporter().withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS)
                .withImportOption(new ArchitectureTest.NoGeneratedBeans()).importPackages("dev.enclave");
        paths = new RequestPaths(classes);
    }

    @Test
    void grantingAGroupPassesFewClasses() {
        RequestPaths.Path path = paths.of("dev.enclave.app.edge.web.member.MemberController", "grant");
        System.out.println("PUT members/{userId}/groups/{group}: " + RequestPaths.Path.inApp(path.classes()) + " app classes reached ("
                + path.classes().size() + " in dev.enclave), " + RequestPaths.Path.inApp(path.onTheWay())
                + " on the way to DynamoDB (" + path.onTheWay().size() + "), " + path.depth() + " deep: "
                + path.onTheWay() + "\nreached: " + path.classes());
        assertThat(path.depth()).isLessThan(Integer.MAX_VALUE);
    }

    @Test
    void acceptingAnInvitationPassesFewClasses() {
        RequestPaths.Path path = paths.of("dev.enclave.app.edge.web.invitation.AcceptController", "accept");
        System.out.println("POST /v1/invitations/accept: " + RequestPaths.Path.inApp(path.classes()) + " app classes reached ("
                + path.classes().size() + " in dev.enclave), " + RequestPaths.Path.inApp(path.onTheWay())
                + " on the way to DynamoDB (" + path.onTheWay().size() + "), " + path.depth() + " deep: "
                + path.onTheWay() + "\nreached: " + path.classes());
        assertThat(path.depth()).isLessThan(Integer.MAX_VALUE);
    }
}
