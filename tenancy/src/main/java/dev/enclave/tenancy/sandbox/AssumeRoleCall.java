package dev.enclave.tenancy.sandbox;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.regex.Pattern;

/** Validation and rendering of one AssumeRole call, as STS does them. */
final class AssumeRoleCall {

    private AssumeRoleCall() {
    }

    static Optional<StsError> validate(Map<String, String> form, Set<String> roles, Pattern sessionName,
                                       Pattern sourceIdentity, int packedPolicyLimit) {
        String role = form.get("RoleArn");
        if (role == null || !roles.contains(role)) {
            return Optional.of(new StsError(403, "AccessDenied", "Not authorized to perform sts:AssumeRole on "
                    + role));
        }
        String name = form.get("RoleSessionName");
        if (name == null || !sessionName.matcher(name).matches()) {
            return Optional.of(new StsError(400, "ValidationError", "Value at 'roleSessionName' failed to "
                    + "satisfy constraint: Member must satisfy regular expression pattern: [\\w+=,.@-]*"));
        }
        long duration = Long.parseLong(form.getOrDefault("DurationSeconds", "3600"));
        if (duration < 900 || duration > 43_200) {
            return Optional.of(new StsError(400, "ValidationError", "The requested DurationSeconds exceeds the "
                    + "allowed range"));
        }
        String source = form.get("SourceIdentity");
        if (source != null && !sourceIdentity.matcher(source).matches()) {
            return Optional.of(new StsError(400, "ValidationError", "Invalid SourceIdentity"));
        }
        String policy = form.get("Policy");
        if (policy != null && policy.replaceAll("\\s+", "").length() > packedPolicyLimit) {
            return Optional.of(new StsError(400, "PackedPolicyTooLarge",
                    "Packed policy consumes more than 100% of the allotted space"));
        }
        return Optional.empty();
    }

    static Map<String, String> tags(Map<String, String> form) {
        Map<String, String> tags = new LinkedHashMap<>();
        for (int i = 1; form.containsKey("Tags.member." + i + ".Key"); i++) {
            tags.put(form.get("Tags.member." + i + ".Key"), form.getOrDefault("Tags.member." + i + ".Value", ""));
        }
        return tags;
    }

    static String response(Session session, String account, String expiration, String requestId) {
        String source = session.sourceIdentity().map(s -> "<SourceIdentity>" + Xml.escape(s) + "</SourceIdentity>")
                .orElse("");
        return "<AssumeRoleResponse xmlns=\"https://sts.amazonaws.com/doc/2011-06-15/\"><AssumeRoleResult>"
                + source
                + "<AssumedRoleUser><Arn>" + Xml.escape(session.assumedRoleArn(account)) + "</Arn>"
                + "<AssumedRoleId>AROALOCAL:" + Xml.escape(session.sessionName()) + "</AssumedRoleId></AssumedRoleUser>"
                + "<Credentials><AccessKeyId>" + session.accessKeyId() + "</AccessKeyId>"
                + "<SecretAccessKey>" + session.secretAccessKey() + "</SecretAccessKey>"
                + "<SessionToken>" + session.sessionToken() + "</SessionToken>"
                + "<Expiration>" + expiration + "</Expiration></Credentials>"
                + "<PackedPolicySize>" + session.sessionPolicy().map(p -> p.length() * 100 / 2048).orElse(0)
                + "</PackedPolicySize></AssumeRoleResult>"
                + "<ResponseMetadata><RequestId>" + requestId + "</RequestId></ResponseMetadata></AssumeRoleResponse>";
    }
}
