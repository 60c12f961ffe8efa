// `npm start` (scripts/start.ts) as a process: a setting it cannot use, and its embedded PostgreSQL going away under it.
import { execFile, spawn } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, expect, it } from 'vitest';
import { until } from './support/until';

const START = path.resolve(import.meta.dirname, '..', '..', 'scripts', 'start.ts');
const dataDirs: string[] = [];
afterAll(async () => {
  for (const dir of dataDirs) await fs.rm(dir, { recursive: true, force: true });
});

it('stops with a message and exit code 1 when its embedded PostgreSQL dies, instead of answering 503 for ever', async () => {
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'portal-start-'));
  dataDirs.push(dataDir);
  const child = spawn(process.execPath, ['--import', 'tsx', START], {
    env: { ...process.env, DATA_DIR: dataDir, PORT: '0', EMBEDDED_PG_PORT: '0', SEED_DEMO: 'false', ADMIN_PASSWORD: 'Start-Test-Pass-42', LOG_LEVEL: 'error' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stdout.setEncoding('utf8').on('data', (chunk: string) => (stdout += chunk));
  child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  try {
    await until(() => stdout.includes('Press Ctrl-C to stop.'), { timeoutMs: 90_000, intervalMs: 100, what: 'npm start to be running' });
    const pid = Number((await fs.readFile(path.join(dataDir, 'postgres', 'postmaster.pid'), 'utf8')).split('\n')[0]);
    process.kill(pid, 'SIGKILL');
    expect(await exited).toBe(1);
    expect(stderr).toContain('The embedded PostgreSQL stopped unexpectedly (killed by SIGKILL). Stopping; start again with npm start.');
  } finally {
    child.kill('SIGKILL');
  }
}, 120_000);

it('says which setting is wrong, without a stack trace, and exits 1 before starting anything', async () => {
  const failure = await promisify(execFile)(process.execPath, ['--import', 'tsx', START], { env: { ...process.env, PORT: '99999', DATA_DIR: '/nonexistent/never-created' } }).then(
    () => ({ code: 0, stderr: '' }),
    (error: { code: number; stderr: string }) => error,
  );
  expect(failure.code).toBe(1);
  expect(failure.stderr.trim()).toBe("Cannot start: PORT must be a port number from 0 to 65535, got '99999'");
}, 30_000);
