package dev.enclave.app.infra.store.member;

import dev.enclave.app.domain.member.Membership;
import dev.enclave.app.infra.store.ItemAttributes;
import dev.enclave.app.infra.store.ItemBuilder;
import dev.enclave.identity.Email;
import dev.enclave.identity.EmailKey;
import dev.enclave.identity.TenantId;
import dev.enclave.identity.UserKey;
import java.util.Map;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * The record that an email belongs to a member, so it cannot be invited again: at the email's key in the
 * organisation's partition ({@link MembershipKeys#emailGuardKey}), naming the member whose email it is.
 */
final class EmailRecords {

    private static final String MEMBER = "member";

    private EmailRecords() {
    }

    /** The record of {@code membership}'s email; only a membership with an email has one. */
    static Map<String, AttributeValue> of(Membership membership) {
        Email email = membership.email().orElseThrow(() ->
                new IllegalArgumentException("a membership without an email has no email record"));
        return written(membership.tenant(), new MembershipReads.EmailRecord(EmailKey.of(email), membership.user()));
    }

    /** The item of {@code record} in {@code tenant}'s partition. */
    static Map<String, AttributeValue> written(TenantId tenant, MembershipReads.EmailRecord record) {
        return ItemBuilder.at(MembershipKeys.emailGuardKey(tenant, record.email()))
                .string("type", "member-email").string(MEMBER, record.member().digest()).build();
    }

    /** What a record says: whose email it is (by its key) and the member it names. */
    static MembershipReads.EmailRecord read(Map<String, AttributeValue> item) {
        return new MembershipReads.EmailRecord(MembershipKeys.emailOfGuard(ItemAttributes.sortKey(item)),
                new UserKey(ItemAttributes.string(item, MEMBER)));
    }
}
