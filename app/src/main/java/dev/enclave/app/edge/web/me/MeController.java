package dev.enclave.app.edge.web.me;

import dev.enclave.app.domain.access.Caller;
import dev.enclave.app.edge.contract.HttpLimits;
import dev.enclave.app.edge.contract.SignedIn;
import dev.enclave.identity.Email;
import io.micronaut.core.annotation.Nullable;
import io.micronaut.http.annotation.Controller;
import io.micronaut.http.annotation.Get;
import io.micronaut.security.annotation.Secured;
import io.micronaut.security.rules.SecurityRule;
import io.micronaut.serde.annotation.Serdeable;
import io.swagger.v3.oas.annotations.Operation;
import io.swagger.v3.oas.annotations.media.Content;
import io.swagger.v3.oas.annotations.media.Schema;
import io.swagger.v3.oas.annotations.responses.ApiResponse;
import io.swagger.v3.oas.annotations.tags.Tag;
import java.util.List;

/** The caller's identity as Enclave understood the token. */
@Tag(name = "me")
@SignedIn
@HttpLimits
@Controller("/v1/me")
@Secured(SecurityRule.IS_AUTHENTICATED)
final class MeController {

    @Serdeable
    @Schema(name = "Identity")
    record Identity(String userId, String issuer, @Nullable String email, boolean emailVerified,
            @Nullable String tenant,
                    List<String> roles) {
    }

    @Operation(operationId = "getMe", summary = "Who Enclave thinks the caller is")
    @ApiResponse(responseCode = "200", description = "The caller",
            content = @Content(mediaType = "application/json", schema = @Schema(implementation = Identity.class)))
    @Get
    Identity me(Caller caller) {
        return new Identity(caller.subject(), caller.issuer(), caller.email().map(Email::value).orElse(null),
                caller.emailVerified(),
                caller.tenant().map(t -> t.value()).orElse(null), caller.roles().stream().sorted().toList());
    }
}
