import type { ChildProcess } from 'node:child_process';

/** Kills `child` with SIGKILL and waits until it has exited; a child that has already exited is left as it is. */
export async function kill(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGKILL');
  await exited;
}
