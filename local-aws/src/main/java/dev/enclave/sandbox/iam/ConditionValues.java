package dev.enclave.sandbox.iam;

import java.math.BigDecimal;
import java.net.InetAddress;
import java.net.UnknownHostException;
import java.time.DateTimeException;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.util.Optional;
import java.util.regex.Pattern;

/** How IAM reads the values of numeric, date and IP address conditions. */
final class ConditionValues {

    private static final Pattern NUMBER = Pattern.compile("-?[0-9]+(\\.[0-9]+)?");
    private static final Pattern EPOCH = Pattern.compile("-?[0-9]+");
    private static final Pattern IPV4 = Pattern.compile("[0-9]{1,3}(\\.[0-9]{1,3}){3}");
    private static final Pattern IPV6 = Pattern.compile("[0-9A-Fa-f:.]*:[0-9A-Fa-f:.]*");

    private ConditionValues() {
    }

    static Optional<BigDecimal> number(String text) {
        return NUMBER.matcher(text).matches() ? Optional.of(new BigDecimal(text)) : Optional.empty();
    }

    /** A date as IAM reads one: epoch seconds, or an ISO 8601 date or date-time (UTC when no offset is given). */
    static Optional<Instant> instant(String text) {
        try {
            if (EPOCH.matcher(text).matches()) {
                return Optional.of(Instant.ofEpochSecond(Long.parseLong(text)));
            }
            return Optional.of(parsed(text));
        } catch (NumberFormatException | DateTimeException unreadable) {
            return Optional.empty();
        }
    }

    private static Instant parsed(String text) {
        try {
            return OffsetDateTime.parse(text).toInstant();
        } catch (DateTimeException noOffset) {
            try {
                return LocalDateTime.parse(text).toInstant(ZoneOffset.UTC);
            } catch (DateTimeException noTime) {
                return LocalDate.parse(text).atStartOfDay(ZoneOffset.UTC).toInstant();
            }
        }
    }

    /** Whether the address {@code value} is in {@code range}, a CIDR block or a single address. */
    static boolean inRange(String value, String range) {
        String[] parts = range.split("/", 2);
        Optional<byte[]> address = bytes(value);
        Optional<byte[]> network = bytes(parts[0]);
        if (address.isEmpty() || network.isEmpty() || address.get().length != network.get().length) {
            return false;
        }
        int bits;
        try {
            bits = parts.length == 1 ? network.get().length * 8 : Integer.parseInt(parts[1]);
        } catch (NumberFormatException notABlock) {
            return false;
        }
        if (bits < 0 || bits > network.get().length * 8) {
            return false;
        }
        for (int i = 0; i < bits; i++) {
            int mask = 0x80 >> (i % 8);
            if ((address.get()[i / 8] & mask) != (network.get()[i / 8] & mask)) {
                return false;
            }
        }
        return true;
    }

    /** The bytes of an IP literal; never a name lookup. */
    private static Optional<byte[]> bytes(String literal) {
        if (!IPV4.matcher(literal).matches() && !IPV6.matcher(literal).matches()) {
            return Optional.empty();
        }
        try {
            return Optional.of(InetAddress.getByName(literal).getAddress());
        } catch (UnknownHostException notAnAddress) {
            return Optional.empty();
        }
    }
}
