package dev.enclave.app.support;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.ArrayList;
import java.util.List;

/** Reading the answers of the group and permission endpoints in tests. */
public final class PermissionAnswers {

    private PermissionAnswers() {
    }

    /** The ids of a page's items, in order. */
    public static List<String> ids(JsonNode page) {
        List<String> ids = new ArrayList<>();
        page.get("items").forEach(item -> ids.add(item.get("id").asText()));
        return ids;
    }

    /** The groups {@code permission} comes from in a permissions answer; empty when it is not held. */
    public static List<String> sources(JsonNode permissions, String permission) {
        List<String> groups = new ArrayList<>();
        permissions.get("permissions").forEach(held -> {
            if (held.get("permission").asText().equals(permission)) {
                held.get("groups").forEach(group -> groups.add(group.asText()));
            }
        });
        return groups;
    }
}
