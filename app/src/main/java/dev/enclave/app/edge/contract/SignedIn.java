package dev.enclave.app.edge.contract;

import io.swagger.v3.oas.annotations.security.SecurityRequirement;
import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * In the contract: the operation needs a bearer token, and can answer 401, 429 (over the request limits) and 503
 * (a dependency down).
 */
@Documented
@Retention(RetentionPolicy.RUNTIME)
@Target({ElementType.TYPE, ElementType.METHOD})
@SecurityRequirement(name = "bearer")
@Problems.Unauthorized
@Problems.TooManyRequests
@Problems.ServiceUnavailable
public @interface SignedIn {
}
