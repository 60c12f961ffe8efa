// The bench's services must not outlive it: an interrupted run used to leave them running until someone found them
// with ps, and its temporary folders (the services' bundles, the one-process system's data) in /tmp.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { OutputTail } from './children';

const FIXTURE = path.join(import.meta.dirname, 'children-fixture.ts');

const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

async function until(condition: () => boolean, timeoutMs = 10_000): Promise<boolean> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (condition()) return true;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return condition();
}

/** Starts the stand-in bench and answers its child's pid, its output so far and its exit. */
async function startFixture(mode: 'error' | 'signal') {
  const bench = spawn(process.execPath, ['--import', 'tsx', FIXTURE, mode], { stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  bench.stdout.on('data', (chunk: Buffer) => { output += chunk.toString(); });
  bench.stderr.on('data', (chunk: Buffer) => { output += chunk.toString(); });
  const exited = new Promise<number | null>((resolve) => bench.once('exit', (code) => resolve(code)));
  expect(await until(() => /child \d+ folder \S+\n/.test(output), 20_000), output).toBe(true);
  const [, pid, folder] = /child (\d+) folder (\S+)\n/.exec(output)!;
  const childPid = Number(pid);
  expect(alive(childPid)).toBe(true);
  expect(fs.existsSync(folder!)).toBe(true);
  return { bench, childPid, folder: folder!, exited, output: () => output };
}

describe('processes the bench starts', () => {
  it('end, and the folders go, when the bench fails with an error', async () => {
    const { childPid, folder, exited, output } = await startFixture('error');
    expect(await exited).not.toBe(0);
    expect(output()).toContain('the bench failed');
    expect(await until(() => !alive(childPid))).toBe(true);
    expect(fs.existsSync(folder)).toBe(false);
  }, 30_000);

  for (const signal of ['SIGTERM', 'SIGINT'] as const) {
    it(`end, and the bench cleans up and removes its folders before it exits, on ${signal}`, async () => {
      const { bench, childPid, folder, exited, output } = await startFixture('signal');
      bench.kill(signal);
      expect(await exited).toBe(signal === 'SIGTERM' ? 143 : 130);
      expect(output()).toContain('cleaned up');
      expect(await until(() => !alive(childPid))).toBe(true);
      expect(fs.existsSync(folder)).toBe(false);
    }, 30_000);
  }
});

describe('the output the bench keeps of its services (a line per request at LOG_LEVEL=info)', () => {
  it('keeps everything up to its limit, in order', () => {
    const tail = new OutputTail(10);
    tail.push('abc');
    tail.push('defg');
    expect(tail.text()).toBe('abcdefg');
  });

  it('keeps only the last characters beyond its limit, across chunks and within a long one', () => {
    const tail = new OutputTail(10);
    for (const chunk of ['first line\n', 'second\n', 'third\n']) tail.push(chunk);
    expect(tail.text()).toBe('ond\nthird\n');
    tail.push('x'.repeat(25) + 'END');
    expect(tail.text()).toBe('xxxxxxxEND');
  });
});
