package dev.enclave.app.infra.store;

/**
 * Why a write is in a transaction, e.g. {@code SEAT_AVAILABLE}: each workflow names its writes with an enum of its
 * own, so a refusal is read by what refused, never by where the write sat in the list.
 */
public interface WriteRole {

    String name();
}
