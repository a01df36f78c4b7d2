package dev.enclave.app.edge.web.me;

import dev.enclave.app.domain.access.Caller;
import dev.enclave.app.domain.profile.ChangingProfile;
import dev.enclave.app.domain.profile.ProfileField;
import dev.enclave.app.domain.profile.UserProfile;
import dev.enclave.app.edge.contract.HttpLimits;
import dev.enclave.app.edge.contract.JsonBody;
import dev.enclave.app.edge.contract.Problems;
import dev.enclave.app.edge.contract.SignedIn;
import dev.enclave.app.edge.problem.Rejections;
import dev.enclave.app.edge.web.ProfileView;
import dev.enclave.identity.Email;
import dev.enclave.openapi.JsonAnswer;
import io.micronaut.core.annotation.Nullable;
import io.micronaut.http.HttpRequest;
import io.micronaut.http.HttpResponse;
import io.micronaut.http.annotation.Body;
import io.micronaut.http.annotation.Controller;
import io.micronaut.http.annotation.Get;
import io.micronaut.http.annotation.Patch;
import io.micronaut.scheduling.TaskExecutors;
import io.micronaut.scheduling.annotation.ExecuteOn;
import io.micronaut.security.annotation.Secured;
import io.micronaut.security.rules.SecurityRule;
import io.micronaut.serde.annotation.Serdeable;
import io.swagger.v3.oas.annotations.Operation;
import io.swagger.v3.oas.annotations.media.Schema;
import io.swagger.v3.oas.annotations.tags.Tag;
import jakarta.validation.Valid;
import jakarta.validation.constraints.Size;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.BiConsumer;

/**
 * The caller's identity as Enclave understood the token, and their profile: the identity provider's claims over
 * what the caller set themselves, kept in the caller's own record and copied into every membership.
 */
@Tag(name = "me")
@SignedIn
@HttpLimits
@Controller("/v1/me")
@Secured(SecurityRule.IS_AUTHENTICATED)
@ExecuteOn(TaskExecutors.BLOCKING)
class MeController {

    private static final String PROFILE = "The profile: a claim the token carries wins, a value the caller set fills"
            + " what the claims lack; each field only when known.";

    private final ChangingProfile profiles;

    MeController(ChangingProfile profiles) {
        this.profiles = profiles;
    }

    @Serdeable
    @Schema(name = "Identity")
    record Identity(String userId, String issuer, @Nullable String email, boolean emailVerified,
                    @Nullable String tenant, List<String> roles, @Nullable String name, @Nullable String givenName,
                    @Nullable String familyName, @Nullable @Schema(description = "An https URL; Enclave never fetches"
                            + " it") String picture, @Nullable String phone) {

        static Identity of(Caller caller, UserProfile profile) {
            ProfileView view = ProfileView.of(profile.effective());
            return new Identity(caller.subject(), caller.issuer(), caller.email().map(Email::value).orElse(null),
                    caller.emailVerified(), caller.tenant().map(t -> t.value()).orElse(null),
                    caller.roles().stream().sorted().toList(), view.name(), view.givenName(), view.familyName(),
                    view.picture(), view.phone());
        }
    }

    /**
     * The fields to set; a field left out stays as it is, and {@code ""} clears it. Each value follows its field's
     * rule or the request changes nothing.
     */
    @Serdeable
    @Schema(name = "ProfileEdit")
    record ProfileEdit(
            @Nullable @Size(max = 512) @Schema(description = "1-256 characters of text in NFC, without control"
                    + " characters; \"\" clears it") String name,
            @Nullable @Size(max = 512) @Schema(description = "As name") String givenName,
            @Nullable @Size(max = 512) @Schema(description = "As name") String familyName,
            @Nullable @Size(max = 2048) @Schema(description = "An absolute https URL, no user info, at most 2048"
                    + " printable ASCII characters; \"\" clears it") String picture,
            @Nullable @Size(max = 32) @Schema(description = "Digits, spaces and + ( ) - ., 3 to 15 digits; \"\""
                    + " clears it") String phone) {

        Map<ProfileField, Optional<String>> edits() {
            Map<ProfileField, Optional<String>> edits = new EnumMap<>(ProfileField.class);
            BiConsumer<ProfileField, String> edit = (field, value) -> {
                if (value != null) {
                    edits.put(field, value.isEmpty() ? Optional.empty() : Optional.of(value));
                }
            };
            edit.accept(ProfileField.NAME, name);
            edit.accept(ProfileField.GIVEN_NAME, givenName);
            edit.accept(ProfileField.FAMILY_NAME, familyName);
            edit.accept(ProfileField.PICTURE, picture);
            edit.accept(ProfileField.PHONE, phone);
            return edits;
        }
    }

    @Operation(operationId = "getMe", summary = "Who Enclave thinks the caller is, with their profile",
            description = PROFILE)
    @JsonAnswer(description = "The caller", body = Identity.class)
    @Problems.BadRequest
    @Get
    Identity me(Caller caller) {
        return Identity.of(caller, profiles.current(caller.userKey(), caller.profile()));
    }

    @Operation(operationId = "changeMyProfile", summary = "Set the caller's own profile",
            description = PROFILE + " The change reaches every membership's copy at once; one the request missed (a"
                    + " fault, a stop half-way) within seconds, by a background pass.")
    @JsonAnswer(description = "The caller, with the profile as it is now", body = Identity.class)
    @Problems.Conflict
    @JsonBody
    @Patch
    HttpResponse<?> change(HttpRequest<?> request, Caller caller, @Valid @Body ProfileEdit body) {
        return Rejections.answer(request, profiles.change(new ChangingProfile.Change(caller.userKey(),
                caller.profile(), body.edits())), changed -> HttpResponse.ok(Identity.of(caller, changed)));
    }
}
