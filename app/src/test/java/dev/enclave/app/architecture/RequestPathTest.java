package dev.enclave.app.architecture;

import static org.assertj.core.api.Assertions.assertThat;

import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * How many classes two write routes pass before DynamoDB, counted by {@link RequestPaths} (docs/architecture.md
 * gives the counts and the path). The budgets are the counts the table there gives: a change that puts another class
 * on either path fails here until it raises the budget and says why in that table.
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
    void grantingAGroup_passesNoMoreClassesThanDocumented() {
        RequestPaths.Path path = counted("PUT /v1/orgs/{org}/members/{userId}/groups/{group}",
                "dev.enclave.app.edge.web.member.MemberController", "grant");

        assertThat(RequestPaths.Path.inApp(path.classes())).isLessThanOrEqualTo(112);
        assertThat(RequestPaths.Path.inApp(path.onTheWay())).isLessThanOrEqualTo(14);
    }

    @Test
    void acceptingAnInvitation_passesNoMoreClassesThanDocumented() {
        RequestPaths.Path path = counted("POST /v1/invitations/accept",
                "dev.enclave.app.edge.web.invitation.AcceptController", "accept");

        assertThat(RequestPaths.Path.inApp(path.classes())).isLessThanOrEqualTo(122);
        assertThat(RequestPaths.Path.inApp(path.onTheWay())).isLessThanOrEqualTo(13);
    }

    private static RequestPaths.Path counted(String route, String controller, String method) {
        RequestPaths.Path path = paths.of(controller, method);
        System.out.println(route + ": " + RequestPaths.Path.inApp(path.classes()) + " app classes reached ("
                + path.classes().size() + " in dev.enclave), " + RequestPaths.Path.inApp(path.onTheWay())
                + " on the way to DynamoDB (" + path.onTheWay().size() + "), " + path.depth() + " deep: "
                + path.onTheWay() + "\nreached: " + path.classes());
        assertThat(path.depth()).as("a DynamoDB call is reached").isLessThan(Integer.MAX_VALUE);
        return path;
    }
}
