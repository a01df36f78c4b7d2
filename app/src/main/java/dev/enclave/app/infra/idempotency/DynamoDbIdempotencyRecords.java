package dev.enclave.app.infra.idempotency;

import dev.enclave.app.domain.organisation.Organisation;
import dev.enclave.app.infra.store.Expr;
import dev.enclave.app.infra.store.Incarnations;
import dev.enclave.app.infra.store.Store;
import dev.enclave.app.infra.store.TableAttributes;
import dev.enclave.app.infra.store.Transaction;
import dev.enclave.app.infra.store.TransactionOutcome;
import dev.enclave.app.infra.store.WriteRole;
import dev.enclave.app.infra.store.organisation.OrganisationConditions;
import dev.enclave.tenancy.scoped.TenantDynamoDb;
import io.micronaut.context.annotation.Requires;
import jakarta.inject.Singleton;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.Optional;

/**
 * Idempotency records at {@code PK = TENANT#<org>#, SK = IDEMPOTENCY#<caller>#<key digest>}, expired by TTL after
 * 24 hours (and treated as expired by logic). Claiming is one transaction: the conditional put, which returns the
 * record holding the key when it fails, and the check that the organisation is still the incarnation read. A record
 * is taken over when it expired, is another life's of the organisation, or is a claim left unanswered for
 * {@link #ABANDONED_AFTER} (when it was made is its expiry less the retention).
 */
@Singleton
@Requires(beans = TenantDynamoDb.class)
record DynamoDbIdempotencyRecords(Store store, Clock clock) implements IdempotencyRecords {

    static final Duration RETENTION = Duration.ofHours(24);
    /**
     * A claim with no answer this long after it was made is abandoned (its instance died before it answered; no
     * request runs this long) and taken over by the next request with its key, which runs the request again.
     */
    static final Duration ABANDONED_AFTER = Duration.ofMinutes(1);

    /** The writes of a claim. */
    enum Role implements WriteRole { RECORD, ORGANISATION }

    @Override
    public ClaimOutcome claim(Organisation organisation, ClaimedKey claim, String requestHash, long callerVersion,
                              Instant callerJoinedAt, Optional<String> callerGroups) {
        long now = clock.instant().getEpochSecond();
        Expr unheld = Expr.of("attribute_not_exists(#pk) OR #expiresAt < :now OR #incarnation <> :incarnation"
                        + " OR attribute_not_exists(#answered) AND #expiresAt < :abandoned")
                .withPlaceholdersOf(Expr.absent()).name("#expiresAt", TableAttributes.TTL).number(":now", now)
                .name("#incarnation", Incarnations.ATTRIBUTE).value(":incarnation", organisation.incarnation().value())
                .name("#answered", IdempotencyItems.RESPONSE_STATUS)
                .number(":abandoned", now + RETENTION.minus(ABANDONED_AFTER).toSeconds());
        TransactionOutcome outcome = store.forTenant(organisation.id()).transact(Transaction.builder()
                .writtenBy(organisation.incarnation())
                .put(Role.RECORD, IdempotencyItems.claim(claim, requestHash, callerVersion,
                        callerJoinedAt, callerGroups, now + RETENTION.toSeconds()), unheld)
                .add(Role.ORGANISATION, OrganisationConditions.stillLive(organisation)).build());
        if (outcome.committed()) {
            return new Claimed();
        }
        if (outcome.refused(Role.ORGANISATION)) {
            return new OrganisationGone();
        }
        return new Held(IdempotencyItems.fromItem(outcome.oldItem(Role.RECORD).orElseThrow(outcome::unexpected)));
    }

    @Override
    public void complete(ClaimedKey claim, StoredRecord.Response response, Optional<String> callerMovedTo) {
        Expr.UpdateBuilder answered = Expr.update()
                .set("#status = :status, #type = :type, #body = :body, #location = :location")
                .name("#status", IdempotencyItems.RESPONSE_STATUS).name("#type", IdempotencyItems.RESPONSE_TYPE)
                .name("#body", IdempotencyItems.RESPONSE_BODY).name("#location", IdempotencyItems.RESPONSE_LOCATION)
                .number(":status", response.status()).value(":type", response.contentType())
                .value(":body", response.body())
                .value(":location", response.location() == null ? "" : response.location());
        callerMovedTo.ifPresent(held -> answered
                .set("#callerVersion = #callerVersion + :moved, #callerGroups = :held")
                .name("#callerVersion", IdempotencyItems.CALLER_VERSION).number(":moved", 1)
                .name("#callerGroups", IdempotencyItems.CALLER_GROUPS).value(":held", held));
        store.forTenant(claim.tenant()).update(IdempotencyItems.key(claim), answered.build(), heldBy(claim));
    }

    @Override
    public void release(ClaimedKey claim) {
        store.forTenant(claim.tenant()).delete(IdempotencyItems.key(claim), heldBy(claim));
    }

    /** The record is there, written by the claim's incarnation and claimed by this very claim. */
    private static Expr heldBy(ClaimedKey claim) {
        return Expr.exists().and(Expr.of("#incarnation = :incarnation AND #claimId = :claimId")
                .name("#incarnation", Incarnations.ATTRIBUTE).value(":incarnation", claim.incarnation().value())
                .name("#claimId", IdempotencyItems.CLAIM_ID).value(":claimId", claim.claimId()));
    }
}
