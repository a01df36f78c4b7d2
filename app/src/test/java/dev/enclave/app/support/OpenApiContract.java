package dev.enclave.app.support;

import com.atlassian.oai.validator.OpenApiInteractionValidator;
import com.atlassian.oai.validator.model.Request;
import com.atlassian.oai.validator.model.SimpleRequest;
import com.atlassian.oai.validator.model.SimpleResponse;
import com.atlassian.oai.validator.report.LevelResolver;
import com.atlassian.oai.validator.report.ValidationReport;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.net.URI;
import java.net.URISyntaxException;
import java.net.URL;
import java.net.URLDecoder;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.stream.Collectors;

/**
 * The OpenAPI document as the judge of the exchanges tests have with Enclave: every answer must be one the document
 * promises for its operation (status, media type, headers, body schema), and every request one it accepts, unless
 * the test sends a malformed request on purpose ({@link Scope#ANSWER_ONLY}).
 *
 * <p>Strict by default: a mismatch is an {@link AssertionError}. With {@value #REPORT_ONLY_PROPERTY}{@code =true}
 * (or {@code ENCLAVE_CONTRACT_REPORT_ONLY=true}) mismatches are only collected, grouped, into
 * {@code target/openapi-contract-report.txt}, to see them all in one run while fixing the document.
 */
public final class OpenApiContract {

    /** The switch that turns failures into a report. */
    public static final String REPORT_ONLY_PROPERTY = "enclave.contract.report-only";

    /** Where micronaut-openapi writes the document at compile time, on the test class path. */
    static final String DOCUMENT = "META-INF/swagger/enclave.yml";

    /**
     * Paths the document leaves out on purpose, with everything under them: operational endpoints (health checks
     * and Prometheus metrics are the platform's, not the tenant API), the document itself, the local issuer's key
     * set, its token endpoint, the fault controls and the mailbox (local environment only; the production document
     * must not list them).
     */
    static final List<String> UNDOCUMENTED_PATHS = List.of("/health", "/prometheus", "/openapi",
            "/.well-known/jwks.json", "/local/tokens", "/local/faults", "/local/mail");

    /**
     * What the validator says when no operation matches a path or method. For a request malformed on purpose that
     * is no mismatch: there is no operation to hold the answer to (the router's 404 and 405 answer any path).
     */
    private static final Set<String> UNMATCHED_OPERATION = Set.of("validation.request.path.missing",
            "validation.request.operation.notAllowed");

    private static final ObjectMapper YAML = new ObjectMapper(new YAMLFactory());
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final Set<String> HTTP_METHODS = Set.of("get", "put", "post", "delete", "options", "head",
            "patch", "trace");

    private static final class Enclave {
        private static final OpenApiContract CONTRACT = load();
    }

    private final OpenApiInteractionValidator validator;
    private final boolean reportOnly;
    private final ContractReport report;

    OpenApiContract(OpenApiInteractionValidator validator, boolean reportOnly, ContractReport report) {
        this.validator = validator;
        this.reportOnly = reportOnly;
        this.report = report;
    }

    /** Enclave's document, read once per test JVM. */
    public static OpenApiContract enclave() {
        return Enclave.CONTRACT;
    }

    /** A contract from the text of a document; strict. */
    static OpenApiContract of(String document) {
        return new OpenApiContract(validator(document), false, null);
    }

    /** A contract from the text of a document, writing mismatches to {@code report} instead of failing. */
    static OpenApiContract reporting(String document, Path report) {
        return new OpenApiContract(validator(document), true, new ContractReport(report));
    }

    /**
     * The mismatch between {@code exchange} and the document, if any: strict, it is answered for the caller to
     * throw; report-only, it is written to the report and nothing is answered.
     */
    public Optional<AssertionError> mismatch(Exchange exchange, Scope scope) {
        List<ValidationReport.Message> messages = new java.util.ArrayList<>(messages(exchange, scope));
        unnamedFields(exchange).ifPresent(messages::add);
        if (messages.isEmpty()) {
            return Optional.empty();
        }
        if (reportOnly) {
            report.add(exchange, messages);
            return Optional.empty();
        }
        return Optional.of(new AssertionError(describe(exchange, messages)));
    }

    List<ValidationReport.Message> messages(Exchange exchange, Scope scope) {
        if (undocumented(exchange.path())) {
            return List.of();
        }
        ValidationReport result = scope == Scope.WHOLE_EXCHANGE
                ? validator.validate(request(exchange), response(exchange))
                : validator.validateResponse(exchange.path(), method(exchange), response(exchange));
        return result.getMessages().stream()
                .filter(message -> message.getLevel() == ValidationReport.Level.ERROR)
                .filter(message -> scope == Scope.WHOLE_EXCHANGE || !UNMATCHED_OPERATION.contains(message.getKey()))
                .toList();
    }

    /**
     * What the document does not say but docs/api.md promises: a {@code validation-failed} problem names each field
     * it refuses ({@code errors[].field}), whichever layer refused it.
     */
    static Optional<ValidationReport.Message> unnamedFields(Exchange exchange) {
        String body = exchange.responseBody();
        if (body == null || !body.contains("validation-failed")) {
            return Optional.empty();
        }
        try {
            JsonNode problem = JSON.readTree(body);
            if (!"validation-failed".equals(problem.path("code").asText())) {
                return Optional.empty();
            }
            JsonNode errors = problem.path("errors");
            boolean named = errors.isArray() && !errors.isEmpty() && java.util.stream.StreamSupport
                    .stream(errors.spliterator(), false).allMatch(error -> error.path("field").isTextual());
            return named ? Optional.empty() : Optional.of(ValidationReport.Message.create(
                    "enclave.problem.validationFailed.unnamed", "a validation-failed problem without errors[].field")
                    .build());
        } catch (JsonProcessingException notJson) {
            return Optional.empty();
        }
    }

    static boolean undocumented(String path) {
        return UNDOCUMENTED_PATHS.stream().anyMatch(prefix -> path.equals(prefix) || path.startsWith(prefix + "/"));
    }

    static String describe(Exchange exchange, List<ValidationReport.Message> messages) {
        String listed = messages.stream().map(message -> "  - [" + message.getKey() + "] " + message.getMessage())
                .collect(Collectors.joining("\n"));
        return "The exchange does not match the OpenAPI document (" + DOCUMENT + "):\n  " + exchange.summary()
                + "\n" + listed + "\n  response body: " + Exchange.abbreviate(exchange.responseBody());
    }

    private static OpenApiInteractionValidator validator(String document) {
        return OpenApiInteractionValidator.createForInlineApiSpecification(withSecurityOnEveryOperation(document))
                .withLevelResolver(levels()).build();
    }

    /**
     * The validator reads security requirements from operations only; the document's top-level default is copied
     * onto every operation that declares none, so that a missing credential is noticed there too.
     */
    static String withSecurityOnEveryOperation(String document) {
        try {
            JsonNode root = YAML.readTree(document);
            JsonNode security = root.path("security");
            if (!security.isArray()) {
                return document;
            }
            for (JsonNode path : root.path("paths")) {
                path.fields().forEachRemaining(operation -> {
                    if (HTTP_METHODS.contains(operation.getKey()) && !operation.getValue().has("security")) {
                        ((ObjectNode) operation.getValue()).set("security", security.deepCopy());
                    }
                });
            }
            return YAML.writeValueAsString(root);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("the OpenAPI document is not YAML", e);
        }
    }

    /**
     * Everything the validator finds is a mismatch (its default resolver lets an undocumented query parameter pass;
     * this one does not, and fields the document does not name are refused as the validator does by default),
     * except the form of a credential: security is checked for presence only, since whether a token or key is
     * valid is the app's to judge (the validator would only check for a {@code Bearer } prefix).
     */
    private static LevelResolver levels() {
        return LevelResolver.create()
                .withLevel("validation.request.security.invalid", ValidationReport.Level.IGNORE)
                .build();
    }

    private static OpenApiContract load() {
        URL document = OpenApiContract.class.getClassLoader().getResource(DOCUMENT);
        if (document == null) {
            throw new IllegalStateException(DOCUMENT + " is not on the test class path: micronaut-openapi writes it "
                    + "when app/src/main/java is compiled");
        }
        if (!reportOnly()) {
            return new OpenApiContract(validator(text(document)), false, null);
        }
        Path report = reportFile(document);
        System.err.println("OpenAPI contract: report-only run, mismatches are written to " + report);
        return new OpenApiContract(validator(text(document)), true, new ContractReport(report));
    }

    private static boolean reportOnly() {
        return Boolean.getBoolean(REPORT_ONLY_PROPERTY)
                || "true".equalsIgnoreCase(System.getenv("ENCLAVE_CONTRACT_REPORT_ONLY"));
    }

    private static String text(URL document) {
        try (InputStream in = document.openStream()) {
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static Path reportFile(URL document) {
        try {
            Path classes = Path.of(document.toURI()).getParent().getParent().getParent();
            return classes.resolveSibling("openapi-contract-report.txt");
        } catch (URISyntaxException | IllegalArgumentException | java.nio.file.FileSystemNotFoundException e) {
            return Path.of("target", "openapi-contract-report.txt");
        }
    }

    private static SimpleRequest request(Exchange exchange) {
        SimpleRequest.Builder request = new SimpleRequest.Builder(exchange.method(), exchange.path());
        exchange.requestHeaders().forEach(request::withHeader);
        queryParameters(exchange.uri()).forEach(request::withQueryParam);
        if (exchange.requestBody() != null && !exchange.requestBody().isEmpty()) {
            request.withBody(exchange.requestBody());
        }
        return request.build();
    }

    private static SimpleResponse response(Exchange exchange) {
        SimpleResponse.Builder response = SimpleResponse.Builder.status(exchange.status());
        exchange.responseHeaders().forEach(response::withHeader);
        if (exchange.responseBody() != null && !exchange.responseBody().isEmpty()) {
            response.withBody(exchange.responseBody());
        }
        return response.build();
    }

    private static Request.Method method(Exchange exchange) {
        return Request.Method.valueOf(exchange.method().toUpperCase(Locale.ROOT));
    }

    private static Map<String, List<String>> queryParameters(URI uri) {
        Map<String, List<String>> parameters = new LinkedHashMap<>();
        if (uri.getRawQuery() == null || uri.getRawQuery().isEmpty()) {
            return parameters;
        }
        for (String pair : uri.getRawQuery().split("&")) {
            int equals = pair.indexOf('=');
            String name = decode(equals < 0 ? pair : pair.substring(0, equals));
            String value = equals < 0 ? "" : decode(pair.substring(equals + 1));
            parameters.computeIfAbsent(name, n -> new java.util.ArrayList<>()).add(value);
        }
        return parameters;
    }

    private static String decode(String text) {
        try {
            return URLDecoder.decode(text, StandardCharsets.UTF_8);
        } catch (IllegalArgumentException malformed) {
            return text;
        }
    }

    /** How much of an exchange is held to the document. */
    public enum Scope {
        /** The request must be one the document accepts, and the answer one it promises. */
        WHOLE_EXCHANGE,
        /** The request is malformed on purpose; only the answer is checked (when its operation is known). */
        ANSWER_ONLY
    }
}
