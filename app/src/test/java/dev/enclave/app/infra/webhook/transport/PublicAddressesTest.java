package dev.enclave.app.infra.webhook.transport;

import static org.assertj.core.api.Assertions.assertThat;

import java.net.Inet6Address;
import java.net.InetAddress;
import java.net.UnknownHostException;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

class PublicAddressesTest {

    private final PublicAddresses strict = new PublicAddresses(false);
    private final PublicAddresses local = new PublicAddresses(true);

    @ParameterizedTest
    @CsvSource(delimiter = '|', value = {
        "0.0.0.0         | an address of this network",
        "0.255.1.2       | an address of this network",
        "10.0.0.5        | a private address",
        "10.255.255.255  | a private address",
        "100.64.0.1      | a carrier-grade NAT address",
        "100.127.255.254 | a carrier-grade NAT address",
        "169.254.169.254 | a link-local address (where cloud metadata services answer)",
        "169.254.0.1     | a link-local address (where cloud metadata services answer)",
        "172.16.0.1      | a private address",
        "172.31.255.255  | a private address",
        "192.0.0.8       | reserved for protocol assignments",
        "192.0.2.10      | a documentation address",
        "192.168.1.1     | a private address",
        "198.18.0.1      | a benchmarking address",
        "198.19.255.255  | a benchmarking address",
        "198.51.100.7    | a documentation address",
        "203.0.113.9     | a documentation address",
        "224.0.0.1       | a multicast address",
        "239.255.255.250 | a multicast address",
        "240.0.0.1       | a reserved address",
        "255.255.255.254 | a reserved address",
        "255.255.255.255 | the broadcast address"})
    void specialIpv4Ranges_areRefused_andSaidWhatTheyAre(String address, String kind) {
        assertThat(strict.refusal(ip(address))).contains(kind);
        assertThat(local.refusal(ip(address))).contains(kind);
    }

    @ParameterizedTest
    @ValueSource(strings = {"127.0.0.1", "127.1.2.3", "127.255.255.255", "::1"})
    void loopback_isRefused_unlessAllowed(String address) {
        assertThat(strict.refusal(ip(address))).contains("a loopback address");
        assertThat(local.allows(ip(address))).isTrue();
    }

    @ParameterizedTest
    @CsvSource(delimiter = '|', value = {
        "::               | the unspecified address",
        "fe80::1          | a link-local address",
        "febf:ffff::1     | a link-local address",
        "fec0::1          | a site-local address",
        "fc00::1          | a unique-local address",
        "fd12:3456::1     | a unique-local address",
        "ff02::1          | a multicast address",
        "ff0e::1          | a multicast address",
        "2001:db8::1      | a documentation address",
        "100::1           | a discard-only address",
        "::a00:5          | an IPv4-compatible address (deprecated)",
        "::808:808        | an IPv4-compatible address (deprecated)",
        "64:ff9b:1::808:808 | a local-use NAT64 address",
        "2002:808:808::1  | a 6to4 address",
        "2002:a00:5::1    | a 6to4 address",
        "2001:0:4136:e378:8000:63bf:3fff:fdd2 | a Teredo address"})
    void specialIpv6Ranges_areRefused_andSaidWhatTheyAre(String address, String kind) {
        assertThat(strict.refusal(ip(address))).contains(kind);
        assertThat(local.refusal(ip(address))).contains(kind);
    }

    @ParameterizedTest
    @CsvSource(delimiter = '|', value = {
        "10.0.0.5        | a private address",
        "169.254.169.254 | a link-local address (where cloud metadata services answer)",
        "127.0.0.1       | a loopback address",
        "0.0.0.0         | an address of this network"})
    void ipv4MappedAndNat64Forms_areJudgedByTheIpv4AddressTheyCarry(String ipv4, String kind) {
        byte[] v4 = ip(ipv4).getAddress();

        assertThat(strict.refusal(v6(0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0xff, 0xff, v4))).contains(kind);
        assertThat(strict.refusal(v6(0, 0x64, 0xff, 0x9b, 0, 0, 0, 0, 0, 0, 0, 0, v4))).contains(kind);
        assertThat(strict.refusal(v6(0, 0, 0, 0, 0, 0, 0, 0, 0xff, 0xff, 0, 0, v4))).as("IPv4-translated")
                .contains(kind);
    }

    @ParameterizedTest
    @ValueSource(strings = {"::ffff:0:a00:1", "::ffff:0:7f00:1", "::ffff:0:a9fe:a9fe", "0:0:0:0:ffff:0:c0a8:101"})
    void ipv4TranslatedAddresses_areJudgedByTheIpv4AddressTheyCarry(String address) {
        assertThat(strict.allows(ip(address))).isFalse();
        assertThat(strict.allows(ip("::ffff:0:808:808"))).isTrue();
    }

    @ParameterizedTest
    @ValueSource(strings = {"::ffff:127.0.0.1", "::ffff:7f00:1", "0:0:0:0:0:ffff:7f00:1", "::ffff:a9fe:a9fe",
        "::ffff:10.1.2.3"})
    void ipv4MappedLiterals_theJdkTurnsIntoIpv4_areRefusedToo(String address) {
        assertThat(strict.allows(ip(address))).isFalse();
    }

    @ParameterizedTest
    @ValueSource(strings = {"93.184.215.14", "8.8.8.8", "1.1.1.1", "100.63.255.255", "100.128.0.0", "172.15.255.255",
        "172.32.0.0", "192.169.0.1", "198.17.255.255", "198.20.0.0", "223.255.255.255", "11.0.0.1", "126.255.255.255",
        "128.0.0.1", "169.253.255.255", "169.255.0.0", "192.0.1.1", "192.0.3.1"})
    void publicIpv4Addresses_areAllowed_evenNextToTheRefusedRanges(String address) {
        assertThat(strict.refusal(ip(address))).isEmpty();
        assertThat(strict.allows(ip(address))).isTrue();
    }

    @ParameterizedTest
    @ValueSource(strings = {"2606:4700:4700::1111", "2001:4860:4860::8888", "2a00:1450:4001:830::200e",
        "2001:db9::1", "2003::1", "fbff::1", "fe7f::1", "64:ff9b::808:808", "2001:200::1"})
    void publicIpv6Addresses_andNat64OfAPublicIpv4_areAllowed(String address) {
        assertThat(strict.refusal(ip(address))).isEmpty();
    }

    @ParameterizedTest
    @ValueSource(strings = {"::ffff:8.8.8.8", "::ffff:808:808"})
    void anIpv4MappedPublicAddress_isAllowed(String address) {
        assertThat(strict.allows(ip(address))).isTrue();
        assertThat(strict.allows(v6(0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0xff, 0xff, ip("8.8.8.8").getAddress()))).isTrue();
    }

    private static InetAddress ip(String literal) {
        try {
            return InetAddress.getByName(literal);
        } catch (UnknownHostException notALiteral) {
            throw new AssertionError(literal, notALiteral);
        }
    }

    /** An IPv6 address the JDK keeps as IPv6 even when it is IPv4-mapped: 12 bytes then an IPv4 address. */
    private static InetAddress v6(int b0, int b1, int b2, int b3, int b4, int b5, int b6, int b7, int b8, int b9,
                                  int b10, int b11, byte[] ipv4) {
        byte[] bytes = {(byte) b0, (byte) b1, (byte) b2, (byte) b3, (byte) b4, (byte) b5, (byte) b6, (byte) b7,
            (byte) b8, (byte) b9, (byte) b10, (byte) b11, ipv4[0], ipv4[1], ipv4[2], ipv4[3]};
        try {
            InetAddress address = Inet6Address.getByAddress(null, bytes, -1);
            assertThat(address).isInstanceOf(Inet6Address.class);
            return address;
        } catch (UnknownHostException wrongLength) {
            throw new AssertionError(wrongLength);
        }
    }
}
