package dev.enclave.app.edge.auth;

import io.micronaut.context.annotation.ConfigurationProperties;
import io.micronaut.core.bind.annotation.Bindable;

/**
 * Which JWT claims carry the caller's identity, so Cognito, Auth0 or Keycloak tokens work unchanged
 * ({@code enclave.auth.claims.*}).
 */
@ConfigurationProperties("enclave.auth.claims")
public interface ClaimNames {

    @Bindable(defaultValue = "sub")
    String getUserId();

    @Bindable(defaultValue = "email")
    String getEmail();

    @Bindable(defaultValue = "email_verified")
    String getEmailVerified();

    @Bindable(defaultValue = "tenant")
    String getTenant();

    @Bindable(defaultValue = "roles")
    String getRoles();

    @Bindable(defaultValue = "name")
    String getName();

    @Bindable(defaultValue = "given_name")
    String getGivenName();

    @Bindable(defaultValue = "family_name")
    String getFamilyName();

    @Bindable(defaultValue = "picture")
    String getPicture();

    @Bindable(defaultValue = "phone_number")
    String getPhone();
}
