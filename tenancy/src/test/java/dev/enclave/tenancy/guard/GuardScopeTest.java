package dev.enclave.tenancy.guard;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.enclave.identity.LeadingKeyPrefix;
import java.util.Set;
import org.junit.jupiter.api.Test;

class GuardScopeTest {

    @Test
    void of_whenPrefixLacksTheSeparator_isRejected() {
        assertThatThrownBy(() -> GuardScope.of(Set.of("TENANT#acme"), false))
                .isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void of_whenPrefixCarriesAWildcard_isRejected() {
        assertThatThrownBy(() -> GuardScope.of(Set.of("TENANT#*#"), false)).isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void of_whenEmpty_isRejected() {
        assertThatThrownBy(() -> GuardScope.of(Set.of(), false)).isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void isForeignTenantKey_onlyForOtherTenants() {
        GuardScope acme = GuardScope.of(Set.of("TENANT#acme#"), false);

        assertThat(acme.isForeignTenantKey("TENANT#acme2#X")).isTrue();
        assertThat(acme.isForeignTenantKey("TENANT#acme#X")).isFalse();
        assertThat(acme.isForeignTenantKey("USER#abc#")).isFalse();
    }

    @Test
    void ownRecord_isOneUsersPartition_readAndWrite() {
        GuardScope own = GuardScope.ownRecord(new LeadingKeyPrefix("USER#abc#"));

        assertThat(own.prefixes()).containsExactly("USER#abc#");
        assertThat(own.readOnly()).isFalse();
        assertThat(own.covers("USER#abcd#")).isFalse();
    }

    @Test
    void ownRecord_whenNotAUserPartition_isRejected() {
        assertThatThrownBy(() -> GuardScope.ownRecord(new LeadingKeyPrefix("TENANT#acme#")))
                .isInstanceOf(IllegalArgumentException.class);
    }
}
