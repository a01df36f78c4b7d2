package dev.enclave.app.service;

import dev.enclave.app.service.Services.ServiceView;
import java.util.Map;
import java.util.Objects;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/** Explicit mapping of a service from its item ({@code SK = SVC#<service>}). */
public final class ServiceItems {

    private ServiceItems() {
    }

    public static ServiceView fromItem(Map<String, AttributeValue> item) {
        return new ServiceView(Objects.requireNonNull(item.get("id").s(), "id"),
                Objects.requireNonNull(item.get("name").s(), "name"), Long.parseLong(item.get("version").n()));
    }
}
