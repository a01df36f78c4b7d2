/**
 * What the sandbox's endpoints share: the loopback HTTP server, a request as received, SigV4 signature checks and
 * who signed a request (the application principal or temporary credentials).
 */
package dev.enclave.sandbox.sigv4;
