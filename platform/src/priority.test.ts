import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { expect, it } from 'vitest';

const HELPER = path.join(import.meta.dirname, 'priority.ts');

/** Runs lowerOwnPriority(nice) in a fresh Node process started at `startNice`; answers what it returned and each thread's niceness as /proc shows it. */
function inChild(nice: number, startNice = 0): { returned: number; threads: number[] } {
  const script = `
    import fs from 'node:fs';
    import os from 'node:os';
    import { lowerOwnPriority } from ${JSON.stringify(HELPER)};
    import { silentLogger } from ${JSON.stringify(path.join(import.meta.dirname, 'logger.ts'))};
    if (${startNice} > 0) for (const tid of fs.readdirSync('/proc/self/task')) os.setPriority(Number(tid), ${startNice});
    const returned = lowerOwnPriority(${nice}, silentLogger);
    // Field 19 of /proc/<tid>/stat, counted after the command name's closing parenthesis.
    const threads = fs.readdirSync('/proc/self/task').map((tid) => Number(fs.readFileSync('/proc/self/task/' + tid + '/stat', 'utf8').split(') ')[1].split(' ')[16]));
    process.stdout.write(JSON.stringify({ returned, threads }));
  `;
  const child = spawnSync(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], { encoding: 'utf8' });
  if (child.status !== 0) throw new Error(child.stderr);
  return JSON.parse(child.stdout) as { returned: number; threads: number[] };
}

// Each thread's niceness is read from /proc/self/task, which only Linux has (and only there does a niceness belong to
// a thread). Where it is missing these two are skipped, with that reason printed and in their titles.
const noThreadList = fs.existsSync('/proc/self/task') ? '' : 'skipped: no /proc/self/task on this system (not Linux), where per-thread niceness is read';
if (noThreadList) process.stdout.write(`${noThreadList}\n`);
const onLinux = (title: string) => (noThreadList ? `${title} (${noThreadList})` : title);

it.skipIf(noThreadList)(onLinux('lowers every thread of the process to the niceness asked for, helper threads too'), () => {
  const { returned, threads } = inChild(15);
  expect(returned).toBe(15);
  expect(threads.length).toBeGreaterThan(1);
  expect(threads.every((nice) => nice === 15)).toBe(true);
});

it.skipIf(noThreadList)(onLinux('never raises the priority of a process started nicer than asked'), () => {
  const { returned, threads } = inChild(5, 12);
  expect(returned).toBe(12);
  expect(threads.every((nice) => nice === 12)).toBe(true);
});

it('refuses a niceness outside 0-19', async () => {
  const { lowerOwnPriority } = await import('./priority');
  const { silentLogger } = await import('./logger');
  for (const bad of [-1, 20, 2.5]) expect(() => lowerOwnPriority(bad, silentLogger)).toThrow(RangeError);
});
