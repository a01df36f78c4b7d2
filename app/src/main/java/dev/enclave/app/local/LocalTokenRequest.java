package dev.enclave.app.local;

import dev.enclave.identity.TenantId;
import io.micronaut.core.annotation.Nullable;
import io.micronaut.serde.annotation.Serdeable;
import jakarta.validation.constraints.Max;
import jakarta.validation.constraints.Min;
import jakarta.validation.constraints.NotBlank;
import jakarta.validation.constraints.NotNull;
import jakarta.validation.constraints.Pattern;
import jakarta.validation.constraints.Size;
import java.util.List;

/** What a local token says about its holder. */
@Serdeable
record LocalTokenRequest(
        @NotBlank @Size(max = 256) String sub,
        @NotNull @Size(max = 320) @Pattern(regexp = "[^@\\s]+@[^@\\s]+", message = "must be an address with one @")
        String email,
        @Nullable @Pattern(regexp = TenantId.REGEX,
                message = "must be a tenant id: 3-40 lowercase letters, digits and inner hyphens") String tenant,
        @Nullable @Size(max = 20) List<@NotBlank @Size(max = 64) String> roles,
        @Nullable Boolean emailVerified,
        @Nullable @Min(1) @Max(86_400) Integer ttlSeconds,
        @Nullable @Size(max = 300) String name,
        @Nullable @Size(max = 300) String givenName,
        @Nullable @Size(max = 300) String familyName,
        @Nullable @Size(max = 2100) String picture,
        @Nullable @Size(max = 40) String phone) {

    static final int DEFAULT_TTL_SECONDS = 3600;
}
