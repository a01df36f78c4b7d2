package dev.enclave.app.edge.web.invitation;

import com.fasterxml.jackson.annotation.JsonInclude;
import dev.enclave.app.domain.invitation.Invitation;
import dev.enclave.app.domain.member.Membership;
import dev.enclave.app.domain.permission.GroupName;
import dev.enclave.app.domain.service.ServiceGroup;
import dev.enclave.app.edge.contract.WireTime;
import dev.enclave.app.edge.input.EmailAddress;
import dev.enclave.app.edge.web.ProfileView;
import io.micronaut.core.annotation.Nullable;
import io.micronaut.serde.annotation.Serdeable;
import io.swagger.v3.oas.annotations.media.Schema;
import jakarta.validation.constraints.Max;
import jakarta.validation.constraints.Min;
import jakarta.validation.constraints.NotBlank;
import jakarta.validation.constraints.NotNull;
import jakarta.validation.constraints.Pattern;
import jakarta.validation.constraints.Size;
import java.util.List;

/** Request and response bodies of the invitation endpoints. */
public final class InvitationViews {

    private InvitationViews() {
    }

    @Serdeable
    @Schema(name = "SendInvitation")
    public record SendRequest(@NotNull @EmailAddress String email,
                       @Nullable @Size(max = 20) List<@Pattern(regexp = GroupName.PATTERN,
                               message = "must be 1-40 lowercase letters, digits and hyphens") String> groups,
                       @Nullable @Size(max = 20) List<@Pattern(regexp = ServiceGroup.PATTERN,
                               message = "must be <service>/<group>") String> serviceGroups,
                       @Nullable @Min(1) @Max(30) Integer expiresInDays) {

        public static final int DEFAULT_DAYS = 7;
    }

    /** A resend's optional body: how long the new token is valid. */
    @Serdeable
    @Schema(name = "ResendInvitation")
    public record ResendRequest(@Schema(description = "Days the new token is valid from now (default 7)")
                                @Nullable @Min(1) @Max(30) Integer expiresInDays) {
    }

    @Serdeable
    @Schema(name = "InvitationToken")
    public record TokenRequest(@NotBlank @Size(max = 200) String token) {
    }

    @Serdeable
    @Schema(name = "Invitation")
    public record View(String id, String organisation, String email, List<String> groups, List<String> serviceGroups,
                String status, String createdAt, String expiresAt,
                @Schema(description = "Their display name when they invited, if their profile had one") @Nullable
                String inviterName) {

        public static View of(Invitation invitation) {
            return new View(invitation.id().value(), invitation.tenant().value(), invitation.email().value(),
                    invitation.groups().stream().map(GroupName::value).sorted().toList(),
                    invitation.serviceGroups().stream().map(ServiceGroup::written).sorted().toList(),
                    invitation.status().wire(),
                    WireTime.of(invitation.createdAt()), WireTime.of(invitation.validUntil()),
                    invitation.inviterName().orElse(null));
        }
    }

    /** A list of invitations, all of them: {@code nextCursor} is always {@code null}. */
    @Serdeable
    @JsonInclude(JsonInclude.Include.ALWAYS)
    @Schema(name = "InvitationPage")
    public record Page(List<View> items, @Nullable String nextCursor) {
    }

    /** A new invitation with its accept token, which is shown this once and never stored. */
    @Serdeable
    @JsonInclude(JsonInclude.Include.NON_NULL)
    @Schema(name = "SentInvitation")
    public record Created(View invitation,
                          @Schema(description = "The accept token, shown once; absent when the organisation has "
                                  + "Enclave deliver invitations (by email or webhook)") @Nullable String token,
                          @Schema(description = "How the token reaches the invitee: token (this answer), email or "
                                  + "webhook") String delivery) {

        /** The answer to the sender: the token only when the organisation hands it to the sender. */
        public static Created of(dev.enclave.app.domain.invitation.SendingInvitation.Sent sent) {
            return new Created(View.of(sent.invitation()), sent.delivery().answersWithToken()
                    ? sent.token().value() : null, sent.delivery().wire());
        }
    }

    @Serdeable
    @Schema(name = "NewMembership")
    @JsonInclude(JsonInclude.Include.NON_NULL)
    public record Membership(String organisation, String userId, List<String> groups, String joinedAt,
                             @Nullable @Schema(description = "The acceptor's name, when known") String name,
                             @Nullable String givenName, @Nullable String familyName) {

        public static Membership of(dev.enclave.app.domain.member.Membership membership) {
            ProfileView profile = ProfileView.of(membership.profile().profile());
            return new Membership(membership.tenant().value(), membership.userId(),
                    membership.groups().stream().sorted().map(GroupName::value).toList(),
                    WireTime.of(membership.joinedAt()), profile.name(), profile.givenName(), profile.familyName());
        }
    }
}
