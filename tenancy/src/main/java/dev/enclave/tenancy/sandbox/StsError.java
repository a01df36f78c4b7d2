package dev.enclave.tenancy.sandbox;

/** An STS error, rendered in STS's XML error format. */
record StsError(int status, String code, String message) {

    String xml(String requestId) {
        return "<ErrorResponse xmlns=\"https://sts.amazonaws.com/doc/2011-06-15/\"><Error><Type>Sender</Type>"
                + "<Code>" + Xml.escape(code) + "</Code><Message>" + Xml.escape(message) + "</Message></Error>"
                + "<RequestId>" + requestId + "</RequestId></ErrorResponse>";
    }
}
