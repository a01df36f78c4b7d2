package dev.enclave.digest;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import java.util.HexFormat;
import org.junit.jupiter.api.Test;

/** Known answers: FIPS 180-2's "abc" and RFC 4231's test case 2. */
class Sha256Test {

    private static final String ABC = "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad";

    @Test
    void hex_ofAbc_isTheFipsAnswer() {
        assertThat(Sha256.hex("abc")).isEqualTo(ABC);
    }

    @Test
    void of_textAndItsUtf8Bytes_agree() {
        assertThat(Sha256.of("grüße")).isEqualTo(Sha256.of("grüße".getBytes(StandardCharsets.UTF_8)));
    }

    @Test
    void base64Url_ofAbc_isTheSameDigestUnpadded() {
        assertThat(Sha256.base64Url("abc")).isEqualTo("ungWv48Bz-pBQUDeXa4iI7ADYaOWF3qctBD_YfIAFa0");
    }

    @Test
    void hmac_rfc4231Case2_isTheRfcAnswer() {
        byte[] mac = Sha256.hmac("Jefe".getBytes(StandardCharsets.US_ASCII), "what do ya want for nothing?");

        assertThat(HexFormat.of().formatHex(mac))
                .isEqualTo("5bdcc146bf60754e6a042426089575c75a003f089d2739839dec58b964ec3843");
    }
}
