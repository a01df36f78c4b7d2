package dev.enclave.bench.chaos;

/** What the run knows of one write: acknowledged (so it must be there), acknowledged undone, or unknown. */
enum Fact {
    /** Answered 2xx: it must be there at the end. */
    PRESENT,
    /** Undone by an answered 2xx: it must not be there. */
    ABSENT,
    /** No answer, or a 503: it may or may not have happened; the end checks nothing of it. */
    UNKNOWN
}
