package dev.enclave.app.member;

import dev.enclave.app.organisation.OrganisationName;
import dev.enclave.identity.Email;
import dev.enclave.identity.EmailKey;
import dev.enclave.identity.TenantId;
import dev.enclave.identity.UserKey;
import java.time.Instant;
import java.util.HashMap;
import java.util.Map;
import java.util.Set;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/** Explicit, reflection-free mapping of {@link Membership} to and from its item. */
public final class MembershipItems {

    static final String TYPE = "membership";
    static final String ORGANISATION_NAME = "orgName";
    static final String ORGANISATION_NAME_VERSION = "orgNameVersion";
    static final String VERSION = "version";

    private MembershipItems() {
    }

    /** The membership's item, carrying a copy of the organisation's name for the user index. */
    public static Map<String, AttributeValue> toItem(Membership membership, OrganisationName organisation) {
        Map<String, AttributeValue> item = new HashMap<>(MembershipKeys.key(membership.tenant(), membership.user()));
        item.put("GSI2PK", AttributeValue.fromS(MembershipKeys.userIndexPartition(membership.user())));
        item.put("GSI2SK", AttributeValue.fromS(MembershipKeys.userIndexSort(membership.tenant())));
        item.put("type", AttributeValue.fromS(TYPE));
        item.put("tenant", AttributeValue.fromS(membership.tenant().value()));
        item.put("userId", AttributeValue.fromS(membership.userId()));
        item.put("issuer", AttributeValue.fromS(membership.issuer()));
        item.put("email", AttributeValue.fromS(membership.email()));
        item.put("groups", AttributeValue.fromSs(membership.groups().stream().sorted().toList()));
        item.put("joinedAt", AttributeValue.fromS(membership.joinedAt().toString()));
        item.put(VERSION, AttributeValue.fromN(Long.toString(membership.version())));
        item.put(ORGANISATION_NAME, AttributeValue.fromS(organisation.name()));
        item.put(ORGANISATION_NAME_VERSION, AttributeValue.fromN(Long.toString(organisation.version())));
        return item;
    }

    /** The copy of the organisation's name; the organisation id for items written before names were copied. */
    public static OrganisationName organisationName(Map<String, AttributeValue> item) {
        AttributeValue name = item.get(ORGANISATION_NAME);
        return name == null ? new OrganisationName(item.get("tenant").s(), 0)
                : new OrganisationName(name.s(), Long.parseLong(item.get(ORGANISATION_NAME_VERSION).n()));
    }

    /** The item recording that the membership's email belongs to a member (so it cannot be invited again). */
    public static Map<String, AttributeValue> emailGuard(Membership membership) {
        Map<String, AttributeValue> item = new HashMap<>(MembershipKeys.emailGuardKey(membership.tenant(),
                EmailKey.of(Email.of(membership.email()))));
        item.put("type", AttributeValue.fromS("member-email"));
        item.put("member", AttributeValue.fromS(membership.user().digest()));
        return item;
    }

    /** The member an email record names. */
    public static UserKey emailGuardMember(Map<String, AttributeValue> guard) {
        return new UserKey(guard.get("member").s());
    }

    public static Membership fromItem(Map<String, AttributeValue> item) {
        String sortKey = item.get("SK").s();
        return new Membership(TenantId.of(item.get("tenant").s()),
                new UserKey(sortKey.substring(MembershipKeys.SORT_KEY_PREFIX.length())), item.get("userId").s(),
                item.get("issuer").s(), item.get("email").s(),
                Set.copyOf(item.get("groups").ss()),
                Instant.parse(item.get("joinedAt").s()), Long.parseLong(item.get(VERSION).n()));
    }
}
