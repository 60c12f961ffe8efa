// Processes the bench starts (the services of figures 2, 3 and 7, the socket crowd) end with the bench, and its
// temporary folders go with it.
import type { ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';

const children = new Set<ChildProcess>();

function killChildren(): void {
  for (const child of children) child.kill('SIGTERM');
}

/**
 * `child` ends with the bench, however the bench ends: normally by the stop() of whoever started it; when the bench
 * fails or exits first, by SIGTERM from the bench's 'exit' event (and see endOnSignals). Not when the bench is killed
 * with SIGKILL.
 */
export function endsWithBench(child: ChildProcess): ChildProcess {
  if (children.size === 0) process.on('exit', killChildren);
  children.add(child);
  child.once('exit', () => {
    children.delete(child);
    if (children.size === 0) process.removeListener('exit', killChildren);
  });
  return child;
}

const folders = new Set<string>();

function removeFolders(): void {
  for (const folder of folders) fs.rmSync(folder, { recursive: true, force: true });
}

/** `folder` (made by the bench, e.g. its services' bundles) is removed when the bench exits, if nothing removed it first. */
export function removedWithBench(folder: string): string {
  if (folders.size === 0) process.on('exit', removeFolders);
  folders.add(folder);
  return folder;
}

const SIGNALS = ['SIGINT', 'SIGTERM', 'SIGHUP'] as const;

/**
 * Ctrl-C, `kill` and `timeout` stop the bench's children and then run `cleanup` (e.g. stopping its embedded
 * PostgreSQL, given at most `graceMs`) before the bench exits with the signal's code. Without this, the embedded
 * PostgreSQL's own handler would stop the database and exit, and the services would run on.
 */
export function endOnSignals(cleanup: () => Promise<void>, graceMs = 20_000): void {
  let ending = false;
  const onSignal = (signal: NodeJS.Signals) => {
    if (ending) return;
    ending = true;
    process.stderr.write(`bench: ${signal}, stopping its services and database\n`);
    const code = 128 + (os.constants.signals[signal] ?? 0);
    killChildren();
    const timer = setTimeout(() => process.exit(code), graceMs);
    timer.unref();
    void cleanup().catch(() => {}).finally(() => process.exit(code));
  };
  for (const signal of SIGNALS) process.on(signal, onSignal);
}

/**
 * The last `max` characters a child printed, for error reports and start-up markers. The services of figures 2, 3
 * and 7 log a line per request at the deployed LOG_LEVEL (info), far more than the bench needs to keep.
 */
export class OutputTail {
  private chunks: string[] = [];
  private length = 0;

  constructor(private readonly max = 1 << 20) {}

  push(chunk: string): void {
    this.chunks.push(chunk);
    this.length += chunk.length;
    while (this.length - this.chunks[0]!.length >= this.max) this.length -= this.chunks.shift()!.length;
    if (this.length > this.max) {
      this.chunks[0] = this.chunks[0]!.slice(this.length - this.max);
      this.length = this.max;
    }
  }

  text(): string {
    return this.chunks.join('');
  }
}
