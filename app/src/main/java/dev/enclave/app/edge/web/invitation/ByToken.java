package dev.enclave.app.edge.web.invitation;

import dev.enclave.app.edge.contract.JsonBody;
import dev.enclave.app.edge.contract.Problems;
import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * In the contract: the invitee answers an invitation with its token in a JSON body, so the operation can answer 403
 * (the caller is not the invitee), 404, 409 (no longer pending), 410 (expired), 423 (organisation suspended), and
 * 400 and 415 for the body.
 */
@Documented
@Retention(RetentionPolicy.RUNTIME)
@Target(ElementType.METHOD)
@Problems.Forbidden
@Problems.NotFound
@Problems.Conflict
@Problems.Gone
@Problems.Locked
@JsonBody
@interface ByToken {
}
