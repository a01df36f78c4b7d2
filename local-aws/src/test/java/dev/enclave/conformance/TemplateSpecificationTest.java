package dev.enclave.conformance;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;

/**
 * Both CloudFormation templates, as packaged, against the CloudFormation resource specification
 * ({@code conformance/check-templates.mjs}): the offline check {@code docs/deploy.md} gives before deploying.
 */
class TemplateSpecificationTest {

    private static final ObjectMapper JSON = new ObjectMapper();

    @Test
    void tableAndServiceTemplates_matchTheResourceSpecification() throws Exception {
        Path conformance = NodeConformance.directory("CloudFormation template check", "@aws-cdk/cfnspec");

        NodeConformance.Run run = NodeConformance.node(conformance, "check-templates.mjs",
                packaged("enclave.json").toString(), packaged("enclave-service.json").toString());

        assertThat(run.status()).as(run.output()).isZero();
        assertThat(run.output()).contains("enclave.json: 4 resources, 0 problems")
                .contains("enclave-service.json: 15 resources, 0 problems");
    }

    @Test
    void aTemplateWithMistakes_isRefused_namingEach() throws Exception {
        Path conformance = NodeConformance.directory("CloudFormation template check", "@aws-cdk/cfnspec");
        ObjectNode broken = (ObjectNode) JSON.readTree(packaged("enclave-service.json").toFile());
        ObjectNode container = (ObjectNode) broken.at("/Resources/TaskDefinition/Properties/ContainerDefinitions/0");
        container.remove("Image");
        container.set("ReadonlyRootFileSystem", container.remove("ReadonlyRootFilesystem"));
        ((ObjectNode) broken.at("/Resources/Service/Properties")).put("DesiredCount", "two");
        ((ObjectNode) broken.at("/Outputs/Url")).set("Value",
                JSON.readTree("{\"Fn::GetAtt\":[\"LoadBalancer\",\"Url\"]}"));
        Path file = Files.createTempFile("broken-service", ".json");
        JSON.writeValue(file.toFile(), broken);

        NodeConformance.Run run = NodeConformance.node(conformance, "check-templates.mjs", file.toString());
        Files.delete(file);

        assertThat(run.status()).isEqualTo(1);
        assertThat(run.output()).contains("required property Image is missing")
                .contains("ReadonlyRootFileSystem: not a property")
                .contains("DesiredCount: expected Integer, got \"two\"")
                .contains("AWS::ElasticLoadBalancingV2::LoadBalancer has no attribute Url")
                .contains("15 resources, 4 problems");
    }

    private static Path packaged(String name) throws IOException {
        Path file = Files.createTempDirectory("templates").resolve(name);
        try (InputStream in = TemplateSpecificationTest.class.getResourceAsStream("/cloudformation/" + name)) {
            Files.copy(in, file);
        }
        return file;
    }
}
