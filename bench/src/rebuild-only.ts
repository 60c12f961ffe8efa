// `npx tsx bench/src/rebuild-only.ts`: figure 4 alone (BENCH_REBUILD_EVENTS sets the number of events).
import { rebuildFigure } from './figures/rebuild';
import { database } from './support';

const db = await database();
try {
  await rebuildFigure(db.adminUrl);
} finally {
  await db.stop();
}
process.exit(0);
