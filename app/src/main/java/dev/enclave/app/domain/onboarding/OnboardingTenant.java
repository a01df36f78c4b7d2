package dev.enclave.app.domain.onboarding;

import dev.enclave.app.domain.invitation.Invitation;
import dev.enclave.app.domain.invitation.InvitationId;
import dev.enclave.app.domain.invitation.InvitationStatus;
import dev.enclave.app.domain.invitation.Invitations;
import dev.enclave.app.domain.invitation.InviteToken;
import dev.enclave.app.domain.organisation.Organisation;
import dev.enclave.app.domain.outcome.Outcome;
import dev.enclave.app.domain.outcome.Reason;
import dev.enclave.app.domain.permission.GroupName;
import dev.enclave.identity.Email;
import dev.enclave.identity.TenantId;
import jakarta.inject.Singleton;
import java.security.SecureRandom;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.Optional;
import java.util.Set;

/**
 * A platform admin sets up a tenant: the organisation with its seats and no member yet, and its first owner's
 * invitation, in one transaction. The owner becomes one by accepting.
 */
@Singleton
public final class OnboardingTenant {

    public static final Duration OWNER_INVITATION_VALIDITY = Duration.ofDays(30);

    private final Invitations invitations;
    private final Clock clock;
    private final SecureRandom random = new SecureRandom();

    OnboardingTenant(Invitations invitations, Clock clock) {
        this.invitations = invitations;
        this.clock = clock;
    }

    /** A platform admin creates tenant {@code id} with {@code seats} and invites its first owner. */
    public record Onboard(TenantId id, String name, Email ownerEmail, int seats, String admin) {
    }

    /** The new organisation and its owner invitation with the token, or why not (the id is taken). */
    public Outcome<Onboarded> onboard(Onboard command) {
        TenantId id = command.id();
        String name = command.name();
        Email ownerEmail = command.ownerEmail();
        int seats = command.seats();
        String admin = command.admin();
        Instant now = clock.instant();
        Organisation organisation = Organisation.onboarded(id, name, seats, now);
        InvitationId invitationId = InvitationId.random(random);
        InviteToken token = InviteToken.issue(id, invitationId, random);
        Invitation invitation = new Invitation(id, invitationId, ownerEmail,
                Set.of(GroupName.OWNER), Set.of(), token.hash(), InvitationStatus.PENDING, now,
                now.plus(OWNER_INVITATION_VALIDITY), admin, Optional.empty());
        return switch (invitations.onboard(organisation, invitation)) {
            case DONE -> Outcome.done(new Onboarded(organisation, invitation, token));
            case TAKEN -> Outcome.refused(Reason.ORGANISATION_EXISTS, "The id " + id.value() + " is taken.");
            case BEING_DELETED -> Outcome.refused(Reason.ORGANISATION_BEING_DELETED, "The id " + id.value()
                    + " belonged to an organisation that is still being deleted; it is free once that finishes.");
        };
    }

    public record Onboarded(Organisation organisation, Invitation invitation, InviteToken token) {
    }
}
