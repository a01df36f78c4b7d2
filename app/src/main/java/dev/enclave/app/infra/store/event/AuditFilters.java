package dev.enclave.app.infra.store.event;

import dev.enclave.app.domain.event.Events;
import dev.enclave.app.infra.store.Expr;
import dev.enclave.app.infra.store.SortableTime;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * The audit log's filters as one DynamoDB filter expression, every filter given joined by AND; with {@code from},
 * an event before {@link LogWindow#floor} passes too, so the read sees where the window ends and stops there.
 */
final class AuditFilters {

    private AuditFilters() {
    }

    static Optional<Expr> of(Events.AuditQuery query) {
        List<Expr> filters = new ArrayList<>();
        query.actor().ifPresent(actor -> filters.add(Expr.of("#actorId = :actorId")
                .name("#actorId", EventItems.ACTOR_ID).value(":actorId", actor)));
        query.type().ifPresent(type -> filters.add(Expr.of("#type = :type").name("#type", EventItems.TYPE)
                .value(":type", type.value())));
        query.target().ifPresent(target -> filters.add(Expr.of("contains(#targetPaths, :target)")
                .name("#targetPaths", EventItems.TARGET_PATHS).value(":target", target)));
        query.from().ifPresent(from -> filters.add(Expr.of("#time >= :from").name("#time", EventItems.TIME)
                .value(":from", SortableTime.format(from))));
        query.to().ifPresent(to -> filters.add(Expr.of("#time < :to").name("#time", EventItems.TIME)
                .value(":to", SortableTime.format(to))));
        Optional<Expr> matching = filters.stream().reduce(Expr::and);
        return query.from().map(from -> matching.orElseThrow().or(Expr.of("#time < :floor")
                .name("#time", EventItems.TIME).value(":floor", SortableTime.format(LogWindow.floor(from)))))
                .or(() -> matching);
    }
}
