package dev.enclave.sandbox.sigv4;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.regex.Pattern;

/**
 * The parts of a SigV4 {@code Authorization} header: {@code AWS4-HMAC-SHA256 Credential=<key>/<date>/<region>/
 * <service>/aws4_request, SignedHeaders=<a;b;c>, Signature=<hex>}.
 *
 * @param signedHeaders lower-case header names, in the order the header lists them
 */
record SigV4Authorization(String accessKeyId, String date, String region, String service,
                          List<String> signedHeaders, String signature) {

    static final String ALGORITHM = "AWS4-HMAC-SHA256";

    private static final Pattern DATE = Pattern.compile("\\d{8}");
    private static final Pattern SIGNATURE = Pattern.compile("[0-9a-f]{64}");

    SigV4Authorization {
        signedHeaders = List.copyOf(signedHeaders);
    }

    /** The credential scope, {@code <date>/<region>/<service>/aws4_request}. */
    String scope() {
        return date + "/" + region + "/" + service + "/aws4_request";
    }

    /** Empty when the header is not a complete SigV4 authorisation (AWS: {@code IncompleteSignature}). */
    static Optional<SigV4Authorization> parse(String header) {
        String trimmed = header.trim();
        if (!trimmed.startsWith(ALGORITHM + " ")) {
            return Optional.empty();
        }
        Map<String, String> parts = new HashMap<>();
        for (String part : trimmed.substring(ALGORITHM.length()).split(",")) {
            String[] kv = part.trim().split("=", 2);
            if (kv.length == 2) {
                parts.put(kv[0].trim(), kv[1].trim());
            }
        }
        String credential = parts.get("Credential");
        String signedHeaders = parts.get("SignedHeaders");
        String signature = parts.get("Signature");
        if (credential == null || signedHeaders == null || signature == null
                || !SIGNATURE.matcher(signature).matches()) {
            return Optional.empty();
        }
        String[] scope = credential.split("/");
        if (scope.length != 5 || scope[0].isEmpty() || !DATE.matcher(scope[1]).matches()
                || !"aws4_request".equals(scope[4])) {
            return Optional.empty();
        }
        List<String> names = new ArrayList<>();
        for (String name : signedHeaders.split(";")) {
            if (!name.isEmpty()) {
                names.add(name.toLowerCase(Locale.ROOT));
            }
        }
        return Optional.of(new SigV4Authorization(scope[0], scope[1], scope[2], scope[3], names, signature));
    }
}
