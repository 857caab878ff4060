/**
 * The most pooled connections one instance opens to PostgreSQL (opened as needed, none kept idle).
 *
 * A statement holds its connection until the event loop has read the answer, and under load the
 * answer waits in the loop's queue behind other requests' work: with 10, bench/api's app (50
 * connections) kept its CPU about half busy while requests waited for a connection, and served the
 * month's rota at 0.41× the bare server; with 20 at 0.60×, the same CPU per request
 * (docs/performance.md). Size PostgreSQL's `max_connections` for it (docs/operations.md).
 */
export const POOL_MAX_CONNECTIONS = 20;
