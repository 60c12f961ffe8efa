import fs from 'node:fs';
import os from 'node:os';
import type { Logger } from './logger';

/**
 * Gives every thread of this process the niceness `nice` (0-19) when it is higher than the one they have: on Linux a
 * niceness belongs to a thread, and libuv's and V8's helper threads start before this runs. Never lowers a niceness
 * the process was started with (that would take privileges, and override whoever chose it). Returns the main thread's
 * niceness afterwards; a thread that cannot be changed is logged and left as it is.
 */
export function lowerOwnPriority(nice: number, logger: Logger): number {
  if (!Number.isInteger(nice) || nice < 0 || nice > 19) throw new RangeError(`niceness must be an integer from 0 to 19, not ${nice}`);
  let threads: number[] = [];
  try {
    threads = fs.readdirSync('/proc/self/task').map(Number).filter((tid) => Number.isInteger(tid) && tid > 0);
  } catch {
    // Not Linux: the platform's own notion of the process.
  }
  if (threads.length === 0) threads = [process.pid];
  for (const tid of threads) {
    try {
      if (os.getPriority(tid) < nice) os.setPriority(tid, nice);
    } catch (error) {
      // A helper thread that ended meanwhile, or a platform that refuses: it keeps its priority.
      logger.warn('could not lower the CPU priority of a thread', { thread: tid, nice, error });
    }
  }
  return os.getPriority();
}
