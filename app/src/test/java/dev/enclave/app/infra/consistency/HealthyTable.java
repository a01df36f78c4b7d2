package dev.enclave.app.infra.consistency;

import dev.enclave.app.domain.apikey.ApiKey;
import dev.enclave.app.domain.apikey.ApiKeyAccess;
import dev.enclave.app.domain.apikey.ApiKeyId;
import dev.enclave.app.domain.invitation.Invitation;
import dev.enclave.app.domain.invitation.InvitationId;
import dev.enclave.app.domain.invitation.InvitationStatus;
import dev.enclave.app.domain.member.Members.UserMembership;
import dev.enclave.app.domain.member.Membership;
import dev.enclave.app.domain.organisation.Limit;
import dev.enclave.app.domain.organisation.Organisation;
import dev.enclave.app.domain.organisation.OrganisationName;
import dev.enclave.app.domain.organisation.OrganisationStatus;
import dev.enclave.app.domain.permission.GroupName;
import dev.enclave.app.domain.service.ServiceGroup;
import dev.enclave.app.infra.store.apikey.ApiKeyReads;
import dev.enclave.app.infra.store.apikey.ApiKeyWrites;
import dev.enclave.app.infra.store.invitation.InvitationReads;
import dev.enclave.app.infra.store.invitation.InvitationReads.Invitee;
import dev.enclave.app.infra.store.member.MembershipReads;
import dev.enclave.app.infra.store.member.MembershipWrites;
import dev.enclave.app.infra.store.organisation.OrganisationReads;
import dev.enclave.app.infra.store.organisation.OrganisationReads.StoredOrganisation;
import dev.enclave.app.infra.store.service.ServiceReads;
import dev.enclave.app.infra.store.service.ServiceReads.Assignment;
import dev.enclave.identity.Email;
import dev.enclave.identity.EmailKey;
import dev.enclave.identity.TenantId;
import dev.enclave.identity.UserKey;
import dev.enclave.table.TableDesign;
import java.time.Duration;
import java.time.Instant;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.Set;
import java.util.stream.Stream;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * A table as Enclave's own mappers write it: organisation {@code acme} with an owner (ada) and a member (bob, in the
 * billing service's viewers), a pending invitation (cleo) and an accepted one (bob's), an API key, an idempotency
 * record, and an item of acme's own data. Tests damage it the way a crash, a bug or a hand edit could.
 */
final class HealthyTable {

    static final TenantId ACME = TenantId.of("acme");
    static final String PARTITION = "TENANT#acme#";
    static final String ISSUER = "https://idp.example/";
    static final Instant NOW = Instant.parse("2026-11-01T10:00:00Z");
    static final Membership ADA = member("ada", GroupName.OWNER, GroupName.MEMBER);
    static final Membership BOB = member("bob", GroupName.MEMBER);
    static final ServiceGroup BILLING_VIEWERS = ServiceGroup.parse("billing/viewers").orElseThrow();
    static final Invitation CLEO_INVITED = invitation("cleoinvitationaaaaaa", "cleo", InvitationStatus.PENDING);
    static final Invitation BOB_INVITED = invitation("bobinvitationaaaaaaa", "bob", InvitationStatus.ACCEPTED);
    static final Organisation ORGANISATION = new Organisation(ACME, "Acme Ltd", 25, 2, OrganisationStatus.ACTIVE, 1,
            NOW, Optional.of(new Limit(100, 200, 20)));

    private final Map<String, Map<String, AttributeValue>> items = new LinkedHashMap<>();

    HealthyTable() {
        put(OrganisationReads.ORGANISATION.written(ACME, new StoredOrganisation(ORGANISATION, OptionalLong.of(1),
                OptionalLong.of(1), OptionalLong.empty())));
        OrganisationName name = new OrganisationName(ORGANISATION.name(), ORGANISATION.version());
        put(membershipItem(ADA, name));
        put(MembershipWrites.joined(BOB, name, Set.of(BILLING_VIEWERS.written()), ORGANISATION.incarnation()).item());
        List.of(ADA, BOB).forEach(member -> put(emailRecord(member)));
        put(Map.of("PK", s(PARTITION), "SK", s("SVC#billing"), "type", s("service"), "id", s("billing"),
                "name", s("Billing"), "version", n(1)));
        put(assignmentItem(BILLING_VIEWERS, BOB.user(), BOB.userId()));
        put(invitationItem(CLEO_INVITED));
        put(inviteeGuard(CLEO_INVITED));
        put(invitationItem(BOB_INVITED));
        ApiKey worker = new ApiKey(new ApiKeyId("workerkeyaaaaaaa"), ACME, "worker", ApiKeyAccess.READ, "ada", NOW,
                Optional.empty(), Optional.empty(), "secrethash");
        put(ApiKeyReads.API_KEY.written(ACME, worker));
        put(confirmed(ApiKeyWrites.unconfirmedLookupEntry(worker, ORGANISATION.incarnation(), NOW).item()));
        put(Map.of("PK", s(PARTITION), "SK", s("IDEMPOTENCY#" + ADA.user().digest() + "#keydigest"),
                "type", s("idempotency"), "requestHash", s("hash"), "expiresAt", n(NOW.getEpochSecond() + 86400)));
        put(Map.of("PK", s("TENANT#acme#DATA#k3j9#orders"), "SK", s("anything the tenant likes")));
    }

    static Membership member(String user, GroupName... groups) {
        return new Membership(ACME, UserKey.of(ISSUER, user), user, ISSUER, Optional.of(Email.of(user + "@example.com")),
                Set.of(groups),
                NOW, 1);
    }

    /** {@code member}'s membership item, as its store writes it. */
    static Map<String, AttributeValue> membershipItem(Membership member, OrganisationName nameCopy) {
        return MembershipReads.MEMBERSHIP.written(ACME, new UserMembership(member, nameCopy));
    }

    /** The record that {@code member}'s email is a member's, as its store writes it. */
    static Map<String, AttributeValue> emailRecord(Membership member) {
        return MembershipWrites.emailTaken(member, ORGANISATION.incarnation()).item();
    }

    static Map<String, AttributeValue> invitationItem(Invitation invitation) {
        return InvitationReads.INVITATION.written(ACME, invitation);
    }

    /** The invitee guard naming {@code invitation}, as its store writes what the checker reads (no expiry). */
    static Map<String, AttributeValue> inviteeGuard(Invitation invitation) {
        return InvitationReads.INVITEE.written(ACME, new Invitee(EmailKey.of(invitation.email()), invitation.id()));
    }

    static Map<String, AttributeValue> assignmentItem(ServiceGroup group, UserKey user, String userId) {
        return ServiceReads.ASSIGNMENT.written(ACME, new Assignment(group, user, userId));
    }

    static Invitation invitation(String id, String user, InvitationStatus status) {
        return new Invitation(ACME, new InvitationId(id), Email.of(user + "@example.com"),
                Set.of(GroupName.MEMBER),
                Set.of(), "tokenhash", status, NOW, NOW.plus(Duration.ofDays(7)), "ada",
                status == InvitationStatus.ACCEPTED ? Optional.of(UserKey.of(ISSUER, user)) : Optional.empty());
    }

    Stream<Map<String, AttributeValue>> items() {
        return items.values().stream();
    }

    /** Every item of acme's control partition. */
    long controlItems() {
        return items.values().stream().filter(item -> item.get("PK").s().equals(PARTITION)).count();
    }

    HealthyTable put(Map<String, AttributeValue> item) {
        items.put(key(item.get("PK").s(), item.get("SK").s()), Map.copyOf(item));
        return this;
    }

    /** {@code lookup} as its key's creation leaves it once settled: off the owed-work index. */
    static Map<String, AttributeValue> confirmed(Map<String, AttributeValue> lookup) {
        Map<String, AttributeValue> item = new HashMap<>(lookup);
        item.remove(TableDesign.BY_OWED_WORK.partitionKey());
        item.remove(TableDesign.BY_OWED_WORK.sortKey());
        return item;
    }

    /** The lookup entry of acme's API key, outside its partition. */
    static final String WORKER_LOOKUP = "APIKEY#lookup#TENANT#acme#workerkeyaaaaaaa";

    Map<String, AttributeValue> removeLookup() {
        return Optional.ofNullable(items.remove(key(WORKER_LOOKUP, "KEY")))
                .orElseThrow(() -> new IllegalArgumentException("no lookup entry"));
    }

    HealthyTable remove(String sortKey) {
        if (items.remove(key(PARTITION, sortKey)) == null) {
            throw new IllegalArgumentException("no item " + sortKey);
        }
        return this;
    }

    /** Sets (or, with {@code null}, removes) one attribute of the item at {@code sortKey} in acme's partition. */
    HealthyTable set(String sortKey, String attribute, AttributeValue value) {
        Map<String, AttributeValue> item = new HashMap<>(get(sortKey));
        if (value == null) {
            item.remove(attribute);
        } else {
            item.put(attribute, value);
        }
        return put(item);
    }

    Map<String, AttributeValue> get(String sortKey) {
        return Optional.ofNullable(items.get(key(PARTITION, sortKey)))
                .orElseThrow(() -> new IllegalArgumentException("no item " + sortKey));
    }

    static String sortKey(Map<String, AttributeValue> item) {
        return item.get("SK").s();
    }

    static AttributeValue s(String value) {
        return AttributeValue.fromS(value);
    }

    static AttributeValue n(long value) {
        return AttributeValue.fromN(Long.toString(value));
    }

    private static String key(String partitionKey, String sortKey) {
        return partitionKey + "\n" + sortKey;
    }
}
