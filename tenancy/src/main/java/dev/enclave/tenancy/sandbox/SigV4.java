package dev.enclave.tenancy.sandbox;

import java.net.URI;
import java.net.URLDecoder;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.security.InvalidKeyException;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;

/**
 * AWS Signature Version 4, verified the way AWS does: the canonical request is rebuilt from what arrived and
 * signed with the secret the access key id maps to; the signatures must be equal.
 */
final class SigV4 {

    private static final Pattern AUTHORIZATION = Pattern.compile(
            "AWS4-HMAC-SHA256\\s+Credential=([^/,\\s]+)/(\\d{8})/([^/]+)/([^/]+)/aws4_request,\\s*"
                    + "SignedHeaders=([^,\\s]+),\\s*Signature=([0-9a-f]{64})");

    private SigV4() {
    }

    /** The parts of an {@code Authorization} header. */
    record Authorization(String accessKeyId, String date, String region, String service, List<String> signedHeaders,
                         String signature) {

        String scope() {
            return date + "/" + region + "/" + service + "/aws4_request";
        }
    }

    static Optional<Authorization> parse(String header) {
        if (header == null) {
            return Optional.empty();
        }
        Matcher m = AUTHORIZATION.matcher(header.trim());
        if (!m.matches()) {
            return Optional.empty();
        }
        return Optional.of(new Authorization(m.group(1), m.group(2), m.group(3), m.group(4),
                List.of(m.group(5).split(";")), m.group(6)));
    }

    /**
     * Whether {@code authorization} is a valid signature of the request by {@code secret}.
     *
     * @param headers request headers, names lower-case, each with its values
     */
    static boolean verify(Authorization authorization, String secret, String method, URI uri,
                          Map<String, List<String>> headers, byte[] body) {
        String amzDate = first(headers, "x-amz-date");
        if (amzDate == null || !amzDate.startsWith(authorization.date())
                || !authorization.signedHeaders().contains("host")) {
            return false;
        }
        String canonical = String.join("\n", method, canonicalPath(uri), canonicalQuery(uri),
                canonicalHeaders(authorization.signedHeaders(), headers),
                String.join(";", authorization.signedHeaders()), payloadHash(headers, body));
        String toSign = String.join("\n", "AWS4-HMAC-SHA256", amzDate, authorization.scope(), hex(sha256(
                canonical.getBytes(StandardCharsets.UTF_8))));
        byte[] key = hmac(("AWS4" + secret).getBytes(StandardCharsets.UTF_8), authorization.date());
        key = hmac(hmac(hmac(key, authorization.region()), authorization.service()), "aws4_request");
        String expected = hex(hmac(key, toSign));
        return MessageDigest.isEqual(expected.getBytes(StandardCharsets.US_ASCII),
                authorization.signature().getBytes(StandardCharsets.US_ASCII));
    }

    private static String canonicalPath(URI uri) {
        String path = uri.getRawPath();
        return path == null || path.isEmpty() ? "/" : path;
    }

    private static String canonicalQuery(URI uri) {
        String query = uri.getRawQuery();
        if (query == null || query.isEmpty()) {
            return "";
        }
        List<String[]> pairs = new ArrayList<>();
        for (String pair : query.split("&")) {
            String[] kv = pair.split("=", 2);
            pairs.add(new String[] {encode(decode(kv[0])), encode(decode(kv.length > 1 ? kv[1] : ""))});
        }
        pairs.sort((a, b) -> a[0].equals(b[0]) ? a[1].compareTo(b[1]) : a[0].compareTo(b[0]));
        return String.join("&", pairs.stream().map(p -> p[0] + "=" + p[1]).toList());
    }

    private static String canonicalHeaders(List<String> signed, Map<String, List<String>> headers) {
        StringBuilder out = new StringBuilder();
        for (String name : signed) {
            List<String> values = headers.getOrDefault(name, List.of());
            out.append(name).append(':').append(String.join(",", values.stream()
                    .map(v -> v.trim().replaceAll("\\s+", " ")).toList())).append('\n');
        }
        return out.toString();
    }

    private static String payloadHash(Map<String, List<String>> headers, byte[] body) {
        String declared = first(headers, "x-amz-content-sha256");
        return declared != null ? declared : hex(sha256(body));
    }

    private static String first(Map<String, List<String>> headers, String name) {
        List<String> values = headers.get(name);
        return values == null || values.isEmpty() ? null : values.get(0);
    }

    private static String encode(String value) {
        return URLEncoder.encode(value, StandardCharsets.UTF_8).replace("+", "%20").replace("*", "%2A")
                .replace("%7E", "~");
    }

    private static String decode(String value) {
        return URLDecoder.decode(value, StandardCharsets.UTF_8);
    }

    static byte[] sha256(byte[] data) {
        try {
            return MessageDigest.getInstance("SHA-256").digest(data);
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }

    private static byte[] hmac(byte[] key, String data) {
        try {
            Mac mac = Mac.getInstance("HmacSHA256");
            mac.init(new SecretKeySpec(key, "HmacSHA256"));
            return mac.doFinal(data.getBytes(StandardCharsets.UTF_8));
        } catch (NoSuchAlgorithmException | InvalidKeyException e) {
            throw new IllegalStateException(e);
        }
    }

    static String hex(byte[] bytes) {
        return HexFormat.of().formatHex(bytes);
    }
}
