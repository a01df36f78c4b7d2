package dev.enclave.sandbox.gateway;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.Iterator;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.Set;

/**
 * {@code dynamodb:Attributes} of one item request: the top-level attribute names it accesses, in the order first
 * named, each once. A pure function over the JSON of one request part — a whole GetItem/PutItem/UpdateItem/
 * DeleteItem/Query/Scan body, one {@code Put}/{@code Update}/{@code Delete}/{@code ConditionCheck}/{@code Get} of a
 * transaction, or one {@code PutRequest}/{@code DeleteRequest} of a batch write — so every item of a batch or a
 * transaction is asked about its own names.
 *
 * <p>What AWS documents (DynamoDB Developer Guide, "Using IAM policy conditions for fine-grained access control"):
 * <ul>
 *   <li>"Specifying conditions: using condition keys": {@code dynamodb:Attributes} "represents a list of the
 *       attribute names in a request, or the attributes that are returned from a request", named like the
 *       parameters {@code AttributesToGet} (BatchGetItem, GetItem, Query, Scan), {@code AttributeUpdates}
 *       (UpdateItem), {@code Expected} (DeleteItem, PutItem, UpdateItem), {@code Item} (PutItem) and
 *       {@code ScanFilter} (Scan); the expression parameters that replaced them name the same attributes;</li>
 *   <li>the Overview's "Important" note: a policy on {@code dynamodb:Attributes} must list every primary-key and
 *       index-key attribute or DynamoDB "can't use these key attributes" — so the request's key attributes are in
 *       the list;</li>
 *   <li>example 2 ("limit access to specific attributes"): the listed attributes "can be read, written, or
 *       evaluated in a conditional write or scan filter", and example 5: a writer "cannot perform conditional write
 *       operations based on any other attributes" — so condition and filter attributes are in the list.</li>
 * </ul>
 * Hence, per request part: the names of {@code Item} and {@code Key}; the top-level names in
 * {@code UpdateExpression} (SET, REMOVE, ADD, DELETE), {@code ConditionExpression}, {@code ProjectionExpression},
 * {@code FilterExpression} and {@code KeyConditionExpression} ({@code #name} resolved by
 * {@code ExpressionAttributeNames}; {@code a.b[1]} is {@code a}); the names of legacy {@code AttributeUpdates},
 * {@code Expected}, {@code KeyConditions}, {@code QueryFilter}, {@code ScanFilter}; the values of
 * {@code AttributesToGet}.
 *
 * <p>Where the guide is silent we read it conservatively, naming more rather than fewer: key-condition attributes
 * of a Query and the key of a DeleteItem/ConditionCheck count (they are attributes the request names); an
 * expression alias missing from {@code ExpressionAttributeNames} counts as itself (DynamoDB would refuse the
 * request anyway); any identifier the tokenizer does not know to be a keyword, a function or a nested path
 * segment counts. Not encoded: the attributes a request <em>returns</em> without naming them ({@code Select},
 * {@code ReturnValues} ALL_OLD/ALL_NEW need the stored item) and PartiQL statements.
 */
final class AccessedAttributes {

    private static final List<String> EXPRESSIONS = List.of("KeyConditionExpression", "UpdateExpression",
            "ConditionExpression", "FilterExpression", "ProjectionExpression");
    private static final List<String> NAMED_BY_FIELDS = List.of("Item", "Key", "AttributeUpdates", "Expected",
            "KeyConditions", "QueryFilter", "ScanFilter");
    /** Expression keywords; all are DynamoDB reserved words, so none can be a bare attribute name. */
    private static final Set<String> KEYWORDS = Set.of("SET", "REMOVE", "ADD", "DELETE", "AND", "OR", "NOT",
            "BETWEEN", "IN");

    private AccessedAttributes() {
    }

    /** The names {@code part} accesses; {@code names} supplies {@code ExpressionAttributeNames} (its own or shared). */
    static List<String> of(JsonNode part, JsonNode names) {
        Set<String> accessed = new LinkedHashSet<>();
        NAMED_BY_FIELDS.forEach(field -> fieldNames(part.path(field), accessed));
        part.path("AttributesToGet").forEach(name -> accessed.add(name.asText()));
        EXPRESSIONS.forEach(expression -> topLevelNames(part.path(expression).asText(""), names, accessed));
        return List.copyOf(accessed);
    }

    /** {@link #of(JsonNode, JsonNode)} with the part's own {@code ExpressionAttributeNames}. */
    static List<String> of(JsonNode part) {
        return of(part, part.path("ExpressionAttributeNames"));
    }

    /** One key of a BatchGetItem table request: the key's names, then those its table request names for all keys. */
    static List<String> ofKey(JsonNode key, JsonNode tableRequest) {
        Set<String> accessed = new LinkedHashSet<>();
        fieldNames(key, accessed);
        accessed.addAll(of(tableRequest));
        return List.copyOf(accessed);
    }

    private static void fieldNames(JsonNode map, Set<String> accessed) {
        for (Iterator<String> it = map.fieldNames(); it.hasNext(); ) {
            accessed.add(it.next());
        }
    }

    /**
     * The first segment of every attribute path in a DynamoDB expression. A path is an identifier or a
     * {@code #alias}, followed by {@code .segment} or {@code [n]}; a function name is followed by {@code (}; a
     * value is {@code :placeholder}.
     */
    private static void topLevelNames(String expression, JsonNode names, Set<String> accessed) {
        int i = 0;
        boolean nested = false;
        while (i < expression.length()) {
            char c = expression.charAt(i);
            if (c == ':' || c == '#' || isNameStart(c)) {
                int end = nameEnd(expression, i + 1);
                String token = expression.substring(i, end);
                if (!nested && c != ':') {
                    topLevelName(token, nextNonSpace(expression, end), names).ifPresent(accessed::add);
                }
                nested = false;
                i = end;
            } else if (c == '[') {
                int close = expression.indexOf(']', i);
                i = close < 0 ? expression.length() : close + 1;
            } else {
                nested = c == '.' || (nested && Character.isWhitespace(c));
                i++;
            }
        }
    }

    /** The attribute a path's first token names; empty for a keyword or a function name. */
    private static Optional<String> topLevelName(String token, char next, JsonNode names) {
        if (token.startsWith("#")) {
            return Optional.of(names.path(token).asText(token));
        }
        boolean keyword = KEYWORDS.contains(token.toUpperCase(Locale.ROOT));
        boolean function = next == '(';
        return keyword || function ? Optional.empty() : Optional.of(token);
    }

    private static boolean isNameStart(char c) {
        return Character.isLetter(c) || c == '_';
    }

    private static int nameEnd(String expression, int from) {
        int end = from;
        while (end < expression.length() && (Character.isLetterOrDigit(expression.charAt(end))
                || expression.charAt(end) == '_')) {
            end++;
        }
        return end;
    }

    private static char nextNonSpace(String expression, int from) {
        for (int i = from; i < expression.length(); i++) {
            if (!Character.isWhitespace(expression.charAt(i))) {
                return expression.charAt(i);
            }
        }
        return 0;
    }
}
