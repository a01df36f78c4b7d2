package dev.enclave.openapi;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * In the contract: a successful answer with a JSON body, said in one line. {@link JsonAnswerTransformer} turns it into
 * the {@code @ApiResponse} it stands for when app compiles: the status, the description, the body's schema and, when
 * asked, the {@code ETag}, {@code Location} and {@code Idempotent-Replayed} headers, in that order, after
 * {@code X-Request-Id}.
 */
@Documented
@Retention(RetentionPolicy.SOURCE)
@Target(ElementType.METHOD)
public @interface JsonAnswer {

    /** The HTTP status. */
    String status() default "200";

    /** What the answer is. */
    String description();

    /** The class whose schema the body has. */
    Class<?> body();

    /** Whether the answer carries the resource's version as its {@code ETag}. */
    boolean etag() default false;

    /** Whether the answer says where the created resource lives ({@code Location}). */
    boolean location() default false;

    /** Whether the answer may be the kept answer to an earlier request with the same Idempotency-Key. */
    boolean replayable() default false;
}
