package dev.enclave.app.edge.web.me;

import dev.enclave.app.domain.access.Caller;
import dev.enclave.app.domain.outcome.Reason;
import dev.enclave.app.edge.http.PageSize;
import dev.enclave.app.edge.problem.Rejections;
import dev.enclave.app.infra.store.IndexPositions;
import dev.enclave.app.infra.store.PageCursors;
import dev.enclave.identity.LeadingKeyPrefix;
import io.micronaut.core.annotation.Nullable;
import io.micronaut.http.HttpRequest;
import io.micronaut.http.HttpResponse;
import jakarta.inject.Singleton;
import java.util.Optional;

/**
 * The pages of the caller's own lists: the size asked for, and where a cursor signed for the caller's own key
 * continues; no other caller's cursor opens them.
 */
@Singleton
class OwnPages {

    /** Reads one page of an own list. */
    interface Reader {
        HttpResponse<?> page(int size, Optional<String> after);
    }

    private final PageCursors cursors;

    OwnPages(PageCursors cursors) {
        this.cursors = cursors;
    }

    /** The page asked of {@code list}, or the problem when the limit or the cursor is not one this list gives. */
    HttpResponse<?> answer(HttpRequest<?> request, Optional<LeadingKeyPrefix> owner, String list,
                           @Nullable Integer limit, @Nullable String cursor, Reader reader) {
        Optional<PageSize> size = PageSize.requested(limit);
        if (size.isEmpty()) {
            return Rejections.toResponse(request, Reason.BAD_REQUEST, PageSize.RULE);
        }
        Optional<String> after = Optional.ofNullable(cursor).flatMap(given -> owner.flatMap(own -> cursors
                .decodeOwn(own, list, given)).filter(IndexPositions::isPosition));
        if (cursor != null && after.isEmpty()) {
            return Rejections.toResponse(request, Reason.INVALID_CURSOR,
                    "Use the nextCursor your previous page returned, unchanged.");
        }
        return reader.page(size.get().value(), after);
    }

    /** The cursor of the page after the one that ended at {@code last}, or null on the last page. */
    @Nullable
    String next(LeadingKeyPrefix owner, String list, Optional<String> last) {
        return last.map(position -> cursors.encodeOwn(owner, list, position)).orElse(null);
    }

    /**
     * The name of {@code list} as {@code caller} reads it, and with it its cursors: a token bound to a tenant lists
     * that tenant's entries only, so a cursor of the list across tenants is not one of its.
     */
    static String listOf(String list, Caller caller) {
        return list + caller.tenant().map(tenant -> "@" + tenant.value()).orElse("");
    }
}
