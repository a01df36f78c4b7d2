package dev.enclave.app.architecture;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.classes;
import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;
import static com.tngtech.archunit.library.dependencies.SlicesRuleDefinition.slices;

import com.tngtech.archunit.core.importer.ImportOption;
import com.tngtech.archunit.junit.AnalyzeClasses;
import com.tngtech.archunit.junit.ArchTest;
import com.tngtech.archunit.lang.ArchRule;

/**
 * Where framework and SDK types may appear in {@code app}, and that its packages form no cycle. Micronaut's generated
 * bean definitions ({@code $...$Definition}) are left out: they reference what their bean does.
 */
@AnalyzeClasses(packages = "dev.enclave.app", importOptions = {ImportOption.DoNotIncludeTests.class,
        ArchitectureTest.NoGeneratedBeans.class})
class ArchitectureTest {

    @ArchTest
    static final ArchRule packagesFormNoCycle = slices().matching("dev.enclave.app.(*)..").should().beFreeOfCycles()
            .because("a package that needs another's type sits above it: lifecycles that span aggregates above them,"
                    + " and what an aggregate must reach in another's items behind a port its owner implements");

    @ArchTest
    static final ArchRule productionCodeNeverReachesTheSandbox = noClasses().that()
            .resideOutsideOfPackage("dev.enclave.app.local..")
            .should().dependOnClassesThat().resideInAPackage("dev.enclave.sandbox..")
            .because("the local AWS sandbox (enclave-local-aws) ships only in enclave-local.jar, never in the"
                    + " production jar or image");

    @ArchTest
    static final ArchRule httpStaysAtTheEdge = noClasses().that(Places.outsideTheHttpEdge())
            .should().dependOnClassesThat().resideInAPackage("io.micronaut.http..")
            .because("use cases, ports and values answer in domain terms; only the edge speaks HTTP");

    @ArchTest
    static final ArchRule sdkStaysInTheStore = noClasses().that(Places.outsideTheStoreLayer())
            .should().dependOnClassesThat().resideInAPackage("software.amazon.awssdk..")
            .because("DynamoDB and STS types belong to the store layer and the tenancy module");

    @ArchTest
    static final ArchRule controllersLiveInWeb = classes().that()
            .areAnnotatedWith("io.micronaut.http.annotation.Controller")
            .should().resideInAnyPackage("dev.enclave.app.web..", "dev.enclave.app.local", "dev.enclave.app.contract")
            .because("web.<area> is where an endpoint is found; local-only routes ship in the local jar");

    @ArchTest
    static final ArchRule sdkFailuresAreCaughtInTheStore = noClasses().that(Places.outsideTheStoreLayer())
            .should(Places.catchSdkExceptions())
            .because("a refused or repeated write is an outcome the store answers, not an SDK exception above it");

    /** Micronaut's compile-time bean definitions and introspections: generated, named {@code $...}. */
    static final class NoGeneratedBeans implements ImportOption {
        @Override
        public boolean includes(com.tngtech.archunit.core.importer.Location location) {
            return !location.matches(java.util.regex.Pattern.compile(".*/\\$[^/]*\\.class"));
        }
    }

}
