// Shared by every benchmark: the figure table, a seeded generator, percentiles and fresh databases.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { startEmbeddedPostgres } from '@portal/platform/embedded-postgres';
import { silentLogger } from '@portal/platform/logger';

export interface Figure {
  figure: string;
  unit: string;
  value: number;
  bound: string;
  boundValue: number | null;
  ratio: number | null;
  goal: string;
}

export const figures: Figure[] = [];
export const root = path.resolve(import.meta.dirname, '..', '..');

/** The same data on every run (mulberry32). */
export { seeded } from '../../tests/src/support/seeded';

export const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
};

export async function timed(fn: () => Promise<void>): Promise<number> {
  const started = performance.now();
  await fn();
  return (performance.now() - started) / 1000;
}

export function record(figure: Omit<Figure, 'ratio'>): void {
  const ratio = figure.boundValue ? Math.round((figure.value / figure.boundValue) * 100) / 100 : null;
  figures.push({ ...figure, ratio });
  process.stdout.write(`  ${figure.figure}: ${figure.value} ${figure.unit}${figure.boundValue ? ` (bound ${figure.boundValue}, ratio ${ratio})` : ''}\n`);
}

export async function database(): Promise<{ adminUrl: string; stop(): Promise<void> }> {
  if (process.env.DATABASE_URL) return { adminUrl: process.env.DATABASE_URL, stop: async () => {} };
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-bench-'));
  fs.chmodSync(dir, 0o755);
  const embedded = await startEmbeddedPostgres({ dataDir: dir, port: 0, logger: silentLogger });
  return { adminUrl: embedded.adminUrl, stop: async () => { await embedded.stop(); fs.rmSync(dir, { recursive: true, force: true }); } };
}

export async function freshDatabase(adminUrl: string, name: string): Promise<string> {
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

/** A process's name and the CPU seconds (user + system) it has used so far, from /proc; undefined once it has ended. */
function procStat(pid: number): { name: string; seconds: number } | undefined {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return { name: stat.slice(stat.indexOf('(') + 1, stat.lastIndexOf(')')), seconds: (Number(fields[11]) + Number(fields[12])) / CLOCK_TICKS };
  } catch {
    return undefined;
  }
}

/** CPU seconds (user + system) a process has used so far, from /proc (0 where /proc cannot tell). */
export const cpuSeconds = (pid: number): number => procStat(pid)?.seconds ?? 0;

/** CPU seconds used so far by each `postgres` process on this machine (the database the bench started, or a local one). */
function postgresProcesses(): Map<number, number> {
  const seconds = new Map<number, number>();
  for (const entry of fs.existsSync('/proc') ? fs.readdirSync('/proc') : []) {
    if (!/^\d+$/.test(entry)) continue;
    const stat = procStat(Number(entry));
    if (stat?.name === 'postgres') seconds.set(Number(entry), stat.seconds);
  }
  return seconds;
}

/** CPU seconds used so far by every `postgres` process on this machine. */
export const postgresCpuSeconds = (): number => [...postgresProcesses().values()].reduce((sum, seconds) => sum + seconds, 0);

/**
 * CPU seconds used so far by the PostgreSQL backends of each service (by the application name its connections give;
 * a service's LISTEN connections count as its own), and by the rest of PostgreSQL ('other': the WAL writer,
 * checkpointer, autovacuum and so on), from one scan of /proc.
 */
export async function postgresCpuByService(client: pg.Client): Promise<Record<'command-api' | 'projector' | 'read-api' | 'other', number>> {
  const { rows } = await client.query<{ pid: number; application_name: string }>('SELECT pid, application_name FROM pg_stat_activity');
  const processes = postgresProcesses();
  const byService = { 'command-api': 0, projector: 0, 'read-api': 0, other: [...processes.values()].reduce((sum, seconds) => sum + seconds, 0) };
  for (const row of rows) {
    const name = row.application_name;
    const service = name === 'command-api' ? 'command-api' : name === 'projector' || name === 'es-listener' ? 'projector' : name.startsWith('read-api') ? 'read-api' : undefined;
    const seconds = processes.get(row.pid);
    if (!service || seconds === undefined) continue;
    byService[service] += seconds;
    byService.other -= seconds;
  }
  return byService;
}

/** USER_HZ: the unit of /proc's CPU times, 100 on Linux everywhere it runs. */
const CLOCK_TICKS = 100;
