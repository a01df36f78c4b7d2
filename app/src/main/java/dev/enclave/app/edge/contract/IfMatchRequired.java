package dev.enclave.app.edge.contract;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * In the contract: the operation changes a resource only at the version the caller read, so it can answer 412 (the
 * resource is at another version) and 428 (no If-Match was sent).
 */
@Documented
@Retention(RetentionPolicy.RUNTIME)
@Target(ElementType.METHOD)
@Problems.PreconditionFailed
@Problems.PreconditionRequired
public @interface IfMatchRequired {

    /** What the operation's If-Match parameter, which it marks required, takes. */
    String PARAMETER = "The ETag you read, or * for any current version";
}
