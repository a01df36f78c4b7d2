package dev.enclave.app.edge.contract;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * In the contract: the operation acts inside one organisation, so the access decision can answer 400 (an invalid
 * id), 403, 404 and 423 (suspended).
 */
@Documented
@Retention(RetentionPolicy.RUNTIME)
@Target({ElementType.TYPE, ElementType.METHOD})
@Problems.BadRequest
@Problems.Forbidden
@Problems.NotFound
@Problems.Locked
public @interface InOrganisation {
}
