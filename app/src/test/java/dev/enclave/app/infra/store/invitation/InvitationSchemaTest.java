package dev.enclave.app.infra.store.invitation;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.enclave.app.domain.invitation.Invitation;
import dev.enclave.app.domain.invitation.InvitationId;
import dev.enclave.app.domain.invitation.InvitationStatus;
import dev.enclave.app.domain.permission.GroupName;
import dev.enclave.app.domain.service.ServiceGroup;
import dev.enclave.app.domain.service.ServiceId;
import dev.enclave.app.infra.store.SortableTime;
import dev.enclave.app.support.StoredItem;
import dev.enclave.identity.Email;
import dev.enclave.identity.EmailKey;
import dev.enclave.identity.TenantId;
import dev.enclave.identity.UserKey;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/** The invitation schema reads and writes exactly the items Enclave has always stored. */
class InvitationSchemaTest {

    private static final TenantId ACME = TenantId.of("acme");
    private static final Email CLEO = new Email("cleo@example.com");
    private static final Instant CREATED = Instant.parse("2026-11-22T10:15:30Z");
    private static final Instant VALID_UNTIL = Instant.parse("2026-11-29T10:15:30Z");

    private static Invitation invitation(InvitationStatus status, Optional<UserKey> acceptedBy) {
        return new Invitation(ACME, new InvitationId("cleoinvitationaaaaaa"), CLEO,
                Set.of(new GroupName("member"), new GroupName("admin")),
                Set.of(serviceGroup("billing", "viewers"), serviceGroup("api", "callers")), "tokenhash", status,
                CREATED, VALID_UNTIL, "ada", acceptedBy);
    }

    static Map<String, AttributeValue> stored(InvitationStatus status) {
        return StoredItem.inTenant("acme", "INVITATION#cleoinvitationaaaaaa", "invitation")
                .s("id", "cleoinvitationaaaaaa").s("email", "cleo@example.com").strings("groups", "admin", "member")
                .strings("serviceGroups", "api/callers", "billing/viewers").s("tokenHash", "tokenhash")
                .s("status", status.name()).s("createdAt", "2026-11-22T10:15:30Z")
                .n("validUntil", VALID_UNTIL.getEpochSecond())
                .n("expiresAt", VALID_UNTIL.plus(InvitationItems.RETENTION).getEpochSecond()).s("invitedBy", "ada")
                .s("GSI1PK", "TENANT#acme#INVITATIONS#" + status.wire())
                .s("GSI1SK", "2026-11-22T10:15:30.000000000Z#cleoinvitationaaaaaa").toMap();
    }

    @Test
    void aPendingInvitation_isOnTheInviteesIndex() {
        Map<String, AttributeValue> stored = stored(InvitationStatus.PENDING);
        stored.put("GSI2PK", s(EmailKey.of(CLEO).prefix().value()));
        stored.put("GSI2SK", s("INVITATION#acme#cleoinvitationaaaaaa"));

        assertThat(InvitationItems.SCHEMA.toItem(invitation(InvitationStatus.PENDING, Optional.empty())))
                .isEqualTo(stored);
        assertThat(InvitationItems.SCHEMA.fromItem(stored))
                .isEqualTo(invitation(InvitationStatus.PENDING, Optional.empty()));
        assertThat(InvitationItems.SCHEMA.toItem(InvitationItems.SCHEMA.fromItem(stored))).isEqualTo(stored);
    }

    @Test
    void aStoredItem_readsItsGroupsServiceGroupsAndAcceptorAsTypedValues() {
        Map<String, AttributeValue> stored = stored(InvitationStatus.ACCEPTED);
        stored.put("acceptedBy", s("bobdigest"));

        Invitation read = InvitationItems.SCHEMA.fromItem(stored);

        assertThat(read.groups()).containsExactlyInAnyOrder(new GroupName("admin"), new GroupName("member"));
        assertThat(read.serviceGroups()).containsExactlyInAnyOrder(serviceGroup("api", "callers"),
                serviceGroup("billing", "viewers"));
        assertThat(read.acceptedBy()).contains(new UserKey("bobdigest"));
    }

    @Test
    void aStoredServiceGroupWithoutItsService_doesNotMap() {
        Map<String, AttributeValue> stored = stored(InvitationStatus.PENDING);
        stored.put("serviceGroups", AttributeValue.fromL(List.of(s("viewers"))));

        assertThatThrownBy(() -> InvitationItems.SCHEMA.fromItem(stored)).isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void anAcceptedInvitation_namesWhoAccepted_andIsOffTheInviteesIndex() {
        Map<String, AttributeValue> stored = stored(InvitationStatus.ACCEPTED);
        stored.put("acceptedBy", s("bobdigest"));
        Invitation accepted = invitation(InvitationStatus.ACCEPTED, Optional.of(new UserKey("bobdigest")));

        assertThat(InvitationItems.SCHEMA.toItem(accepted)).isEqualTo(stored);
        assertThat(InvitationItems.SCHEMA.fromItem(stored)).isEqualTo(accepted);
        assertThat(InvitationItems.SCHEMA.toItem(InvitationItems.SCHEMA.fromItem(stored))).isEqualTo(stored);
    }

    @Test
    void theGroupsLivesWhenSent_areStoredBesideTheInvitation_readBack_andAbsentOnItemsStoredBefore() {
        Map<String, AttributeValue> item = InvitationItems.SCHEMA.toItem(invitation(InvitationStatus.PENDING,
                Optional.empty()));
        Instant opsCreated = Instant.parse("2026-11-20T08:00:00.123456Z");
        Map<String, AttributeValue> withLives = InvitationItems.withGroupLives(item,
                Map.of(new GroupName("ops"), opsCreated));

        assertThat(withLives.get(InvitationItems.GROUP_LIVES)).isEqualTo(AttributeValue.fromM(
                Map.of("ops", AttributeValue.fromS("2026-11-20T08:00:00.123456Z"))));
        assertThat(InvitationItems.groupLives(withLives)).containsExactly(Map.entry(new GroupName("ops"), opsCreated));
        assertThat(InvitationItems.SCHEMA.fromItem(withLives)).isEqualTo(InvitationItems.SCHEMA.fromItem(item));
        assertThat(InvitationItems.withGroupLives(item, Map.of())).isSameAs(item);
        assertThat(InvitationItems.groupLives(item)).isEmpty();
    }

    @Test
    void inviteeGuard_namesThePendingInvitation_isDueToExpireIt_andIsRemovedWithIt() {
        Map<String, AttributeValue> guard = InviteeGuards.of(invitation(InvitationStatus.PENDING,
                Optional.empty()));

        assertThat(guard).isEqualTo(Map.of("PK", s("TENANT#acme#"),
                "SK", s("INVITEE#" + EmailKey.of(CLEO).digest()), "type", s("invitee"),
                "invitation", s("cleoinvitationaaaaaa"),
                "expiresAt", n(VALID_UNTIL.plus(InvitationItems.RETENTION).getEpochSecond()),
                "GSI3PK", s("WORK#owed#expiries#"),
                "GSI3SK", s(SortableTime.format(VALID_UNTIL) + "#acme#cleoinvitationaaaaaa")));
        assertThat(InviteeGuards.read(guard).invitation()).isEqualTo(new InvitationId("cleoinvitationaaaaaa"));
    }

    private static ServiceGroup serviceGroup(String service, String group) {
        return new ServiceGroup(new ServiceId(service), new GroupName(group));
    }

    private static AttributeValue s(String value) {
        return AttributeValue.fromS(value);
    }

    private static AttributeValue n(long value) {
        return AttributeValue.fromN(Long.toString(value));
    }
}
