package dev.enclave.iam.proof;

/**
 * A policy element the encoder does not model (NotAction, NotResource, a Principal, an operator it does not know,
 * ...). The encoder refuses the whole document rather than guess: a proof about a policy it half understood would
 * prove nothing.
 */
public final class UnsupportedPolicyException extends IllegalArgumentException {

    /** Refuses a document for the element {@code message} names. */
    public UnsupportedPolicyException(String message) {
        super("not encodable, refused: " + message);
    }
}
