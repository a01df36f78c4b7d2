package dev.enclave.app.edge.problem;

import static org.assertj.core.api.Assertions.assertThat;

import dev.enclave.app.domain.outcome.Reason;
import io.micronaut.http.HttpStatus;
import java.util.Arrays;
import java.util.Set;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

class ProblemMappingTest {

    @ParameterizedTest
    @EnumSource(Reason.class)
    void everyReason_mapsToTheProblemTypeOfItsName_withAClientErrorStatus(Reason reason) {
        ProblemType type = ProblemMapping.type(reason);

        assertThat(type.name()).isEqualTo(reason.name());
        assertThat(ProblemMapping.status(type).getCode()).isBetween(400, 499);
    }

    @Test
    void reasons_mapToDistinctProblemTypes() {
        Set<ProblemType> types = Arrays.stream(Reason.values()).map(ProblemMapping::type).collect(Collectors.toSet());

        assertThat(types).hasSize(Reason.values().length);
    }

    @ParameterizedTest
    @EnumSource(ProblemType.class)
    void everyProblemType_hasAnErrorStatus(ProblemType type) {
        assertThat(ProblemMapping.status(type).getCode()).isBetween(400, 599);
    }

    @Test
    void businessReasons_keepTheirStatuses() {
        assertThat(statusOf(Reason.TENANT_MISMATCH)).isEqualTo(HttpStatus.FORBIDDEN.getCode());
        assertThat(statusOf(Reason.ORGANISATION_SUSPENDED)).isEqualTo(HttpStatus.LOCKED.getCode());
        assertThat(statusOf(Reason.INVITATION_EXPIRED)).isEqualTo(HttpStatus.GONE.getCode());
        assertThat(statusOf(Reason.VERSION_MISMATCH)).isEqualTo(HttpStatus.PRECONDITION_FAILED.getCode());
        assertThat(statusOf(Reason.IDEMPOTENCY_KEY_REUSED)).isEqualTo(HttpStatus.UNPROCESSABLE_ENTITY.getCode());
    }

    private static int statusOf(Reason reason) {
        return ProblemMapping.status(ProblemMapping.type(reason)).getCode();
    }
}
