/**
 * The sandbox's DynamoDB gateway: authenticates each request, works out what it touches (actions, tables, leading
 * keys, attributes), evaluates the session's policies like IAM and forwards what is allowed to DynamoDB Local,
 * correcting its answers where DynamoDB Local differs from DynamoDB: global secondary index reads that may lag
 * behind the table ({@link dev.enclave.sandbox.gateway.IndexLag}), and the consumed capacity of batch and
 * transaction writes.
 */
package dev.enclave.sandbox.gateway;
