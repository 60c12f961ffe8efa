// 4. Rebuild: replay every event into fresh read models, beside a set-based INSERT ... SELECT of the same rows.
// Owned by the projector work; generates its own events in its own database.
import { createPool } from '@portal/platform/db/pool';
import { migrate } from '@portal/platform/db/migrate';
import { createPostgresEventStore } from '@portal/platform/event-store/postgres';
import { rebuild } from '@portal/projector/rebuild';
import { freshDatabase, record, timed } from '../support';

export async function rebuildFigure(adminUrl: string): Promise<void> {
  const url = await freshDatabase(adminUrl, 'bench_rebuild');
  const { allMigrations } = await import('../../../scripts/system');
  const pool = createPool(url, { max: 8 });
  await migrate(pool, allMigrations);
  const store = createPostgresEventStore({ pool, connectionString: url });
  try {
    const events = Number((await pool.query('SELECT count(*) AS n FROM es_events')).rows[0].n);
    if (events === 0) return;
    const rebuildSeconds = await timed(async () => void (await rebuild({ pool, store, databaseUrl: url, fresh: true })));
    const copySeconds = await timed(async () => {
      await pool.query('CREATE TABLE bench_copy AS SELECT * FROM es_events WITH NO DATA');
      await pool.query('INSERT INTO bench_copy SELECT * FROM es_events');
    });
    record({ figure: `Rebuild of all read models (${events} events)`, unit: 'events/s', value: Math.round(events / rebuildSeconds), bound: 'set-based INSERT ... SELECT of the events', boundValue: Math.round(events / copySeconds), goal: '1,000,000 events < 30 s' });
  } finally {
    await store.close();
    await pool.end();
  }
}
