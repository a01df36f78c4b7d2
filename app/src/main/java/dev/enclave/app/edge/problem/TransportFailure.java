package dev.enclave.app.edge.problem;

import io.micronaut.http.HttpRequest;
import io.micronaut.http.HttpStatus;
import io.micronaut.http.server.netty.NettyHttpRequest;
import io.netty.handler.codec.DecoderResult;
import io.netty.handler.codec.http.TooLongHttpHeaderException;
import io.netty.handler.codec.http.TooLongHttpLineException;
import java.util.Optional;

/**
 * A request the HTTP decoder could not read, and the status that says why: 414 for a request line over the limit,
 * 431 for headers over it (Micronaut answers both 413, "body too large"); anything else keeps Micronaut's status.
 *
 * @param status          the status the answer should have instead of Micronaut's, if any
 * @param targetReadable  whether the request's path was read (a bad request line has none to name; Netty calls it
 *                        {@code /bad-request})
 */
record TransportFailure(Optional<HttpStatus> status, boolean targetReadable) {

    static Optional<TransportFailure> of(HttpRequest<?> request) {
        if (!(request instanceof NettyHttpRequest<?> netty)) {
            return Optional.empty();
        }
        DecoderResult result = netty.getNativeRequest().decoderResult();
        if (!result.isFailure()) {
            return Optional.empty();
        }
        if (result.cause() instanceof TooLongHttpLineException) {
            return Optional.of(new TransportFailure(Optional.of(HttpStatus.REQUEST_URI_TOO_LONG), false));
        }
        if (result.cause() instanceof TooLongHttpHeaderException) {
            return Optional.of(new TransportFailure(Optional.of(HttpStatus.REQUEST_HEADER_FIELDS_TOO_LARGE), true));
        }
        return Optional.of(new TransportFailure(Optional.empty(), false));
    }
}
