package dev.enclave.app.architecture;

import com.tngtech.archunit.base.DescribedPredicate;
import com.tngtech.archunit.core.domain.JavaClass;
import com.tngtech.archunit.core.domain.JavaCodeUnit;
import com.tngtech.archunit.core.domain.TryCatchBlock;
import com.tngtech.archunit.lang.ArchCondition;
import com.tngtech.archunit.lang.ConditionEvents;
import com.tngtech.archunit.lang.SimpleConditionEvent;
import java.util.Set;
import java.util.regex.Pattern;

/** The named places allowed to touch HTTP or the AWS SDK; everything else in {@code app} may not. */
final class Places {

    private static final String APP = "dev.enclave.app.";

    /** Besides controllers and server filters: what must read a request or shape a response. */
    private static final Set<String> HTTP_EDGE_PACKAGES = Set.of(APP + "problem", APP + "web");
    private static final Set<String> HTTP_EDGE_CLASSES = Set.of(
            APP + "auth.CallerBinder",
            APP + "auth.BearerTokenValidator",
            APP + "observability.RequestIds",
            APP + "limits.RateLimitFields",
            APP + "vending.ConsumedCapacityMetrics");

    /**
     * The store layer: its package, and each aggregate's repositories ({@code DynamoDb*}), item mappers
     * ({@code *Items}) and keys ({@code *Keys}), which stay beside the records they map.
     */
    private static final String STORE_PACKAGE = APP + "store";
    private static final Pattern STORE_CLASS_NAMES = Pattern.compile("DynamoDb\\w+|\\w+Items|\\w+Keys");
    /**
     * Wiring of the SDK itself: the tenancy module's clients and interceptors ({@code vending}), the table's
     * start-up, the offline consistency walk over raw items, the local sandbox, and the region a credentials answer
     * names.
     */
    private static final Set<String> SDK_WIRING_PACKAGES = Set.of(APP + "vending", APP + "consistency", APP + "local");
    private static final Set<String> SDK_WIRING_CLASSES = Set.of(
            APP + "platform.TableBootstrapOnStartup",
            APP + "platform.TableReadiness",
            APP + "credentials.DataNamespaces");

    private Places() {
    }

    static ArchCondition<JavaClass> catchSdkExceptions() {
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

    static DescribedPredicate<JavaClass> outsideTheHttpEdge() {
        return DescribedPredicate.describe("are outside controllers, server filters, the problem mapper and "
                + HTTP_EDGE_CLASSES, type -> !isHttpEdge(topLevel(type)));
    }

    static DescribedPredicate<JavaClass> outsideTheStoreLayer() {
        return DescribedPredicate.describe("are outside " + STORE_PACKAGE + ", DynamoDb*, *Items, *Keys"
                + " and the SDK wiring " + SDK_WIRING_PACKAGES + SDK_WIRING_CLASSES,
                type -> !isStore(topLevel(type)) && !isSdkWiring(topLevel(type)));
    }

    private static boolean isHttpEdge(JavaClass type) {
        return type.isAnnotatedWith("io.micronaut.http.annotation.Controller")
                || type.isAnnotatedWith("io.micronaut.http.annotation.ServerFilter")
                || type.isAnnotatedWith("io.micronaut.http.annotation.Filter")
                || HTTP_EDGE_PACKAGES.contains(type.getPackageName())
                || HTTP_EDGE_CLASSES.contains(type.getName());
    }

    private static boolean isStore(JavaClass type) {
        return type.getPackageName().equals(STORE_PACKAGE) || type.getPackageName().startsWith(STORE_PACKAGE + ".")
                || STORE_CLASS_NAMES.matcher(type.getSimpleName()).matches();
    }

    private static boolean isSdkWiring(JavaClass type) {
        return SDK_WIRING_PACKAGES.contains(type.getPackageName()) || SDK_WIRING_CLASSES.contains(type.getName());
    }

    private static JavaClass topLevel(JavaClass type) {
        JavaClass outer = type;
        while (outer.getEnclosingClass().isPresent()) {
            outer = outer.getEnclosingClass().get();
        }
        return outer;
    }
}
