// Each test file gets a database of its own on the provisioned server, dropped afterwards.
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { inject } from 'vitest';
import { until } from './until';
import { createPool, type Pool } from '@portal/platform/db/pool';
import { migrate, type Migration } from '@portal/platform/db/migrate';

export interface TestDatabase {
  url: string;
  name: string;
  pool: Pool;
  drop(): Promise<void>;
}

function withDatabase(url: string, database: string): string {
  const parsed = new URL(url);
  parsed.pathname = `/${database}`;
  return parsed.toString();
}

export async function createTestDatabase(migrations: readonly Migration[] = []): Promise<TestDatabase> {
  const adminUrl = inject('pgAdminUrl');
  const name = `t_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = withDatabase(adminUrl, name);
  const pool = createPool(url, { max: 20, applicationName: `test-${name}` });
  await migrate(pool, migrations);
  return {
    url,
    name,
    pool,
    async drop() {
      await pool.end();
      const client = new pg.Client({ connectionString: adminUrl });
      await client.connect();
      await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await client.end();
    },
  };
}

/** The backends of this pool's database that connected with this application name. */
export async function backends(pool: pg.Pool, applicationName: string): Promise<number[]> {
  const { rows } = await pool.query<{ pid: number }>(
    'SELECT pid FROM pg_stat_activity WHERE application_name = $1 AND datname = current_database()',
    [applicationName],
  );
  return rows.map((row) => row.pid);
}

/** The one backend with this application name that was not among `before`, once it is there (within 10 s). */
export async function newBackend(pool: pg.Pool, applicationName: string, before: number[]): Promise<number> {
  let found: number | undefined;
  await until(async () => (found = (await backends(pool, applicationName)).find((pid) => !before.includes(pid))) !== undefined, { timeoutMs: 10_000, what: `a new ${applicationName} connection` });
  return found!;
}
