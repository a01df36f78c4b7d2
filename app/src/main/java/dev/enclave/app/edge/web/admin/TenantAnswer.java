package dev.enclave.app.edge.web.admin;

import io.swagger.v3.oas.annotations.media.Content;
import io.swagger.v3.oas.annotations.media.Schema;
import io.swagger.v3.oas.annotations.responses.ApiResponse;
import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/** In the contract: the operation answers the tenant as it is now. */
@Documented
@Retention(RetentionPolicy.RUNTIME)
@Target(ElementType.METHOD)
@ApiResponse(responseCode = "200", description = "The tenant",
        content = @Content(mediaType = "application/json",
            schema = @Schema(implementation = AdminTenantController.TenantView.class)))
@interface TenantAnswer {
}
