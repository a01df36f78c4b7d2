package dev.enclave.app.edge.contract;

import io.swagger.v3.oas.annotations.Parameter;
import io.swagger.v3.oas.annotations.enums.ParameterIn;
import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * In the contract: the operation takes an {@code Idempotency-Key}, so it can also answer 409 (the first request
 * with that key is still running) and 422 (the key was used for another request).
 */
@Documented
@Retention(RetentionPolicy.RUNTIME)
@Target(ElementType.METHOD)
@Parameter(name = "Idempotency-Key", in = ParameterIn.HEADER, ref = "#/components/parameters/IdempotencyKey")
@Problems.Conflict
@Problems.UnprocessableContent
public @interface Idempotent {

    /**
     * The request attribute a controller sets when its request, answered with success, moved the caller's own
     * membership on by one version (an ownership transfer): the kept answer is then given again to the caller as the
     * request left them.
     */
    String CALLER_MOVED = "enclave.idempotency-caller-moved";
}
