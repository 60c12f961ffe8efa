/**
 * Polls `condition` until it holds, or throws after `timeoutMs` naming `what`. With `ignoreErrors`, a condition that
 * throws (e.g. a query while the database restarts) counts as not yet.
 */
export async function until(
  condition: () => boolean | Promise<boolean>,
  options: { timeoutMs?: number; intervalMs?: number; what?: string; ignoreErrors?: boolean } = {},
): Promise<void> {
  const { timeoutMs = 10_000, intervalMs = 10, what = 'condition', ignoreErrors = false } = options;
  const deadline = Date.now() + timeoutMs;
  const check = async () => {
    try {
      return await condition();
    } catch (error) {
      if (ignoreErrors) return false;
      throw error;
    }
  };
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`${what} not met in ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, intervalMs));
  }
}
