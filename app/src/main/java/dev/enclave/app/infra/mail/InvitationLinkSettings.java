package dev.enclave.app.infra.mail;

import io.micronaut.context.annotation.ConfigurationProperties;
import io.micronaut.context.annotation.Requires;

/**
 * {@code enclave.invitations.accept-link-template}: the link an invitation carries to where the invitee accepts it,
 * an {@link AcceptLinkTemplate}; https outside the local run.
 */
@ConfigurationProperties("enclave.invitations")
@Requires(property = InvitationLinkSettings.ACCEPT_LINK_TEMPLATE)
public interface InvitationLinkSettings {

    String ACCEPT_LINK_TEMPLATE = "enclave.invitations.accept-link-template";

    String getAcceptLinkTemplate();
}
