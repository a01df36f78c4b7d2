package dev.enclave.app.support;

import ch.qos.logback.classic.pattern.ThrowableProxyConverter;
import ch.qos.logback.classic.spi.IThrowableProxy;
import ch.qos.logback.core.CoreConstants;

/**
 * {@code %expectedEx} in the test log's pattern: the full stack trace, as usual, except while a test that provokes
 * trouble on purpose runs, where the exception and its causes take one line each.
 */
public final class ExpectedThrowableConverter extends ThrowableProxyConverter {

    @Override
    protected String throwableProxyToString(IThrowableProxy throwable) {
        if (RunningTest.expectedTrouble().isEmpty()) {
            return super.throwableProxyToString(throwable);
        }
        StringBuilder causes = new StringBuilder();
        for (IThrowableProxy t = throwable; t != null; t = t.getCause()) {
            causes.append("    ").append(t == throwable ? "" : "caused by ").append(t.getClassName()).append(": ")
                    .append(t.getMessage()).append(CoreConstants.LINE_SEPARATOR);
        }
        return causes.toString();
    }
}
