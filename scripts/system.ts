// The whole product in one process: database, event store, projector, command API, read API and the gateway on one
// port. `npm start` runs it on the embedded PostgreSQL; cross-service tests run it on their own database.
import http from 'node:http';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import { assembleCommandSide } from '@portal/command-api/assemble';
import type { LoginPolicies } from '@portal/command-api/accounts/routes';
import { authMigrations } from '@portal/platform/auth/schema';
import { SessionStore } from '@portal/platform/auth/sessions';
import type { Config } from '@portal/platform/config';
import { migrate } from '@portal/platform/db/migrate';
import { createPool, SERVICE_CONNECT_TIMEOUT_MS, type Pool } from '@portal/platform/db/pool';
import { createEventStore } from '@portal/platform/event-store/create';
import type { EventStore } from '@portal/platform/event-store/port';
import { eventStoreMigrations } from '@portal/platform/event-store/postgres-schema';
import { FileStorage } from '@portal/platform/files/storage';
import { answerClientErrorsInErrorShape } from '@portal/platform/http/client-errors';
import { createGateway } from '@portal/platform/http/gateway';
import type { Logger } from '@portal/platform/logger';
import type { Mailer } from '@portal/platform/mail/mailer';
import { projections } from '@portal/projector/projections';
import { Projector } from '@portal/projector/runtime';
import { projectorMigrations } from '@portal/projector/schema';
import { startProjecting } from '@portal/projector/upgrade';
import { realtimeMigrations } from '@portal/read-api/realtime/schema';
import { createReadApi } from '@portal/read-api/app';
import { ProjectionPosition } from '@portal/read-api/projection-position';
import { attachRealtime } from '@portal/read-api/realtime/socket-server';

export const allMigrations = [...eventStoreMigrations, ...authMigrations, ...projectorMigrations, ...realtimeMigrations];

export interface System {
  url: string;
  port: number;
  pool: Pool;
  store: EventStore;
  projector: Projector;
  /** What the first start has to tell the user (admin password, demo logins). */
  notices: string[];
  /** To call once the notices are printed: a generated admin password is then no longer kept for a later start. */
  noticesShown(): void;
  close(): Promise<void>;
}

export class PortInUse extends Error {}

function listen(server: http.Server, port: number, host: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const onError = (error: NodeJS.ErrnoException) => {
      server.off('listening', onListening);
      reject(
        error.code === 'EADDRINUSE'
          ? new PortInUse(`Port ${port} on ${host} is already in use. Stop the program using it, or choose another port: PORT=8090 npm start`)
          : error,
      );
    };
    const onListening = () => {
      server.off('error', onError);
      resolve();
    };
    server.once('error', onError);
    server.once('listening', onListening);
    server.listen(port, host);
  });
}

/**
 * Refuses at once (PortInUse) when `port` cannot be listened on, before anything is started: `npm start` used to make
 * its database, admin and demo data first and only then find the port taken. Port 0 (any free one) always can. The
 * real listen still says so, should the port be taken in between.
 */
export async function assertPortFree(port: number, host: string): Promise<void> {
  if (port === 0) return;
  const probe = http.createServer();
  await listen(probe, port, host);
  await new Promise<void>((resolve) => probe.close(() => resolve()));
}

export interface StartOptions {
  config: Config;
  databaseUrl: string;
  logger: Logger;
  probeMinIntervalMs?: number;
  mailer?: Mailer;
  loginPolicies?: LoginPolicies;
}

export async function startSystem(options: StartOptions): Promise<System> {
  const { config, databaseUrl, logger } = options;
  const pool = createPool(databaseUrl, { max: 20, connectTimeoutMs: SERVICE_CONNECT_TIMEOUT_MS });
  const closers: (() => Promise<void>)[] = [() => pool.end()];
  // Ctrl-C reaches the embedded PostgreSQL too (one process group), and it ends every connection while the parts are
  // still being closed in order: whatever holds a connection of its own stops at once, and a loss then is no news.
  const stopping = new AbortController();
  const closeAll = async () => {
    stopping.abort();
    for (const close of closers.reverse()) await close().catch((error: Error) => logger.warn('shutdown step failed', { error }));
  };
  try {
    const applied = await migrate(pool, allMigrations);
    if (applied.length > 0) logger.info('migrations applied', { applied });
    const store = await createEventStore({ eventStoreUrl: config.eventStoreUrl, pool, databaseUrl, logger, signal: stopping.signal });
    closers.push(() => store.close());
    const projectorLogger = logger.child({ service: 'projector' });
    const projector = new Projector({ store, pool, projections, logger: projectorLogger, signal: stopping.signal });
    // Read models built by an older version of the projections are rebuilt in the background (stopped with the rest).
    closers.push(await startProjecting({ projector, pool, store, databaseUrl, logger: projectorLogger, signal: stopping.signal }));
    const projection = new ProjectionPosition({ pool, connectionString: databaseUrl, logger, signal: stopping.signal });
    closers.push(() => projection.close());
    const commandSide = assembleCommandSide({
      config, store, pool, logger, mailer: options.mailer, loginPolicies: options.loginPolicies, probeMinIntervalMs: options.probeMinIntervalMs,
    });
    const notices = await commandSide.bootstrap();
    const stopHousekeeping = commandSide.startHousekeeping();
    closers.push(async () => stopHousekeeping());
    const commandApi = commandSide.app;
    const sessions = new SessionStore(pool, config.sessionTtlMs);
    const readApi = createReadApi({ store, pool, projection, logger, readWaitMs: config.readWaitMs, sessions, trustProxy: config.trustProxy, storage: new FileStorage(path.join(config.dataDir, 'files')) });
    const server = http.createServer(
      createGateway({ commandApi: commandApi.callback(), readApi: readApi.callback(), uiDistDir: config.uiDistDir }),
    );
    server.keepAliveTimeout = 5_000;
    answerClientErrorsInErrorShape(server);
    // Socket.IO shares the one port: /socket.io is answered by the read API's realtime server.
    const realtime = attachRealtime({ server, pool, sessions, projection, logger });
    await listen(server, config.port, config.host);
    closers.push(async () => {
      server.closeAllConnections();
      await realtime.close();
    });
    const port = (server.address() as AddressInfo).port;
    return { url: `http://${config.host}:${port}`, port, pool, store, projector, notices, noticesShown: commandSide.noticesShown, close: closeAll };
  } catch (error) {
    await closeAll();
    throw error;
  }
}
