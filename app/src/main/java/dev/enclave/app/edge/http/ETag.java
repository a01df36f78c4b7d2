package dev.enclave.app.edge.http;

import dev.enclave.identity.Incarnation;
import java.util.Objects;

/**
 * The strong entity tag of a resource at {@code version} in one incarnation of its organisation, as Enclave issues
 * it and {@link IfMatch} reads it back: {@code "<incarnation>.v<version>"}. Versions start again at 1 when an
 * organisation is created again under its id; the incarnation keeps a tag read from the old one from matching.
 */
public record ETag(Incarnation incarnation, long version) {

    public ETag {
        Objects.requireNonNull(incarnation, "incarnation");
        if (version < 0) {
            throw new IllegalArgumentException("version must not be negative");
        }
    }

    /** The tag as the {@code ETag} header carries it, quotes included. */
    public String header() {
        return "\"" + incarnation.value() + ".v" + version + "\"";
    }
}
