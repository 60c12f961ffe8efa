/**
 * A refresh asked for many times at once runs at most once at a time: a request while one runs is remembered, and one
 * more runs after it (however many came meanwhile), so the last change is always read and a burst of changes costs
 * two reads rather than one (cancelled) read each.
 */
export function coalescedRefresh(refresh: () => Promise<unknown>): () => void {
  let running = false;
  let again = false;

  const run = () => {
    running = true;
    again = false;
    refresh()
      .catch(() => undefined) // the query shows its own error
      .finally(() => {
        running = false;
        if (again) run();
      });
  };

  return () => {
    if (running) again = true;
    else run();
  };
}
