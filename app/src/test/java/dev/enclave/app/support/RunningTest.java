package dev.enclave.app.support;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.util.Optional;
import java.util.Properties;
import org.junit.jupiter.api.extension.AfterAllCallback;
import org.junit.jupiter.api.extension.AfterEachCallback;
import org.junit.jupiter.api.extension.BeforeAllCallback;
import org.junit.jupiter.api.extension.BeforeEachCallback;
import org.junit.jupiter.api.extension.ExtensionContext;

/**
 * Which test is running in this JVM, for the test log ({@code logback-test.xml}): registered for every test class
 * (auto-detected, {@code junit-platform.properties}). A test class listed in {@code expected-trouble.properties}
 * provokes trouble on purpose — injected faults, planted items, an identity provider taken down — so the WARN and
 * ERROR lines logged while it runs are marked as expected, with the reason, and carry no stack trace.
 */
public final class RunningTest implements BeforeAllCallback, BeforeEachCallback, AfterEachCallback,
        AfterAllCallback {

    private static final Properties EXPECTED = load();
    private static volatile String testClass;
    private static volatile String testMethod;

    /** Why the running test's WARN and ERROR lines are expected, if it says so. */
    public static Optional<String> expectedTrouble() {
        String running = testClass;
        return running == null ? Optional.empty() : Optional.ofNullable(EXPECTED.getProperty(running));
    }

    /** The running test, {@code Class} or {@code Class.method}. */
    public static Optional<String> name() {
        String running = testClass;
        if (running == null) {
            return Optional.empty();
        }
        String simple = running.substring(running.lastIndexOf('.') + 1);
        String method = testMethod;
        return Optional.of(method == null ? simple : simple + "." + method);
    }

    @Override
    public void beforeAll(ExtensionContext context) {
        testClass = context.getRequiredTestClass().getName();
        testMethod = null;
    }

    @Override
    public void beforeEach(ExtensionContext context) {
        testClass = context.getRequiredTestClass().getName();
        testMethod = context.getRequiredTestMethod().getName();
    }

    @Override
    public void afterEach(ExtensionContext context) {
        testMethod = null;
    }

    @Override
    public void afterAll(ExtensionContext context) {
        testClass = null;
        testMethod = null;
    }

    private static Properties load() {
        Properties expected = new Properties();
        try (InputStream in = RunningTest.class.getResourceAsStream("/expected-trouble.properties")) {
            if (in != null) {
                expected.load(in);
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return expected;
    }
}
