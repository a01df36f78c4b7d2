package dev.enclave.app.edge.input;

import static org.assertj.core.api.Assertions.assertThat;

import dev.enclave.app.support.Api;
import dev.enclave.app.support.LocalStackTest;
import io.micronaut.core.beans.BeanIntrospection;
import io.micronaut.core.beans.BeanIntrospector;
import io.micronaut.core.beans.BeanProperty;
import io.micronaut.core.type.Argument;
import io.micronaut.http.HttpMethod;
import io.micronaut.http.annotation.QueryValue;
import io.micronaut.test.extensions.junit5.annotation.MicronautTest;
import io.micronaut.web.router.Router;
import io.micronaut.web.router.UriRouteInfo;
import jakarta.inject.Inject;
import java.net.http.HttpRequest;
import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * Walks every route of the router with generated malformed input (ids in paths and queries, bodies of the wrong
 * shape, type, encoding or media type) and expects each answer to be a 4xx problem document (one the OpenAPI
 * document promises, as {@link Api#hostile()} checks), and the organisation's views to be exactly as before.
 */
@MicronautTest(environments = "local")
class HostileInputIT extends LocalStackTest {

    private static final String ORG = "hostile";
    private static final List<String> HOSTILE_IDS = List.of("%00", "x".repeat(300), "..", "%2e%2e", "%2F", "A",
            "%C3%BC", "-", "%E2%80%AE", "a%0d%0ab");
    /** A user id is any text the identity provider chose, so only what is never text is hostile. */
    private static final List<String> HOSTILE_USER_IDS = List.of("%00", "x".repeat(300), "%E2%80%AE", "a%0d%0ab",
            "%7F");
    /** Query values that name a user or an app's own actor: any text, so only what is never text is hostile. */
    private static final Set<String> FREE_TEXT = Set.of("actor");
    private static final Pattern VARIABLE = Pattern.compile("\\{([^}?]+)\\??}");

    @Inject
    Router router;

    private String owner;
    private String admin;
    private final List<String> failures = new ArrayList<>();
    private int bodiesSent;

    @BeforeAll
    void anOrganisationWithSomethingOfEverything() {
        owner = journeys().organisation(ORG);
        admin = tokens().mint("{\"sub\":\"root\",\"email\":\"root@example.com\",\"roles\":[\"platform-admin\"]}");
        assertThat(api().post("/v1/orgs/" + ORG + "/services", "{\"id\":\"svc\",\"name\":\"Svc\"}", owner).status())
                .isEqualTo(201);
        journeys().join(ORG, owner, "bob");
        journeys().invite(ORG, owner, "carol");
        assertThat(api().post("/v1/orgs/" + ORG + "/api-keys", "{\"name\":\"k\",\"access\":\"read\"}", owner)
                .status()).isEqualTo(201);
        assertThat(api().post("/v1/orgs/" + ORG + "/groups", "{\"id\":\"finance\",\"permissions\":"
                + "[\"invoices:approve\"]}", owner).status()).isEqualTo(201);
        assertThat(api().post("/v1/orgs/" + ORG + "/webhooks", "{\"url\":\"http://127.0.0.1:9/hostile\","
                + "\"types\":[\"service.deleted\"]}", owner).status()).isEqualTo(201);
    }

    @Test
    void everyRoute_answersMalformedInputWithAProblem_andChangesNothing() {
        Map<String, String> before = views();
        List<UriRouteInfo<?, ?>> routes = router.uriRoutes().toList();
        assertThat(routes).hasSizeGreaterThan(30);

        for (UriRouteInfo<?, ?> route : routes) {
            String template = route.getUriMatchTemplate().toString();
            HttpMethod method = route.getHttpMethod();
            for (String path : hostilePaths(template)) {
                expectRefused(method, path, null, "application/json", null);
            }
            for (String query : hostileQueries(route)) {
                expectRefused(method, validPath(template) + query, null, "application/json", null);
            }
            route.getBodyArgument().filter(body -> body.getType() != String.class)
                    .ifPresent(body -> hostileBodies(method, validPath(template), body));
            if (route.getBodyArgument().isEmpty() && method != HttpMethod.GET && method != HttpMethod.HEAD) {
                for (String json : List.of("{", "{\"unexpected\":1}", "[]", "null")) {
                    expectRefused(method, validPath(template), json, "application/json", null);
                }
                for (String type : List.of("text/plain", "application/x-www-form-urlencoded")) {
                    expectTakesNoBody(method, validPath(template), type);
                }
            }
        }

        assertThat(bodiesSent).as("malformed bodies sent").isGreaterThan(1_000);
        assertThat(failures).as("answers that were not a 4xx problem").isEmpty();
        assertThat(views()).isEqualTo(before);
    }

    /**
     * An id no resource can have is judged once the caller's access is: an outsider is refused for it exactly as for
     * a well-formed id (its body and required query values well-formed too), so a malformed one tells them nothing
     * the other would not. A body this test cannot make well-formed is judged before access (bean validation), as a
     * malformed body always is, and its route is left out.
     */
    @Test
    void anOutsider_isAnsweredAlikeForMalformedAndWellFormedIds_onEveryOrganisationRoute() {
        String outsider = journeys().member("hostile-outsider");
        int compared = 0;
        List<String> told = new ArrayList<>();
        for (UriRouteInfo<?, ?> route : router.uriRoutes().toList()) {
            String template = route.getUriMatchTemplate().toString();
            if (!template.startsWith("/v1/orgs/{org}/") || route.getHttpMethod() == HttpMethod.HEAD) {
                continue;
            }
            String body = route.getBodyArgument().map(HostileInputIT::validBody).orElse(null);
            String query = requiredQuery(route);
            Api.Reply wellFormed = asOutsider(route.getHttpMethod(), expand(template, wellFormedIds(template))
                    + query, body, outsider);
            if (wellFormed.status() != 404 || !"organisation-not-found".equals(wellFormed.json().path("code")
                    .asText())) {
                if (route.getBodyArgument().isEmpty()) {
                    told.add(route.getHttpMethod() + " " + template + ": an outsider is not refused as one, "
                            + wellFormed.status() + " " + wellFormed.json().path("code").asText());
                }
                continue;
            }
            for (Map.Entry<String, String> variable : wellFormedIds(template).entrySet()) {
                if (variable.getKey().equals("org")) {
                    continue;
                }
                for (String malformed : variable.getKey().equals("userId") ? List.of("x".repeat(300), "%E2%80%AE")
                        : List.of("A", "-", "%C3%BC", "x".repeat(300))) {
                    Map<String, String> ids = wellFormedIds(template);
                    ids.put(variable.getKey(), malformed);
                    String path = expand(template, ids) + query;
                    Api.Reply reply = asOutsider(route.getHttpMethod(), path, body, outsider);
                    compared++;
                    if (reply.status() != wellFormed.status()
                            || !reply.json().path("code").equals(wellFormed.json().path("code"))) {
                        told.add(route.getHttpMethod() + " " + path + " -> " + reply.status() + " "
                                + reply.json().path("code").asText() + ", a well-formed id -> " + wellFormed.status()
                                + " " + wellFormed.json().path("code").asText());
                    }
                }
            }
        }
        assertThat(compared).as("malformed ids sent").isGreaterThan(50);
        assertThat(told).as("answers that told an outsider an id was malformed").isEmpty();
    }

    /** A body every field of which is well-formed. */
    @SuppressWarnings("unchecked")
    private static String validBody(Argument<?> body) {
        Map<String, String> fields = new LinkedHashMap<>();
        BeanIntrospector.SHARED.findIntrospection((Class<Object>) body.getType()).ifPresent(record -> record
                .getBeanProperties().forEach(property -> fields.put(property.getName(), validValueFor(property))));
        return json(fields);
    }

    /** The route's required query values, well-formed. */
    private static String requiredQuery(UriRouteInfo<?, ?> route) {
        StringBuilder query = new StringBuilder();
        for (Argument<?> argument : route.getTargetMethod().getArguments()) {
            if (argument.getAnnotationMetadata().hasAnnotation(QueryValue.class) && !argument.isNullable()) {
                String name = argument.getAnnotationMetadata().stringValue(QueryValue.class)
                        .orElse(argument.getName());
                query.append(query.isEmpty() ? '?' : '&').append(name).append('=').append(valid(name));
            }
        }
        return query.toString();
    }

    private Api.Reply asOutsider(HttpMethod method, String path, String body, String outsider) {
        HttpRequest.Builder request = api().request(path, outsider).header("Content-Type", "application/json");
        request.method(method.name(), body == null ? HttpRequest.BodyPublishers.noBody()
                : HttpRequest.BodyPublishers.ofString(body));
        return api().hostile().send(request);
    }

    /** An id of the right shape for each of the template's variables, none naming anything of the outsider's. */
    private static Map<String, String> wellFormedIds(String template) {
        Map<String, String> ids = new LinkedHashMap<>();
        Matcher variables = VARIABLE.matcher(template);
        while (variables.find()) {
            String name = variables.group(1);
            ids.put(name, switch (name) {
                case "id" -> template.contains("/webhooks/") ? "ep_" + "0".repeat(20) : "a".repeat(20);
                case "deliveryId" -> "1700000000000." + "0".repeat(19);
                case "keyId" -> "a".repeat(16);
                default -> valid(name);
            });
        }
        return ids;
    }

    @Test
    void operationalEndpointsBeyondHealthAndMetrics_areNotServed() {
        for (String path : List.of("/beans", "/routes", "/threaddump", "/info", "/refresh", "/loggers", "/env",
                "/caches", "/stop")) {
            for (String method : List.of("GET", "POST")) {
                Api.Reply reply = api().hostile().send(api().request(path, owner).method(method,
                        HttpRequest.BodyPublishers.noBody()));
                assertThat(reply.status()).as(method + " " + path + ": " + reply.body()).isIn(404, 405);
            }
        }
        assertThat(api().get("/health", null).status()).isEqualTo(200);
        assertThat(api().get("/prometheus", null).status()).isEqualTo(200);
    }

    private void hostileBodies(HttpMethod method, String path, Argument<?> body) {
        for (String json : List.of("", "{", "[]", "null", "\"x\"", "{} {}", "{}x", "{\"a\":1,\"a\":2}",
                "[".repeat(50) + "]".repeat(50), "{\"unexpected\":1}", "{\"n\":" + "1".repeat(41) + "}",
                "{\"n\":0." + "0".repeat(45) + "1}", "{\"n\":1e99999999999}")) {
            if (!body.isNullable() || !List.of("", "null").contains(json)) {
                expectRefused(method, path, json, "application/json", null);
            }
        }
        expectRefused(method, path, "{}", null, null);
        expectRefused(method, path, "{}", "text/plain", null);
        expectRefused(method, path, "{}", "application/x-www-form-urlencoded", null);
        expectRefused(method, path, "{}", "application/json", "gzip");
        expectRefused(method, path, "{}", "application/json", "deflate");
        Optional<BeanIntrospection<Object>> record = BeanIntrospector.SHARED.findIntrospection(
                (Class<Object>) body.getType());
        record.ifPresent(r -> {
            Map<String, String> base = new LinkedHashMap<>();
            r.getBeanProperties().forEach(property -> base.put(property.getName(), validValueFor(property)));
            r.getBeanProperties().forEach(property -> {
                for (String value : wrongValuesFor(property)) {
                    Map<String, String> fields = new LinkedHashMap<>(base);
                    fields.put(property.getName(), value);
                    expectRefused(method, path, json(fields), "application/json", null);
                    String twice = json(base);
                    expectRefused(method, path, twice.substring(0, twice.length() - 1) + ",\"" + property.getName()
                            + "\":" + value + "}", "application/json", null);
                }
            });
            Map<String, String> extra = new LinkedHashMap<>(base);
            extra.put("durationSeconds", "900");
            expectRefused(method, path, json(extra), "application/json", null);
            expectRefused(method, path, json(base) + " {}", "application/json", null);
        });
    }

    /** A value of the right type, so that the one wrong field is what a refusal is about. */
    private static String validValueFor(BeanProperty<Object, Object> property) {
        Class<?> type = property.getType();
        if (CharSequence.class.isAssignableFrom(type)) {
            return switch (property.getName()) {
                case "email", "ownerEmail" -> "\"walker@example.com\"";
                case "id" -> "\"walker\"";
                case "access" -> "\"read\"";
                default -> "\"Walker\"";
            };
        }
        if (type == Integer.class || type == int.class || type == Long.class || type == long.class) {
            return "1";
        }
        if (type == Boolean.class || type == boolean.class) {
            return "true";
        }
        return Collection.class.isAssignableFrom(type) ? "[]" : "null";
    }

    private static String json(Map<String, String> fields) {
        StringBuilder json = new StringBuilder("{");
        fields.forEach((name, value) -> json.append('"').append(name).append("\":").append(value).append(','));
        return (json.length() > 1 ? json.substring(0, json.length() - 1) : json) + "}";
    }

    private static List<String> wrongValuesFor(BeanProperty<Object, Object> property) {
        Class<?> type = property.getType();
        String huge = "\"" + "x".repeat(5000) + "\"";
        if (CharSequence.class.isAssignableFrom(type)) {
            List<String> wrong = List.of("12345", "1.5", "true", "[]", "[\"a\"]", "{}", "\"\"", huge,
                    "\"a\\u0000b\"", "\"\\ud800\"", "\"a\\u001b[31mb\"", "\"a\\r\\nb\"", "\"\\u202e\"");
            boolean clearable = property.getAnnotationMetadata().isTrue(Text.class, "emptyAllowed");
            return clearable ? wrong.stream().filter(value -> !value.equals("\"\"")).toList() : wrong;
        }
        if (type == Integer.class || type == int.class || type == Long.class || type == long.class) {
            return List.of("\"1\"", "1.5", "1.9", "true", "[1]", "{}", "1e400", "-1", "99999999999999999999999");
        }
        if (Collection.class.isAssignableFrom(type)) {
            return List.of("\"a\"", "1", "[null]", "[1]", "[[\"a\"]]", "[{}]", "[" + "\"NOT VALID\",".repeat(5000)
                    + "\"x\"]", "[" + huge + "]");
        }
        if (type == Boolean.class || type == boolean.class) {
            return List.of("\"true\"", "1", "[true]");
        }
        return List.of("[]", "12345");
    }

    private void expectRefused(HttpMethod method, String path, String body, String contentType, String encoding) {
        HttpRequest.Builder request = api().request(path, path.startsWith("/v1/admin") ? admin : owner);
        if (contentType != null) {
            request.header("Content-Type", contentType);
        }
        if (encoding != null) {
            request.header("Content-Encoding", encoding);
        }
        bodiesSent += body == null ? 0 : 1;
        request.method(method.name(), body == null ? HttpRequest.BodyPublishers.noBody()
                : HttpRequest.BodyPublishers.ofString(body));
        Api.Reply reply = api().hostile().send(request);
        boolean problem = method == HttpMethod.HEAD
                || reply.contentType() != null && reply.contentType().startsWith("application/problem+json");
        if (reply.status() < 400 || reply.status() >= 500 || !problem) {
            failures.add(method + " " + path + " " + abbreviate(body) + " [" + contentType + "/" + encoding + "] -> "
                    + reply.status() + " " + reply.contentType());
        }
    }

    /**
     * A route that takes no body answers a body in any media type as a body it does not take (400), never 415: a
     * client that labels an empty or stray body otherwise ({@code curl -d ''}) is told what is wrong with it.
     */
    private void expectTakesNoBody(HttpMethod method, String path, String contentType) {
        HttpRequest.Builder request = api().request(path, path.startsWith("/v1/admin") ? admin : owner)
                .header("Content-Type", contentType).method(method.name(), HttpRequest.BodyPublishers.ofString("x"));
        bodiesSent++;
        Api.Reply reply = api().hostile().send(request);
        if (reply.status() != 400 || !"malformed-body".equals(reply.json().path("code").asText())) {
            failures.add(method + " " + path + " x [" + contentType + "] -> " + reply.status() + " " + reply.body());
        }
    }

    private static List<String> hostileQueries(UriRouteInfo<?, ?> route) {
        List<String> names = new ArrayList<>();
        for (Argument<?> argument : route.getTargetMethod().getArguments()) {
            if (argument.getAnnotationMetadata().hasAnnotation(QueryValue.class)) {
                names.add(argument.getAnnotationMetadata().stringValue(QueryValue.class).orElse(argument.getName()));
            }
        }
        List<String> queries = new ArrayList<>();
        for (String name : names) {
            for (String hostile : FREE_TEXT.contains(name) ? HOSTILE_USER_IDS : HOSTILE_IDS) {
                StringBuilder query = new StringBuilder("?");
                names.forEach(other -> query.append(other).append('=')
                        .append(other.equals(name) ? hostile : valid(other)).append('&'));
                queries.add(query.substring(0, query.length() - 1));
            }
            if (!FREE_TEXT.contains(name)) {
                queries.add("?" + name + "=" + "9".repeat(40));
            }
        }
        return queries;
    }

    private static List<String> hostilePaths(String template) {
        Matcher variables = VARIABLE.matcher(template);
        List<String> names = new ArrayList<>();
        while (variables.find()) {
            names.add(variables.group(1));
        }
        List<String> paths = new ArrayList<>();
        for (String name : names) {
            for (String hostile : name.equals("userId") ? HOSTILE_USER_IDS : HOSTILE_IDS) {
                Map<String, String> values = new LinkedHashMap<>();
                names.forEach(n -> values.put(n, valid(n)));
                values.put(name, hostile);
                paths.add(expand(template, values));
            }
        }
        return paths;
    }

    private static String validPath(String template) {
        Map<String, String> values = new LinkedHashMap<>();
        Matcher variables = VARIABLE.matcher(template);
        while (variables.find()) {
            values.put(variables.group(1), valid(variables.group(1)));
        }
        return expand(template, values);
    }

    private static String valid(String variable) {
        return switch (variable) {
            case "org", "id" -> ORG;
            case "service" -> "svc";
            case "group" -> "readers";
            case "limit" -> "10";
            case "target" -> "member/bob";
            case "action", "types" -> "member.added";
            case "from", "to" -> "2026-01-01T00:00:00Z";
            case "format" -> "csv";
            default -> "bob";
        };
    }

    private static String expand(String template, Map<String, String> values) {
        String path = template;
        for (Map.Entry<String, String> value : values.entrySet()) {
            path = path.replaceAll("\\{" + Pattern.quote(value.getKey()) + "\\??}", Matcher.quoteReplacement(
                    value.getValue()));
        }
        return path.replaceAll("\\{[^}]*}", "");
    }

    private Map<String, String> views() {
        indexesCaughtUp();
        Map<String, String> views = new LinkedHashMap<>();
        for (String path : List.of("/v1/orgs/" + ORG, "/v1/orgs/" + ORG + "/members",
                "/v1/orgs/" + ORG + "/invitations", "/v1/orgs/" + ORG + "/services",
                "/v1/orgs/" + ORG + "/services/svc", "/v1/orgs/" + ORG + "/services/svc/groups",
                "/v1/orgs/" + ORG + "/api-keys", "/v1/orgs/" + ORG + "/groups", "/v1/orgs/" + ORG + "/webhooks",
                "/v1/orgs/" + ORG + "/events?limit=100", "/v1/me/orgs")) {
            Api.Reply reply = api().get(path, owner);
            views.put(path, reply.status() + " " + reply.body());
        }
        views.put("admin", api().get("/v1/admin/tenants/" + ORG, admin).body());
        return views;
    }

    private static String abbreviate(String body) {
        return body == null ? "-" : body.length() > 80 ? body.substring(0, 80) + "…" : body;
    }
}
