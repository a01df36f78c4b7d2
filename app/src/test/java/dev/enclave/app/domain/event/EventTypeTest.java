package dev.enclave.app.domain.event;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

class EventTypeTest {

    @Test
    void anAppsAction_isLowercaseDotSeparatedWords_inNoResourceOfEnclavesOwn() {
        assertThat(EventType.admitsApp("invoice.approved")).isTrue();
        assertThat(EventType.admitsApp("billing.invoice.approved_late")).isTrue();
        assertThat(EventType.admitsApp("member.added")).isFalse();
        assertThat(EventType.admitsApp("api_key.leaked")).isFalse();
        assertThat(EventType.admitsApp("invoice")).isFalse();
        assertThat(EventType.admitsApp("Invoice.Approved")).isFalse();
        assertThat(EventType.admitsApp("invoice..approved")).isFalse();
        assertThat(EventType.admitsApp("a.b.c.d.e")).isFalse();
        assertThat(EventType.admitsApp(null)).isFalse();
    }

    @Test
    void enclavesVocabulary_isWellFormed_andNamedOnce() {
        assertThat(EventType.ENCLAVE).doesNotHaveDuplicates().allSatisfy(type -> assertThat(type.value())
                .matches("[a-z_]+\\.[a-z_]+"));
        assertThatThrownBy(() -> new EventType("not a type")).isInstanceOf(IllegalArgumentException.class);
    }
}
