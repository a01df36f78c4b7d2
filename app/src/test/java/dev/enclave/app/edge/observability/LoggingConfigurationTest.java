package dev.enclave.app.edge.observability;

import static org.assertj.core.api.Assertions.assertThat;

import ch.qos.logback.classic.AsyncAppender;
import ch.qos.logback.classic.Logger;
import ch.qos.logback.classic.LoggerContext;
import ch.qos.logback.classic.joran.JoranConfigurator;
import java.net.URL;
import org.junit.jupiter.api.Test;

/**
 * The shipped {@code logback.xml} (read on its own: the tests log through {@code logback-test.xml}): request threads
 * only queue their lines, and a full queue drops access lines rather than blocking (a flood of 429s once held
 * Netty's event loops on stdout and slowed other tenants).
 */
class LoggingConfigurationTest {

    @Test
    void everyLine_goesThroughANeverBlockingQueue() throws Exception {
        URL shipped = getClass().getClassLoader().getResource("logback.xml");
        assertThat(shipped).as("logback.xml on the class path").isNotNull();
        assertThat(shipped.getPath()).doesNotContain("test-classes");
        LoggerContext context = new LoggerContext();
        JoranConfigurator configurator = new JoranConfigurator();
        configurator.setContext(context);
        configurator.doConfigure(shipped);
        try {
            Logger root = context.getLogger(Logger.ROOT_LOGGER_NAME);

            assertThat(root.getAppender("ASYNC")).isInstanceOfSatisfying(AsyncAppender.class, async -> {
                assertThat(async.isNeverBlock()).isTrue();
                assertThat(async.getAppender("STDOUT")).isNotNull();
            });
            assertThat(root.iteratorForAppenders()).toIterable().hasSize(1);
        } finally {
            context.stop();
        }
    }
}
