package dev.enclave.app.edge.web.member;

import dev.enclave.app.edge.contract.ResponseHeaders;
import io.swagger.v3.oas.annotations.headers.Header;
import io.swagger.v3.oas.annotations.media.Content;
import io.swagger.v3.oas.annotations.media.Schema;
import io.swagger.v3.oas.annotations.responses.ApiResponse;
import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/** In the contract: the operation answers the member as it is now, with its version as the ETag. */
@Documented
@Retention(RetentionPolicy.RUNTIME)
@Target(ElementType.METHOD)
@ApiResponse(responseCode = "200", description = "The member as it is now",
        headers = {@Header(name = "ETag", description = ResponseHeaders.ETAG, schema = @Schema(type = "string"))},
        content = @Content(mediaType = "application/json", schema = @Schema(implementation = MemberView.class)))
@interface MemberAnswer {
}
