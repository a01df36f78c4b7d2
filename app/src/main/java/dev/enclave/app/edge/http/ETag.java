package dev.enclave.app.edge.http;

import dev.enclave.app.domain.outcome.ExpectedVersion;
import dev.enclave.identity.Incarnation;
import java.util.Objects;

/**
 * The strong entity tag of a resource at {@code version} in one incarnation of its organisation and, for what lives
 * inside an organisation, in one life of its id, as Enclave issues it and {@link IfMatch} reads it back:
 * {@code "<incarnation>.v<version>"} for the organisation itself, {@code "<incarnation>.<life>.v<version>"} for a
 * member, a service or a custom group. Versions start again at 1 when an organisation is created again under its id,
 * or a member added again, a service or group created again; the incarnation and the life keep a tag read from the
 * former one from matching.
 */
public record ETag(Incarnation incarnation, String life, long version) {

    public ETag {
        Objects.requireNonNull(incarnation, "incarnation");
        Objects.requireNonNull(life, "life");
        if (version < 0) {
            throw new IllegalArgumentException("version must not be negative");
        }
        if (!life.equals(ExpectedVersion.NO_LIFE) && !life.matches(ExpectedVersion.LIFE_REGEX)) {
            throw new IllegalArgumentException("not a life: " + life);
        }
    }

    /** The tag of an organisation at {@code version}. */
    public ETag(Incarnation incarnation, long version) {
        this(incarnation, ExpectedVersion.NO_LIFE, version);
    }

    /** The tag as the {@code ETag} header carries it, quotes included. */
    public String header() {
        return "\"" + incarnation.value() + (life.equals(ExpectedVersion.NO_LIFE) ? "" : "." + life) + ".v" + version + "\"";
    }
}
