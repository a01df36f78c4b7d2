/**
 * The sandbox's DynamoDB gateway: authenticates each request, works out what it touches (actions, tables, leading
 * keys, attributes), evaluates the session's policies like IAM and forwards what is allowed to DynamoDB Local.
 */
package dev.enclave.tenancy.sandbox.gateway;
