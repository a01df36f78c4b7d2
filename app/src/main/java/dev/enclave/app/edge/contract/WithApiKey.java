package dev.enclave.app.edge.contract;

import io.swagger.v3.oas.annotations.security.SecurityRequirement;
import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * In the contract: the operation needs an organisation API key, and can answer 401 (no active key), 423 (its
 * organisation is suspended), 503 (a dependency down) and 429 (over the request limits).
 */
@Documented
@Retention(RetentionPolicy.RUNTIME)
@Target(ElementType.TYPE)
@SecurityRequirement(name = "apiKey")
@Problems.Unauthorized
@Problems.Locked
@Problems.ServiceUnavailable
@Problems.TooManyRequests
public @interface WithApiKey {
}
