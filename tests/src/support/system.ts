import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { defaultLoginPolicies, type LoginPolicies } from '@portal/command-api/accounts/routes';
import { loadConfig, type Config } from '@portal/platform/config';
import { silentLogger } from '@portal/platform/logger';
import { startSystem, allMigrations, type StartOptions, type System } from '../../../scripts/system';
import { createTestDatabase, type TestDatabase } from './database';
import { PortalClient } from './http-client';

export const TEST_ADMIN_PASSWORD = 'Admin-Test-Pass-42';

export interface TestSystem extends System {
  db: TestDatabase;
  dataDir: string;
  config: Config;
  client(): PortalClient;
  /**
   * Waits until the read API serves every event appended so far, as a client does that passes the position its command
   * was answered with (`min_position`). For reads that depend on changes made without such an answer at hand (sign-ups,
   * activations, demo data, writes straight into the event store).
   */
  caughtUp(): Promise<void>;
  /** The .eml files written to DATA_DIR/outbox, oldest first. */
  outbox(): Promise<string[]>;
  stop(): Promise<void>;
}

/**
 * The whole product on a fresh database and a free port, with a data folder of its own and, unless a real UI build
 * is given, a tiny stand-in UI to serve.
 */
export async function startTestSystem(
  options: {
    config?: Partial<Config>;
    uiDistDir?: string;
    loginPolicies?: Partial<LoginPolicies>;
    /** A database to start on (as a restart would), kept when the system stops; by default a new one, dropped then. */
    db?: TestDatabase;
  } & Pick<StartOptions, 'probeMinIntervalMs'> = {},
): Promise<TestSystem> {
  const db = options.db ?? (await createTestDatabase(allMigrations));
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'portal-data-'));
  let uiDistDir = options.uiDistDir;
  if (!uiDistDir) {
    uiDistDir = path.join(dataDir, 'ui');
    await fs.mkdir(path.join(uiDistDir, 'assets'), { recursive: true });
    await fs.writeFile(path.join(uiDistDir, 'index.html'), '<!doctype html><title>Freight Portal</title><div id="root"></div>');
    await fs.writeFile(path.join(uiDistDir, 'assets', 'app-123.js'), 'console.log("app")');
  }
  const config: Config = {
    ...loadConfig({}),
    port: 0,
    host: '127.0.0.1',
    dataDir,
    uiDistDir,
    readWaitMs: 2_000,
    seedDemo: false,
    adminPassword: TEST_ADMIN_PASSWORD,
    ...options.config,
  };
  const system = await startSystem({
    config,
    databaseUrl: db.url,
    logger: silentLogger,
    probeMinIntervalMs: options.probeMinIntervalMs ?? 0,
    // Test files sign up many accounts from 127.0.0.1: the sign-up limit is the production one only where a test asks
    // for it (accounts/signup-limit.test.ts).
    loginPolicies: { ...defaultLoginPolicies, signUpsPerClient: { maxFailures: 100_000, windowMs: 60_000, lockMs: 1_000 }, ...options.loginPolicies },
  });
  const outboxDir = path.join(dataDir, 'outbox');
  const caughtUp = async () => {
    const head = await system.store.headPosition();
    if (head < 0n) return;
    const answer = await fetch(`${system.url}/api/auth/user/?min_position=${head}`);
    await answer.arrayBuffer();
    if (answer.headers.get('x-read-model-stale') === 'true') throw new Error(`the read models did not reach position ${head}`);
  };
  // The built-in admin and any demo data, projected before the first test reads them.
  await caughtUp();
  return {
    ...system,
    caughtUp,
    db,
    dataDir,
    config: { ...config, publicUrl: system.url },
    client: () => new PortalClient(system.url),
    async outbox() {
      const files = (await fs.readdir(outboxDir).catch(() => [])).sort();
      return Promise.all(files.map((file) => fs.readFile(path.join(outboxDir, file), 'utf8')));
    },
    async stop() {
      await system.close();
      if (!options.db) await db.drop();
      await fs.rm(dataDir, { recursive: true, force: true });
    },
  };
}
