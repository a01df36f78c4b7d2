package dev.enclave.app.edge.web.me;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.enclave.app.support.Api;
import dev.enclave.app.support.BigOrganisations;
import dev.enclave.app.support.LocalStackTest;
import io.micronaut.test.extensions.junit5.annotation.MicronautTest;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;

/**
 * The caller's own lists across organisations, {@code GET /v1/me/orgs} and {@code GET /v1/me/invitations}: a page
 * at a time however many there are, with cursors only their caller's list opens.
 */
@MicronautTest(environments = "local")
class MyListsIT extends LocalStackTest {

    @Test
    void aUserInThousandsOfOrganisations_pagesThroughEveryOne_aBoundedPageAtATime() {
        int count = 6000;
        BigOrganisations.memberOfMany(platform, tableName, "ada-many", "many", count);
        indexesCaughtUp();
        String ada = journeys().member("ada-many");

        JsonNode first = api().get("/v1/me/orgs", ada).json();
        List<String> seen = walk("/v1/me/orgs?limit=100", ada, "organisation", 100);

        assertThat(first.get("items")).as("the default page").hasSize(25);
        assertThat(first.get("nextCursor").isTextual()).isTrue();
        assertThat(seen).hasSize(count).doesNotHaveDuplicates()
                .containsAll(IntStream.range(0, count).mapToObj(n -> "many-" + n).toList());
        assertThat(seen).isSorted();
    }

    @Test
    void pendingInvitations_pageAcrossOrganisations() {
        String cleo = journeys().member("cleo-pages");
        List<String> sent = new ArrayList<>();
        for (String org : List.of("mlp-a", "mlp-b", "mlp-c")) {
            String owner = journeys().organisation(org);
            sent.add(journeys().invite(org, owner, "cleo-pages").json().get("invitation").get("id").asText());
        }
        indexesCaughtUp();

        JsonNode first = api().get("/v1/me/invitations?limit=2", cleo).json();

        assertThat(first.get("items")).hasSize(2);
        assertThat(walk("/v1/me/invitations?limit=2", cleo, "id", 2)).containsExactlyElementsOf(sent);
    }

    @Test
    void aCursor_opensOnlyItsOwnCallersList() {
        BigOrganisations.memberOfMany(platform, tableName, "bea-few", "fewb", 3);
        BigOrganisations.memberOfMany(platform, tableName, "cal-few", "fewc", 3);
        indexesCaughtUp();
        String bea = journeys().member("bea-few");
        String cursor = api().get("/v1/me/orgs?limit=1", bea).json().get("nextCursor").asText();

        Api.Reply own = api().get("/v1/me/orgs?limit=1&cursor=" + encoded(cursor), bea);
        Api.Reply another = api().get("/v1/me/orgs?limit=1&cursor=" + encoded(cursor), journeys().member("cal-few"));
        Api.Reply invitations = api().get("/v1/me/invitations?cursor=" + encoded(cursor), bea);

        assertThat(own.json().findValuesAsText("organisation")).containsExactly("fewb-1");
        assertThat(another.status()).isEqualTo(400);
        assertThat(another.json().get("code").asText()).isEqualTo("invalid-cursor");
        assertThat(invitations.status()).as("a cursor of another list").isEqualTo(400);
        assertThat(api().get("/v1/me/orgs?limit=101", bea).status()).isEqualTo(400);
        assertThat(api().get("/v1/me/invitations?limit=0", bea).status()).isEqualTo(400);
    }

    /** Every page from {@code path}, each no bigger than {@code most}, following each page's cursor. */
    private List<String> walk(String path, String token, String field, int most) {
        List<String> seen = new ArrayList<>();
        String cursor = null;
        do {
            Api.Reply page = api().get(path + (cursor == null ? "" : "&cursor=" + encoded(cursor)), token);
            assertThat(page.status()).as(page.body()).isEqualTo(200);
            JsonNode items = page.json().get("items");
            assertThat(items.size()).isLessThanOrEqualTo(most);
            items.forEach(item -> seen.add(item.get(field).asText()));
            JsonNode next = page.json().get("nextCursor");
            cursor = next == null || next.isNull() ? null : next.asText();
        } while (cursor != null);
        return seen;
    }

    private static String encoded(String cursor) {
        return URLEncoder.encode(cursor, StandardCharsets.UTF_8);
    }
}
