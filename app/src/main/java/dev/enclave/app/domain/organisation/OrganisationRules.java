package dev.enclave.app.domain.organisation;

import java.util.Optional;

/**
 * The organisation's rules on taking a member, decided in Java on an organisation already read: what a refused write
 * found, or what an in-memory port holds. The store renders the same rules as conditions
 * ({@code infra.store.organisation.OrganisationConditions}); every aggregate asks one of the two.
 */
public final class OrganisationRules {

    private OrganisationRules() {
    }

    /** Why {@code found} (the item as read, or as a refused write found it) takes no new member, if it does not. */
    public static Optional<Standing> refusal(Optional<Organisation> found, Organisation expected) {
        if (found.isEmpty() || found.get().status() == OrganisationStatus.DELETING
                || !found.get().createdAt().equals(expected.createdAt())) {
            return Optional.of(Standing.GONE);
        }
        return refusal(found);
    }

    /** Why {@code found} takes no new member, if it does not, whichever incarnation it is. */
    public static Optional<Standing> refusal(Optional<Organisation> found) {
        if (found.isEmpty() || found.get().status() == OrganisationStatus.DELETING) {
            return Optional.of(Standing.GONE);
        } else if (found.get().status() == OrganisationStatus.SUSPENDED) {
            return Optional.of(Standing.SUSPENDED);
        }
        return found.get().members() >= found.get().seats() ? Optional.of(Standing.NO_SEAT) : Optional.empty();
    }

    /** Why an organisation refused a new member. */
    public enum Standing {
        /** There is none, it is being deleted, or it is another incarnation than the one read. */
        GONE,
        SUSPENDED,
        NO_SEAT
    }
}
