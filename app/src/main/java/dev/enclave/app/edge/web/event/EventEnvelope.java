package dev.enclave.app.edge.web.event;

import dev.enclave.app.domain.event.Actor;
import dev.enclave.app.domain.event.RecordedEvent;
import dev.enclave.app.domain.event.Target;
import io.micronaut.core.annotation.Nullable;
import io.micronaut.serde.annotation.Serdeable;
import io.swagger.v3.oas.annotations.media.Schema;
import java.util.List;
import java.util.Map;

/**
 * An event in the CloudEvents 1.0 JSON format: the context attributes, the {@code sequence} extension (its place in
 * the organisation's log) and the data Enclave records with every event.
 */
@Serdeable
@Schema(name = "Event", description = "A CloudEvents 1.0 envelope (JSON format)")
public record EventEnvelope(
        @Schema(requiredMode = Schema.RequiredMode.REQUIRED, description = "Always 1.0") String specversion,
        @Schema(requiredMode = Schema.RequiredMode.REQUIRED, description = "Unique; the same on every read and delivery") String id,
        @Schema(requiredMode = Schema.RequiredMode.REQUIRED, description = "The organisation, /v1/orgs/{org}") String source,
        @Schema(requiredMode = Schema.RequiredMode.REQUIRED, description = "What happened, e.g. member.added (docs/events.md lists them)") String type,
        @Schema(description = "The first target, type/id") @Nullable String subject,
        @Schema(requiredMode = Schema.RequiredMode.REQUIRED, description = "When it was recorded (RFC 3339)") String time,
        @Schema(requiredMode = Schema.RequiredMode.REQUIRED, description = "Always application/json") String datacontenttype,
        @Schema(requiredMode = Schema.RequiredMode.REQUIRED, description = "Its place in the organisation's log: 1, 2, 3, ... in commit order") String sequence,
        EventData data) {

    /** What Enclave records with every event. */
    @Serdeable
    @Schema(name = "EventData")
    public record EventData(String organisation, String incarnation, EventActor actor, List<EventTarget> targets,
                            @Schema(requiredMode = Schema.RequiredMode.REQUIRED, description = "What changed: before and after, added and removed; an app's "
                                    + "metadata", type = "object",
                                    additionalProperties = Schema.AdditionalPropertiesValue.TRUE)
                            Map<String, Object> changes,
                            @Nullable String requestId,
                            @Schema(requiredMode = Schema.RequiredMode.REQUIRED, description = "When it happened, as an app said; else the time") String occurredAt) {
    }

    /** Who. */
    @Serdeable
    @Schema(name = "EventActor")
    public record EventActor(@Schema(requiredMode = Schema.RequiredMode.REQUIRED, description = "user, api_key, platform_admin, system, or an app's own") String type,
                             String id, @Nullable String email, @Nullable String name) {

        static EventActor of(Actor actor) {
            return new EventActor(actor.type(), actor.id(), actor.email().orElse(null), actor.name().orElse(null));
        }
    }

    /** What it happened to. */
    @Serdeable
    @Schema(name = "EventTarget")
    public record EventTarget(String type, String id) {

        static EventTarget of(Target target) {
            return new EventTarget(target.type(), target.id());
        }
    }

    public static EventEnvelope of(RecordedEvent event) {
        return new EventEnvelope("1.0", event.id(), "/v1/orgs/" + event.organisation().value(), event.type().value(),
                event.targets().stream().findFirst().map(Target::path).orElse(null), event.time().toString(),
                "application/json", Long.toString(event.sequence()), new EventData(event.organisation().value(),
                event.incarnation().value(), EventActor.of(event.actor()), event.targets().stream()
                .map(EventTarget::of).toList(), event.changes(), event.requestId().orElse(null),
                event.occurredAt().toString()));
    }
}
