package dev.enclave.app.edge.input;

import static org.assertj.core.api.Assertions.assertThat;

import io.micronaut.core.annotation.Introspected;
import io.micronaut.core.type.Argument;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class BodyShapeTest {

    @Introspected
    record Actor(String type, String id) {
    }

    @Introspected
    record Recorded(String action, Actor actor, List<Actor> targets, Map<String, Object> metadata) {
    }

    private static final Argument<Recorded> RECORDED = Argument.of(Recorded.class);

    @Test
    void aWellShapedBody_withFreeFormMetadata_hasNoMismatch() {
        assertThat(BodyShape.check(Map.of("action", "invoice.approved", "actor", Map.of("type", "user", "id", "u-1"),
                "targets", List.of(Map.of("type", "invoice", "id", "7")), "metadata", Map.of("n", 1, "deep",
                        Map.of("x", true))), RECORDED)).isEmpty();
    }

    @Test
    void fieldsOfNestedObjects_areHeldToTheirTypesAndNames_asTopLevelOnesAre() {
        assertThat(BodyShape.check(Map.of("actor", Map.of("type", "user", "id", 12345)), RECORDED))
                .containsExactly(new BodyShape.Mismatch("actor.id", "must be a string"));
        assertThat(BodyShape.check(Map.of("actor", Map.of("type", "user", "id", List.of("x"))), RECORDED))
                .containsExactly(new BodyShape.Mismatch("actor.id", "must be a string"));
        assertThat(BodyShape.check(Map.of("actor", Map.of("type", "user", "id", "u", "email", "forged@x")),
                RECORDED)).containsExactly(new BodyShape.Mismatch("actor.email", "is not a field of this request"));
        assertThat(BodyShape.check(Map.of("actor", "u-1"), RECORDED))
                .containsExactly(new BodyShape.Mismatch("actor", "must be an object"));
    }

    @Test
    void entriesOfListsOfObjects_areCheckedEach_andNamedByTheirPlace() {
        assertThat(BodyShape.check(Map.of("targets", List.of(Map.of("type", "invoice", "id", "1"),
                Map.of("type", "invoice", "id", 7))), RECORDED))
                .containsExactly(new BodyShape.Mismatch("targets[1].id", "must be a string"));
        assertThat(BodyShape.check(Map.of("targets", List.of("invoice")), RECORDED))
                .containsExactly(new BodyShape.Mismatch("targets", "entries must each be an object"));
    }
}
