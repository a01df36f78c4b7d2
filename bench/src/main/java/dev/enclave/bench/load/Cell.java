package dev.enclave.bench.load;

/**
 * One configuration the load matrix measures.
 *
 * @param workload {@code read} (org, members page, access check), {@code write} (invite + accept) or
 *                 {@code organisation} (GET /v1/orgs/{org} alone) or a {@code check…}
 *                 workload (POST /v1/orgs/{org}/permissions/check alone, its checks set on the matrix:
 *                 {@code bench/run --permissions})
 * @param path     {@code scoped} (Enclave as shipped), {@code unscoped} (the baseline), {@code floor} (one GetItem,
 *                 no JWT, no tenancy), {@code floor-read} (the same read as Enclave's, no JWT, no tenancy), or
 *                 {@code events-on} and {@code events-off} (Enclave as shipped on one server, and on another the
 *                 same without events: {@code bench/run --events})
 * @param tenants  how many tenants the requests spread over
 */
public record Cell(String workload, String path, int tenants) {

    public static final String SCOPED = "scoped";
    public static final String UNSCOPED = "unscoped";
    public static final String FLOOR = "floor";
    public static final String FLOOR_SAME_READ = "floor-read";
    public static final String EVENTS_ON = "events-on";
    public static final String EVENTS_OFF = "events-off";

    public String name() {
        return workload + "/" + tenants + "/" + path;
    }
}
