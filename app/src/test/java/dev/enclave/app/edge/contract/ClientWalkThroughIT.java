package dev.enclave.app.edge.contract;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.core.JsonProcessingException;
import dev.enclave.app.support.LocalStackTest;
import dev.enclave.client.ApiClient;
import dev.enclave.client.ApiException;
import dev.enclave.client.ApiResponse;
import dev.enclave.client.api.CredentialsApi;
import dev.enclave.client.api.InvitationsApi;
import dev.enclave.client.api.MembersApi;
import dev.enclave.client.api.OrganisationsApi;
import dev.enclave.client.model.CreateOrganisation;
import dev.enclave.client.model.CredentialsRequest;
import dev.enclave.client.model.InvitationToken;
import dev.enclave.client.model.Member;
import dev.enclave.client.model.MemberPage;
import dev.enclave.client.model.NewMembership;
import dev.enclave.client.model.Organisation;
import dev.enclave.client.model.Problem;
import dev.enclave.client.model.RenameOrganisation;
import dev.enclave.client.model.ScopedCredentials;
import dev.enclave.client.model.SendInvitation;
import dev.enclave.client.model.SentInvitation;
import io.micronaut.test.extensions.junit5.annotation.MicronautTest;
import java.net.URI;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.auth.credentials.AwsSessionCredentials;
import software.amazon.awssdk.auth.credentials.StaticCredentialsProvider;
import software.amazon.awssdk.http.urlconnection.UrlConnectionHttpClient;
import software.amazon.awssdk.regions.Region;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.DynamoDbException;

/**
 * The README walk-through, run through the Java client generated from the served document at build time (as a user
 * would generate it), against the real local stack: nothing here is hand-written HTTP.
 */
@MicronautTest(environments = "local")
class ClientWalkThroughIT extends LocalStackTest {

    @Test
    void theWalkThrough_runsThroughTheGeneratedClient() throws Exception {
        ApiClient owner = client(tokens().mint("ada", "ada@example.com"));
        ApiClient bob = client(tokens().mint("bob", "bob@example.com"));

        Organisation created = new OrganisationsApi(owner).createOrganisation(
                new CreateOrganisation().id("walk").name("Walk Ltd"), "create-walk-1");
        SentInvitation sent = new InvitationsApi(owner).sendInvitation("walk",
                new SendInvitation().email("bob@example.com").groups(List.of("billing")), "invite-bob-1");
        NewMembership joined = new InvitationsApi(bob).acceptInvitation(new InvitationToken().token(sent.getToken()));
        MemberPage page = new MembersApi(owner).listMembers("walk", null, null);
        List<String> members = page.getItems().stream().map(Member::getUserId).toList();

        assertThat(created.getName()).isEqualTo("Walk Ltd");
        assertThat(sent.getInvitation().getEmail()).isEqualTo("bob@example.com");
        assertThat(joined.getGroups()).containsExactlyInAnyOrder("billing", "member");
        assertThat(members).containsExactlyInAnyOrder("ada", "bob");
        assertThat(page.getTotal()).isEqualTo(2);
        assertThat(page.getNextCursor()).isNull();

        changeGroupsWithIfMatch(new MembersApi(owner));
        renameWithIfMatch(new OrganisationsApi(owner));
        vendCredentials(new CredentialsApi(owner));
    }

    private void changeGroupsWithIfMatch(MembersApi members) throws ApiException {
        ApiResponse<Member> read = members.getMemberWithHttpInfo("walk", "bob");
        String etag = header(read, "ETag");

        Member changed = members.addMemberToGroup("walk", "bob", "support", etag);
        ApiException stale = catchApi(() -> members.removeMemberFromGroup("walk", "bob", "billing", etag));

        assertThat(changed.getGroups()).containsExactlyInAnyOrder("billing", "member", "support");
        assertThat(stale.getCode()).isEqualTo(412);
        assertThat(problem(stale).getCode()).isEqualTo("version-mismatch");
        assertThat(members.getMember("walk", "bob").getGroups()).contains("billing");
    }

    private void renameWithIfMatch(OrganisationsApi organisations) throws ApiException {
        String etag = header(organisations.getOrganisationWithHttpInfo("walk"), "ETag");

        Organisation renamed = organisations.renameOrganisation("walk", new RenameOrganisation().name("Walk plc"),
                etag);
        ApiException missing = catchApi(() -> organisations.renameOrganisation("walk",
                new RenameOrganisation().name("Walk again"), null));

        assertThat(renamed.getName()).isEqualTo("Walk plc");
        assertThat(missing.getCode()).isEqualTo(428);
        assertThat(problem(missing).getCode()).isEqualTo("precondition-required");
    }

    private void vendCredentials(CredentialsApi credentials) throws ApiException {
        ScopedCredentials issued = credentials.issueCredentials("walk", new CredentialsRequest().access("readwrite"));

        assertThat(Instant.parse(issued.getExpiration())).isAfter(Instant.now());
        try (DynamoDbClient data = dynamoDb(issued)) {
            data.putItem(b -> b.tableName(issued.getTableName()).item(Map.of(
                    issued.getPartitionKey(), AttributeValue.fromS(issued.getKeyPrefix() + "orders"),
                    issued.getSortKey(), AttributeValue.fromS("o-1"))));
            assertThatThrownBy(() -> data.getItem(b -> b.tableName(issued.getTableName()).key(Map.of(
                    issued.getPartitionKey(), AttributeValue.fromS("TENANT#walk#"),
                    issued.getSortKey(), AttributeValue.fromS("ORG")))))
                    .isInstanceOf(DynamoDbException.class)
                    .satisfies(e -> assertThat(((DynamoDbException) e).awsErrorDetails().errorCode())
                            .isEqualTo("AccessDeniedException"));
        }
    }

    private ApiClient client(String token) {
        URI base = server.getURI();
        return new ApiClient().setScheme(base.getScheme()).setHost(base.getHost()).setPort(base.getPort())
                .setRequestInterceptor(request -> request.header("Authorization", "Bearer " + token));
    }

    private static DynamoDbClient dynamoDb(ScopedCredentials issued) {
        return DynamoDbClient.builder().endpointOverride(URI.create(issued.getEndpoint()))
                .region(Region.of(issued.getRegion()))
                .credentialsProvider(StaticCredentialsProvider.create(AwsSessionCredentials.create(
                        issued.getAccessKeyId(), issued.getSecretAccessKey(), issued.getSessionToken())))
                .httpClient(UrlConnectionHttpClient.create()).build();
    }

    private static String header(ApiResponse<?> response, String name) {
        return response.getHeaders().entrySet().stream().filter(e -> e.getKey().equalsIgnoreCase(name))
                .flatMap(e -> e.getValue().stream()).findFirst().orElseThrow();
    }

    /** The refusal's body read as the generated client's {@code Problem}, with the client's own mapper. */
    private static Problem problem(ApiException refused) {
        try {
            return new ApiClient().getObjectMapper().readValue(refused.getResponseBody(), Problem.class);
        } catch (JsonProcessingException e) {
            throw new AssertionError("not a problem document: " + refused.getResponseBody(), e);
        }
    }

    private static ApiException catchApi(ClientCall call) {
        try {
            call.run();
        } catch (ApiException refused) {
            return refused;
        }
        throw new AssertionError("the call was expected to be refused");
    }

    @FunctionalInterface
    private interface ClientCall {
        void run() throws ApiException;
    }
}
