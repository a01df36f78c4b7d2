package dev.enclave.app.organisation;

import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** Reads the version out of an {@code If-Match} header ({@code "v12"}; weak tags never match). */
final class ETags {

    private static final Pattern STRONG = Pattern.compile("\\s*\"v(\\d{1,18})\"\\s*");

    private ETags() {
    }

    static Optional<Long> version(String ifMatch) {
        if (ifMatch == null) {
            return Optional.empty();
        }
        Matcher matcher = STRONG.matcher(ifMatch);
        return matcher.matches() ? Optional.of(Long.parseLong(matcher.group(1))) : Optional.of(-1L);
    }
}
