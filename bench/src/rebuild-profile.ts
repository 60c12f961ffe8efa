// `npx tsx bench/src/rebuild-profile.ts`: figure 4 alone, with the time each projection spends in each step
// (prepare, apply, flushPage, flush) summed over the whole rebuild. BENCH_REBUILD_EVENTS sets the number of events; with
// DATABASE_URL the generated database (bench_rebuild) stays there afterwards, for EXPLAIN ANALYZE and experiments.
import { projections } from '@portal/projector/projections';
import type { Projection } from '@portal/projector/runtime';
import { rebuildFigure } from './figures/rebuild';
import { database } from './support';

const times = new Map<string, number>();
const add = (key: string, ms: number) => times.set(key, (times.get(key) ?? 0) + ms);
for (const projection of projections as Projection[]) {
  for (const step of ['prepare', 'apply', 'flushPage', 'flush'] as const) {
    const original = projection[step] as ((...args: unknown[]) => unknown) | undefined;
    if (!original) continue;
    (projection as unknown as Record<string, unknown>)[step] = function timedStep(this: unknown, ...args: unknown[]) {
      const started = performance.now();
      const result = original.apply(this, args);
      if (result instanceof Promise) return result.finally(() => add(`${projection.name}.${step}`, performance.now() - started));
      add(`${projection.name}.${step}`, performance.now() - started);
      return result;
    };
  }
}
const db = await database();
try {
  await rebuildFigure(db.adminUrl);
} finally {
  await db.stop();
}
for (const [key, ms] of [...times].sort((a, b) => b[1] - a[1])) process.stdout.write(`${key.padEnd(30)} ${Math.round(ms)} ms\n`);
process.exit(0);
