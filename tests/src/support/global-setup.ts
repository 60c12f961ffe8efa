import type { TestProject } from 'vitest/node';
import { provisionEventStoreDb, provisionPostgres } from './provision';

declare module 'vitest' {
  export interface ProvidedContext {
    pgAdminUrl: string;
    eventStoreUrl: string | null;
    eventStoreSkipReason: string;
  }
}

export default async function setup(project: TestProject) {
  const postgres = await provisionPostgres();
  const eventStoreDb = await provisionEventStoreDb();
  process.stdout.write(`test infrastructure: PostgreSQL from ${postgres.source}; ` +
    `EventStoreDB ${eventStoreDb.url ? 'at ' + eventStoreDb.url : 'not available'}\n`);
  project.provide('pgAdminUrl', postgres.url);
  project.provide('eventStoreUrl', eventStoreDb.url);
  project.provide('eventStoreSkipReason', eventStoreDb.skipReason);
  return async () => {
    await eventStoreDb.stop();
    await postgres.stop();
  };
}
