package dev.enclave.app.observability;

import static org.assertj.core.api.Assertions.assertThat;

import ch.qos.logback.classic.AsyncAppender;
import ch.qos.logback.classic.Logger;
import ch.qos.logback.classic.LoggerContext;
import org.junit.jupiter.api.Test;
import org.slf4j.LoggerFactory;

/**
 * The shipped {@code logback.xml}: request threads only queue their lines, and a full queue drops access lines
 * rather than blocking (a flood of 429s once held Netty's event loops on stdout and slowed other tenants).
 */
class LoggingConfigurationTest {

    @Test
    void everyLine_goesThroughANeverBlockingQueue() {
        LoggerContext context = (LoggerContext) LoggerFactory.getILoggerFactory();
        Logger root = context.getLogger(Logger.ROOT_LOGGER_NAME);

        assertThat(root.getAppender("ASYNC")).isInstanceOfSatisfying(AsyncAppender.class, async -> {
            assertThat(async.isNeverBlock()).isTrue();
            assertThat(async.getAppender("STDOUT")).isNotNull();
        });
        assertThat(root.iteratorForAppenders()).toIterable().hasSize(1);
    }
}
