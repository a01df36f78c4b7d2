package dev.enclave.iam.proof;

/** A solver's answer. {@link #UNKNOWN} (a timeout included) never proves anything. */
public enum SolverVerdict { SAT, UNSAT, UNKNOWN }
