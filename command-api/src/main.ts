// The command API as its own service (compose mode): every non-GET /api request.
import { authMigrations } from '@portal/platform/auth/schema';
import { loadConfig } from '@portal/platform/config';
import { openDatabase, waitForDatabase } from '@portal/platform/db/database';
import { migrate } from '@portal/platform/db/migrate';
import { createPool, SERVICE_CONNECT_TIMEOUT_MS } from '@portal/platform/db/pool';
import { createEventStore } from '@portal/platform/event-store/create';
import { eventStoreMigrations } from '@portal/platform/event-store/postgres-schema';
import { createLogger } from '@portal/platform/logger';
import { serve } from '@portal/platform/service';
import { assembleCommandSide } from './assemble';

const config = loadConfig();
const logger = createLogger({ level: config.logLevel, base: { service: 'command-api' } });
const database = await openDatabase(config, logger);
await waitForDatabase(database.url, logger);
const pool = createPool(database.url, { applicationName: 'command-api', connectTimeoutMs: SERVICE_CONNECT_TIMEOUT_MS });
await migrate(pool, [...eventStoreMigrations, ...authMigrations]);
const store = await createEventStore({ eventStoreUrl: config.eventStoreUrl, pool, databaseUrl: database.url, logger });
const commandSide = assembleCommandSide({ config, store, pool, logger });
for (const line of await commandSide.bootstrap()) process.stdout.write(`${line}\n`);
commandSide.noticesShown();
const stopHousekeeping = commandSide.startHousekeeping();
await serve({
  name: 'command-api',
  handler: commandSide.app.callback(),
  port: config.commandApiPort,
  host: config.host,
  logger,
  onStop: async () => {
    stopHousekeeping();
    await store.close();
    await pool.end();
    await database.stop();
  },
});
