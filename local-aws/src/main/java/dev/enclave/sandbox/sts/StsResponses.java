package dev.enclave.sandbox.sts;

import java.time.format.DateTimeFormatter;

/** STS's XML answers. */
final class StsResponses {

    private StsResponses() {
    }

    /** The {@code AssumeRoleResponse} for a session just issued. */
    static String assumeRole(Session session, AssumeRoleParameters parameters, String requestId) {
        StringBuilder result = new StringBuilder();
        session.sourceIdentity().ifPresent(source -> result.append(Xml.element("SourceIdentity", source)));
        result.append("<AssumedRoleUser>").append(Xml.element("AssumedRoleId", session.assumedRoleId()))
                .append(Xml.element("Arn", session.assumedRoleArn())).append("</AssumedRoleUser>");
        result.append("<Credentials>").append(Xml.element("AccessKeyId", session.accessKeyId()))
                .append(Xml.element("SecretAccessKey", session.secretAccessKey()))
                .append(Xml.element("SessionToken", session.sessionToken()))
                .append(Xml.element("Expiration", DateTimeFormatter.ISO_INSTANT.format(session.expiration())))
                .append("</Credentials>");
        if (parameters.policy().isPresent() || !parameters.tags().isEmpty()) {
            result.append(Xml.element("PackedPolicySize", Integer.toString(parameters.packedPolicyPercent())));
        }
        return "<AssumeRoleResponse xmlns=\"https://sts.amazonaws.com/doc/2011-06-15/\"><AssumeRoleResult>" + result
                + "</AssumeRoleResult><ResponseMetadata>" + Xml.element("RequestId", requestId)
                + "</ResponseMetadata></AssumeRoleResponse>";
    }
}
