package dev.enclave.app.domain.founding;

import static org.assertj.core.api.Assertions.assertThat;

import dev.enclave.app.domain.access.Caller;
import dev.enclave.app.domain.member.Membership;
import dev.enclave.app.domain.organisation.Organisation;
import dev.enclave.app.domain.permission.GroupName;
import dev.enclave.identity.Email;
import dev.enclave.identity.TenantId;
import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import org.junit.jupiter.api.Test;

class CreatingOrganisationTest {

    private static final TenantId ACME = TenantId.of("acme");
    private static final Email ADA_EMAIL = Email.of("ada@example.com");

    private final List<Membership> owners = new ArrayList<>();
    private final Set<String> tokens = new HashSet<>();
    private final CreatingOrganisation creating = new CreatingOrganisation(new Founding() {
        @Override
        public CreateOutcome create(Organisation organisation, Membership owner, Optional<String> idempotencyToken) {
            owners.add(owner);
            idempotencyToken.ifPresent(tokens::add);
            return new Founding.Created(organisation);
        }

        @Override
        public boolean foundedWith(Organisation organisation, String idempotencyToken) {
            return tokens.contains(idempotencyToken);
        }
    }, Clock.fixed(Instant.parse("2026-11-22T10:00:00Z"), ZoneOffset.UTC));

    @Test
    void create_byACallerWithAVerifiedEmail_recordsItOnTheFirstOwner() {
        creating.create(new CreatingOrganisation.Create(caller(true), ACME, "Acme", Optional.empty()));

        assertThat(owners).singleElement().satisfies(owner -> {
            assertThat(owner.email()).contains(ADA_EMAIL);
            assertThat(owner.groups()).containsExactlyInAnyOrder(GroupName.OWNER, GroupName.MEMBER);
        });
    }

    @Test
    void create_byACallerWhoseEmailIsNotVerified_recordsNoEmail() {
        creating.create(new CreatingOrganisation.Create(caller(false), ACME, "Acme", Optional.empty()));

        assertThat(owners).singleElement().satisfies(owner -> assertThat(owner.email()).isEmpty());
    }

    @Test
    void aCreateIsTheRequestThatFoundedItsOrganisation_onlyWithTheSameCallerAndKey() {
        CreatingOrganisation.Create first = new CreatingOrganisation.Create(caller(true), ACME, "Acme",
                Optional.of("k-1"));
        Organisation founded = ((dev.enclave.app.domain.outcome.Outcome.Done<Organisation>) creating.create(first))
                .value();

        assertThat(creating.foundedBy(first, founded)).isTrue();
        assertThat(creating.foundedBy(new CreatingOrganisation.Create(caller(true), ACME, "Acme",
                Optional.of("k-2")), founded)).as("another key").isFalse();
        assertThat(creating.foundedBy(new CreatingOrganisation.Create(new Caller("iss", "bob", Optional.empty(),
                false, Optional.empty(), Set.of()), ACME, "Acme", Optional.of("k-1")), founded)).as("another caller")
                .isFalse();
        assertThat(creating.foundedBy(new CreatingOrganisation.Create(caller(true), ACME, "Acme",
                Optional.empty()), founded)).as("no key").isFalse();
    }

    private static Caller caller(boolean emailVerified) {
        return new Caller("iss", "ada", Optional.of(ADA_EMAIL), emailVerified, Optional.empty(), Set.of());
    }
}
