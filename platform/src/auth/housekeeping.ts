import type { Logger } from '../logger';
import type { SessionStore } from './sessions';
import type { LoginThrottle } from './throttle';

/** Longer than any login policy's window or lock: a throttle row untouched this long counts for nothing any more. */
export const THROTTLE_ROW_MAX_AGE_MS = 24 * 60 * 60 * 1000;
const EVERY_MS = 60 * 60 * 1000;

/**
 * Expired sessions and stale login-throttle rows removed now and then (every instance may: the deletes are idempotent).
 * Without it both tables only grew: a session that simply expires was never removed, nor a row for a guessed username.
 * Returns the stop.
 */
export function startAuthHousekeeping(options: { sessions: SessionStore; throttle: LoginThrottle; logger: Logger; everyMs?: number; firstAfterMs?: number }): () => void {
  const run = async () => {
    try {
      const sessions = await options.sessions.purgeExpired();
      const throttles = await options.throttle.purgeStale(THROTTLE_ROW_MAX_AGE_MS);
      if (sessions + throttles > 0) options.logger.info('auth housekeeping', { expiredSessions: sessions, staleThrottleRows: throttles });
    } catch (error) {
      options.logger.warn('auth housekeeping failed; tried again later', { error });
    }
  };
  const first = setTimeout(() => void run(), options.firstAfterMs ?? 5_000);
  const timer = setInterval(() => void run(), options.everyMs ?? EVERY_MS);
  first.unref();
  timer.unref();
  return () => {
    clearTimeout(first);
    clearInterval(timer);
  };
}
