package dev.enclave.bench.micro;

import dev.enclave.app.domain.member.GroupName;
import dev.enclave.app.domain.member.Members.UserMembership;
import dev.enclave.app.domain.member.Membership;
import dev.enclave.app.domain.organisation.Organisation;
import dev.enclave.app.domain.organisation.OrganisationName;
import dev.enclave.app.infra.store.member.MembershipItems;
import dev.enclave.app.infra.store.organisation.OrganisationItems;
import dev.enclave.identity.Email;
import dev.enclave.identity.TenantId;
import dev.enclave.identity.UserKey;
import java.time.Instant;
import java.util.Map;
import java.util.Optional;
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
 * {@code StaticImmutableTableSchema}s, built once, as the store uses them, side by side with the hand-built maps
 * they replaced ({@link HandMappedItems}, the {@code *ByHand} benchmarks) in the same run.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
public class ItemMappingBenchmark {

    private Membership membership;
    private Map<String, AttributeValue> membershipItem;
    private Organisation organisation;
    private Map<String, AttributeValue> organisationItem;

    @Setup
    public void setUp() {
        TenantId acme = TenantId.of("acme");
        membership = new Membership(acme, UserKey.of("enclave-local", "user-1"), "user-1", "enclave-local",
                Optional.of(Email.of("ada@example.com")), Set.of(GroupName.OWNER, GroupName.MEMBER),
                Instant.parse("2026-11-01T10:00:00Z"), 3);
        membershipItem = MembershipItems.toItem(membership, new OrganisationName("Acme Ltd", 1));
        organisation = Organisation.create(acme, "Acme Ltd", Instant.parse("2026-11-01T10:00:00Z"));
        organisationItem = OrganisationItems.toItem(organisation);
    }

    @Benchmark
    public Map<String, AttributeValue> membershipToItem() {
        return MembershipItems.SCHEMA.itemToMap(new UserMembership(membership, new OrganisationName("Acme Ltd", 1)),
                true);
    }

    @Benchmark
    public Membership membershipFromItem() {
        return MembershipItems.SCHEMA.mapToItem(membershipItem).membership();
    }

    @Benchmark
    public Map<String, AttributeValue> organisationToItem() {
        return OrganisationItems.SCHEMA.itemToMap(organisation, true);
    }

    @Benchmark
    public Organisation organisationFromItem() {
        return OrganisationItems.SCHEMA.mapToItem(organisationItem);
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
