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
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import org.junit.jupiter.api.Test;

class CreatingOrganisationTest {

    private static final TenantId ACME = TenantId.of("acme");
    private static final Email ADA_EMAIL = Email.of("ada@example.com");

    private final List<Membership> owners = new ArrayList<>();
    private final Map<String, String> tokens = new HashMap<>();
    private final CreatingOrganisation creating = new CreatingOrganisation(new Founding() {
        @Override
        public CreateOutcome create(Organisation organisation, Membership owner, Optional<String> idempotencyToken) {
            owners.add(owner);
            idempotencyToken.ifPresent(token -> tokens.put(token, organisation.name()));
            return new Founding.Created(organisation);
        }

        @Override
        public Founded foundedWith(Organisation organisation, String idempotencyToken, String name) {
            return !tokens.containsKey(idempotencyToken) ? Founded.NOT_BY_IT
                    : tokens.get(idempotencyToken).equals(name) ? Founded.BY_IT : Founded.BY_IT_WITH_ANOTHER_BODY;
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

        assertThat(creating.foundedBy(first, founded)).isEqualTo(Founding.Founded.BY_IT);
        assertThat(creating.foundedBy(new CreatingOrganisation.Create(caller(true), ACME, "Acme Ltd",
                Optional.of("k-1")), founded)).as("another body").isEqualTo(Founding.Founded.BY_IT_WITH_ANOTHER_BODY);
        assertThat(creating.foundedBy(new CreatingOrganisation.Create(caller(true), ACME, "Acme",
                Optional.of("k-2")), founded)).as("another key").isEqualTo(Founding.Founded.NOT_BY_IT);
        assertThat(creating.foundedBy(new CreatingOrganisation.Create(new Caller("iss", "bob", Optional.empty(),
                false, Optional.empty(), Set.of()), ACME, "Acme", Optional.of("k-1")), founded)).as("another caller")
                .isEqualTo(Founding.Founded.NOT_BY_IT);
        assertThat(creating.foundedBy(new CreatingOrganisation.Create(caller(true), ACME, "Acme",
                Optional.empty()), founded)).as("no key").isEqualTo(Founding.Founded.NOT_BY_IT);
    }

    private static Caller caller(boolean emailVerified) {
        return new Caller("iss", "ada", Optional.of(ADA_EMAIL), emailVerified, Optional.empty(), Set.of());
    }
}
