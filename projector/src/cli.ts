// Ops commands of the projector: `npm run projector -- status`.
import { authMigrations } from '@portal/platform/auth/schema';
import { loadConfig } from '@portal/platform/config';
import { openDatabase } from '@portal/platform/db/database';
import { migrate } from '@portal/platform/db/migrate';
import { createPool } from '@portal/platform/db/pool';
import { createEventStore } from '@portal/platform/event-store/create';
import { eventStoreMigrations } from '@portal/platform/event-store/postgres-schema';
import { createLogger } from '@portal/platform/logger';
import { projectorStatus } from './runtime';
import { projectorMigrations } from './schema';

const usage = `usage: npm run projector -- <command>

commands:
  status    print the projector's checkpoint, the event store's head position and the lag in events`;

async function main(argv: string[]): Promise<number> {
  const [command] = argv;
  if (command !== 'status') {
    process.stderr.write(`${usage}\n`);
    return command === undefined || command === 'help' || command === '--help' ? 0 : 2;
  }
  const config = loadConfig();
  const logger = createLogger({ level: 'warn', base: { service: 'projector-cli' } });
  const database = await openDatabase(config, logger, { allowRunning: true });
  const pool = createPool(database.url, { max: 2, applicationName: 'projector-cli' });
  try {
    await migrate(pool, [...eventStoreMigrations, ...authMigrations, ...projectorMigrations]);
    const store = await createEventStore({ eventStoreUrl: config.eventStoreUrl, pool, databaseUrl: database.url, logger });
    try {
      const status = await projectorStatus(store, pool);
      const show = (position: bigint) => (position < 0n ? 'none' : position.toString());
      process.stdout.write(
        `event store:  ${store.kind}\n` +
          `checkpoint:   ${show(status.checkpoint)}\n` +
          `head:         ${show(status.head)}\n` +
          `lag:          ${status.lag}${status.lagCapped ? '+' : ''} event(s)\n`,
      );
    } finally {
      await store.close();
    }
    return 0;
  } finally {
    await pool.end();
    await database.stop();
  }
}

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (error: Error) => {
    process.stderr.write(`projector: ${error.message}\n`);
    process.exit(1);
  },
);
