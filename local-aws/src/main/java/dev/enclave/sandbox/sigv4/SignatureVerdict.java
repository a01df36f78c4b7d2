package dev.enclave.sandbox.sigv4;

/** The outcome of checking a SigV4 signature, with the message AWS gives for each refusal. */
public enum SignatureVerdict {
    VALID(""),
    NO_DATE("Authorization header requires existence of either a 'X-Amz-Date' or a 'Date' header."),
    DATE_NOT_IN_SCOPE("Date in Credential scope does not match YYYYMMDD from ISO-8601 version of date from HTTP."),
    HOST_NOT_SIGNED("'Host' must be a 'SignedHeader' in the AWS Authorization."),
    WRONG_SERVICE("Credential should be scoped to correct service."),
    WRONG_REGION("Credential should be scoped to a valid region."),
    EXPIRED("Signature expired: the request's X-Amz-Date is more than 15 min. before the time it arrived."),
    NOT_YET_CURRENT("Signature not yet current: the request's X-Amz-Date is more than 15 min. after the time it "
            + "arrived."),
    MISMATCH("The request signature we calculated does not match the signature you provided. Check your AWS "
            + "Secret Access Key and signing method. Consult the service documentation for details.");

    private final String message;

    SignatureVerdict(String message) {
        this.message = message;
    }

    boolean valid() {
        return this == VALID;
    }

    /** What AWS answers for this verdict. */
    public String message() {
        return message;
    }
}
