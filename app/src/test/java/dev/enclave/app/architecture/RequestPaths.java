package dev.enclave.app.architecture;

import com.tngtech.archunit.core.domain.AccessTarget;
import com.tngtech.archunit.core.domain.JavaClass;
import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.domain.JavaCodeUnit;
import com.tngtech.archunit.core.domain.JavaModifier;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.stream.Stream;

/**
 * The classes a request passes on its way to DynamoDB, from the static call graph: every method, constructor, lambda
 * and method reference reachable from a controller method within {@code dev.enclave}, an interface call reaching
 * every implementation in production code. Classes count as their top-level class; depth is the fewest classes from
 * the controller to one that calls the DynamoDB client.
 */
final class RequestPaths {

    private static final String OURS = "dev.enclave.";
    private static final String APP = "dev.enclave.app.";
    private static final String CLIENT = "software.amazon.awssdk.services.dynamodb.DynamoDbClient";

    private final JavaClasses classes;

    RequestPaths(JavaClasses classes) {
        this.classes = classes;
    }

    /** What the route handled by {@code controller}'s {@code method} passes. */
    Path of(String controller, String method) {
        JavaCodeUnit start = classes.get(controller).getMethods().stream()
                .filter(m -> m.getName().equals(method)).findFirst().orElseThrow();
        Map<JavaCodeUnit, Integer> depth = new HashMap<>();
        Map<JavaCodeUnit, Set<JavaCodeUnit>> callers = new HashMap<>();
        Set<JavaCodeUnit> callingDynamoDb = new HashSet<>();
        Deque<JavaCodeUnit> queue = new ArrayDeque<>(List.of(start));
        depth.put(start, 1);
        Set<String> passed = new LinkedHashSet<>();
        int sdkDepth = Integer.MAX_VALUE;
        while (!queue.isEmpty()) {
            JavaCodeUnit unit = queue.removeFirst();
            String owner = topLevel(unit.getOwner()).getName();
            passed.add(owner);
            if (callsDynamoDb(unit)) {
                sdkDepth = Math.min(sdkDepth, depth.get(unit));
                callingDynamoDb.add(unit);
            }
            for (JavaCodeUnit next : (Iterable<JavaCodeUnit>) successors(unit)::iterator) {
                callers.computeIfAbsent(next, n -> new HashSet<>()).add(unit);
                if (!depth.containsKey(next)) {
                    boolean sameClass = topLevel(next.getOwner()).getName().equals(owner);
                    depth.put(next, depth.get(unit) + (sameClass ? 0 : 1));
                    if (sameClass) {
                        queue.addFirst(next);
                    } else {
                        queue.addLast(next);
                    }
                }
            }
        }
        return new Path(passed, towards(callingDynamoDb, callers), sdkDepth);
    }

    /** The classes of every unit from which a DynamoDB call can be reached: those a request passes on its way. */
    private static Set<String> towards(Set<JavaCodeUnit> calls, Map<JavaCodeUnit, Set<JavaCodeUnit>> callers) {
        Set<JavaCodeUnit> seen = new HashSet<>(calls);
        Deque<JavaCodeUnit> queue = new ArrayDeque<>(calls);
        while (!queue.isEmpty()) {
            for (JavaCodeUnit caller : callers.getOrDefault(queue.removeFirst(), Set.of())) {
                if (seen.add(caller)) {
                    queue.addLast(caller);
                }
            }
        }
        Set<String> classes = new LinkedHashSet<>();
        seen.forEach(unit -> classes.add(topLevel(unit.getOwner()).getName()));
        return classes;
    }

    /**
     * The classes reached (in {@code dev.enclave}), those of them on a way to a DynamoDB call, and how many classes
     * deep the first DynamoDB call is.
     */
    record Path(Set<String> classes, Set<String> onTheWay, int depth) {

        /** Those of the application module, {@code dev.enclave.app}. */
        static long inApp(Set<String> classes) {
            return classes.stream().filter(name -> name.startsWith(APP)).count();
        }
    }

    private Stream<JavaCodeUnit> successors(JavaCodeUnit unit) {
        Stream<AccessTarget.CodeUnitAccessTarget> targets = Stream.of(unit.getMethodCallsFromSelf().stream()
                        .map(call -> (AccessTarget.CodeUnitAccessTarget) call.getTarget()),
                unit.getConstructorCallsFromSelf().stream().map(call -> call.getTarget()),
                unit.getMethodReferencesFromSelf().stream().map(ref -> ref.getTarget()),
                unit.getConstructorReferencesFromSelf().stream().map(ref -> ref.getTarget()))
                .flatMap(s -> s);
        Stream<JavaCodeUnit> called = targets.filter(t -> t.getOwner().getName().startsWith(OURS))
                .flatMap(t -> t.resolveMember().stream().map(m -> (JavaCodeUnit) m))
                .flatMap(this::withImplementations);
        Stream<JavaCodeUnit> lambdas = unit.getOwner().getCodeUnits().stream()
                .filter(other -> other.getName().startsWith("lambda$" + unit.getName() + "$"));
        return Stream.concat(called, lambdas).filter(u -> u.getOwner().getName().startsWith(OURS));
    }

    private Stream<JavaCodeUnit> withImplementations(JavaCodeUnit target) {
        if (!target.getModifiers().contains(JavaModifier.ABSTRACT)) {
            return Stream.of(target);
        }
        return Stream.concat(Stream.of(target), target.getOwner().getAllSubclasses().stream()
                .flatMap(sub -> implementation(sub, target).stream()));
    }

    private static Optional<JavaCodeUnit> implementation(JavaClass type, JavaCodeUnit method) {
        return type.getCodeUnits().stream().filter(u -> u.getName().equals(method.getName())
                && u.getRawParameterTypes().equals(method.getRawParameterTypes())).findFirst();
    }

    private static boolean callsDynamoDb(JavaCodeUnit unit) {
        return unit.getMethodCallsFromSelf().stream().anyMatch(call -> call.getTargetOwner().isAssignableTo(CLIENT))
                || unit.getMethodReferencesFromSelf().stream()
                .anyMatch(reference -> reference.getTargetOwner().isAssignableTo(CLIENT));
    }

    private static JavaClass topLevel(JavaClass type) {
        JavaClass outer = type;
        while (outer.getEnclosingClass().isPresent()) {
            outer = outer.getEnclosingClass().get();
        }
        return outer;
    }
}
