package dev.enclave.app.edge.contract;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * In the contract: what every route can answer, body or not — 406 (an Accept header without JSON), 413 (a body
 * over 1 MB), 414 (a request line over 8 KB), 431 (headers too large).
 */
@Documented
@Retention(RetentionPolicy.RUNTIME)
@Target(ElementType.TYPE)
@Problems.NotAcceptable
@Problems.PayloadTooLarge
@Problems.UriTooLong
@Problems.HeadersTooLarge
public @interface HttpLimits {
}
