package dev.enclave.sandbox.sts;

import dev.enclave.sandbox.sigv4.SigV4Callers.Refusal;
import dev.enclave.sandbox.sigv4.SignatureVerdict;
import java.util.List;

/**
 * An STS error: its HTTP status, the code the SDK maps to an exception ({@code PackedPolicyTooLarge} →
 * {@code PackedPolicyTooLargeException}, others → {@code StsException} with that error code) and the message.
 */
record StsError(int status, String code, String message) {

    static StsError refusing(Refusal refusal) {
        return switch (refusal) {
            case MISSING_AUTHENTICATION -> missingAuthentication();
            case INCOMPLETE_SIGNATURE -> incompleteSignature();
            case UNRECOGNIZED_CLIENT -> invalidClientTokenId();
            case EXPIRED_TOKEN -> expiredToken();
        };
    }

    private static StsError missingAuthentication() {
        return new StsError(403, "MissingAuthenticationToken", "Request is missing Authentication Token");
    }

    private static StsError incompleteSignature() {
        return new StsError(400, "IncompleteSignature", "Authorization header requires 'Credential', "
                + "'Signature' and 'SignedHeaders' parameters with the AWS4-HMAC-SHA256 algorithm.");
    }

    private static StsError invalidClientTokenId() {
        return new StsError(403, "InvalidClientTokenId", "The security token included in the request is invalid.");
    }

    private static StsError expiredToken() {
        return new StsError(403, "ExpiredToken", "The security token included in the request is expired");
    }

    static StsError signatureDoesNotMatch(SignatureVerdict verdict) {
        return new StsError(403, "SignatureDoesNotMatch", verdict.message());
    }

    static StsError invalidAction(String action, String version) {
        return new StsError(400, "InvalidAction", "Could not find operation " + action + " for version " + version);
    }

    static StsError throttling() {
        return new StsError(400, "Throttling", "Rate exceeded");
    }

    static StsError serviceUnavailable() {
        return new StsError(503, "ServiceUnavailable",
                "The request has failed due to a temporary failure of the server.");
    }

    static StsError requestTooLarge() {
        return new StsError(413, "RequestEntityTooLarge", "Request entity too large");
    }

    /** AWS's form: {@code N validation error(s) detected: <first>; <second>}. */
    static StsError validation(List<String> violations) {
        return new StsError(400, "ValidationError", violations.size() + " validation error"
                + (violations.size() == 1 ? "" : "s") + " detected: " + String.join("; ", violations));
    }

    static StsError validation(String message) {
        return new StsError(400, "ValidationError", message);
    }

    static StsError invalidParameterValue(String message) {
        return new StsError(400, "InvalidParameterValue", message);
    }

    static StsError notAuthorized(String callerArn, String roleArn) {
        return new StsError(403, "AccessDenied", "User: " + callerArn + " is not authorized to perform: "
                + "sts:AssumeRole on resource: " + roleArn);
    }

    static StsError malformedPolicy(String message) {
        return new StsError(400, "MalformedPolicyDocument", message);
    }

    static StsError packedPolicyTooLarge(int percent) {
        return new StsError(400, "PackedPolicyTooLarge", "Packed policy consumes " + percent
                + "% of the allotted space, please use smaller policy.");
    }

    /** STS's XML error document. */
    String xml(String requestId) {
        return "<ErrorResponse xmlns=\"https://sts.amazonaws.com/doc/2011-06-15/\"><Error>"
                + Xml.element("Type", status >= 500 ? "Receiver" : "Sender") + Xml.element("Code", code)
                + Xml.element("Message", message) + "</Error>" + Xml.element("RequestId", requestId)
                + "</ErrorResponse>";
    }
}
