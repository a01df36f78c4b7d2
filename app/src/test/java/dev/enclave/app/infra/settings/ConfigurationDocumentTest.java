package dev.enclave.app.infra.settings;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.enclave.app.infra.startup.StartupSettings;
import java.io.BufferedInputStream;
import java.io.DataInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.yaml.snakeyaml.Yaml;

/**
 * {@code docs/configuration.md} against the code, so the reference cannot drift: every {@code enclave.*} setting the
 * compiled application reads — from its {@code @ConfigurationProperties} (Micronaut's configuration metadata), from
 * {@code ${enclave...:default}} expressions ({@code @Value}, {@code @Scheduled}) and from any other string constant
 * naming one ({@code @Property}, {@code @Requires}, settings checks) — has a row with its environment variable, its
 * default as the code has it, and "required" exactly for the settings the start-up check requires; and no row names
 * a setting the code no longer reads.
 */
class ConfigurationDocumentTest {

    private static final Path CLASSES = Path.of("target/classes");
    private static final Path DOCUMENT = Path.of("../docs/configuration.md");
    private static final Pattern NAME = Pattern.compile("enclave\\.[a-z0-9-]+(\\.[a-z0-9-]+)*");
    private static final Pattern EXPRESSION = Pattern.compile("\\$\\{(enclave\\.[a-z0-9.-]+)(?::([^}]*))?}");
    private static final Pattern ROW = Pattern.compile("^\\|\\s*`([a-z0-9.-]+)`\\s*\\|(.*)\\|\\s*$");
    private static final Pattern CODE = Pattern.compile("`([^`]*)`");
    private static final String NO_DEFAULT = "—";

    /**
     * Names in the code that look like settings but are not: loggers, metrics and request attributes. A new one
     * fails this test until it is either documented as a setting or listed here.
     */
    private static final Map<String, String> NOT_SETTINGS = Map.ofEntries(
            Map.entry("enclave.access-standing", "request attribute"),
            Map.entry("enclave.acting-api-key", "request attribute"),
            Map.entry("enclave.acting-member", "request attribute"),
            Map.entry("enclave.caller", "request attribute"),
            Map.entry("enclave.idempotency-caller-moved", "request attribute"),
            Map.entry("enclave.idempotency-claim", "request attribute"),
            Map.entry("enclave.idempotency-held-if-moved", "request attribute"),
            Map.entry("enclave.request-id", "request attribute"),
            Map.entry("enclave.started-nanos", "request attribute"),
            Map.entry("enclave.auth", "logger"),
            Map.entry("enclave.dependencies", "logger"),
            Map.entry("enclave.invitations", "logger"),
            Map.entry("enclave.isolation", "logger"),
            Map.entry("enclave.request", "logger"),
            Map.entry("enclave.shutdown", "logger"),
            Map.entry("enclave.auth.jwks.age", "metric"),
            Map.entry("enclave.auth.jwks.fetches", "metric"),
            Map.entry("enclave.auth.jwks.usable", "metric"),
            Map.entry("enclave.dynamodb.calls", "metric"),
            Map.entry("enclave.dynamodb.capacity", "metric"),
            Map.entry("enclave.isolation.guard.refused", "metric"),
            Map.entry("enclave.items.skipped", "metric"),
            Map.entry("enclave.jobs.items", "metric"),
            Map.entry("enclave.jobs.ended", "metric"),
            Map.entry("enclave.webhooks.attempts", "metric"),
            Map.entry("enclave.webhooks.latency", "metric"),
            Map.entry("enclave.invitations.mailed", "metric"));

    @Test
    void everySettingTheCodeReads_isDocumentedWithItsVariableAndDefault_andNothingElseIs() throws IOException {
        Map<String, Optional<String>> code = settingsInCode();
        Map<String, List<String>> documented = rows();
        List<String> problems = new ArrayList<>();

        code.forEach((key, codeDefault) -> {
            if (!documented.containsKey(key)) {
                problems.add(key + " (" + SettingsProblems.environmentVariable(key) + ") is read by the code"
                        + codeDefault.map(d -> " with default " + d).orElse("") + " but docs/configuration.md has "
                        + "no row for it: add | `" + key + "` | `" + SettingsProblems.environmentVariable(key)
                        + "` | default | format | what it does |  (or, if it is a logger, metric or attribute name, "
                        + "list it in " + getClass().getSimpleName() + ".NOT_SETTINGS)");
            }
        });
        documented.forEach((key, cells) -> {
            if (key.startsWith("enclave.") && !code.containsKey(key)) {
                problems.add(key + " is documented but the code reads no such setting: remove or rename its row");
            }
            check(key, cells, code.getOrDefault(key, Optional.empty()), problems);
        });
        StartupSettings.REQUIRED.stream().filter(key -> !documented.containsKey(key))
                .forEach(key -> problems.add(key + " is required at start-up but has no row"));

        assertThat(problems).as("docs/configuration.md against the code:\n  " + String.join("\n  ", problems))
                .isEmpty();
    }

    @Test
    void theLocalStacksOwnDefaults_areDocumentedSettings() throws IOException {
        Map<String, List<String>> documented = rows();
        try (InputStream in = Files.newInputStream(CLASSES.resolve("application-local.yml"))) {
            Map<String, Object> local = new Yaml().load(in);
            List<String> keys = new ArrayList<>();
            flatten("", local, keys);

            assertThat(keys.stream().filter(k -> k.startsWith("enclave.")))
                    .isNotEmpty()
                    .allSatisfy(key -> assertThat(documented).as("application-local.yml sets " + key).containsKey(key));
        }
    }

    @Test
    void theScanFindsSettingsOfEveryKind() throws IOException {
        Map<String, Optional<String>> code = settingsInCode();

        assertThat(code).as("@ConfigurationProperties").containsEntry("enclave.auth.clock-skew", Optional.of("30s"))
                .as("an expression's default").containsEntry("enclave.shutdown.grace-period", Optional.of("20s"))
                .as("@Property").containsKey("enclave.cursor-key")
                .as("group names are not settings").doesNotContainKeys("enclave.auth", "enclave.tenancy")
                .as("nor are loggers and metrics").doesNotContainKeys("enclave.request", "enclave.dynamodb.calls");
    }

    private static void check(String key, List<String> cells, Optional<String> codeDefault, List<String> problems) {
        if (cells.size() < 4) {
            problems.add(key + ": a row has five cells (setting | environment variable | default | format | what it "
                    + "does), this one " + (cells.size() + 1));
            return;
        }
        String variable = SettingsProblems.environmentVariable(key);
        if (!cells.get(0).equals("`" + variable + "`")) {
            problems.add(key + ": its environment variable is `" + variable + "`, not " + cells.get(0));
        }
        String defaultCell = cells.get(1);
        boolean required = StartupSettings.REQUIRED.contains(key);
        if (required != defaultCell.startsWith("required")) {
            problems.add(key + ": the default cell says '" + defaultCell + "' but the start-up check "
                    + (required ? "requires it" : "does not require it"));
        }
        Matcher documentedDefault = CODE.matcher(defaultCell);
        if (defaultCell.startsWith("`") && documentedDefault.find()) {
            codeDefault.filter(d -> !d.equals(documentedDefault.group(1))).ifPresent(d -> problems.add(key
                    + ": the code's default is `" + d + "`, the document says " + documentedDefault.group(0)));
        } else if (!required && codeDefault.isPresent()) {
            problems.add(key + ": the code's default `" + codeDefault.get() + "` belongs in the default cell");
        } else if (!required && !defaultCell.startsWith(NO_DEFAULT)) {
            problems.add(key + ": without a default in the code, the cell starts with " + NO_DEFAULT);
        }
    }

    /** Setting → its default in the code, when the code has one. */
    static Map<String, Optional<String>> settingsInCode() throws IOException {
        Map<String, Optional<String>> settings = new TreeMap<>();
        JsonNode metadata = new ObjectMapper().readTree(
                CLASSES.resolve("META-INF/spring-configuration-metadata.json").toFile());
        metadata.get("properties").forEach(p -> settings.put(p.get("name").asText(),
                Optional.ofNullable(p.get("defaultValue")).map(JsonNode::asText)));
        TreeSet<String> names = new TreeSet<>();
        try (Stream<Path> files = Files.walk(CLASSES)) {
            for (Path file : files.filter(f -> f.toString().endsWith(".class")).toList()) {
                for (String constant : stringConstants(file)) {
                    Matcher expression = EXPRESSION.matcher(constant);
                    while (expression.find()) {
                        Optional<String> fallback = Optional.ofNullable(expression.group(2));
                        settings.merge(expression.group(1), fallback, (a, b) -> a.isPresent() ? a : b);
                    }
                    if (NAME.matcher(constant).matches()) {
                        names.add(constant);
                    }
                }
            }
        }
        for (String name : names) {
            boolean group = settings.keySet().stream().anyMatch(key -> key.startsWith(name + "."));
            if (!group && !NOT_SETTINGS.containsKey(name)) {
                settings.putIfAbsent(name, Optional.empty());
            }
        }
        return settings;
    }

    /** Documented setting → its other cells, from every table row whose first cell is a setting in backticks. */
    static Map<String, List<String>> rows() throws IOException {
        Map<String, List<String>> rows = new LinkedHashMap<>();
        for (String line : Files.readAllLines(DOCUMENT)) {
            Matcher row = ROW.matcher(line);
            if (row.matches()) {
                List<String> cells = new ArrayList<>();
                for (String cell : row.group(2).split("\\|")) {
                    cells.add(cell.strip());
                }
                assertThat(rows.put(row.group(1), cells)).as(row.group(1) + " is documented twice").isNull();
            }
        }
        assertThat(rows).as(DOCUMENT + " has rows").hasSizeGreaterThan(20);
        return rows;
    }

    @SuppressWarnings("unchecked")
    private static void flatten(String prefix, Map<String, Object> map, List<String> keys) {
        map.forEach((key, value) -> {
            if (value instanceof Map<?, ?> nested) {
                flatten(prefix + key + ".", (Map<String, Object>) nested, keys);
            } else {
                keys.add(prefix + key);
            }
        });
    }

    /** The UTF-8 entries of a class file's constant pool: every string literal and annotation value in it. */
    private static List<String> stringConstants(Path classFile) throws IOException {
        List<String> constants = new ArrayList<>();
        try (DataInputStream in = new DataInputStream(new BufferedInputStream(Files.newInputStream(classFile)))) {
            in.readInt();
            in.readUnsignedShort();
            in.readUnsignedShort();
            int count = in.readUnsignedShort();
            for (int i = 1; i < count; i++) {
                int tag = in.readUnsignedByte();
                switch (tag) {
                    case 1 -> constants.add(in.readUTF());
                    case 3, 4, 9, 10, 11, 12, 17, 18 -> in.skipBytes(4);
                    case 5, 6 -> {
                        in.skipBytes(8);
                        i++;
                    }
                    case 7, 8, 16, 19, 20 -> in.skipBytes(2);
                    case 15 -> in.skipBytes(3);
                    default -> throw new IOException("constant pool tag " + tag + " in " + classFile);
                }
            }
        }
        return constants;
    }
}
