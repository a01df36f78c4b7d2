package dev.enclave.app.problem;

import io.micronaut.http.HttpRequest;
import io.micronaut.http.HttpStatus;
import io.micronaut.http.server.netty.NettyHttpRequest;
import io.netty.handler.codec.DecoderResult;
import io.netty.handler.codec.http.TooLongHttpHeaderException;
import io.netty.handler.codec.http.TooLongHttpLineException;
import java.util.Optional;

/**
 * A request the HTTP decoder could not read, and the status that says why: 414 for a request line over the limit,
 * 431 for headers over it, 400 for anything else malformed. Micronaut answers all of them 413 or 400 alike.
 *
 * @param status          what the answer's status should be
 * @param targetReadable  whether the request's path was read (a line too long has none to name)
 */
record TransportFailure(HttpStatus status, boolean targetReadable) {

    static Optional<TransportFailure> of(HttpRequest<?> request) {
        if (!(request instanceof NettyHttpRequest<?> netty)) {
            return Optional.empty();
        }
        DecoderResult result = netty.getNativeRequest().decoderResult();
        if (!result.isFailure()) {
            return Optional.empty();
        }
        if (result.cause() instanceof TooLongHttpLineException) {
            return Optional.of(new TransportFailure(HttpStatus.REQUEST_URI_TOO_LONG, false));
        }
        if (result.cause() instanceof TooLongHttpHeaderException) {
            return Optional.of(new TransportFailure(HttpStatus.REQUEST_HEADER_FIELDS_TOO_LARGE, true));
        }
        return Optional.of(new TransportFailure(HttpStatus.BAD_REQUEST, false));
    }
}
