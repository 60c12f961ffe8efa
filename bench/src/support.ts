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

