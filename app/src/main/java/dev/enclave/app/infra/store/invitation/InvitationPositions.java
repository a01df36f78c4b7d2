package dev.enclave.app.infra.store.invitation;

import dev.enclave.app.domain.invitation.Invitation;
import dev.enclave.app.domain.invitation.InvitationId;
import dev.enclave.app.infra.store.SortableTime;
import java.time.Instant;
import java.time.format.DateTimeParseException;

/**
 * An invitation's position in its status list ({@code GSI1SK}): its creation time with a fixed nine-digit fraction,
 * so positions sort as times do, then its id. A page of the list ends at a position and the next starts after it, so
 * the position is what a page cursor carries: the edge checks one before it reaches the store.
 */
public final class InvitationPositions {

    private static final String SEPARATOR = "#";

    private InvitationPositions() {
    }

    /** {@code invitation}'s position. */
    public static String of(Invitation invitation) {
        return SortableTime.format(invitation.createdAt()) + SEPARATOR + invitation.id().value();
    }

    /** Whether {@code position} has the form {@link #of} gives. */
    public static boolean isPosition(String position) {
        int separator = position.lastIndexOf(SEPARATOR);
        if (separator < 0 || !InvitationId.isValid(position.substring(separator + 1))) {
            return false;
        }
        try {
            Instant.parse(position.substring(0, separator));
            return true;
        } catch (DateTimeParseException notAnInstant) {
            return false;
        }
    }

    /** The invitation at a position {@link #isPosition} accepts. */
    static InvitationId invitation(String position) {
        return new InvitationId(position.substring(position.lastIndexOf(SEPARATOR) + 1));
    }
}
