package dev.enclave.app.edge.contract;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/** In the contract: the operation reads a strict JSON body, so it can answer 400 and 415. */
@Documented
@Retention(RetentionPolicy.RUNTIME)
@Target({ElementType.METHOD, ElementType.ANNOTATION_TYPE})
@Problems.BadRequest
@Problems.UnsupportedMediaType
public @interface JsonBody {
}
