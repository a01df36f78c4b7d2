package dev.enclave.app.infra.webhook.transport;

import java.net.InetAddress;
import java.net.URI;
import java.net.URISyntaxException;
import java.net.UnknownHostException;
import java.util.Locale;
import java.util.Optional;
import java.util.regex.Pattern;

/**
 * Which URLs a webhook may be posted to, checked when an endpoint is registered and again before each attempt: an
 * absolute https URL in printable ASCII (no space, no control or bidi character: percent-encoded instead) (http too
 * when {@code requireHttps} is off) of at most {@value #MOST_CHARACTERS} characters, with a host, no user name or
 * password, no fragment, and a port, if given, from 1 to 65535. The host is a DNS name of lower-case ASCII labels
 * (letters, digits, hyphens; punycode for other scripts), a dotted-quad IPv4 address or an IPv6 address in brackets; an
 * address must be public ({@link PublicAddresses}). Any other numeric spelling of an address ({@code 2130706433},
 * {@code 0177.0.0.1}, {@code 0x7f.0.0.1}, {@code 127.1}) is refused: resolvers read them as addresses in ways that
 * differ from one library to the next, so none of them is read at all.
 */
public record WebhookUrls(boolean requireHttps, PublicAddresses addresses) {

    static final int MOST_CHARACTERS = 2048;
    private static final int MOST_NAME = 253;
    private static final int MOST_LABEL = 63;
    private static final String OCTET = "(25[0-5]|2[0-4][0-9]|1[0-9][0-9]|[1-9]?[0-9])";
    private static final Pattern DOTTED_QUAD = Pattern.compile(OCTET + "(\\." + OCTET + "){3}");
    private static final Pattern NUMBER = Pattern.compile("[0-9]+|0x[0-9a-f]*");
    private static final Pattern IPV6 = Pattern.compile("\\[[0-9a-f:.]*:[0-9a-f:.]*]");
    private static final Pattern NAME_CHARACTERS = Pattern.compile("[a-z0-9.-]+");
    private static final String NOT_A_NAME = "The URL's host is not a DNS name or a dotted-quad address.";
    private static final String USER_INFO = "The URL must not carry a user name or password.";

    /** The URLs the settings allow. */
    public static WebhookUrls of(WebhookTransportSettings settings) {
        return new WebhookUrls(settings.isRequireHttps(), new PublicAddresses(settings.isAllowLoopback()));
    }

    /** What is wrong with {@code url}, as a sentence to show whoever gave it, or empty when it may be posted to. */
    public Optional<String> problem(String url) {
        if (url.length() > MOST_CHARACTERS) {
            return Optional.of("The URL is longer than " + MOST_CHARACTERS + " characters.");
        }
        if (!url.chars().allMatch(c -> c > 0x20 && c < 0x7f)) {
            return Optional.of("The URL must be printable ASCII (RFC 3986): percent-encode any other character in its "
                    + "path or query, and write a host of another script in punycode.");
        }
        URI uri;
        try {
            uri = new URI(url);
        } catch (URISyntaxException unreadable) {
            return Optional.of("The URL cannot be read: " + unreadable.getReason() + ".");
        }
        if (!uri.isAbsolute() || uri.isOpaque() || uri.getRawAuthority() == null) {
            return Optional.of("The URL must be absolute, such as https://example.com/webhooks.");
        }
        return schemeProblem(uri.getScheme().toLowerCase(Locale.ROOT))
                .or(() -> authorityProblem(uri))
                .or(() -> uri.getRawFragment() == null ? Optional.empty()
                        : Optional.of("The URL must not have a fragment (#...)."));
    }

    /** The address {@code host} (as {@link URI#getHost()} has it) spells, or empty when it is a name. */
    static Optional<InetAddress> address(String host) {
        String lower = host.toLowerCase(Locale.ROOT);
        try {
            if (IPV6.matcher(lower).matches()) {
                // in brackets the JDK reads an IPv6 literal or fails; it never asks DNS
                return Optional.of(InetAddress.getByName(lower));
            }
            if (DOTTED_QUAD.matcher(lower).matches()) {
                return Optional.of(InetAddress.getByAddress(quad(lower)));
            }
        } catch (UnknownHostException notAnAddress) {
            return Optional.empty();
        }
        return Optional.empty();
    }

    private Optional<String> schemeProblem(String scheme) {
        if (scheme.equals("https") || (scheme.equals("http") && !requireHttps)) {
            return Optional.empty();
        }
        return Optional.of(requireHttps ? "The URL must use https." : "The URL must use https or http.");
    }

    private Optional<String> authorityProblem(URI uri) {
        if (uri.getHost() == null) {
            // java.net.URI gives no host for what it cannot read as one (0x7f.0.0.1, 127.1, under_score.example)
            String authority = uri.getRawAuthority();
            if (authority.contains("@")) {
                return Optional.of(USER_INFO);
            }
            return hostProblem(authority.replaceFirst(":[0-9]*$", ""))
                    .or(() -> Optional.of("The URL's host or port cannot be read."));
        }
        if (uri.getRawUserInfo() != null) {
            return Optional.of(USER_INFO);
        }
        if (uri.getPort() == 0 || uri.getPort() > 65_535) {
            return Optional.of("The URL's port must be from 1 to 65535.");
        }
        return hostProblem(uri.getHost().toLowerCase(Locale.ROOT));
    }

    private Optional<String> hostProblem(String host) {
        if (host.isEmpty()) {
            return Optional.of("The URL has no host.");
        }
        if (host.startsWith("[")) {
            return address(host).map(this::addressProblem)
                    .orElse(Optional.of("The URL's host is not a valid IPv6 address."));
        }
        if (DOTTED_QUAD.matcher(host).matches()) {
            return address(host).flatMap(this::addressProblem);
        }
        if (endsInNumber(host)) {
            return Optional.of(NOT_A_NAME);
        }
        return nameProblem(host);
    }

    private Optional<String> addressProblem(InetAddress address) {
        return addresses.refusal(address).map(kind -> "The URL's host " + address.getHostAddress() + " is " + kind
                + "; webhooks go to public addresses only.");
    }

    private static Optional<String> nameProblem(String host) {
        if (!NAME_CHARACTERS.matcher(host).matches()) {
            return Optional.of("The URL's host must be a DNS name of letters, digits, hyphens and dots (punycode"
                    + " for other scripts).");
        }
        if (host.length() > MOST_NAME) {
            return Optional.of("The URL's host is longer than " + MOST_NAME + " characters.");
        }
        for (String label : host.split("\\.", -1)) {
            if (label.isEmpty() || label.length() > MOST_LABEL || label.startsWith("-") || label.endsWith("-")) {
                return Optional.of("The URL's host must be labels of 1 to " + MOST_LABEL + " characters between"
                        + " dots, none starting or ending with a hyphen.");
            }
        }
        return Optional.empty();
    }

    /** Whether resolvers would read {@code host} as an address: its last label is a number (decimal or hex). */
    private static boolean endsInNumber(String host) {
        String name = host.endsWith(".") ? host.substring(0, host.length() - 1) : host;
        return NUMBER.matcher(name.substring(name.lastIndexOf('.') + 1)).matches();
    }

    private static byte[] quad(String dotted) {
        String[] octets = dotted.split("\\.");
        byte[] bytes = new byte[4];
        for (int i = 0; i < 4; i++) {
            bytes[i] = (byte) Integer.parseInt(octets[i]);
        }
        return bytes;
    }
}
