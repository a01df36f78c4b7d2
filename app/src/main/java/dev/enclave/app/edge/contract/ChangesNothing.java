package dev.enclave.app.edge.contract;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * A POST that only reads (it takes a body a GET could not): its answer is read afresh every time, so an
 * {@code Idempotency-Key} on it is not claimed and its answer never replayed. A kept answer would outlive what it
 * read: an authorisation check replayed as allowed after the permission was taken away.
 */
@Documented
@Retention(RetentionPolicy.RUNTIME)
@Target(ElementType.METHOD)
public @interface ChangesNothing {
}
