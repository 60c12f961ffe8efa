/** A health check answers in this time, whatever the database does: monitoring must see a database that stopped answering. */
export const HEALTH_CHECK_MS = 3_000;

/** Thrown by `within` when the work has not answered in time (it goes on; its outcome is dropped). */
export class DeadlineExceeded extends Error {
  override readonly name = 'DeadlineExceeded';
  constructor(what: string, readonly ms: number) {
    super(`${what}: no answer within ${ms / 1000} s`);
  }
}

/**
 * `work`'s answer, or DeadlineExceeded once `ms` have passed without one (a database that stopped answering without
 * closing its connections, as a frozen or partitioned server does, would otherwise hold the caller for as long).
 */
export function within<T>(work: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new DeadlineExceeded(what, ms)), ms);
  });
  // A late failure of the work, after the deadline answered, is nobody's to handle.
  work.catch(() => undefined);
  return Promise.race([work, late]).finally(() => clearTimeout(timer));
}
