package dev.enclave.sandbox.sigv4;

import dev.enclave.digest.Sha256;
import java.io.ByteArrayOutputStream;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.time.format.DateTimeParseException;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HexFormat;
import java.util.List;
import java.util.Optional;
import java.util.regex.Pattern;

/**
 * Verifies AWS Signature Version 4 the way AWS does: it rebuilds the canonical request from what arrived (method,
 * normalised and URI-encoded path, canonical query string, the signed headers, the hash of the body), the string to
 * sign and the signing key chain from the secret the access key id maps to, and compares the signatures in
 * constant time. Services other than S3 are assumed (path normalised and encoded twice, payload always signed).
 */
final class SigV4Verifier {

    private static final Pattern AMZ_DATE = Pattern.compile("\\d{8}T\\d{6}Z");
    private static final Pattern WHITESPACE_RUN = Pattern.compile("\\s+");
    private static final HexFormat HEX = HexFormat.of();
    private static final Duration SKEW = Duration.ofMinutes(15);
    private static final DateTimeFormatter SIGNED_AT = DateTimeFormatter.ofPattern("yyyyMMdd'T'HHmmssX")
            .withZone(ZoneOffset.UTC);

    private final String region;
    private final String service;

    /**
     * @param region  the region requests must be scoped to
     * @param service the signing name requests must be scoped to ({@code dynamodb}, {@code sts})
     */
    SigV4Verifier(String region, String service) {
        this.region = region;
        this.service = service;
    }

    /**
     * Whether {@code authorization} is a valid signature of {@code request} by {@code secret}, made within 15 minutes
     * of {@code now} (AWS refuses a signature further off, so a captured request cannot be replayed later).
     */
    SignatureVerdict verify(ReceivedRequest request, SigV4Authorization authorization, String secret, Instant now) {
        Optional<String> amzDate = request.header("x-amz-date").filter(d -> AMZ_DATE.matcher(d).matches());
        if (amzDate.isEmpty()) {
            return SignatureVerdict.NO_DATE;
        }
        if (!amzDate.get().startsWith(authorization.date())) {
            return SignatureVerdict.DATE_NOT_IN_SCOPE;
        }
        if (!authorization.signedHeaders().contains("host")) {
            return SignatureVerdict.HOST_NOT_SIGNED;
        }
        if (!service.equals(authorization.service())) {
            return SignatureVerdict.WRONG_SERVICE;
        }
        if (!region.equals(authorization.region())) {
            return SignatureVerdict.WRONG_REGION;
        }
        String payloadHash = hex(Sha256.of(request.body()));
        if (request.header("x-amz-content-sha256").filter(declared -> !declared.equals(payloadHash)).isPresent()) {
            return SignatureVerdict.MISMATCH;
        }
        String expected = signature(canonicalRequest(request, authorization.signedHeaders(), payloadHash),
                amzDate.get(), authorization, secret);
        boolean equal = MessageDigest.isEqual(expected.getBytes(StandardCharsets.US_ASCII),
                authorization.signature().getBytes(StandardCharsets.US_ASCII));
        return equal ? inTime(amzDate.get(), now) : SignatureVerdict.MISMATCH;
    }

    private static SignatureVerdict inTime(String amzDate, Instant now) {
        Instant signedAt;
        try {
            signedAt = SIGNED_AT.parse(amzDate, Instant::from);
        } catch (DateTimeParseException noSuchTime) {
            return SignatureVerdict.NO_DATE;
        }
        if (signedAt.isBefore(now.minus(SKEW))) {
            return SignatureVerdict.EXPIRED;
        }
        return signedAt.isAfter(now.plus(SKEW)) ? SignatureVerdict.NOT_YET_CURRENT : SignatureVerdict.VALID;
    }

    static String canonicalRequest(ReceivedRequest request, List<String> signedHeaders, String payloadHash) {
        return String.join("\n", request.method(), canonicalUri(request.rawPath()),
                canonicalQuery(request.rawQuery()), canonicalHeaders(request, signedHeaders),
                String.join(";", signedHeaders), payloadHash);
    }

    private static String signature(String canonicalRequest, String amzDate, SigV4Authorization authorization,
                                    String secret) {
        String stringToSign = String.join("\n", SigV4Authorization.ALGORITHM, amzDate, authorization.scope(),
                hex(Sha256.of(canonicalRequest.getBytes(StandardCharsets.UTF_8))));
        byte[] key = Sha256.hmac(("AWS4" + secret).getBytes(StandardCharsets.UTF_8), authorization.date());
        key = Sha256.hmac(key, authorization.region());
        key = Sha256.hmac(key, authorization.service());
        key = Sha256.hmac(key, "aws4_request");
        return hex(Sha256.hmac(key, stringToSign));
    }

    /** The path with dot segments removed, every octet but unreserved characters and '/' encoded (again). */
    private static String canonicalUri(String rawPath) {
        String normalized = URI.create("http://h" + rawPath).normalize().getRawPath();
        String encoded = encode(normalized, true);
        return encoded.isEmpty() ? "/" : encoded;
    }

    private static String canonicalQuery(String rawQuery) {
        if (rawQuery.isEmpty()) {
            return "";
        }
        List<String[]> parameters = new ArrayList<>();
        for (String pair : rawQuery.split("&")) {
            if (pair.isEmpty()) {
                continue;
            }
            String[] kv = pair.split("=", 2);
            parameters.add(new String[] {encode(decode(kv[0]), false), encode(decode(kv.length > 1 ? kv[1] : ""),
                    false)});
        }
        parameters.sort(Comparator.<String[], String>comparing(p -> p[0]).thenComparing(p -> p[1]));
        return String.join("&", parameters.stream().map(p -> p[0] + "=" + p[1]).toList());
    }

    private static String canonicalHeaders(ReceivedRequest request, List<String> signedHeaders) {
        StringBuilder out = new StringBuilder();
        for (String name : signedHeaders) {
            List<String> values = request.headers().getOrDefault(name, List.of());
            out.append(name).append(':')
                    .append(String.join(",", values.stream()
                            .map(v -> WHITESPACE_RUN.matcher(v.trim()).replaceAll(" ")).toList()))
                    .append('\n');
        }
        return out.toString();
    }

    /** RFC 3986 encoding as SigV4 wants it: unreserved characters stay, every other UTF-8 octet is %XX. */
    private static String encode(String value, boolean keepSlashes) {
        StringBuilder out = new StringBuilder();
        for (byte b : value.getBytes(StandardCharsets.UTF_8)) {
            char c = (char) (b & 0xff);
            if (Character.isLetterOrDigit(c) && c < 128 || c == '-' || c == '_' || c == '.' || c == '~'
                    || keepSlashes && c == '/') {
                out.append(c);
            } else {
                out.append('%').append(HEX.withUpperCase().toHexDigits(b));
            }
        }
        return out.toString();
    }

    /** Percent-decoding without form semantics: a '+' stays a '+'. */
    private static String decode(String value) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        int i = 0;
        while (i < value.length()) {
            if (value.charAt(i) == '%' && i + 2 < value.length() && isHex(value.charAt(i + 1))
                    && isHex(value.charAt(i + 2))) {
                out.write(HexFormat.fromHexDigits(value, i + 1, i + 3));
                i += 3;
            } else {
                int codePoint = value.codePointAt(i);
                out.writeBytes(new String(Character.toChars(codePoint)).getBytes(StandardCharsets.UTF_8));
                i += Character.charCount(codePoint);
            }
        }
        return out.toString(StandardCharsets.UTF_8);
    }

    private static boolean isHex(char c) {
        return Character.digit(c, 16) >= 0;
    }

    static String hex(byte[] bytes) {
        return HEX.formatHex(bytes);
    }
}
