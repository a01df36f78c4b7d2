package dev.enclave.tenancy.guard;

import java.util.Objects;
import software.amazon.awssdk.core.interceptor.Context;
import software.amazon.awssdk.core.interceptor.ExecutionAttribute;
import software.amazon.awssdk.core.interceptor.ExecutionAttributes;
import software.amazon.awssdk.core.interceptor.ExecutionInterceptor;

/**
 * The guard in the SDK pipeline: runs before a tenant request leaves the process and fails closed, with
 * {@link IsolationViolationException}, when {@link KeyGuard} refuses it or the request carries no scope.
 * Stateless: the scope travels with each request as the {@link #SCOPE} execution attribute.
 */
public final class TenantGuardInterceptor implements ExecutionInterceptor {

    /** The scope of the request being executed. */
    public static final ExecutionAttribute<GuardScope> SCOPE = new ExecutionAttribute<>("EnclaveTenantScope");

    private final KeyGuard guard;
    private final ViolationListener listener;

    public TenantGuardInterceptor(KeyGuard guard, ViolationListener listener) {
        this.guard = Objects.requireNonNull(guard, "guard");
        this.listener = Objects.requireNonNull(listener, "listener");
    }

    @Override
    public void beforeExecution(Context.BeforeExecution context, ExecutionAttributes attributes) {
        GuardScope scope = attributes.getAttribute(SCOPE);
        var violation = scope == null
                ? java.util.Optional.of(new GuardViolation(KeyGuard.operationName(context.request()), "missing-scope",
                        "a tenant client request carried no scope"))
                : guard.check(context.request(), scope);
        violation.ifPresent(v -> {
            listener.refused(v);
            throw new IsolationViolationException(v);
        });
    }
}
