// The projector as its own service (compose mode).
import { authMigrations } from '@portal/platform/auth/schema';
import { loadConfig } from '@portal/platform/config';
import { openDatabase } from '@portal/platform/db/database';
import { migrate } from '@portal/platform/db/migrate';
import { createPool } from '@portal/platform/db/pool';
import { createEventStore } from '@portal/platform/event-store/create';
import { eventStoreMigrations } from '@portal/platform/event-store/postgres-schema';
import { createLogger } from '@portal/platform/logger';
import { projections } from './projections';
import { Projector } from './runtime';
import { projectorMigrations } from './schema';

const config = loadConfig();
const logger = createLogger({ level: config.logLevel, base: { service: 'projector' } });
const database = await openDatabase(config, logger);
const pool = createPool(database.url, { applicationName: 'projector' });
await migrate(pool, [...eventStoreMigrations, ...authMigrations, ...projectorMigrations]);
const store = await createEventStore({ eventStoreUrl: config.eventStoreUrl, pool, databaseUrl: database.url, logger });
const projector = new Projector({ store, pool, projections, logger });
projector.start();

let stopping = false;
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, async () => {
    if (stopping) return;
    stopping = true;
    await projector.stop();
    await store.close();
    await pool.end();
    await database.stop();
    process.exit(0);
  });
}
