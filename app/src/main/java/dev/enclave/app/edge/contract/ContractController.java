package dev.enclave.app.edge.contract;

import io.micronaut.http.HttpResponse;
import io.micronaut.http.MediaType;
import io.micronaut.http.annotation.Controller;
import io.micronaut.http.annotation.Get;
import io.micronaut.json.JsonMapper;
import io.micronaut.security.annotation.Secured;
import io.micronaut.security.rules.SecurityRule;
import io.swagger.v3.oas.annotations.Hidden;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import org.yaml.snakeyaml.LoaderOptions;
import org.yaml.snakeyaml.Yaml;
import org.yaml.snakeyaml.constructor.SafeConstructor;

/**
 * The API contract as it was generated at build time, as YAML ({@code application/yaml}) and as JSON, to anyone:
 * it is what client generators start from.
 */
@Hidden
@Controller("/openapi")
@Secured(SecurityRule.IS_ANONYMOUS)
final class ContractController {

    static final String DOCUMENT = "META-INF/swagger/enclave.yml";
    private static final MediaType YAML = MediaType.of("application/yaml");

    private final byte[] yaml;
    private final byte[] json;

    ContractController(JsonMapper mapper) throws IOException {
        this.yaml = read();
        Object tree = new Yaml(new SafeConstructor(new LoaderOptions()))
                .load(new String(yaml, StandardCharsets.UTF_8));
        this.json = mapper.writeValueAsBytes(tree);
    }

    @Get("/enclave.yml")
    HttpResponse<byte[]> yaml() {
        return HttpResponse.ok(yaml).contentType(YAML);
    }

    @Get("/enclave.json")
    HttpResponse<byte[]> json() {
        return HttpResponse.ok(json).contentType(MediaType.APPLICATION_JSON_TYPE);
    }

    private static byte[] read() {
        try (InputStream in = ContractController.class.getClassLoader().getResourceAsStream(DOCUMENT)) {
            if (in == null) {
                throw new IllegalStateException(DOCUMENT + " is missing: the build generates it");
            }
            return in.readAllBytes();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
