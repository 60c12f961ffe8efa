import path from 'node:path';
// The read API as its own service (compose mode): every GET under /api.
import { authMigrations } from '@portal/platform/auth/schema';
import { SessionStore } from '@portal/platform/auth/sessions';
import { loadConfig } from '@portal/platform/config';
import { FileStorage } from '@portal/platform/files/storage';
import { openDatabase, waitForDatabase } from '@portal/platform/db/database';
import { migrate } from '@portal/platform/db/migrate';
import { createPool, SERVICE_CONNECT_TIMEOUT_MS } from '@portal/platform/db/pool';
import { createEventStore } from '@portal/platform/event-store/create';
import { eventStoreMigrations } from '@portal/platform/event-store/postgres-schema';
import { createLogger } from '@portal/platform/logger';
import { serve } from '@portal/platform/service';
import { projectorMigrations } from '@portal/projector/schema';
import { realtimeMigrations } from './realtime/schema';
import { createReadApi } from './app';
import { ProjectionPosition } from './projection-position';
import { attachRealtime } from './realtime/socket-server';

const config = loadConfig();
const logger = createLogger({ level: config.logLevel, base: { service: 'read-api' } });
const database = await openDatabase(config, logger);
await waitForDatabase(database.url, logger);
const pool = createPool(database.url, { applicationName: 'read-api', connectTimeoutMs: SERVICE_CONNECT_TIMEOUT_MS });
await migrate(pool, [...eventStoreMigrations, ...authMigrations, ...projectorMigrations, ...realtimeMigrations]);
const store = await createEventStore({ eventStoreUrl: config.eventStoreUrl, pool, databaseUrl: database.url, logger });
const projection = new ProjectionPosition({ pool, connectionString: database.url, logger });
const sessions = new SessionStore(pool, config.sessionTtlMs);
let closeRealtime: () => Promise<void> = async () => {};
const server = await serve({
  name: 'read-api',
  handler: createReadApi({
    store, pool, projection, logger, readWaitMs: config.readWaitMs, sessions, trustProxy: config.trustProxy,
    storage: new FileStorage(path.join(config.dataDir, 'files')),
  }).callback(),
  port: config.readApiPort,
  host: config.host,
  logger,
  onStop: async () => {
    await closeRealtime();
    await projection.close();
    await store.close();
    await pool.end();
    await database.stop();
  },
});
// Any number of instances may run: each pushes the projector's changes to its own sockets.
closeRealtime = attachRealtime({ server, pool, sessions, projection, logger, connectionString: database.url }).close;
