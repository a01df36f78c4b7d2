package dev.enclave.app.domain.webhook;

import static org.assertj.core.api.Assertions.assertThat;

import dev.enclave.app.domain.member.Membership;
import dev.enclave.app.domain.permission.CustomGroup;
import dev.enclave.app.domain.permission.GroupDefinitions;
import dev.enclave.app.domain.permission.GroupName;
import dev.enclave.app.domain.permission.Permission;
import dev.enclave.app.domain.permission.SystemPermissions;
import dev.enclave.identity.TenantId;
import dev.enclave.identity.UserKey;
import java.time.Instant;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;

/**
 * An endpoint is kept while its keeper, in the membership that took it on, still manages webhooks and reads events.
 */
class EndpointKeeperTest {

    private static final Instant JOINED = Instant.parse("2026-11-01T09:00:00Z");
    private static final GroupName HOOKS = new GroupName("hooks");
    private static final GroupDefinitions HOOKS_DEFINED = hooksCarrying(SystemPermissions.WEBHOOKS_MANAGE,
            SystemPermissions.EVENTS_READ);

    private final WebhookEndpoint.Keeper kate = WebhookEndpoint.Keeper.of(kate(Set.of(GroupName.ADMIN), JOINED));

    @Test
    void anAdmin_orACustomGroupThatManagesWebhooks_keeps() {
        assertThat(kate.stillKeeps(Optional.of(kate(Set.of(GroupName.ADMIN, GroupName.MEMBER), JOINED)),
                GroupDefinitions.NONE)).isTrue();
        assertThat(kate.stillKeeps(Optional.of(kate(Set.of(HOOKS), JOINED)), HOOKS_DEFINED)).isTrue();
    }

    @Test
    void aCustomGroupThatManagesWebhooks_butReadsNoEvents_keepsNot_forAnEndpointIsSentTheWholeLog() {
        assertThat(kate.stillKeeps(Optional.of(kate(Set.of(HOOKS), JOINED)),
                hooksCarrying(SystemPermissions.WEBHOOKS_MANAGE))).isFalse();
    }

    @Test
    void aKeeperDemoted_removed_rejoined_orWhoseGroupNoLongerManagesWebhooks_keepsNot() {
        assertThat(kate.stillKeeps(Optional.of(kate(Set.of(GroupName.MEMBER), JOINED)), GroupDefinitions.NONE))
                .as("demoted").isFalse();
        assertThat(kate.stillKeeps(Optional.empty(), GroupDefinitions.NONE)).as("removed").isFalse();
        assertThat(kate.stillKeeps(Optional.of(kate(Set.of(GroupName.ADMIN), JOINED.plusSeconds(60))),
                GroupDefinitions.NONE)).as("removed and added again").isFalse();
        assertThat(kate.stillKeeps(Optional.of(kate(Set.of(HOOKS), JOINED)), GroupDefinitions.NONE))
                .as("the group deleted").isFalse();
    }

    private static GroupDefinitions hooksCarrying(Permission... permissions) {
        return new GroupDefinitions(new TreeMap<>(Map.of(HOOKS, new CustomGroup(HOOKS, "", Set.of(permissions),
                Instant.EPOCH, Instant.EPOCH, 1))), 1);
    }

    private static Membership kate(Set<GroupName> groups, Instant joinedAt) {
        return new Membership(TenantId.of("acme"), UserKey.of("iss", "kate"), "kate", "iss", Optional.empty(), groups,
                joinedAt, 1);
    }
}
