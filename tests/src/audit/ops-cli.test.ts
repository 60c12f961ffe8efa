import { type ChildProcess, execFile, spawn } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PortalClient } from '../support/http-client';
import { REPLAY_LOCK } from '@portal/projector/rebuild';
import { PROJECTOR_LEADER_LOCK } from '@portal/projector/leader';
import { PROJECTOR_BATCH_LOCK } from '@portal/projector/runtime';
import { READ_MODELS_VERSION } from '@portal/projector/schema';
import { startTestSystem, TEST_ADMIN_PASSWORD, type TestSystem } from '../support/system';
import { createTestDatabase } from '../support/database';
import { allMigrations } from '../../../scripts/system';
import { createEventStore } from '@portal/platform/event-store/create';
import { silentLogger } from '@portal/platform/logger';
import { until } from '../support/until';
import { DEMO_PASSWORD, signIn } from '../accounts/support';
import { childEnv } from '../support/processes';

const run = promisify(execFile);
const CLI = path.resolve(import.meta.dirname, '..', '..', '..', 'projector', 'src', 'cli.ts');
let system: TestSystem;
let vendor: PortalClient;

async function projector(...args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  return projectorWith({}, ...args);
}

async function projectorWith(env: NodeJS.ProcessEnv, ...args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  try {
    const { stdout, stderr } = await run(process.execPath, ['--import', 'tsx', CLI, ...args], { env: childEnv({ DATABASE_URL: system.db.url, ...env }) });
    return { code: 0, stdout, stderr };
  } catch (error) {
    const failure = error as { code: number; stdout: string; stderr: string };
    return { code: failure.code, stdout: failure.stdout, stderr: failure.stderr };
  }
}

beforeAll(async () => {
  system = await startTestSystem({ config: { seedDemo: true, demoPassword: DEMO_PASSWORD } });
  vendor = await signIn(system, 'carrier', 'vendor');
});
afterAll(async () => { await system?.stop(); });

/**
 * Runs `stop` on a CLI rebuild held at its switch-over: the live projector's batch lock is held meanwhile, and `stop`
 * is called once the rebuild's own connection waits for it (not the live projector's next batch, which waits for the
 * lock too). Afterwards, a rebuild run to the end resumes what this one left.
 */
async function rebuildStoppedAtSwitchOver(stop: (rebuild: { child: ChildProcess; output: { stdout: string; stderr: string }; exited: Promise<number | null> }) => Promise<void>) {
  const holder = await system.db.pool.connect();
  try {
    await holder.query('SELECT pg_advisory_lock($1)', [PROJECTOR_BATCH_LOCK]);
    const child = spawn(process.execPath, ['--import', 'tsx', CLI, 'rebuild'], { env: childEnv({ DATABASE_URL: system.db.url }), stdio: ['ignore', 'pipe', 'pipe'] });
    const output = { stdout: '', stderr: '' };
    child.stdout!.setEncoding('utf8').on('data', (chunk: string) => (output.stdout += chunk));
    child.stderr!.setEncoding('utf8').on('data', (chunk: string) => (output.stderr += chunk));
    const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
    const waiting = `SELECT 1 FROM pg_locks l JOIN pg_stat_activity a ON a.pid = l.pid
      WHERE l.locktype = 'advisory' AND l.objid = $1 AND NOT l.granted AND a.application_name = 'projector-cli'`;
    await until(async () => (await system.db.pool.query(waiting, [PROJECTOR_BATCH_LOCK])).rows.length > 0, { timeoutMs: 60_000, what: 'the rebuild to wait for the switch-over' });
    await stop({ child, output, exited });
  } finally {
    await holder.query('SELECT pg_advisory_unlock($1)', [PROJECTOR_BATCH_LOCK]);
    holder.release();
  }
  expect((await projector('rebuild')).code).toBe(0);
}

describe('npm run projector -- <command>', () => {
  it('status prints the checkpoint, the head and the lag', async () => {
    const { code, stdout } = await projector('status');
    expect(code).toBe(0);
    // Which database, without its password.
    const url = new URL(system.db.url);
    expect(stdout).toContain(`database:     DATABASE_URL (${url.hostname}:${url.port}${url.pathname})`);
    expect(stdout).not.toContain(url.password);
    expect(stdout).toMatch(/event store: +postgres/);
    expect(stdout).toMatch(/checkpoint: +\d+/);
    expect(stdout).toMatch(/head: +\d+/);
    expect(stdout).toMatch(/lag: +\d+ event\(s\)/);
    expect(stdout).toContain(`read models:  version ${READ_MODELS_VERSION} (current)`);
  }, 60_000);

  it('verify finds the live read models equal to a replay', async () => {
    const { code, stdout } = await projector('verify');
    expect(code).toBe(0);
    expect(stdout).toContain('The read models equal a replay from the first event.');
  }, 120_000);

  it('verify names each row that differs by its key, and the fields that differ, and exits 1', async () => {
    const created = await vendor.post('/api/loads/', { load_number: 'ops-verify-1' });
    const id: string = created.body.id;
    await until(async () => (await system.db.pool.query('SELECT 1 FROM loads WHERE id = $1', [id])).rows.length === 1, { what: 'the load projected' });
    // A row changed behind the projector's back (as a bad manual fix would).
    await system.db.pool.query(`UPDATE loads SET status = 'cancelled' WHERE id = $1`, [id]);
    try {
      const { code, stdout } = await projector('verify');
      expect(code).toBe(1);
      const lines = stdout.split('\n');
      expect(lines).toContain('loads: 1 row(s) in the live table differ from or are missing in the replay, 1 the other way round');
      expect(lines).toContain(`  id=${id}: differs in`);
      expect(lines).toContain('    status: live "cancelled", replay "open"');
      // And what to do about it.
      expect(lines).toContain("'npm run projector -- rebuild' replaces the live read models with a replay, which the events decide.");
      // Not the whole row (about 3 kB with its state and view).
      expect(stdout).not.toContain('"pickup_location"');
    } finally {
      await system.db.pool.query(`UPDATE loads SET status = 'open' WHERE id = $1`, [id]);
    }
    expect((await projector('verify')).code).toBe(0);
  }, 180_000);

  it('verify counts every differing row, though it shows only the first 20 of each side', async () => {
    // The counts were those of the rows shown: 30 rows deleted read as 20 (ops audit).
    const ids: string[] = [];
    for (let i = 0; i < 22; i++) ids.push((await vendor.post('/api/loads/', { load_number: `ops-count-${i}` })).body.id);
    await until(async () => (await system.db.pool.query('SELECT 1 FROM loads WHERE id = ANY($1)', [ids])).rows.length === 22, { what: 'the loads projected' });
    await system.db.pool.query('CREATE TABLE verify_saved_loads AS SELECT * FROM loads WHERE id = ANY($1)', [ids]);
    await system.db.pool.query('DELETE FROM loads WHERE id = ANY($1)', [ids]);
    try {
      const { code, stdout } = await projector('verify');
      expect(code).toBe(1);
      const lines = stdout.split('\n');
      expect(lines).toContain('loads: 0 row(s) in the live table differ from or are missing in the replay, 22 the other way round');
      expect(lines).toContain('  (the first 20 of each side below)');
      expect(lines.filter((line) => line.endsWith(': only in the replay'))).toHaveLength(20);
    } finally {
      await system.db.pool.query('INSERT INTO loads SELECT * FROM verify_saved_loads');
      await system.db.pool.query('DROP TABLE verify_saved_loads');
    }
    expect((await projector('verify')).code).toBe(0);
  }, 180_000);

  it('restore brings back a deleted load as the ops actor; restoring it again is refused', async () => {
    const created = await vendor.post('/api/loads/', { load_number: 'ops-restore-1' });
    await vendor.request('DELETE', `/api/loads/${created.body.id}/`);
    await until(async () => (await system.db.pool.query('SELECT 1 FROM loads WHERE id = $1 AND deleted_at IS NOT NULL', [created.body.id])).rows.length === 1, { what: 'the deletion projected' });
    const { code, stdout } = await projector('restore', 'loads', created.body.id);
    expect(code).toBe(0);
    expect(stdout).toMatch(/Restored load kdt_\S+ \([0-9a-f-]{36}\) as ops:/);
    const { rows } = await system.db.pool.query(`SELECT metadata FROM es_events WHERE stream_id = $1 AND type = 'LoadRestored'`, [`load-${created.body.id}`]);
    expect(rows[0].metadata.actorType).toBe('OPS');
    const { rows: position } = await system.db.pool.query(`SELECT max(position) AS p FROM es_events`);
    expect((await vendor.get(`/api/loads/${created.body.id}/?min_position=${position[0].p}`)).status).toBe(200);
    const again = await projector('restore', 'loads', created.body.id);
    expect(again.code).toBe(2);
    expect(again.stderr).toContain('This record is not deleted: it was restored already, or never deleted.');
    const unknown = await projector('restore', 'vendors', '00000000-0000-4000-8000-000000000000');
    expect(unknown.code).toBe(2);
    expect(unknown.stderr.trim()).toBe('projector: no vendor with the id 00000000-0000-4000-8000-000000000000 (deleted or not)');
  }, 120_000);

  it('rebuild resumes after an interruption that left its scratch schema without tables, and changes nothing live meanwhile', async () => {
    // What an interruption between creating the schema and its tables left (before both went in one transaction).
    await system.db.pool.query('DROP SCHEMA IF EXISTS rm_rebuild CASCADE; CREATE SCHEMA rm_rebuild');
    const { code, stdout, stderr } = await projector('rebuild');
    expect(stderr).not.toMatch(/does not exist|behind the schema/);
    expect(code).toBe(0);
    expect(stdout).toMatch(/Switched/);
    expect((await projector('verify')).code).toBe(0);
    expect((await vendor.get('/api/loads/')).status).toBe(200);
  }, 180_000);

  it('rebuild says where it starts, how far it is and how many events it replayed, on a small store too', async () => {
    const { code, stdout } = await projector('rebuild', '--fresh');
    expect(code).toBe(0);
    // The whole store is one page: still a line before it, the page's, and one once it has committed.
    const [, head] = stdout.match(/^Rebuilding the read models\.\.\.\n {2}replaying every event up to position (\d+)\n/) ?? [];
    expect(head).toBeDefined();
    const { rows } = await system.db.pool.query<{ n: bigint }>('SELECT count(*) AS n FROM es_events WHERE position <= $1', [head]);
    expect(rows[0]!.n).toBeGreaterThan(0n);
    expect(stdout).toMatch(new RegExp(
      `\\n {2}${head} / ${head} \\(100\\.0%\\), \\d+ events/s, ETA 0s\\n {2}replayed ${rows[0]!.n} event\\(s\\) in \\d+\\.\\ds \\(\\d+ events/s\\)\\n`,
    ));
    expect(stdout).toMatch(/\nSwitched to the rebuilt read models at position \d+\.\n$/);
  }, 180_000);

  it('finishes a rebuild whose output is piped into a reader that stops early (rebuild | head -1), without a stack', async () => {
    const child = spawn(process.execPath, ['--import', 'tsx', CLI, 'rebuild', '--fresh'], { env: childEnv({ DATABASE_URL: system.db.url }), stdio: ['ignore', 'pipe', 'pipe'] });
    let stderr = '';
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
    // The first line read, then the pipe closed, as head does: the next write meets EPIPE.
    child.stdout.once('data', () => child.stdout.destroy());
    const code = await new Promise<number | null>((resolve) => child.once('exit', resolve));
    expect(stderr).toBe('');
    expect(code).toBe(0);
    const { rows } = await system.db.pool.query(`SELECT nspname FROM pg_namespace WHERE nspname = 'rm_rebuild'`);
    expect(rows).toEqual([]);
  }, 180_000);

  it('refuses a rebuild or a verify while another one runs, saying so, and touches nothing', async () => {
    const other = await system.db.pool.connect();
    try {
      await other.query('SELECT pg_advisory_lock($1)', [REPLAY_LOCK]);
      for (const command of ['rebuild', 'verify']) {
        const { code, stdout, stderr } = await projector(command);
        expect(code, command).toBe(2);
        expect(stderr.trim(), command).toBe('projector: another rebuild or verify is running on this database; try again once it has finished');
        // Not first 'Rebuilding the read models...' as if it had begun.
        expect(stdout, command).toBe('');
      }
      const { rows } = await system.db.pool.query(`SELECT nspname FROM pg_namespace WHERE nspname IN ('rm_rebuild', 'rm_verify')`);
      expect(rows).toEqual([]);
    } finally {
      await other.query('SELECT pg_advisory_unlock($1)', [REPLAY_LOCK]);
      other.release();
    }
  }, 120_000);

  it('rebuilds and verifies beside an active projector that holds its leader lock (compose)', async () => {
    const leader = await system.db.pool.connect();
    try {
      await leader.query('SELECT pg_advisory_lock($1)', [PROJECTOR_LEADER_LOCK]);
      const rebuilt = await projector('rebuild');
      expect(rebuilt.stderr).toBe('');
      expect(rebuilt.code).toBe(0);
      expect((await projector('verify')).code).toBe(0);
    } finally {
      await leader.query('SELECT pg_advisory_unlock($1)', [PROJECTOR_LEADER_LOCK]);
      leader.release();
    }
  }, 180_000);

  it('status names what an interrupted rebuild or verify left behind', async () => {
    await system.db.pool.query('CREATE SCHEMA IF NOT EXISTS rm_verify');
    try {
      const { code, stdout } = await projector('status');
      expect(code).toBe(0);
      expect(stdout).toContain("left over:    a verify's copy of the read models (schema rm_verify): the next 'verify' replaces it");
      expect(stdout).not.toContain('unfinished:');
    } finally {
      await system.db.pool.query('DROP SCHEMA IF EXISTS rm_verify CASCADE');
    }
  }, 60_000);

  it('status says a rebuild is under way while one holds the replay lock, not that one was left unfinished', async () => {
    // As a projector's upgrade rebuild (or another ops command) would be, part way through its scratch schema.
    const holder = await system.db.pool.connect();
    await system.db.pool.query('CREATE SCHEMA IF NOT EXISTS rm_rebuild');
    try {
      await holder.query('SELECT pg_advisory_lock($1)', [REPLAY_LOCK]);
      const { code, stdout } = await projector('status');
      expect(code).toBe(0);
      expect(stdout).toContain("under way:    a rebuild or verify is running on this database (a projector's upgrade rebuild, or an ops command)");
      expect(stdout).not.toContain('unfinished:');
    } finally {
      await holder.query('SELECT pg_advisory_unlock($1)', [REPLAY_LOCK]).catch(() => {});
      holder.release();
      await system.db.pool.query('DROP SCHEMA IF EXISTS rm_rebuild CASCADE');
    }
  }, 60_000);

  it('an interrupted rebuild says the live read models are unchanged and how to resume, and exits 130', async () => {
    // Held, the live projector's batch lock stops the rebuild at its switch-over, where it is interrupted.
    await rebuildStoppedAtSwitchOver(async ({ child, output, exited }) => {
      child.kill('SIGINT');
      expect(await exited).toBe(130);
      expect(output.stdout).toContain('Rebuilding the read models...');
      expect(output.stderr).toContain("Interrupted. The live read models are unchanged; 'npm run projector -- rebuild' resumes where this stopped.");
    });
  }, 180_000);

  it('a rebuild whose database connection is lost says so, that the live read models are unchanged, and how to resume', async () => {
    // As when the product beside it is stopped with its embedded PostgreSQL: before, only the driver's "write EPIPE".
    await rebuildStoppedAtSwitchOver(async ({ output, exited }) => {
      await system.db.pool.query(`SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE application_name = 'projector-cli'`);
      expect(await exited).toBe(2);
      expect(output.stderr).toMatch(/^projector: the database connection was lost during the rebuild \(.+\)\. The live read models are unchanged; once the database is back, 'npm run projector -- rebuild' resumes where this stopped\.\n$/);
    });
  }, 180_000);

  it('refuses to work on a data folder the product never ran in, instead of making an empty database there', async () => {
    const empty = await fs.mkdtemp(path.join(os.tmpdir(), 'portal-cli-empty-'));
    try {
      const env: NodeJS.ProcessEnv = childEnv({ DATA_DIR: empty, EMBEDDED_PG_PORT: '0' });
      delete env.DATABASE_URL;
      const failure = await run(process.execPath, ['--import', 'tsx', CLI, 'status'], { env }).then(() => ({ code: 0, stderr: '' }), (error: { code: number; stderr: string }) => error);
      expect(failure.code).toBe(2);
      expect(failure.stderr.trim()).toBe(`projector: there is no database in DATA_DIR=${empty}: start the product there first (npm start), or set DATA_DIR or DATABASE_URL to the one to work on`);
      expect(await fs.readdir(empty)).toEqual([]);
    } finally {
      await fs.rm(empty, { recursive: true, force: true });
    }
  }, 60_000);

  it('answers bad usage with what is wrong, the usage text and exit code 2, and help with the usage and 0', async () => {
    const cases: [string[], string][] = [
      [['restore', 'planets', 'x'], "projector: unknown kind 'planets' (kinds: loads, vendors, staff)"],
      [['restore', 'load', 'x'], "projector: unknown kind 'load' (kinds: loads, vendors, staff)"],
      [['rebuild', '--frsh'], "projector: unknown option '--frsh' for rebuild (it takes --fresh)"],
      [['verify', '--fresh'], "projector: unknown option '--fresh' for verify (it takes none)"],
      [['status', 'extra'], "projector: status takes no arguments; 'extra' is one too many"],
      [['restore', 'loads'], 'projector: restore needs <kind> <record>'],
      [['deleted'], 'projector: deleted needs <kind>'],
      [['frobnicate'], "projector: unknown command 'frobnicate'"],
    ];
    for (const [args, said] of cases) {
      const { code, stdout, stderr } = await projector(...args);
      expect(code, args.join(' ')).toBe(2);
      expect(stderr.split('\n')[0], args.join(' ')).toBe(said);
      expect(stderr).toContain('usage: npm run projector -- <command>');
      expect(stdout).toBe('');
    }
    const none = await projector();
    expect(none.code).toBe(2);
    expect(none.stderr).toContain('usage: npm run projector -- <command>');
    for (const help of ['help', '--help', '-h']) {
      const { code, stdout, stderr } = await projector(help);
      expect(code, help).toBe(0);
      expect(stdout).toContain('usage: npm run projector -- <command>');
      expect(stdout).toContain('exit status: 0 done (verify: the read models equal a replay), 1 verify found differences, 2 the command could not');
      expect(stderr).toBe('');
    }
  }, 120_000);

  it('verify names the events it did not compare, those after the checkpoint of a projector that is not running', async () => {
    // A database whose projector never ran: two events in the store, none in the read models.
    const db = await createTestDatabase(allMigrations);
    try {
      const store = await createEventStore({ eventStoreUrl: undefined, pool: db.pool, databaseUrl: db.url, logger: silentLogger });
      await store.appendToStream('probe-1', [{ type: 'PipelineProbed', data: {}, metadata: {} }, { type: 'PipelineProbed', data: {}, metadata: {} }], { expectedRevision: 'no_stream' });
      await store.close();
      const { code, stdout } = await projectorWith({ DATABASE_URL: db.url }, 'verify');
      expect(code).toBe(0);
      expect(stdout).toContain('The read models equal a replay from the first event.\n2 event(s) after the position compared at (none yet: the projector has applied nothing) were not compared.\n');
    } finally {
      await db.drop();
    }
  }, 120_000);

  it('lists the deleted records of a kind, and restores one by its Load ID or username, as the person OPS_ACTOR names', async () => {
    const created = await vendor.post('/api/loads/', { load_number: 'ops-bykey-1' });
    const id = created.body.id as string;
    const deleted = await vendor.request('DELETE', `/api/loads/${id}/`);
    await until(async () => (await system.db.pool.query('SELECT 1 FROM loads WHERE id = $1 AND deleted_at IS NOT NULL', [id])).rows.length === 1, { what: 'the deletion projected' });
    const listed = await projector('deleted', 'loads');
    expect(listed.code).toBe(0);
    expect(listed.stdout.split('\n').find((line) => line.startsWith(id))).toMatch(new RegExp(`^${id}  kdt_ops-bykey-1  \\(.+\\)  deleted \\d{4}-\\d{2}-\\d{2}T.+Z by carrier$`));
    expect(deleted.status).toBe(204);

    // By its Load ID, as the board and the complaint name it, in any case.
    const restored = await projectorWith({ OPS_ACTOR: 'jane.doe' }, 'restore', 'loads', 'KDT_ops-bykey-1');
    expect(restored.code).toBe(0);
    expect(restored.stdout).toContain(`Restored load kdt_ops-bykey-1 (${id}) as ops:jane.doe`);
    const { rows } = await system.db.pool.query(`SELECT metadata FROM es_events WHERE stream_id = $1 AND type = 'LoadRestored'`, [`load-${id}`]);
    expect(rows[0].metadata.actorUsername).toBe('ops:jane.doe');

    // A vendor by its username, in another case: back, with its account (it can sign in again).
    const admin = await signIn(system, 'admin', 'staff', TEST_ADMIN_PASSWORD);
    const newcarrier = (await admin.get<{ id: string; username: string }[]>('/api/vendors/')).body.find((row) => row.username === 'newcarrier')!;
    expect((await admin.request('DELETE', `/api/vendors/${newcarrier.id}/`)).status).toBe(204);
    await until(async () => (await system.db.pool.query('SELECT 1 FROM vendor_profiles WHERE id = $1 AND deleted_at IS NOT NULL', [newcarrier.id])).rows.length === 1, { what: 'the vendor deletion projected' });
    expect((await projector('deleted', 'vendors')).stdout).toContain(`${newcarrier.id}  newcarrier`);
    const vendorBack = await projector('restore', 'vendors', 'NewCarrier');
    expect(vendorBack.code).toBe(0);
    expect(vendorBack.stdout).toContain(`Restored vendor newcarrier (${newcarrier.id}) as ops:`);
    await until(async () => (await signIn(system, 'newcarrier', 'vendor').then(() => true, () => false)), { what: 'the restored vendor signing in' });

    // By its id in capitals: the same record, named by its username (the output gave the id alone).
    expect((await admin.request('DELETE', `/api/vendors/${newcarrier.id}/`)).status).toBe(204);
    await until(async () => (await system.db.pool.query('SELECT 1 FROM vendor_profiles WHERE id = $1 AND deleted_at IS NOT NULL', [newcarrier.id])).rows.length === 1, { what: 'the vendor deleted again' });
    const byCapitals = await projector('restore', 'vendors', newcarrier.id.toUpperCase());
    expect(byCapitals.code).toBe(0);
    expect(byCapitals.stdout).toContain(`Restored vendor newcarrier (${newcarrier.id}) as ops:`);

    const unknown = await projector('restore', 'vendors', 'nobody-here');
    expect(unknown.code).toBe(2);
    expect(unknown.stderr.trim()).toBe("projector: no vendor with the id or username nobody-here (deleted or not); 'npm run projector -- deleted vendors' lists the deleted ones");
    const badActor = await projectorWith({ OPS_ACTOR: 'jane; rm -rf' }, 'restore', 'loads', id);
    expect(badActor.code).toBe(2);
    expect(badActor.stderr).toContain('OPS_ACTOR must be');
    expect((await projector('deleted', 'staff')).stdout).toBe('No deleted staff.\n');
  }, 120_000);
});
