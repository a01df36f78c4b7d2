package dev.enclave.app.infra.store;

import dev.enclave.table.TableDesign;

/** The table's key and TTL attribute names, from {@link TableDesign#ENCLAVE} so code and table cannot drift. */
public final class TableAttributes {

    public static final String PARTITION_KEY = TableDesign.ENCLAVE.partitionKey();
    public static final String SORT_KEY = TableDesign.ENCLAVE.sortKey();
    public static final String TTL = TableDesign.ENCLAVE.ttlAttribute();

    private TableAttributes() {
    }
}
