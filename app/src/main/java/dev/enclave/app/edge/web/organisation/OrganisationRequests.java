package dev.enclave.app.edge.web.organisation;

import dev.enclave.app.edge.input.Text;
import dev.enclave.identity.TenantId;
import io.micronaut.serde.annotation.Serdeable;
import io.swagger.v3.oas.annotations.media.Schema;
import jakarta.validation.constraints.NotNull;
import jakarta.validation.constraints.Pattern;

/** Request bodies of the organisation endpoints. */
public final class OrganisationRequests {

    private OrganisationRequests() {
    }

    @Serdeable
    @Schema(name = "CreateOrganisation")
    public record Create(
            @NotNull @Pattern(regexp = TenantId.REGEX,
                    message = "must be 3-40 lowercase letters, digits and inner hyphens") String id,
            @NotNull @Text(max = 200) String name) {
    }

    @Serdeable
    @Schema(name = "RenameOrganisation")
    public record Rename(@NotNull @Text(max = 200) String name) {
    }
}
