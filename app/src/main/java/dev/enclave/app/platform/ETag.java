package dev.enclave.app.platform;

/**
 * The strong entity tag of a resource at {@code version}, as Enclave issues it and {@link IfMatch} reads it back:
 * {@code "v<version>"}.
 */
public record ETag(long version) {

    public ETag {
        if (version < 0) {
            throw new IllegalArgumentException("version must not be negative");
        }
    }

    /** The tag as the {@code ETag} header carries it, quotes included. */
    public String header() {
        return "\"v" + version + "\"";
    }
}
