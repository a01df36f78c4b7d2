package dev.enclave.app;

import io.micronaut.runtime.Micronaut;
import io.swagger.v3.oas.annotations.OpenAPIDefinition;
import io.swagger.v3.oas.annotations.info.Info;

@OpenAPIDefinition(info = @Info(title = "Enclave", version = "0.1",
        description = "Multi-tenant organisations, invitations and service groups on tenant-scoped AWS credentials"))
public class Application {

    public static void main(String[] args) {
        Micronaut.run(Application.class, args);
    }
}
