package dev.enclave.app.support;

import dev.enclave.app.domain.member.Membership;
import dev.enclave.app.domain.organisation.OrganisationName;
import dev.enclave.app.domain.permission.GroupName;
import dev.enclave.app.infra.store.member.MembershipWrites;
import dev.enclave.identity.Email;
import dev.enclave.identity.Incarnation;
import dev.enclave.identity.TenantId;
import dev.enclave.identity.UserKey;
import java.time.Instant;
import java.util.Optional;
import java.util.Set;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;

/** A fixture: puts memberships directly (until invitations exist), as the platform principal. */
public final class MembershipFixtures {

    private MembershipFixtures() {
    }

    public static void add(DynamoDbClient platform, String table, String org, String subject, GroupName... groups) {
        Membership membership = new Membership(TenantId.of(org), UserKey.of("enclave-local", subject), subject,
                "enclave-local", Optional.of(Email.of(subject + "@example.com")), Set.of(groups), Instant.now(), 1);
        platform.putItem(b -> b.tableName(table).item(MembershipWrites.joined(membership,
                new OrganisationName(org, 1), Set.of(), new Incarnation("fixture")).item()));
    }
}
