package dev.enclave.app.domain.event;

import java.util.Objects;

/**
 * What a change was about: {@code member} and a user id, {@code invitation} and its id, ...
 *
 * @param type what kind of thing
 * @param id   which one
 */
public record Target(String type, String id) {

    public Target {
        Objects.requireNonNull(type, "type");
        Objects.requireNonNull(id, "id");
    }

    public static Target organisation(String id) {
        return new Target("organisation", id);
    }

    public static Target member(String userId) {
        return new Target("member", userId);
    }

    public static Target invitation(String id) {
        return new Target("invitation", id);
    }

    public static Target service(String id) {
        return new Target("service", id);
    }

    public static Target apiKey(String id) {
        return new Target("api_key", id);
    }

    public static Target webhookEndpoint(String id) {
        return new Target("webhook_endpoint", id);
    }

    public static Target group(String id) {
        return new Target("group", id);
    }

    /** {@code type/id}, how the audit log is filtered by target. */
    public String path() {
        return type + "/" + id;
    }
}
