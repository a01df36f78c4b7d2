package dev.enclave.app.domain.event;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.enclave.app.support.Api;
import io.cloudevents.CloudEvent;
import io.cloudevents.core.provider.EventFormatProvider;
import io.cloudevents.jackson.JsonFormat;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;

/** A consumer of an organisation's feed, as a tenant's app polls it: every page, cursor to cursor. */
final class EventFeed {

    private final Api api;
    private final String org;
    private final String authorization;
    private String cursor;

    private EventFeed(Api api, String org, String authorization) {
        this.api = api;
        this.org = org;
        this.authorization = authorization;
    }

    /** A consumer signed in with {@code token}. */
    static EventFeed of(Api api, String org, String token) {
        return new EventFeed(api, org, "Bearer " + token);
    }

    /** A consumer presenting an API key, as backends do. */
    static EventFeed withKey(Api api, String org, String key) {
        return new EventFeed(api, org, key);
    }

    /** The events after the last page polled, all pages of {@code limit} until one comes back empty. */
    List<JsonNode> poll(int limit) {
        List<JsonNode> events = new ArrayList<>();
        while (true) {
            JsonNode page = page(limit);
            page.get("items").forEach(events::add);
            if (page.get("items").isEmpty()) {
                return events;
            }
        }
    }

    /** One page after the last one polled. */
    JsonNode page(int limit) {
        return page(limit, api);
    }

    /** One page after the last one polled, read through {@code through} (another instance, with the same cursor). */
    JsonNode page(int limit, Api through) {
        String query = "?limit=" + limit + (cursor == null ? "" : "&after="
                + URLEncoder.encode(cursor, StandardCharsets.UTF_8));
        Api.Reply reply = through.send(through.request("/v1/orgs/" + org + "/events" + query, null)
                .header("Authorization", authorization).GET());
        assertThat(reply.status()).as(reply.body()).isEqualTo(200);
        JsonNode page = reply.json();
        assertThat(page.get("cursor").asText()).isNotBlank();
        cursor = page.get("cursor").asText();
        page.get("items").forEach(EventFeed::readsAsCloudEvent);
        return page;
    }

    /** One line of an NDJSON export, read back as {@link #readsAsCloudEvent(JsonNode)} reads an envelope. */
    static CloudEvent exportedLine(String line) {
        try {
            return readsAsCloudEvent(new ObjectMapper().readTree(line));
        } catch (IOException unreadable) {
            throw new UncheckedIOException(unreadable);
        }
    }

    /** The CloudEvents SDK's own JSON format reads the envelope back, with what Enclave wrote. */
    static CloudEvent readsAsCloudEvent(JsonNode envelope) {
        CloudEvent event = EventFormatProvider.getInstance().resolveFormat(JsonFormat.CONTENT_TYPE)
                .deserialize(envelope.toString().getBytes(StandardCharsets.UTF_8));
        assertThat(event.getSpecVersion().toString()).isEqualTo("1.0");
        assertThat(event.getId()).isEqualTo(envelope.get("id").asText());
        assertThat(event.getType()).isEqualTo(envelope.get("type").asText());
        assertThat(event.getSource().toString()).isEqualTo(envelope.get("source").asText());
        assertThat(event.getExtension("sequence")).hasToString(envelope.get("sequence").asText());
        assertThat(event.getData()).isNotNull();
        return event;
    }

    static List<String> types(List<JsonNode> events) {
        return events.stream().map(event -> event.get("type").asText()).toList();
    }
}
