package dev.enclave.app.edge.web.member;

import com.fasterxml.jackson.annotation.JsonInclude;
import dev.enclave.app.domain.member.Members;
import dev.enclave.app.domain.member.Membership;
import dev.enclave.app.domain.permission.GroupName;
import dev.enclave.app.edge.contract.WireTime;
import dev.enclave.app.edge.web.ProfileView;
import dev.enclave.identity.Email;
import io.micronaut.core.annotation.Nullable;
import io.micronaut.serde.annotation.Serdeable;
import io.swagger.v3.oas.annotations.media.Schema;
import java.util.List;
import java.util.Set;

/** A member as the API shows it. */
@Serdeable
@Schema(name = "Member")
@JsonInclude(JsonInclude.Include.NON_NULL)
public record MemberView(String userId,
                         @Nullable @Schema(description = "Their verified email; absent when their identity provider "
                                 + "gave none verified") String email,
                         List<String> groups, String joinedAt,
                         @Nullable @Schema(description = PROFILE) String name, @Nullable String givenName,
                         @Nullable String familyName,
                         @Nullable @Schema(description = "An https URL; Enclave never fetches it") String picture,
                         @Nullable String phone) {

    /** What a member's profile fields are. */
    public static final String PROFILE = "The member's copy of their profile (each field only when known): kept in"
            + " the membership, refreshed when the member changes it or is seen with other claims.";

    public static MemberView of(Membership membership) {
        ProfileView profile = ProfileView.of(membership.profile().profile());
        return new MemberView(membership.userId(), membership.email().map(Email::value).orElse(null),
                names(membership.groups()), WireTime.of(membership.joinedAt()), profile.name(), profile.givenName(),
                profile.familyName(), profile.picture(), profile.phone());
    }

    /** The groups by name, sorted, as the API lists them. */
    static List<String> names(Set<GroupName> groups) {
        return groups.stream().sorted().map(GroupName::value).toList();
    }

    /**
     * A page of members, the cursor to the next one ({@code null} on the last page) and the organisation's member
     * count, which its item keeps and the access decision has already read.
     */
    @Serdeable
    @JsonInclude(JsonInclude.Include.ALWAYS)
    @Schema(name = "MemberPage")
    public record Page(List<MemberView> items, @Nullable String nextCursor,
                @Schema(description = "The organisation's member count when the page was read") int total) {
    }

    /** The caller's organisations, all of them: {@code nextCursor} is always {@code null}. */
    @Serdeable
    @JsonInclude(JsonInclude.Include.ALWAYS)
    @Schema(name = "MyOrganisationPage")
    public record Organisations(List<MyOrganisation> items, @Nullable String nextCursor) {
    }

    /** One of the caller's organisations. */
    @Serdeable
    @Schema(name = "MyOrganisation")
    public record MyOrganisation(String organisation, String name, List<String> groups, String joinedAt) {

        public static MyOrganisation of(Members.UserMembership listed) {
            Membership membership = listed.membership();
            return new MyOrganisation(membership.tenant().value(), listed.organisation().name(),
                    names(membership.groups()), WireTime.of(membership.joinedAt()));
        }
    }
}
