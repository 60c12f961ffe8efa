import pg from 'pg';

// bigint columns (int8) come back as bigint, not as lossy numbers or strings.
pg.types.setTypeParser(pg.types.builtins.INT8, (value: string) => BigInt(value));

export type Pool = pg.Pool;
export type PoolClient = pg.PoolClient;

/** How long the services wait for a database connection (a new one, or a free one of the pool) before a request fails. */
export const SERVICE_CONNECT_TIMEOUT_MS = 10_000;

/**
 * `connectTimeoutMs`: a query fails when no connection could be had by then (a database that stops answering, as in a
 * network partition, would otherwise hold it for minutes); unset, it waits. The services set it; the operations
 * commands, whose long transactions may hold every connection of their small pools for a while, do not.
 */
export function createPool(connectionString: string, options: { max?: number; applicationName?: string; searchPath?: string; connectTimeoutMs?: number } = {}): pg.Pool {
  if (options.searchPath !== undefined && !/^[a-z_][a-z0-9_]*(,[a-z_][a-z0-9_]*)*$/.test(options.searchPath)) throw new Error('invalid search path');
  const pool = new pg.Pool({
    connectionString,
    max: options.max ?? 10,
    application_name: options.applicationName ?? 'freight-portal',
    idleTimeoutMillis: 30_000,
    connectionTimeoutMillis: options.connectTimeoutMs ?? 0,
    // A connection that silently went half-open is found by TCP keep-alive (probes from 10 s idle) instead of being
    // kept for ever.
    keepAlive: true,
    keepAliveInitialDelayMillis: 10_000,
    // Unqualified names resolve here first: how a rebuild writes into its own schema with the same SQL.
    ...(options.searchPath ? { options: `-c search_path=${options.searchPath}` } : {}),
  });
  // An idle client losing its connection (database restart) must not crash the process; the pool replaces it.
  pool.on('error', () => {});
  // Nor may a checked-out one between two queries (the pool listens only while a client is idle): its next query
  // fails and is handled there, and a client that lost its connection is discarded when it is released.
  pool.on('connect', (client) => client.on('error', () => {}));
  return pool;
}

/** Runs fn in a transaction on one client; rolls back on any error. */
export async function withTransaction<T>(pool: pg.Pool, fn: (client: pg.PoolClient) => Promise<T>): Promise<T> {
  const client = await pool.connect();
  try {
    await client.query('BEGIN');
    const result = await fn(client);
    await client.query('COMMIT');
    return result;
  } catch (error) {
    await client.query('ROLLBACK').catch(() => {});
    throw error;
  } finally {
    client.release();
  }
}
