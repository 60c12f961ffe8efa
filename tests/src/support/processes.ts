import type { ChildProcess } from 'node:child_process';

/** Kills `child` with SIGKILL and waits until it has exited; a child that has already exited is left as it is. */
export async function kill(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGKILL');
  await exited;
}

/**
 * The environment for a product process a test starts (the CLI, npm start, a service): this one's, without the
 * database and event store it was given to provision test databases from (DATABASE_URL, EVENTSTORE_URL), so the child
 * uses only what `overrides` names: the test's own database, or none (the embedded default).
 */
export function childEnv(overrides: NodeJS.ProcessEnv = {}): NodeJS.ProcessEnv {
  const { DATABASE_URL: _database, EVENTSTORE_URL: _eventStore, ...rest } = process.env;
  return { ...rest, ...overrides };
}
