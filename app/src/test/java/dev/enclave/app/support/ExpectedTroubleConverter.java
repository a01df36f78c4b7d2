package dev.enclave.app.support;

import ch.qos.logback.classic.Level;
import ch.qos.logback.classic.pattern.ClassicConverter;
import ch.qos.logback.classic.spi.ILoggingEvent;

/**
 * {@code %expected} in the test log's pattern: on a WARN or ERROR line logged while a test that provokes trouble on
 * purpose runs, {@code expected="<why>" test=<Class.method>}; on any other WARN or ERROR during a test,
 * {@code test=<Class.method>}; nothing otherwise. A WARN without {@code expected} is worth reading.
 */
public final class ExpectedTroubleConverter extends ClassicConverter {

    @Override
    public String convert(ILoggingEvent event) {
        if (!event.getLevel().isGreaterOrEqual(Level.WARN)) {
            return "";
        }
        String test = RunningTest.name().map(name -> " test=" + name).orElse("");
        return RunningTest.expectedTrouble().map(why -> " expected=\"" + why + "\"" + test).orElse(test);
    }
}
