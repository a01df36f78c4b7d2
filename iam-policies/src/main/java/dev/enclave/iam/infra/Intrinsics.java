package dev.enclave.iam.infra;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.fasterxml.jackson.databind.node.TextNode;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.Iterator;
import java.util.Map;
import software.amazon.awssdk.policybuilder.iam.IamPolicy;

/**
 * CloudFormation's intrinsic functions as JSON nodes, and typed IAM policies turned into template JSON: a policy is
 * rendered with sentinel ARNs, and each sentinel becomes an {@code Fn::Sub} of the reference it stands for.
 */
final class Intrinsics {

    static final ObjectMapper JSON = new ObjectMapper();

    private Intrinsics() {
    }

    static ObjectNode ref(String name) {
        return JSON.createObjectNode().put("Ref", name);
    }

    static ObjectNode getAtt(String resource, String attribute) {
        ObjectNode node = JSON.createObjectNode();
        node.putArray("Fn::GetAtt").add(resource).add(attribute);
        return node;
    }

    static ObjectNode sub(String template) {
        return JSON.createObjectNode().put("Fn::Sub", template);
    }

    /** The value another stack exports as {@code <stack>-<name>}, the stack's name being parameter {@code stack}. */
    static ObjectNode importValue(String stackParameter, String name) {
        return JSON.createObjectNode().set("Fn::ImportValue", sub("${" + stackParameter + "}-" + name));
    }

    /** An output's export name: {@code <this stack's name>-<name>}. */
    static ObjectNode export(String name) {
        return JSON.createObjectNode().set("Name", sub("${AWS::StackName}-" + name));
    }

    /** {@code Fn::If}: {@code whenTrue} where {@code condition} holds, else nothing ({@code AWS::NoValue}). */
    static ObjectNode ifElseNothing(String condition, JsonNode whenTrue) {
        ObjectNode node = JSON.createObjectNode();
        node.putArray("Fn::If").add(condition).add(whenTrue).add(ref("AWS::NoValue"));
        return node;
    }

    /** The policy's JSON with every sentinel in {@code substitutions} turned into an {@code Fn::Sub}. */
    static JsonNode substituted(IamPolicy policy, Map<String, String> substitutions) {
        return substituted(policy, substitutions, Map.of());
    }

    /**
     * The policy's JSON with every sentinel in {@code substitutions} turned into an {@code Fn::Sub}, and every value
     * that is exactly a sentinel of {@code replacements} replaced by its node (an {@code Fn::If}, say, which no
     * {@code Fn::Sub} can express).
     */
    static JsonNode substituted(IamPolicy policy, Map<String, String> substitutions,
                                Map<String, JsonNode> replacements) {
        try {
            return substitute(JSON.readTree(policy.toJson()), substitutions, replacements);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static JsonNode substitute(JsonNode node, Map<String, String> substitutions,
                                       Map<String, JsonNode> replacements) {
        if (node.isTextual() && replacements.containsKey(node.asText())) {
            return replacements.get(node.asText()).deepCopy();
        }
        if (node.isTextual()) {
            String text = node.asText();
            for (Map.Entry<String, String> s : substitutions.entrySet()) {
                text = text.replace(s.getKey(), s.getValue());
            }
            return text.contains("${") && !text.equals(node.asText()) ? sub(text) : TextNode.valueOf(text);
        }
        if (node.isArray()) {
            ArrayNode array = JSON.createArrayNode();
            node.forEach(child -> array.add(substitute(child, substitutions, replacements)));
            return array;
        }
        if (node.isObject()) {
            ObjectNode object = JSON.createObjectNode();
            for (Iterator<Map.Entry<String, JsonNode>> it = node.fields(); it.hasNext(); ) {
                Map.Entry<String, JsonNode> field = it.next();
                object.set(field.getKey(), substitute(field.getValue(), substitutions, replacements));
            }
            return object;
        }
        return node;
    }

    static String pretty(JsonNode template) {
        try {
            return JSON.writerWithDefaultPrettyPrinter().writeValueAsString(template) + "\n";
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
