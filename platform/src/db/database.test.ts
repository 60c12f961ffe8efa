import { spawn } from 'node:child_process';
import { promises as fs } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterEach, expect, it } from 'vitest';
import { loadConfig } from '../config';
import { startEmbeddedPostgres } from '../embedded-postgres';
import { silentLogger } from '../logger';
import { EMBEDDED_DATABASE, openDatabase } from './database';

const cleanups: Array<() => Promise<void> | void> = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

it(
  "an ops command beside a stale postmaster.pid whose pid another process has taken since starts its own server, instead of connecting to the file's dead port",
  async () => {
    const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'portal-open-db-'));
    cleanups.push(() => fs.rm(dataDir, { recursive: true, force: true }));
    // A data folder the product ran in, left by a crash: its pid file names a process that is alive, but is not PostgreSQL.
    const first = await startEmbeddedPostgres({ dataDir, port: 0, logger: silentLogger });
    await first.ensureDatabase(EMBEDDED_DATABASE);
    const pidFile = path.join(dataDir, 'postgres', 'postmaster.pid');
    const lines = (await fs.readFile(pidFile, 'utf8')).split('\n');
    await first.stop();
    const other = spawn('sleep', ['60'], { stdio: 'ignore' });
    cleanups.push(() => void other.kill('SIGKILL'));
    lines[0] = String(other.pid);
    await fs.writeFile(pidFile, lines.join('\n'));

    const config = loadConfig({ DATA_DIR: dataDir, EMBEDDED_PG_PORT: '0' });
    const database = await openDatabase(config, silentLogger, { allowRunning: true, mustExist: true });
    cleanups.push(() => database.stop());
    expect(database.source).toBe('embedded');
    const client = new pg.Client({ connectionString: database.url });
    await client.connect();
    try {
      expect((await client.query('SELECT current_database() AS name')).rows).toEqual([{ name: EMBEDDED_DATABASE }]);
    } finally {
      await client.end();
    }
  },
  90_000,
);
