/**
 * The database or event store cannot be reached right now (refused, reset, shutting down, starting up) or has no
 * room for the request (too many connections, out of memory or disk: SQLSTATE class 53). Looks through `cause`: a
 * projection's failure wraps the driver's error.
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  for (let seen = error, depth = 0; seen && depth < 5; seen = (seen as { cause?: unknown }).cause, depth++) {
    const code = (seen as { code?: unknown }).code;
    if (typeof code !== 'string') {
      if (/Connection terminated|connect ECONNREFUSED|timeout exceeded when trying to connect/i.test((seen as Error)?.message ?? '')) return true;
      continue;
    }
    if (['ECONNREFUSED', 'ECONNRESET', 'EPIPE', 'ETIMEDOUT', '57P01', '57P02', '57P03'].includes(code) || code.startsWith('08') || code.startsWith('53')) return true;
  }
  return false;
}
