package dev.enclave.app.infra.store.invitation;

import dev.enclave.app.domain.invitation.InvitationDelivery;
import dev.enclave.app.domain.invitation.Invitations;
import dev.enclave.app.infra.sealing.ResponseSeal;
import dev.enclave.app.infra.store.Expr;
import dev.enclave.app.infra.store.ItemKey;
import dev.enclave.app.infra.store.SortableTime;
import dev.enclave.table.TableDesign;
import java.time.Instant;
import java.util.HashMap;
import java.util.Map;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * What an invitation Enclave delivers itself carries until it is delivered: how ({@code delivery}), its token sealed
 * to the item's key ({@code sealedToken}), and, for email, its entry on the due-deliveries index, due at once, with
 * the mailer's lease and attempts while it is being sent.
 */
final class InvitationPostings {

    static final String DELIVERY = "delivery";
    static final String SEALED_TOKEN = "sealedToken";
    static final String HOLDER = "mailHolder";
    static final String LEASE_UNTIL = "mailLeaseUntil";
    static final String ATTEMPTS = "mailAttempts";
    static final String FAULT = "mailFault";
    static final String MAILED_AT = "mailedAt";

    private InvitationPostings() {
    }

    /** {@code item} with what {@code handover} needs, sealed with {@code seal}. */
    static Map<String, AttributeValue> handedOver(Map<String, AttributeValue> item, Invitations.Handover handover,
                                                  ResponseSeal seal, ItemKey key, Instant now) {
        if (handover.delivery() == InvitationDelivery.TOKEN) {
            return item;
        }
        Map<String, AttributeValue> posted = new HashMap<>(item);
        posted.put(DELIVERY, AttributeValue.fromS(handover.delivery().wire()));
        posted.put(SEALED_TOKEN, AttributeValue.fromS(seal.seal(handover.token().value(), recordKey(key))));
        if (handover.delivery() == InvitationDelivery.EMAIL) {
            posted.put(TableDesign.BY_OWED_WORK.partitionKey(), AttributeValue.fromS(TableDesign.DUE_DELIVERIES));
            posted.put(TableDesign.BY_OWED_WORK.sortKey(), AttributeValue.fromS(SortableTime.format(now)));
        }
        return posted;
    }

    /**
     * A renewal's handover, added to {@code update}: the new token sealed for its delivery, and for email its entry
     * due at once with no attempts yet; a mailer still holding the old token's posting no longer holds it (its
     * outcome is refused, so it cannot take the new token's entry off the index), and a delivery other than email
     * leaves the index.
     */
    static void handedOver(Expr.UpdateBuilder update, Invitations.Handover handover, ResponseSeal seal, ItemKey key,
                           Instant now) {
        update.remove("#mailHolder", "#mailLease").name("#mailHolder", HOLDER).name("#mailLease", LEASE_UNTIL);
        if (handover.delivery() == InvitationDelivery.TOKEN) {
            update.remove("#sealedToken").name("#sealedToken", SEALED_TOKEN);
        } else {
            update.set("#delivery = :delivery, #sealedToken = :sealed").name("#delivery", DELIVERY)
                    .value(":delivery", handover.delivery().wire()).name("#sealedToken", SEALED_TOKEN)
                    .value(":sealed", seal.seal(handover.token().value(), recordKey(key)));
        }
        if (handover.delivery() == InvitationDelivery.EMAIL) {
            update.set("#duePk = :due, #dueSk = :now, #attempts = :none")
                    .name("#duePk", TableDesign.BY_OWED_WORK.partitionKey()).value(":due", TableDesign.DUE_DELIVERIES)
                    .name("#dueSk", TableDesign.BY_OWED_WORK.sortKey()).value(":now", SortableTime.format(now))
                    .name("#attempts", ATTEMPTS).number(":none", 0);
        } else {
            offTheIndex(update);
        }
    }

    /** A closed invitation, or one no longer mailed: its entry leaves the due-deliveries index. */
    static Expr.UpdateBuilder offTheIndex(Expr.UpdateBuilder update) {
        return update.remove("#duePk", "#dueSk").name("#duePk", TableDesign.BY_OWED_WORK.partitionKey())
                .name("#dueSk", TableDesign.BY_OWED_WORK.sortKey());
    }

    static String recordKey(ItemKey key) {
        return key.partition() + "|" + key.sort();
    }
}
