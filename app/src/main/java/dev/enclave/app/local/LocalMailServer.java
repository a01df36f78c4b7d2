package dev.enclave.app.local;

import com.icegreen.greenmail.store.FolderException;
import com.icegreen.greenmail.store.StoredMessage;
import com.icegreen.greenmail.user.GreenMailUser;
import com.icegreen.greenmail.util.GreenMail;
import com.icegreen.greenmail.util.ServerSetup;
import java.util.Comparator;
import java.util.List;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The local run's SMTP server: GreenMail in process on the loopback address, taking every message for every
 * recipient into one mailbox, in the order they arrive, and keeping them in memory until cleared or stopped.
 * {@link LocalMailController} shows what it received.
 */
final class LocalMailServer implements AutoCloseable {

    static final String HOST = "127.0.0.1";

    private static final Logger LOG = LoggerFactory.getLogger(LocalMailServer.class);
    private static final long STARTING_MILLIS = 10_000;
    /** The one mailbox's messages are numbered as they arrive. */
    private static final Comparator<StoredMessage> NEWEST_FIRST = Comparator.comparingLong(StoredMessage::getUid)
            .reversed();

    private final GreenMail greenMail;

    private LocalMailServer(GreenMail greenMail) {
        this.greenMail = greenMail;
    }

    /** Starts a server on {@code port} of the loopback address; 0 for a free port. */
    static LocalMailServer start(int port) {
        ServerSetup smtp = new ServerSetup(port, HOST, ServerSetup.PROTOCOL_SMTP);
        smtp.setServerStartupTimeout(STARTING_MILLIS);
        GreenMail greenMail = new GreenMail(smtp);
        greenMail.start();
        GreenMailUser mailbox = greenMail.setUser("mailbox@enclave.local", "mailbox", "local");
        greenMail.getUserManager().setMessageDeliveryHandler((message, recipient) -> mailbox);
        LocalMailServer server = new LocalMailServer(greenMail);
        LOG.info("local SMTP server at {}:{}; what it received: GET /local/mail", HOST, server.port());
        return server;
    }

    int port() {
        return greenMail.getSmtp().getPort();
    }

    /** Every message received since the last {@link #clear()}, newest first: one per recipient. */
    List<ReceivedMail> received() {
        return greenMail.getManagers().getImapHostManager().getAllMessages().stream().sorted(NEWEST_FIRST)
                .map(ReceivedMail::of).toList();
    }

    void clear() {
        try {
            greenMail.purgeEmailFromAllMailboxes();
        } catch (FolderException e) {
            throw new IllegalStateException("cannot clear the local SMTP server's mailboxes", e);
        }
    }

    @Override
    public void close() {
        greenMail.stop();
    }
}
