package dev.enclave.app.edge.http;

import java.util.Optional;

/** How many items a page of a list holds: {@value #DEFAULT} unless asked, at most {@value #MAX}. */
public record PageSize(int value) {

    public static final int DEFAULT = 25;
    public static final int MAX = 100;
    /** Why a requested size was refused. */
    public static final String RULE = "limit must be between 1 and " + MAX + ".";

    public PageSize {
        if (value < 1 || value > MAX) {
            throw new IllegalArgumentException(RULE);
        }
    }

    /** The size a request's {@code limit} asks for (the default when absent), or empty when out of range. */
    public static Optional<PageSize> requested(Integer limit) {
        if (limit == null) {
            return Optional.of(new PageSize(DEFAULT));
        }
        return limit < 1 || limit > MAX ? Optional.empty() : Optional.of(new PageSize(limit));
    }
}
