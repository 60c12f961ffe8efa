// The projector as its own service (compose mode). Several may run: one is active, the others stand by.
import { authMigrations } from '@portal/platform/auth/schema';
import { loadConfig } from '@portal/platform/config';
import { openDatabase, waitForDatabase } from '@portal/platform/db/database';
import { migrate } from '@portal/platform/db/migrate';
import { createPool, SERVICE_CONNECT_TIMEOUT_MS } from '@portal/platform/db/pool';
import { createEventStore } from '@portal/platform/event-store/create';
import { eventStoreMigrations } from '@portal/platform/event-store/postgres-schema';
import { createLogger } from '@portal/platform/logger';
import { lowerOwnPriority } from '@portal/platform/priority';
import { runAsLeader } from './leader';
import { projections } from './projections';
import { lingerFor, Projector } from './runtime';
import { projectorMigrations } from './schema';
import { startProjecting } from './upgrade';

const config = loadConfig();
const logger = createLogger({ level: config.logLevel, base: { service: 'projector' } });
// Commands and reads first: on a busy host the projector takes the CPU they leave, in larger batches that cost less
// per event, and still keeps up (README, performance: figure 2). PROJECTOR_NICE=0 runs it as the others.
if (config.projectorNice > 0) logger.info('projector CPU priority', { nice: lowerOwnPriority(config.projectorNice, logger) });
const database = await openDatabase(config, logger);
await waitForDatabase(database.url, logger);
const pool = createPool(database.url, { applicationName: 'projector', connectTimeoutMs: SERVICE_CONNECT_TIMEOUT_MS });
await migrate(pool, [...eventStoreMigrations, ...authMigrations, ...projectorMigrations]);
const store = await createEventStore({ eventStoreUrl: config.eventStoreUrl, pool, databaseUrl: database.url, logger });
// Under a burst, larger batches: each costs about as much as 7 events on top of its own (PROJECTOR_LINGER_MS).
const projector = new Projector({ store, pool, projections, logger, linger: lingerFor(config.projectorLingerMs) });
const stop = new AbortController();
// Stops the projector, and a rebuild of read models built by an older version that it started (it resumes at the
// next start), when this one steps down or the process stops.
let stopProjecting: (() => Promise<void>) | undefined;

const leading = runAsLeader({
  connectionString: database.url,
  logger,
  signal: stop.signal,
  lead: async () => {
    process.stdout.write('projector: active\n');
    stopProjecting = await startProjecting({ projector, pool, store, databaseUrl: database.url, logger });
  },
  stepDown: async () => {
    await stopProjecting?.();
    stopProjecting = undefined;
  },
});
process.stdout.write('projector: standing by\n');

let stopping = false;
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, async () => {
    if (stopping) return;
    stopping = true;
    stop.abort();
    await stopProjecting?.();
    await leading;
    await store.close();
    await pool.end();
    await database.stop();
    process.exit(0);
  });
}
