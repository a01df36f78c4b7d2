package dev.enclave.app.infra.mail;

import java.net.URI;
import java.net.URISyntaxException;
import java.nio.charset.StandardCharsets;
import java.util.Objects;

/**
 * Where an invitee accepts, as a template: an absolute http(s) URL with {@value #TOKEN} where the accept token goes
 * and, optionally, {@value #ORG} where the organisation's id goes, such as
 * {@code https://app.example.com/accept?token={token}}. Each value is percent-encoded (everything but
 * {@code A-Z a-z 0-9 - . _ ~}), so it stays one value wherever the template puts it.
 */
public record AcceptLinkTemplate(String value) {

    public static final String TOKEN = "{token}";
    public static final String ORG = "{org}";

    public AcceptLinkTemplate {
        Objects.requireNonNull(value, "value");
        if (!value.contains(TOKEN)) {
            throw new IllegalArgumentException("must contain " + TOKEN + " where the accept token goes, not '" + value
                    + "'");
        }
        URI example = uri(expand(value, "token", "org"), value);
        if (!("https".equals(example.getScheme()) || "http".equals(example.getScheme())) || example.getHost() == null) {
            throw new IllegalArgumentException("must be an absolute http(s) URL, not '" + value + "'");
        }
    }

    /** The link for {@code token} of the organisation {@code org}. */
    public String link(String token, String org) {
        return expand(value, encode(token), encode(org));
    }

    public boolean secure() {
        return value.startsWith("https:");
    }

    private static String expand(String template, String token, String org) {
        return template.replace(TOKEN, token).replace(ORG, org);
    }

    private static URI uri(String link, String template) {
        try {
            return new URI(link);
        } catch (URISyntaxException e) {
            throw new IllegalArgumentException("must be a URL whose only placeholders are " + TOKEN + " and " + ORG
                    + ", not '" + template + "'");
        }
    }

    private static String encode(String value) {
        StringBuilder encoded = new StringBuilder();
        for (byte b : value.getBytes(StandardCharsets.UTF_8)) {
            char c = (char) (b & 0xff);
            if ((c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || "-._~".indexOf(c) >= 0) {
                encoded.append(c);
            } else {
                encoded.append('%').append(Character.toUpperCase(Character.forDigit(c >> 4, 16)))
                        .append(Character.toUpperCase(Character.forDigit(c & 0xf, 16)));
            }
        }
        return encoded.toString();
    }
}
