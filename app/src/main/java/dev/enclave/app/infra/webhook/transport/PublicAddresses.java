package dev.enclave.app.infra.webhook.transport;

import java.net.Inet4Address;
import java.net.InetAddress;
import java.net.UnknownHostException;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;

/**
 * Which addresses a webhook may be posted to: public unicast ones only, so a tenant's endpoint cannot reach this
 * process's own network (metadata services, private subnets, loopback). Refused, by their raw bytes:
 * <ul>
 *   <li>IPv4: 0/8 (0.0.0.0 included), 10/8, 100.64/10, 127/8, 169.254/16, 172.16/12, 192.0.0/24, 192.0.2/24,
 *       192.168/16, 198.18/15, 198.51.100/24, 203.0.113/24, 224/4, 240/4 and 255.255.255.255;</li>
 *   <li>IPv6: ::, ::1, fe80::/10, fec0::/10 (the old site-local), fc00::/7, ff00::/8, 100::/64 (discard) and
 *       2001:db8::/32;</li>
 *   <li>IPv6 forms carrying an IPv4 address: an IPv4-mapped address (::ffff:a.b.c.d), an IPv4-translated one
 *       (::ffff:0:a.b.c.d, which a stateless translator turns into the IPv4 address) and a NAT64 address
 *       (64:ff9b::/96, how IPv6-only networks reach IPv4 hosts) are judged by the IPv4 address they carry; the
 *       deprecated IPv4-compatible form (::a.b.c.d), local-use NAT64 (64:ff9b:1::/48), 6to4 (2002::/16) and Teredo
 *       (2001::/32) are refused outright, whatever they carry.</li>
 * </ul>
 * Loopback (127/8, ::1 and the mapped form of 127/8) is allowed only when {@code allowLoopback}, for the local stack.
 * Everything else is public.
 */
public record PublicAddresses(boolean allowLoopback) {

    private static final String LOOPBACK = "a loopback address";
    private static final List<Block> IPV4 = List.of(
            Block.of("0.0.0.0/8", "an address of this network"),
            Block.of("10.0.0.0/8", "a private address"),
            Block.of("100.64.0.0/10", "a carrier-grade NAT address"),
            Block.of("127.0.0.0/8", LOOPBACK),
            Block.of("169.254.0.0/16", "a link-local address (where cloud metadata services answer)"),
            Block.of("172.16.0.0/12", "a private address"),
            Block.of("192.0.0.0/24", "reserved for protocol assignments"),
            Block.of("192.0.2.0/24", "a documentation address"),
            Block.of("192.168.0.0/16", "a private address"),
            Block.of("198.18.0.0/15", "a benchmarking address"),
            Block.of("198.51.100.0/24", "a documentation address"),
            Block.of("203.0.113.0/24", "a documentation address"),
            Block.of("224.0.0.0/4", "a multicast address"),
            Block.of("255.255.255.255/32", "the broadcast address"),
            Block.of("240.0.0.0/4", "a reserved address"));
    private static final Block IPV4_MAPPED = Block.of("::ffff:0:0/96", "");
    private static final Block IPV4_TRANSLATED = Block.of("::ffff:0:0:0/96", "");
    private static final Block NAT64 = Block.of("64:ff9b::/96", "");
    private static final List<Block> IPV6 = List.of(
            Block.of("::/128", "the unspecified address"),
            Block.of("::1/128", LOOPBACK),
            Block.of("::/96", "an IPv4-compatible address (deprecated)"),
            Block.of("64:ff9b:1::/48", "a local-use NAT64 address"),
            Block.of("100::/64", "a discard-only address"),
            Block.of("2001:db8::/32", "a documentation address"),
            Block.of("2001::/32", "a Teredo address"),
            Block.of("2002::/16", "a 6to4 address"),
            Block.of("fc00::/7", "a unique-local address"),
            Block.of("fe80::/10", "a link-local address"),
            Block.of("fec0::/10", "a site-local address"),
            Block.of("ff00::/8", "a multicast address"));

    /** Whether a webhook may be posted to {@code address}. */
    public boolean allows(InetAddress address) {
        return refusal(address).isEmpty();
    }

    /** What {@code address} is when it is refused ("a private address"), or empty when it is public. */
    public Optional<String> refusal(InetAddress address) {
        byte[] bytes = address.getAddress();
        if (bytes.length == 16 && (IPV4_MAPPED.contains(bytes) || IPV4_TRANSLATED.contains(bytes)
                || NAT64.contains(bytes))) {
            bytes = Arrays.copyOfRange(bytes, 12, 16);
        }
        List<Block> blocks = bytes.length == 4 ? IPV4 : IPV6;
        for (Block block : blocks) {
            if (block.contains(bytes)) {
                return allowLoopback && block.kind().equals(LOOPBACK) ? Optional.empty()
                        : Optional.of(block.kind());
            }
        }
        return Optional.empty();
    }

    /** The addresses of a block: its first {@code bits} bits are those of {@code prefix}. */
    private record Block(byte[] prefix, int bits, String kind) {

        static Block of(String cidr, String kind) {
            String[] parts = cidr.split("/");
            return new Block(literal(parts[0]), Integer.parseInt(parts[1]), kind);
        }

        boolean contains(byte[] address) {
            if (address.length != prefix.length) {
                return false;
            }
            int whole = bits / 8;
            for (int i = 0; i < whole; i++) {
                if (address[i] != prefix[i]) {
                    return false;
                }
            }
            int rest = bits % 8;
            int mask = (0xff << (8 - rest)) & 0xff;
            return rest == 0 || (address[whole] & mask) == (prefix[whole] & mask);
        }

        /** A literal's bytes, kept 16 long for IPv6 prefixes that the JDK would turn into IPv4 addresses. */
        private static byte[] literal(String text) {
            try {
                InetAddress address = InetAddress.getByName(text);
                if (text.contains(":") && address instanceof Inet4Address) {
                    byte[] mapped = new byte[16];
                    mapped[10] = (byte) 0xff;
                    mapped[11] = (byte) 0xff;
                    System.arraycopy(address.getAddress(), 0, mapped, 12, 4);
                    return mapped;
                }
                return address.getAddress();
            } catch (UnknownHostException notALiteral) {
                throw new IllegalArgumentException(text, notALiteral);
            }
        }
    }
}
