package dev.enclave.bench.chaos;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicLong;

/**
 * Adds to each organisation the run creates, right after its creation, a webhook endpoint pointed at the
 * {@link FlakyWebhookReceiver}: every other one asks for {@link #SOME_TYPES}, the rest for every type. Sent until
 * answered, without an idempotency key (Enclave refuses one where the answer holds a secret, as the endpoint's
 * signing secret is); once a request may have created it, it is looked for by its URL before the next, so an answer
 * lost to a kill never makes a second endpoint. Thread-safe.
 */
final class Subscriber {

    /** The event types the workers' writes record most, without the invitations' and the endpoints' own. */
    static final List<String> SOME_TYPES = List.of("member.added", "member.removed", "service.created",
            "service_group.member_added", "organisation.renamed", "ownership.transferred");
    private static final int ATTEMPTS = 20;
    private static final long PAUSE_MILLIS = 250;

    private final Client client;
    private final FlakyWebhookReceiver receiver;
    private final AtomicLong added = new AtomicLong();

    Subscriber(Client client, FlakyWebhookReceiver receiver) {
        this.client = client;
        this.receiver = receiver;
    }

    /**
     * Adds the endpoint as {@code token} (an owner's) and notes it on {@code organisation}; leaves it without one
     * (not checked at the end) when neither a create nor a look-up was answered in {@value #ATTEMPTS} tries.
     */
    void subscribe(TrackedOrganisation organisation, String token) {
        String path = "/hooks/" + organisation.id + "/i" + organisation.incarnation;
        String url = receiver.url(path);
        List<String> types = added.getAndIncrement() % 2 == 0 ? List.of() : SOME_TYPES;
        ObjectNode body = Client.JSON.createObjectNode().put("url", url).put("description", "chaos run receiver");
        types.forEach(body.putArray("types")::add);
        String webhooks = "/v1/orgs/" + organisation.id + "/webhooks";
        boolean mayExist = false;
        for (int attempt = 0; attempt < ATTEMPTS; attempt++) {
            if (mayExist) {
                Client.Reply listed = client.get(webhooks, token);
                if (!listed.is(200)) {
                    pause();
                    continue;
                }
                Optional<String> found = endpointAt(listed.json(), url);
                if (found.isPresent()) {
                    organisation.subscribed(found.get(), path, types);
                    return;
                }
            }
            Client.Reply reply = client.send("POST", webhooks, token, body.toString(), Map.of());
            if (reply.is(201)) {
                organisation.subscribed(reply.json().get("endpoint").get("id").asText(), path, types);
                return;
            }
            if (reply.is(400) || reply.is(422)) {
                throw new IllegalStateException("adding a webhook endpoint to " + organisation.id + ": " + reply);
            }
            mayExist = true;
            pause();
        }
    }

    private static Optional<String> endpointAt(JsonNode page, String url) {
        for (JsonNode endpoint : page.get("items")) {
            if (endpoint.get("url").asText().equals(url)) {
                return Optional.of(endpoint.get("id").asText());
            }
        }
        return Optional.empty();
    }

    private static void pause() {
        try {
            Thread.sleep(PAUSE_MILLIS);
        } catch (InterruptedException interrupted) {
            Thread.currentThread().interrupt();
        }
    }
}
