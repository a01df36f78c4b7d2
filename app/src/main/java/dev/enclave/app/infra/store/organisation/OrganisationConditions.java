package dev.enclave.app.infra.store.organisation;

import dev.enclave.app.domain.organisation.Organisation;
import dev.enclave.app.domain.organisation.OrganisationStatus;
import dev.enclave.app.infra.store.ActorChangedException;
import dev.enclave.app.infra.store.Expr;
import dev.enclave.app.infra.store.Incarnations;
import dev.enclave.app.infra.store.ItemAttributes;
import dev.enclave.app.infra.store.ItemKey;
import dev.enclave.app.infra.store.Transaction;
import dev.enclave.app.infra.store.TransactionOutcome;
import dev.enclave.app.infra.store.Write;
import dev.enclave.app.infra.store.WriteRole;
import dev.enclave.identity.Incarnation;
import dev.enclave.identity.TenantId;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * The organisation's rules as every workflow writes them (their Java mirror, for decisions on items already read and
 * for the in-memory ports, is {@link dev.enclave.app.domain.organisation.OrganisationRules}): the conditions on its item and the counter updates that
 * go in another aggregate's transaction. Other aggregates ask here; none spells the organisation's attributes.
 *
 * <p>The first rule is life: a write that adds anything to an organisation checks, in the same transaction, that the
 * organisation item is still the incarnation the caller read and is not being deleted. A deletion marks the item
 * first, so from then on nothing can be added to what it removes; an organisation created again under the id is a
 * new incarnation, so nothing meant for the old one can land in it.
 */
public final class OrganisationConditions {

    private static final String DELETING = OrganisationStatus.DELETING.name();
    private static final String ACTIVE = OrganisationStatus.ACTIVE.name();

    private OrganisationConditions() {
    }

    /** The organisation item is {@code organisation}'s incarnation and not being deleted. */
    static Expr live(Organisation organisation) {
        return Expr.exists().and(Expr.of("#orgCreatedAt = :orgCreatedAt AND #orgStatus <> :orgDeleting")
                .name("#orgCreatedAt", OrganisationItems.CREATED_AT).name("#orgStatus", OrganisationItems.STATUS)
                .value(":orgCreatedAt", organisation.createdAt().toString()).value(":orgDeleting", DELETING));
    }

    /** A check, for a transaction that adds to the organisation and writes nothing else on its item. */
    public static Write stillLive(Organisation organisation) {
        return new Write.Check(OrganisationKeys.key(organisation.id()), live(organisation));
    }

    /**
     * A check that {@code tenant}'s organisation is live in its life {@code incarnation} (for a transaction that
     * records an event and writes nothing else).
     */
    public static Write stillLive(TenantId tenant, Incarnation incarnation) {
        return new Write.Check(OrganisationKeys.key(tenant), Expr.exists().and(Incarnations.writtenBy(incarnation))
                .and(Expr.of("#orgStatus <> :orgDeleting").name("#orgStatus", OrganisationItems.STATUS)
                        .value(":orgDeleting", DELETING)));
    }

    /** The key of {@code tenant}'s organisation item, for the checks other aggregates' changes put on it. */
    public static ItemKey key(TenantId tenant) {
        return OrganisationKeys.key(tenant);
    }

    /**
     * The organisation is active now, with placeholders of its own ({@code ac…}, beside any other condition on its
     * item): what every change a member makes is written on, so a suspension while it was in flight refuses it.
     */
    public static Expr activeNow() {
        return Expr.exists().and(Expr.of("#acStatus = :acActive").name("#acStatus", OrganisationItems.STATUS)
                .value(":acActive", ACTIVE));
    }

    /**
     * {@code writes} written only while the organisation is active ({@link #activeNow}): on their own write to its
     * item when they have one (refused, then, as that write: its workflow answers), else as a check of its own, in
     * {@code role}.
     */
    public static List<Transaction.NamedWrite> whileActive(TenantId tenant, List<Transaction.NamedWrite> writes,
                                                           WriteRole role) {
        ItemKey organisation = key(tenant);
        List<Transaction.NamedWrite> checked = new ArrayList<>();
        boolean onItsOwn = true;
        for (Transaction.NamedWrite named : writes) {
            boolean onTheOrganisation = named.write().key().equals(organisation);
            onItsOwn &= !onTheOrganisation;
            checked.add(onTheOrganisation ? new Transaction.NamedWrite(named.role(),
                    named.write().alsoRequiring(activeNow())) : named);
        }
        if (onItsOwn) {
            checked.add(new Transaction.NamedWrite(role, new Write.Check(organisation, activeNow())));
        }
        return checked;
    }

    /**
     * How {@code outcome}, refusing a write of {@code checked} to {@code tenant}'s organisation item, found the
     * organisation when it was not active: suspended, or being deleted (or gone): the refusal of the check
     * {@link #whileActive} put on that write, whatever else it asked. Empty when no such write was refused, or it found
     * the organisation active (its workflow's own condition refused it).
     */
    public static Optional<ActorChangedException.Cause> inactiveOnItsItem(TenantId tenant, Transaction checked,
                                                                         TransactionOutcome outcome) {
        ItemKey organisation = key(tenant);
        return checked.writes().stream().filter(named -> named.write().key().equals(organisation))
                .map(Transaction.NamedWrite::role).filter(outcome::refused)
                .map(role -> outcome.oldItem(role).flatMap(item -> ItemAttributes.optionalString(item,
                        OrganisationItems.STATUS)))
                .filter(status -> !status.equals(Optional.of(ACTIVE)))
                .map(status -> status.equals(Optional.of(OrganisationStatus.SUSPENDED.name()))
                        ? ActorChangedException.Cause.SUSPENDED : ActorChangedException.Cause.ORGANISATION_GONE)
                .findFirst();
    }

    /** Whether {@code old}, the organisation's item as a refused write found it, is suspended in {@code life}. */
    public static boolean suspendedIn(Optional<Map<String, AttributeValue>> old, Incarnation life) {
        return old.filter(item -> Incarnations.belongsTo(item, life))
                .flatMap(item -> ItemAttributes.optionalString(item, OrganisationItems.STATUS))
                .filter(OrganisationStatus.SUSPENDED.name()::equals).isPresent();
    }

    /**
     * A check, for a transaction that closes something of the organisation's without an actor of its own (an invitee
     * declining, an expiry): the organisation is there and not being deleted (its walk removes what is left).
     */
    public static Write notBeingDeleted(TenantId tenant) {
        return new Write.Check(OrganisationKeys.key(tenant), Expr.exists().and(Expr.of("#orgStatus <> :orgDeleting")
                .name("#orgStatus", OrganisationItems.STATUS).value(":orgDeleting", DELETING)));
    }

    /**
     * A check, for a transaction that changes the organisation's settings or closes something of its own without an
     * actor of its own (an invitee declining): live and active.
     */
    public static Write stillActive(Organisation organisation) {
        return new Write.Check(OrganisationKeys.key(organisation.id()), active(organisation));
    }

    /** A check, for a transaction that invites a member: live, active, and with a seat free. */
    public static Write stillTakesAMember(Organisation organisation) {
        return new Write.Check(OrganisationKeys.key(organisation.id()), takesAMember(organisation));
    }

    /** Live, active, and with a seat free: what taking a member (or inviting one) needs. */
    private static Expr takesAMember(Organisation organisation) {
        return live(organisation).and(Expr.of("#orgMembers < #orgSeats AND #orgStatus = :orgActive")
                .name("#orgMembers", OrganisationItems.MEMBERS).name("#orgSeats", OrganisationItems.SEATS)
                .name("#orgStatus", OrganisationItems.STATUS).value(":orgActive", ACTIVE));
    }

    /** Active (and live): what adding an API key needs. */
    private static Expr active(Organisation organisation) {
        return live(organisation).and(Expr.of("#orgStatus = :orgActive").name("#orgStatus", OrganisationItems.STATUS)
                .value(":orgActive", ACTIVE));
    }

    /**
     * A member joins: one seat taken (and one owner more when {@code owner}), if the organisation takes members and
     * is still at {@code organisation}'s version, so the name the membership copies is current.
     */
    public static Write joined(Organisation organisation, boolean owner) {
        Expr counted = Expr.update().set("#orgMembers = #orgMembers + :orgOne, #orgOwners = #orgOwners + :orgOwner")
                .name("#orgMembers", OrganisationItems.MEMBERS).name("#orgOwners", OrganisationItems.OWNERS)
                .number(":orgOne", 1).number(":orgOwner", owner ? 1 : 0).build();
        Expr condition = takesAMember(organisation).and(Expr.of("#orgVersion = :orgVersion")
                .name("#orgVersion", OrganisationItems.VERSION).number(":orgVersion", organisation.version()));
        return new Write.Update(OrganisationKeys.key(organisation.id()), counted, Optional.of(condition));
    }

    /**
     * The member and owner counts move by {@code members} and {@code owners}; losing an owner needs another one
     * left. The item must exist.
     */
    public static Write counted(TenantId tenant, int members, int owners) {
        Expr update = Expr.update()
                .set("#orgMembers = #orgMembers + :orgMembersBy, #orgOwners = #orgOwners + :orgOwnersBy")
                .name("#orgMembers", OrganisationItems.MEMBERS).name("#orgOwners", OrganisationItems.OWNERS)
                .number(":orgMembersBy", members).number(":orgOwnersBy", owners).build();
        Expr condition = owners < 0
                ? Expr.exists().and(Expr.of("#orgOwners > :orgMinimum")
                .name("#orgOwners", OrganisationItems.OWNERS).number(":orgMinimum", 1))
                : Expr.exists();
        return new Write.Update(OrganisationKeys.key(tenant), update, Optional.of(condition));
    }

    /** An API key added: one more counted, if the organisation is active and has fewer than {@code maximum}. */
    public static Write apiKeyAdded(Organisation organisation, int maximum) {
        return added(OrganisationItems.API_KEYS, organisation, maximum);
    }

    /** An API key revoked: one fewer counted. The item must exist. */
    public static Write apiKeyRemoved(TenantId tenant) {
        return removed(OrganisationItems.API_KEYS, tenant);
    }

    /** A webhook endpoint added: one more counted, while the organisation is active and has room for it. */
    public static Write webhookAdded(Organisation organisation, int maximum) {
        return added(OrganisationItems.WEBHOOKS, organisation, maximum);
    }

    /** A webhook endpoint deleted: one fewer counted. The item must exist. */
    public static Write webhookRemoved(TenantId tenant) {
        return removed(OrganisationItems.WEBHOOKS, tenant);
    }

    /** One more counted in {@code counter}, if the organisation is active and counts fewer than {@code maximum}. */
    private static Write added(String counter, Organisation organisation, int maximum) {
        Expr counted = Expr.update().add("#count :one").name("#count", counter).number(":one", 1).build();
        Expr room = active(organisation).and(Expr.of("(attribute_not_exists(#count) OR #count < :maximum)")
                .name("#count", counter).number(":maximum", maximum));
        return new Write.Update(OrganisationKeys.key(organisation.id()), counted, Optional.of(room));
    }

    private static Write removed(String counter, TenantId tenant) {
        Expr uncounted = Expr.update().add("#count :minusOne").name("#count", counter).number(":minusOne", -1)
                .build();
        return new Write.Update(OrganisationKeys.key(tenant), uncounted, Optional.of(Expr.exists()));
    }
}
