package dev.enclave.app.local;

import io.micronaut.context.annotation.Requires;
import io.micronaut.http.HttpResponse;
import io.micronaut.http.MediaType;
import io.micronaut.http.annotation.Consumes;
import io.micronaut.http.annotation.Controller;
import io.micronaut.http.annotation.Delete;
import io.micronaut.http.annotation.Get;
import io.micronaut.security.annotation.Secured;
import io.micronaut.security.rules.SecurityRule;
import io.micronaut.serde.annotation.Serdeable;
import io.swagger.v3.oas.annotations.Hidden;
import java.util.List;

/**
 * The local run's mailbox: every message its SMTP server received, newest first, with the links in each (an
 * invitation's accept link). Local only, like the server itself.
 */
@Hidden
@Controller("/local/mail")
@Requires(env = "local")
@Requires(beans = LocalMailServer.class)
@Secured(SecurityRule.IS_ANONYMOUS)
class LocalMailController {

    @Serdeable
    record Mailbox(List<ReceivedMail> messages) {
    }

    private final LocalMailServer server;

    LocalMailController(LocalMailServer server) {
        this.server = server;
    }

    @Get
    Mailbox messages() {
        return new Mailbox(server.received());
    }

    /** Forgets every message received so far. */
    @Consumes(MediaType.ALL)
    @Delete
    HttpResponse<?> clear() {
        server.clear();
        return HttpResponse.noContent();
    }
}
