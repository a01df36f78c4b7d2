package dev.enclave.app.domain.event;

import java.util.List;
import java.util.Objects;
import java.util.regex.Pattern;

/**
 * What an event says happened, dot-separated: {@code member.added}. Enclave's own types are the constants below
 * ({@link #ENCLAVE}); an organisation's app records its own in the audit log ({@link #ofApp}), never in Enclave's
 * vocabulary.
 *
 * @param value the type as the envelope carries it
 */
public record EventType(String value) {

    /** An app's action: two to four lowercase dot-separated words, at most 64 characters. */
    private static final Pattern APP_ACTION = Pattern.compile("[a-z][a-z0-9_]{0,30}(\\.[a-z][a-z0-9_]{0,30}){1,3}");

    public static final EventType ORGANISATION_CREATED = new EventType("organisation.created");
    public static final EventType ORGANISATION_RENAMED = new EventType("organisation.renamed");
    public static final EventType ORGANISATION_SUSPENDED = new EventType("organisation.suspended");
    public static final EventType ORGANISATION_RESUMED = new EventType("organisation.resumed");
    public static final EventType ORGANISATION_DELETED = new EventType("organisation.deleted");
    public static final EventType ORGANISATION_SEATS_CHANGED = new EventType("organisation.seats_changed");
    public static final EventType ORGANISATION_LIMITS_CHANGED = new EventType("organisation.limits_changed");
    public static final EventType MEMBER_ADDED = new EventType("member.added");
    public static final EventType MEMBER_REMOVED = new EventType("member.removed");
    public static final EventType MEMBER_GROUPS_CHANGED = new EventType("member.groups_changed");
    public static final EventType OWNERSHIP_TRANSFERRED = new EventType("ownership.transferred");
    public static final EventType INVITATION_SENT = new EventType("invitation.sent");
    public static final EventType INVITATION_RESENT = new EventType("invitation.resent");
    public static final EventType INVITATION_REVOKED = new EventType("invitation.revoked");
    public static final EventType INVITATION_ACCEPTED = new EventType("invitation.accepted");
    public static final EventType INVITATION_DECLINED = new EventType("invitation.declined");
    public static final EventType INVITATION_EXPIRED = new EventType("invitation.expired");
    public static final EventType SERVICE_CREATED = new EventType("service.created");
    public static final EventType SERVICE_RENAMED = new EventType("service.renamed");
    public static final EventType SERVICE_DELETED = new EventType("service.deleted");
    public static final EventType SERVICE_GROUP_MEMBER_ADDED = new EventType("service_group.member_added");
    public static final EventType SERVICE_GROUP_MEMBER_REMOVED = new EventType("service_group.member_removed");
    public static final EventType SERVICE_GROUP_PERMISSIONS_CHANGED =
            new EventType("service_group.permissions_changed");
    public static final EventType API_KEY_CREATED = new EventType("api_key.created");
    public static final EventType API_KEY_REVOKED = new EventType("api_key.revoked");
    public static final EventType API_KEY_USED_FIRST = new EventType("api_key.used_first");
    public static final EventType CREDENTIALS_ISSUED = new EventType("credentials.issued");
    public static final EventType WEBHOOK_ENDPOINT_CREATED = new EventType("webhook_endpoint.created");
    public static final EventType WEBHOOK_ENDPOINT_UPDATED = new EventType("webhook_endpoint.updated");
    public static final EventType WEBHOOK_ENDPOINT_DELETED = new EventType("webhook_endpoint.deleted");
    public static final EventType WEBHOOK_ENDPOINT_SECRET_ROTATED = new EventType("webhook_endpoint.secret_rotated");
    public static final EventType WEBHOOK_ENDPOINT_DISABLED = new EventType("webhook_endpoint.disabled");
    public static final EventType GROUP_CREATED = new EventType("group.created");
    public static final EventType GROUP_UPDATED = new EventType("group.updated");
    public static final EventType GROUP_DELETED = new EventType("group.deleted");
    public static final EventType INVITATION_DELIVERY_CHANGED =
            new EventType("organisation.invitation_delivery_changed");
    public static final EventType EVENT_RETENTION_CHANGED = new EventType("organisation.retention_changed");

    /** Resources Enclave names beyond its events' own: {@code webhook.test}, the test delivery's type. */
    private static final java.util.Set<String> RESERVED_RESOURCES = java.util.Set.of("webhook");

    /** Every type Enclave records itself. */
    public static final List<EventType> ENCLAVE = List.of(
            ORGANISATION_CREATED, ORGANISATION_RENAMED, ORGANISATION_SUSPENDED, ORGANISATION_RESUMED,
            ORGANISATION_DELETED, ORGANISATION_SEATS_CHANGED, ORGANISATION_LIMITS_CHANGED, EVENT_RETENTION_CHANGED,
            INVITATION_DELIVERY_CHANGED, MEMBER_ADDED, MEMBER_REMOVED, MEMBER_GROUPS_CHANGED, OWNERSHIP_TRANSFERRED,
            INVITATION_SENT, INVITATION_RESENT, INVITATION_REVOKED, INVITATION_ACCEPTED, INVITATION_DECLINED,
            INVITATION_EXPIRED, SERVICE_CREATED, SERVICE_RENAMED, SERVICE_DELETED, SERVICE_GROUP_MEMBER_ADDED,
            SERVICE_GROUP_MEMBER_REMOVED, SERVICE_GROUP_PERMISSIONS_CHANGED, API_KEY_CREATED, API_KEY_REVOKED,
            API_KEY_USED_FIRST, CREDENTIALS_ISSUED, WEBHOOK_ENDPOINT_CREATED, WEBHOOK_ENDPOINT_UPDATED,
            WEBHOOK_ENDPOINT_DELETED, WEBHOOK_ENDPOINT_SECRET_ROTATED, WEBHOOK_ENDPOINT_DISABLED, GROUP_CREATED,
            GROUP_UPDATED, GROUP_DELETED);

    public EventType {
        Objects.requireNonNull(value, "value");
        if (!APP_ACTION.matcher(value).matches() || value.length() > 64) {
            throw new IllegalArgumentException("an event type is lowercase dot-separated words: " + value);
        }
    }

    /** Whether {@code value} is a type an app may record: well formed, and in no resource Enclave's types use. */
    public static boolean admitsApp(String value) {
        return value != null && value.length() <= 64 && APP_ACTION.matcher(value).matches()
                && !RESERVED_RESOURCES.contains(value.substring(0, value.indexOf('.')))
                && ENCLAVE.stream().noneMatch(type -> type.resource().equals(value.substring(0, value.indexOf('.'))));
    }

    /** Whether {@code value} names events a log can hold: one of Enclave's own types, or an app's action. */
    public static boolean names(String value) {
        return ENCLAVE.stream().anyMatch(type -> type.value().equals(value)) || admitsApp(value);
    }

    /** An app's action, which {@link #admitsApp} must admit. */
    public static EventType ofApp(String value) {
        if (!admitsApp(value)) {
            throw new IllegalArgumentException("not an app's action: " + value);
        }
        return new EventType(value);
    }

    /** The part before the first dot: {@code member} of {@code member.added}. */
    public String resource() {
        return value.substring(0, value.indexOf('.'));
    }

    @Override
    public String toString() {
        return value;
    }
}
