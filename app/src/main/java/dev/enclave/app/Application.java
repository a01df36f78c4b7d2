package dev.enclave.app;

import dev.enclave.app.platform.Startup;
import io.swagger.v3.oas.annotations.OpenAPIDefinition;
import io.swagger.v3.oas.annotations.info.Info;

@OpenAPIDefinition(info = @Info(title = "Enclave", version = "0.1",
        description = "Multi-tenant organisations, invitations and service groups on tenant-scoped AWS credentials"))
public class Application {

    public static void main(String[] args) {
        Startup.of(Application.class, args).start();
    }
}
