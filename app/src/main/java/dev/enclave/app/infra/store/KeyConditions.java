package dev.enclave.app.infra.store;

import dev.enclave.table.IndexDesign;

/** Key conditions of Queries, on the table's or an index's key attributes as {@code TableDesign} names them. */
public final class KeyConditions {

    /** A projection of the table keys alone, for a Query by {@link #partition(String, String)}. */
    public static final String TABLE_KEYS = "#pk, #sk";

    private KeyConditions() {
    }

    /** Every item of the partition. */
    public static Expr partition(String partition) {
        return Expr.of("#pk = :pk").name("#pk", TableAttributes.PARTITION_KEY).value(":pk", partition);
    }

    /** The items of the partition whose sort key starts with {@code sortPrefix}. */
    public static Expr partition(String partition, String sortPrefix) {
        return partition(partition).and(beginsWith("#sk", TableAttributes.SORT_KEY, sortPrefix));
    }

    /** Every entry of {@code index} at {@code partition}. */
    public static Expr index(IndexDesign index, String partition) {
        return Expr.of("#ipk = :ipk").name("#ipk", index.partitionKey()).value(":ipk", partition);
    }

    /** The entries of {@code index} at {@code partition} whose sort key starts with {@code sortPrefix}. */
    public static Expr index(IndexDesign index, String partition, String sortPrefix) {
        return index(index, partition).and(beginsWith("#isk", index.sortKey(), sortPrefix));
    }

    /** The entry of {@code index} at {@code partition} whose sort key is {@code sortKey}, if any. */
    public static Expr indexAt(IndexDesign index, String partition, String sortKey) {
        return index(index, partition).and(Expr.of("#isk = :sortKey").name("#isk", index.sortKey())
                .value(":sortKey", sortKey));
    }

    /** The entries of {@code index} at {@code partition} whose sort key is below {@code sortBound}. */
    public static Expr indexBelow(IndexDesign index, String partition, String sortBound) {
        return index(index, partition).and(Expr.of("#isk < :bound").name("#isk", index.sortKey())
                .value(":bound", sortBound));
    }

    private static Expr beginsWith(String placeholder, String attribute, String prefix) {
        return Expr.of("begins_with(" + placeholder + ", :prefix)").name(placeholder, attribute)
                .value(":prefix", prefix);
    }
}
