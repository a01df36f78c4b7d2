package dev.enclave.sandbox.sts;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.enclave.sandbox.iam.PolicyEvaluator;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * The parameters of one AssumeRole call, read from its Query-protocol form and checked like STS checks them.
 *
 * @param durationSeconds the requested lifetime (STS's default: 3600)
 * @param tags            session tags, key → value, in the order given
 */
record AssumeRoleParameters(String roleArn, String roleSessionName, Optional<String> policy, int durationSeconds,
                            Map<String, String> tags, Optional<String> sourceIdentity) {

    /** STS's limit on the packed (whitespace-free) session policy. */
    static final int PACKED_POLICY_LIMIT = 2048;

    private static final ObjectMapper JSON = new ObjectMapper();
    private static final String NAME_PATTERN = "[\\w+=,.@-]*";
    private static final Pattern NAME = Pattern.compile(NAME_PATTERN);
    private static final String TAG_KEY_PATTERN = "[\\p{L}\\p{Z}\\p{N}_.:/=+\\-@]+";
    private static final Pattern TAG_KEY = Pattern.compile(TAG_KEY_PATTERN);
    private static final String TAG_VALUE_PATTERN = "[\\p{L}\\p{Z}\\p{N}_.:/=+\\-@]*";
    private static final Pattern TAG_VALUE = Pattern.compile(TAG_VALUE_PATTERN);
    private static final Pattern WHITESPACE = Pattern.compile("\\s+");

    AssumeRoleParameters {
        tags = Collections.unmodifiableMap(new LinkedHashMap<>(tags));
    }

    /** The result of reading a form: parameters or the error STS answers. */
    sealed interface Parsed permits Valid, Invalid {
    }

    record Valid(AssumeRoleParameters parameters) implements Parsed {
    }

    record Invalid(StsError error) implements Parsed {
    }

    /** Reads and validates the form's parameters (constraints that need no role). */
    static Parsed parse(Map<String, String> form) {
        List<String> violations = new ArrayList<>();
        String roleArn = form.get("RoleArn");
        length(violations, "roleArn", roleArn, 20, 2048, true);
        String sessionName = form.get("RoleSessionName");
        length(violations, "roleSessionName", sessionName, 2, 64, true);
        pattern(violations, "roleSessionName", sessionName, NAME, NAME_PATTERN);
        Optional<String> sourceIdentity = Optional.ofNullable(form.get("SourceIdentity"));
        length(violations, "sourceIdentity", sourceIdentity.orElse(null), 2, 64, false);
        pattern(violations, "sourceIdentity", sourceIdentity.orElse(null), NAME, NAME_PATTERN);
        Optional<String> policy = Optional.ofNullable(form.get("Policy"));
        length(violations, "policy", policy.orElse(null), 1, Integer.MAX_VALUE, false);
        int duration = duration(violations, form.getOrDefault("DurationSeconds", "3600"));
        Map<String, String> tags = tags(violations, form);
        if (!violations.isEmpty()) {
            return new Invalid(StsError.validation(violations));
        }
        Set<String> keys = new HashSet<>();
        if (tags.keySet().stream().anyMatch(k -> !keys.add(k.toLowerCase(Locale.ROOT)))) {
            return new Invalid(StsError.invalidParameterValue(
                    "Duplicate tag keys found. Please note that Tag keys are case insensitive."));
        }
        if (form.keySet().stream().anyMatch(k -> k.startsWith("PolicyArns."))) {
            return new Invalid(StsError.invalidParameterValue(
                    "The local STS does not support managed session policies (PolicyArns)."));
        }
        return new Valid(new AssumeRoleParameters(roleArn, sessionName, policy, duration, tags, sourceIdentity));
    }

    /** What STS refuses once the role is known: trust, the role's maximum duration, the session policy. */
    Optional<StsError> refusal(Optional<RoleDefinition> role, String callerArn, String callerAccessKeyId) {
        if (role.isEmpty() || !role.get().trusts(callerArn, callerAccessKeyId)) {
            return Optional.of(StsError.notAuthorized(callerArn, roleArn));
        }
        if (durationSeconds > role.get().maxSessionDuration().toSeconds()) {
            return Optional.of(StsError.validation(
                    "The requested DurationSeconds exceeds the MaxSessionDuration set for this role."));
        }
        if (policy.isPresent()) {
            try {
                JsonNode document = JSON.readTree(policy.get());
                if (!document.isObject() || !(document.path("Statement").isObject()
                        || document.path("Statement").isArray())) {
                    return Optional.of(StsError.malformedPolicy("Syntax errors in policy."));
                }
            } catch (JsonProcessingException e) {
                return Optional.of(StsError.malformedPolicy("The policy is not in the valid JSON format."));
            }
            Optional<String> unknown = PolicyEvaluator.unknownConditionOperator(policy.get());
            if (unknown.isPresent()) {
                return Optional.of(StsError.malformedPolicy("Invalid Condition type : " + unknown.get()));
            }
            if (packedPolicyPercent() > 100) {
                return Optional.of(StsError.packedPolicyTooLarge(packedPolicyPercent()));
            }
        }
        return Optional.empty();
    }

    /** How much of STS's packed-policy allowance the session policy uses, in percent (rounded up). */
    int packedPolicyPercent() {
        int packed = policy.map(p -> WHITESPACE.matcher(p).replaceAll("").length()).orElse(0);
        return (packed * 100 + PACKED_POLICY_LIMIT - 1) / PACKED_POLICY_LIMIT;
    }

    private static int duration(List<String> violations, String value) {
        int seconds;
        try {
            seconds = Integer.parseInt(value);
        } catch (NumberFormatException e) {
            violations.add("Value '" + value + "' at 'durationSeconds' failed to satisfy constraint: Member must be "
                    + "an integer");
            return 0;
        }
        if (seconds < 900) {
            violations.add("Value '" + seconds + "' at 'durationSeconds' failed to satisfy constraint: Member must "
                    + "have value greater than or equal to 900");
        } else if (seconds > 43_200) {
            violations.add("Value '" + seconds + "' at 'durationSeconds' failed to satisfy constraint: Member must "
                    + "have value less than or equal to 43200");
        }
        return seconds;
    }

    private static Map<String, String> tags(List<String> violations, Map<String, String> form) {
        Map<String, String> tags = new LinkedHashMap<>();
        for (int i = 1; form.containsKey("Tags.member." + i + ".Key"); i++) {
            String key = form.get("Tags.member." + i + ".Key");
            String value = form.get("Tags.member." + i + ".Value");
            length(violations, "tags." + i + ".member.key", key, 1, 128, true);
            pattern(violations, "tags." + i + ".member.key", key, TAG_KEY, TAG_KEY_PATTERN);
            length(violations, "tags." + i + ".member.value", value, 0, 256, true);
            pattern(violations, "tags." + i + ".member.value", value, TAG_VALUE, TAG_VALUE_PATTERN);
            tags.put(key, value == null ? "" : value);
        }
        if (tags.size() > 50) {
            violations.add("Value at 'tags' failed to satisfy constraint: Member must have length less than or "
                    + "equal to 50");
        }
        return tags;
    }

    private static void length(List<String> violations, String field, String value, int min, int max,
                               boolean required) {
        if (value == null) {
            if (required) {
                violations.add("Value null at '" + field + "' failed to satisfy constraint: Member must not be null");
            }
        } else if (value.length() < min) {
            violations.add("Value '" + value + "' at '" + field + "' failed to satisfy constraint: Member must have "
                    + "length greater than or equal to " + min);
        } else if (value.length() > max) {
            violations.add("Value at '" + field + "' failed to satisfy constraint: Member must have length less "
                    + "than or equal to " + max);
        }
    }

    private static void pattern(List<String> violations, String field, String value, Pattern pattern,
                                String shown) {
        if (value != null && !pattern.matcher(value).matches()) {
            violations.add("Value '" + value + "' at '" + field + "' failed to satisfy constraint: Member must "
                    + "satisfy regular expression pattern: " + shown);
        }
    }
}
