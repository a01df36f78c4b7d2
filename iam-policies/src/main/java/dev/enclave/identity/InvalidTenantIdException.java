package dev.enclave.identity;

/** Thrown when a value cannot be a {@link TenantId}; the message says what is allowed, never echoes raw input at length. */
public final class InvalidTenantIdException extends IllegalArgumentException {

    public InvalidTenantIdException(String rejected) {
        super("invalid tenant id " + describe(rejected)
                + ": use 3-40 characters of lowercase letters, digits and single inner hyphens");
    }

    private static String describe(String rejected) {
        if (rejected == null) {
            return "(null)";
        }
        String shown = rejected.length() > 48 ? rejected.substring(0, 48) + "..." : rejected;
        StringBuilder safe = new StringBuilder("'");
        shown.codePoints().forEach(cp -> safe.append(cp >= 0x20 && cp < 0x7f ? Character.toString(cp)
                : String.format("\\u%04x", cp)));
        return safe.append('\'').toString();
    }
}
