package dev.enclave.app.architecture;

import static com.tngtech.archunit.base.DescribedPredicate.not;
import static com.tngtech.archunit.core.domain.JavaClass.Predicates.resideInAPackage;
import static com.tngtech.archunit.core.domain.JavaClass.Predicates.resideInAnyPackage;
import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.classes;
import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;
import static com.tngtech.archunit.library.Architectures.layeredArchitecture;
import static com.tngtech.archunit.library.dependencies.SlicesRuleDefinition.slices;

import com.tngtech.archunit.core.domain.JavaClass;
import com.tngtech.archunit.core.domain.JavaCodeUnit;
import com.tngtech.archunit.core.domain.TryCatchBlock;
import com.tngtech.archunit.core.importer.ImportOption;
import com.tngtech.archunit.core.importer.Location;
import com.tngtech.archunit.junit.AnalyzeClasses;
import com.tngtech.archunit.junit.ArchTest;
import com.tngtech.archunit.lang.ArchCondition;
import com.tngtech.archunit.lang.ArchRule;
import com.tngtech.archunit.lang.ConditionEvents;
import com.tngtech.archunit.lang.SimpleConditionEvent;
import java.util.regex.Pattern;

/**
 * The layers of {@code app}, by package and with no exceptions listed: {@code domain} (aggregates, their ports and use
 * cases), {@code edge} (HTTP), {@code infra} (DynamoDB, vending, settings, start-up, limits, jobs) and {@code local}
 * (the local run). Micronaut's generated bean definitions ({@code $...$Definition}) are left out: they reference
 * what their bean does.
 */
@AnalyzeClasses(packages = "dev.enclave.app", importOptions = {ImportOption.DoNotIncludeTests.class,
        ArchitectureTest.NoGeneratedBeans.class})
class ArchitectureTest {

    private static final String DOMAIN = "dev.enclave.app.domain..";
    private static final String EDGE = "dev.enclave.app.edge..";
    private static final String INFRA = "dev.enclave.app.infra..";
    private static final String LOCAL = "dev.enclave.app.local..";
    private static final String[] SDK_FAULTS = {"software.amazon.awssdk.core.exception..",
        "software.amazon.awssdk.awscore.exception.."};

    @ArchTest
    static final ArchRule layers = layeredArchitecture().consideringOnlyDependenciesInLayers()
            .layer("domain").definedBy(DOMAIN)
            .layer("edge").definedBy(EDGE)
            .layer("infra").definedBy(INFRA)
            .layer("local").definedBy(LOCAL)
            .layer("start").definedBy("dev.enclave.app")
            .whereLayer("edge").mayOnlyBeAccessedByLayers("local")
            .whereLayer("infra").mayOnlyBeAccessedByLayers("edge", "local", "start")
            .whereLayer("domain").mayOnlyBeAccessedByLayers("edge", "infra", "local")
            .whereLayer("local").mayNotBeAccessedByAnyLayer()
            .because("the domain asks ports the infrastructure implements, and only the edge speaks to callers");

    @ArchTest
    static final ArchRule domainSpeaksNoFramework = noClasses().that().resideInAPackage(DOMAIN)
            .should().dependOnClassesThat().resideInAnyPackage("io.micronaut..", "software.amazon..",
                    "jakarta.validation..", "com.fasterxml..", "io.swagger..")
            .because("aggregates, ports and use cases are plain Java: they are wired with jakarta.inject alone");

    @ArchTest
    static final ArchRule httpStaysAtTheEdge = noClasses().that().resideOutsideOfPackages(EDGE, LOCAL)
            .should().dependOnClassesThat().resideInAPackage("io.micronaut.http..")
            .because("only the edge reads requests and shapes responses");

    @ArchTest
    static final ArchRule sdkStaysInTheInfrastructure = noClasses().that().resideOutsideOfPackages(INFRA, LOCAL)
            .should().dependOnClassesThat(resideInAPackage("software.amazon.awssdk..")
                    .and(not(resideInAnyPackage(SDK_FAULTS))))
            .because("DynamoDB and STS clients and models belong to the infrastructure (and the tenancy module below"
                    + " it); the edge names only the SDK's exception types, to answer a fault as 503");

    @ArchTest
    static final ArchRule sdkFailuresAreCaughtInTheInfrastructure = noClasses().that()
            .resideOutsideOfPackages(INFRA, LOCAL).should(catchSdkExceptions())
            .because("a refused or repeated write is an outcome the store answers, not an SDK exception above it");

    @ArchTest
    static final ArchRule controllersLiveInWeb = classes().that()
            .areAnnotatedWith("io.micronaut.http.annotation.Controller")
            .should().resideInAnyPackage("dev.enclave.app.edge.web..", "dev.enclave.app.edge.contract", LOCAL)
            .because("edge.web.<area> is where an endpoint is found; local-only routes ship in the local jar");

    @ArchTest
    static final ArchRule packagesFormNoCycle = slices().matching("dev.enclave.app.(*).(*)..").should()
            .beFreeOfCycles()
            .because("a package that needs another's type sits above it: workflows that span aggregates above them");

    @ArchTest
    static final ArchRule storesFormNoCycle = slices().matching("dev.enclave.app.infra.store.(*)..").should()
            .beFreeOfCycles()
            .because("an aggregate's store reaches another's only through what that store contributes");

    @ArchTest
    static final ArchRule productionCodeNeverReachesTheSandbox = noClasses().that().resideOutsideOfPackage(LOCAL)
            .should().dependOnClassesThat().resideInAPackage("dev.enclave.sandbox..")
            .because("the local AWS sandbox (enclave-local-aws) ships only in enclave-local.jar, never in the"
                    + " production jar or image");

    @ArchTest
    static final ArchRule productionCodeNeverReachesTheLocalMailServer = noClasses().that()
            .resideOutsideOfPackage(LOCAL).should().dependOnClassesThat().resideInAPackage("com.icegreen..")
            .because("GreenMail, the local run's SMTP server, ships only in enclave-local.jar, as the sandbox does:"
                    + " production mail goes to a real server through infra.mail");

    private static ArchCondition<JavaClass> catchSdkExceptions() {
        return new ArchCondition<>("catch exceptions of software.amazon.awssdk") {
            @Override
            public void check(JavaClass type, ConditionEvents events) {
                for (JavaCodeUnit unit : type.getCodeUnits()) {
                    for (TryCatchBlock block : unit.getTryCatchBlocks()) {
                        for (JavaClass caught : block.getCaughtThrowables()) {
                            boolean sdk = caught.getPackageName().startsWith("software.amazon.awssdk");
                            events.add(new SimpleConditionEvent(unit, sdk, unit.getFullName() + " catches "
                                    + caught.getName() + " in " + block.getSourceCodeLocation()));
                        }
                    }
                }
            }
        };
    }

    /** Micronaut's compile-time bean definitions and introspections: generated, named {@code $...}. */
    static final class NoGeneratedBeans implements ImportOption {
        @Override
        public boolean includes(Location location) {
            return !location.matches(Pattern.compile(".*/\\$[^/]*\\.class"));
        }
    }
}
