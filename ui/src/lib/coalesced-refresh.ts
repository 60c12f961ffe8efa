/**
 * A refresh asked for many times at once runs at most once at a time: a request while one runs is remembered, and one
 * more runs after it (however many came meanwhile), so the last change is always read and a burst of changes costs
 * two reads rather than one (cancelled) read each. With `minIntervalMs`, runs also start at least that far apart (a
 * costly read that every change anywhere asks for); a request meanwhile waits for the next run.
 */
export function coalescedRefresh(refresh: () => Promise<unknown>, { minIntervalMs = 0 }: { minIntervalMs?: number } = {}): () => void {
  let running = false;
  let again = false;
  let waiting: ReturnType<typeof setTimeout> | undefined;
  let lastStart = -Infinity;

  const run = () => {
    waiting = undefined;
    running = true;
    again = false;
    lastStart = Date.now();
    refresh()
      .catch(() => undefined) // the query shows its own error
      .finally(() => {
        running = false;
        if (again) schedule();
      });
  };

  const schedule = () => {
    const wait = lastStart + minIntervalMs - Date.now();
    if (wait <= 0) run();
    else waiting = setTimeout(run, wait);
  };

  return () => {
    if (running) again = true;
    else if (waiting === undefined) schedule();
  };
}
