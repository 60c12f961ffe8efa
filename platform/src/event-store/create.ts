import type pg from 'pg';
import type { Logger } from '../logger';
import type { EventStore } from './port';
import { createPostgresEventStore } from './postgres';

/** EventStoreDB when EVENTSTORE_URL is set, else the Postgres event store in the application database. */
export async function createEventStore(options: {
  eventStoreUrl: string | undefined;
  pool: pg.Pool;
  databaseUrl: string;
  logger: Logger;
  /** Aborted when the process begins to stop (the Postgres event store's LISTEN connection closes then). */
  signal?: AbortSignal;
}): Promise<EventStore> {
  if (options.eventStoreUrl) {
    // Loaded only when used: the gRPC client is heavy and the default mode does not need it.
    const { createEventStoreDbEventStore } = await import('./eventstoredb');
    return createEventStoreDbEventStore({ connectionString: options.eventStoreUrl, logger: options.logger });
  }
  return createPostgresEventStore({ pool: options.pool, connectionString: options.databaseUrl, logger: options.logger, signal: options.signal });
}
