package dev.enclave.tenancy.sandbox;

/** A DynamoDB error in its JSON wire format, as AWS answers it (HTTP 400). */
record GatewayError(String type, String message) {

    static GatewayError accessDenied(String principalArn, ItemAuthorization refused, String reason) {
        return new GatewayError("AccessDeniedException", "User: " + principalArn + " is not authorized to perform: "
                + refused.action() + " on resource: " + refused.resource() + " because " + reason + " allows the "
                + refused.action() + " action");
    }

    static GatewayError unrecognizedClient() {
        return new GatewayError("UnrecognizedClientException", "The security token included in the request is invalid.");
    }

    static GatewayError expiredToken() {
        return new GatewayError("ExpiredTokenException", "The security token included in the request is expired");
    }

    static GatewayError invalidSignature() {
        return new GatewayError("InvalidSignatureException", "The request signature we calculated does not match the "
                + "signature you provided.");
    }

    static GatewayError missingAuthentication() {
        return new GatewayError("MissingAuthenticationTokenException", "Request is missing Authentication Token");
    }

    static GatewayError serialization() {
        return new GatewayError("SerializationException", "The request body is not valid JSON");
    }

    String json() {
        return "{\"__type\":\"com.amazon.coral.service#" + type + "\",\"Message\":\"" + message.replace("\\", "\\\\")
                .replace("\"", "\\\"") + "\"}";
    }
}
