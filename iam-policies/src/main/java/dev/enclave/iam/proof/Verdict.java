package dev.enclave.iam.proof;

/** IAM's three outcomes for one concrete request, as the encoder decides them. */
public enum Verdict { ALLOW, EXPLICIT_DENY, IMPLICIT_DENY }
