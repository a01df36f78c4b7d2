package dev.enclave.app;

import dev.enclave.app.infra.startup.Startup;
import io.swagger.v3.oas.annotations.OpenAPIDefinition;
import io.swagger.v3.oas.annotations.info.Contact;
import io.swagger.v3.oas.annotations.info.Info;
import io.swagger.v3.oas.annotations.info.License;
import io.swagger.v3.oas.annotations.servers.Server;
import io.swagger.v3.oas.annotations.tags.Tag;

@OpenAPIDefinition(info = @Info(title = "Enclave", version = "0.1",
        description = "Multi-tenant organisations, invitations and service groups on tenant-scoped AWS credentials. "
                + "Every error is an RFC 9457 application/problem+json document with a stable code; every answer "
                + "carries X-Request-Id.",
        license = @License(name = "Proprietary", url = "https://enclave.dev/license"),
        contact = @Contact(name = "Enclave", url = "https://enclave.dev", email = "api@enclave.dev")),
        servers = @Server(url = "http://localhost:8080", description = "The local run (README)"),
        tags = {
            @Tag(name = "organisations", description = "Organisations: one per tenant"),
            @Tag(name = "members", description = "An organisation's members, their groups and its ownership"),
            @Tag(name = "groups", description = "An organisation's custom groups and the permissions they carry"),
            @Tag(name = "invitations", description = "Inviting people by email, and answering invitations"),
            @Tag(name = "services", description = "Services, their groups and who is in them"),
            @Tag(name = "api-keys", description = "API keys for an organisation's own backend"),
            @Tag(name = "credentials", description = "AWS credentials confined to an organisation's data"),
            @Tag(name = "events", description = "An organisation's events, a feed that never skips"),
            @Tag(name = "audit-log", description = "An organisation's audit log: searched, exported, and written by its "
                    + "app"),
            @Tag(name = "webhooks", description = "Webhook endpoints and their deliveries"),
            @Tag(name = "backend", description = "What a tenant's backend calls with an API key"),
            @Tag(name = "me", description = "The signed-in caller"),
            @Tag(name = "admin", description = "Onboarding and managing tenants (platform admins)")
        })
public class Application {

    public static void main(String[] args) {
        Startup.of(Application.class, args).start();
    }
}
