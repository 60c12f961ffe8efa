import pg from 'pg';

// bigint columns (int8) come back as bigint, not as lossy numbers or strings.
pg.types.setTypeParser(pg.types.builtins.INT8, (value: string) => BigInt(value));

export type Pool = pg.Pool;
export type PoolClient = pg.PoolClient;

export function createPool(connectionString: string, options: { max?: number; applicationName?: string; searchPath?: string } = {}): pg.Pool {
  if (options.searchPath !== undefined && !/^[a-z_][a-z0-9_]*(,[a-z_][a-z0-9_]*)*$/.test(options.searchPath)) throw new Error('invalid search path');
  const pool = new pg.Pool({
    connectionString,
    max: options.max ?? 10,
    application_name: options.applicationName ?? 'freight-portal',
    idleTimeoutMillis: 30_000,
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
