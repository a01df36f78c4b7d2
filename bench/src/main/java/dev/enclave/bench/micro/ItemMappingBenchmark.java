package dev.enclave.bench.micro;

import dev.enclave.app.domain.member.Members.UserMembership;
import dev.enclave.app.domain.member.Membership;
import dev.enclave.app.domain.organisation.Organisation;
import dev.enclave.app.domain.organisation.OrganisationName;
import dev.enclave.app.domain.permission.GroupName;
import dev.enclave.app.infra.store.ItemRead;
import dev.enclave.app.infra.store.member.MembershipReads;
import dev.enclave.app.infra.store.organisation.OrganisationReads;
import dev.enclave.app.infra.store.organisation.OrganisationReads.StoredOrganisation;
import dev.enclave.identity.Email;
import dev.enclave.identity.TenantId;
import dev.enclave.identity.UserKey;
import java.time.Instant;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * The item mapping of the two items every tenant request reads, membership and organisation: their
 * {@code StaticImmutableTableSchema}s, built once, as the store uses them (through what their stores publish, which
 * calls the schemas and nothing more), side by side with the hand-built maps they replaced ({@link HandMappedItems},
 * the {@code *ByHand} benchmarks) in the same run.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
public class ItemMappingBenchmark {

    private static final TenantId ACME = TenantId.of("acme");

    private Membership membership;
    private Map<String, AttributeValue> membershipItem;
    private Organisation organisation;
    private StoredOrganisation storedOrganisation;
    private ItemRead<Organisation> organisationRead;
    private Map<String, AttributeValue> organisationItem;

    @Setup
    public void setUp() {
        membership = new Membership(ACME, UserKey.of("enclave-local", "user-1"), "user-1", "enclave-local",
                Optional.of(Email.of("ada@example.com")), Set.of(GroupName.OWNER, GroupName.MEMBER),
                Instant.parse("2026-11-01T10:00:00Z"), 3);
        membershipItem = membershipToItem();
        organisation = Organisation.create(ACME, "Acme Ltd", Instant.parse("2026-11-01T10:00:00Z"));
        storedOrganisation = new StoredOrganisation(organisation, OptionalLong.empty(), OptionalLong.empty(),
                OptionalLong.empty());
        organisationRead = OrganisationReads.item(ACME);
        organisationItem = organisationToItem();
    }

    @Benchmark
    public Map<String, AttributeValue> membershipToItem() {
        return MembershipReads.MEMBERSHIP.written(ACME, new UserMembership(membership,
                new OrganisationName("Acme Ltd", 1)));
    }

    @Benchmark
    public Membership membershipFromItem() {
        return MembershipReads.MEMBERSHIP.read(membershipItem).membership();
    }

    @Benchmark
    public Map<String, AttributeValue> organisationToItem() {
        return OrganisationReads.ORGANISATION.written(ACME, storedOrganisation);
    }

    @Benchmark
    public Organisation organisationFromItem() {
        return organisationRead.mapper().apply(organisationItem);
    }

    @Benchmark
    public Map<String, AttributeValue> membershipToItemByHand() {
        return HandMappedItems.membershipToItem(membership, new OrganisationName("Acme Ltd", 1));
    }

    @Benchmark
    public Membership membershipFromItemByHand() {
        return HandMappedItems.membershipFromItem(membershipItem);
    }

    @Benchmark
    public Map<String, AttributeValue> organisationToItemByHand() {
        return HandMappedItems.organisationToItem(organisation);
    }

    @Benchmark
    public Organisation organisationFromItemByHand() {
        return HandMappedItems.organisationFromItem(organisationItem);
    }
}
