package dev.enclave.app.domain.invitation;

import dev.enclave.app.domain.access.Caller;
import dev.enclave.app.domain.member.Membership;
import dev.enclave.app.domain.organisation.Organisation;
import dev.enclave.app.domain.organisation.OrganisationStatus;
import dev.enclave.app.domain.permission.GroupName;
import dev.enclave.app.domain.service.ServiceGroup;
import dev.enclave.app.domain.service.ServiceLookup;
import dev.enclave.identity.Email;
import dev.enclave.identity.TenantId;
import dev.enclave.identity.UserKey;
import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.HashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.stream.Collectors;
import java.util.stream.Stream;

/** The people and the organisation of the invitation use cases' scenarios: acme, its owner Olga and admin Ada. */
final class InvitationFixtures {

    static final TenantId ACME = TenantId.of("acme");
    static final String ISSUER = "https://id.example.com";
    static final Instant NOW = Instant.parse("2026-11-22T10:15:30Z");
    static final Clock CLOCK = Clock.fixed(NOW, ZoneOffset.UTC);
    /** An organisation without services: invitations granting service groups are judged on nothing they carry. */
    static final ServiceLookup NO_SERVICES = (organisation, service) -> Optional.empty();
    static final Email BOB = Email.of("bob@example.com");

    static final Membership OLGA = member("olga", GroupName.OWNER);
    static final Membership ADA = member("ada", GroupName.ADMIN);

    private InvitationFixtures() {
    }

    /** Acme, active, with {@code seats} seats and no member yet. */
    static Organisation acme(int seats) {
        return acme(OrganisationStatus.ACTIVE, seats);
    }

    static Organisation acme(OrganisationStatus status, int seats) {
        return new Organisation(ACME, "Acme", seats, 0, status, 1, NOW, Optional.empty());
    }

    /** Acme (active, ten seats) with Olga and Ada. */
    static InMemoryInvitations acmeWithOlgaAndAda() {
        return new InMemoryInvitations().organisation(acme(10)).member(OLGA).member(ADA);
    }

    /** A member of acme, {@code <user>@example.com}, in {@code groups} and {@code member}. */
    static Membership member(String user, GroupName... groups) {
        Set<GroupName> all = new HashSet<>(List.of(groups));
        all.add(GroupName.MEMBER);
        return new Membership(ACME, UserKey.of(ISSUER, user), user, ISSUER, Optional.of(Email.of(user + "@example.com")),
                all, NOW, 1);
    }

    /** {@code subject} signed in with {@code email}, verified, with a token for no tenant in particular. */
    static Caller signedIn(String subject, Email email) {
        return new Caller(ISSUER, subject, Optional.of(email), true, Optional.empty(), Set.of());
    }

    static Set<GroupName> groups(String... names) {
        return Stream.of(names).map(GroupName::new).collect(Collectors.toSet());
    }

    static ServiceGroup serviceGroup(String written) {
        return ServiceGroup.parse(written).orElseThrow();
    }
}
