/**
 * The sandbox's local STS: AssumeRole over the Query protocol, the sessions it issues (each bound to its role,
 * session policy, tags and expiry) and its injected faults. The gateway looks sessions up here.
 */
package dev.enclave.sandbox.sts;
