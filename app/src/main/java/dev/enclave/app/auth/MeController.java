package dev.enclave.app.auth;

import dev.enclave.identity.Email;
import io.micronaut.http.annotation.Controller;
import io.micronaut.http.annotation.Get;
import io.micronaut.security.annotation.Secured;
import io.micronaut.security.rules.SecurityRule;
import io.micronaut.serde.annotation.Serdeable;
import java.util.List;

/** The caller's identity as Enclave understood the token. */
@Controller("/v1/me")
@Secured(SecurityRule.IS_AUTHENTICATED)
final class MeController {

    @Serdeable
    record Identity(String userId, String issuer, String email, boolean emailVerified, String tenant,
                    List<String> roles) {
    }

    @Get
    Identity me(Caller caller) {
        return new Identity(caller.subject(), caller.issuer(), caller.email().map(Email::value).orElse(null),
                caller.emailVerified(),
                caller.tenant().map(t -> t.value()).orElse(null), caller.roles().stream().sorted().toList());
    }
}
