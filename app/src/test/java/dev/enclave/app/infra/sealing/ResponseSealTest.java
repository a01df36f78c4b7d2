package dev.enclave.app.infra.sealing;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.security.SecureRandom;
import java.util.List;
import org.junit.jupiter.api.Test;

class ResponseSealTest {

    private static final SecureRandom RANDOM = new SecureRandom();
    private final String oldKey = ResponseSeal.newKey(RANDOM);
    private final String newKey = ResponseSeal.newKey(RANDOM);

    @Test
    void sealed_opensOnlyForItsOwnRecord() {
        ResponseSeal seal = new ResponseSeal(List.of(oldKey));
        String sealed = seal.seal("{\"token\":\"secret\"}", "t\nc\nk1");

        assertThat(sealed).doesNotContain("secret");
        assertThat(seal.open(sealed, "t\nc\nk1")).contains("{\"token\":\"secret\"}");
        assertThat(seal.open(sealed, "t\nc\nk2")).isEmpty();
        assertThat(seal.open("not base64!", "t\nc\nk1")).isEmpty();
    }

    @Test
    void rotation_sealsWithTheFirstKeyAndOpensWithAny() {
        String sealedBefore = new ResponseSeal(List.of(oldKey)).seal("before", "r");
        ResponseSeal rotating = new ResponseSeal(List.of(newKey, oldKey));
        String sealedDuring = rotating.seal("during", "r");

        assertThat(rotating.open(sealedBefore, "r")).contains("before");
        assertThat(new ResponseSeal(List.of(newKey)).open(sealedDuring, "r")).contains("during");
        assertThat(new ResponseSeal(List.of(newKey)).open(sealedBefore, "r")).isEmpty();
    }

    @Test
    void keysThatAreNot32Bytes_areRefused() {
        assertThatThrownBy(() -> new ResponseSeal(List.of("c2hvcnQ="))).hasMessageContaining("32 bytes");
        assertThatThrownBy(() -> new ResponseSeal(List.of("%%%"))).hasMessageContaining("32 bytes");
        assertThatThrownBy(() -> new ResponseSeal(List.of())).isInstanceOf(IllegalArgumentException.class);
    }
}
