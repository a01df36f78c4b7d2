package dev.enclave.app.infra.mail;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.OutputStreamWriter;
import java.io.UncheckedIOException;
import java.io.Writer;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.util.Locale;

/**
 * An SMTP server that answers every recipient with one scripted reply ({@code 550 5.1.1 ...} refuses it for good,
 * {@code 451 ...} for now), and what a client needs to get there with the usual ones.
 */
final class ScriptedSmtpServer implements AutoCloseable {

    private final ServerSocket socket;
    private final String recipientReply;

    ScriptedSmtpServer(String recipientReply) {
        this.recipientReply = recipientReply;
        try {
            this.socket = new ServerSocket(0, 1, InetAddress.getLoopbackAddress());
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        Thread serving = new Thread(this::serve, "scripted-smtp");
        serving.setDaemon(true);
        serving.start();
    }

    int port() {
        return socket.getLocalPort();
    }

    private void serve() {
        while (!socket.isClosed()) {
            try (Socket client = socket.accept()) {
                converse(new BufferedReader(new InputStreamReader(client.getInputStream(), StandardCharsets.US_ASCII)),
                        new OutputStreamWriter(client.getOutputStream(), StandardCharsets.US_ASCII));
            } catch (IOException closed) {
                return;
            }
        }
    }

    private void converse(BufferedReader in, Writer out) throws IOException {
        reply(out, "220 scripted ESMTP");
        for (String line = in.readLine(); line != null; line = in.readLine()) {
            String command = line.length() < 4 ? line : line.substring(0, 4).toUpperCase(Locale.ROOT);
            switch (command) {
                case "EHLO", "HELO" -> reply(out, "250 scripted");
                case "MAIL", "RSET", "NOOP" -> reply(out, "250 2.0.0 OK");
                case "RCPT" -> reply(out, recipientReply);
                case "QUIT" -> {
                    reply(out, "221 2.0.0 bye");
                    return;
                }
                default -> reply(out, "502 5.5.1 not scripted");
            }
        }
    }

    private static void reply(Writer out, String line) throws IOException {
        out.write(line + "\r\n");
        out.flush();
    }

    @Override
    public void close() throws IOException {
        socket.close();
    }
}
