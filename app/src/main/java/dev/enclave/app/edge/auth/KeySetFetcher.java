package dev.enclave.app.edge.auth;

import java.util.concurrent.CompletableFuture;

/** Reads the identity provider's key set document (JWKS JSON). */
interface KeySetFetcher {

    CompletableFuture<String> fetch();
}
