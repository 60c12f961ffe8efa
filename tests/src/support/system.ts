import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { loadConfig } from '@portal/platform/config';
import { silentLogger } from '@portal/platform/logger';
import { startSystem, allMigrations, type System } from '../../../scripts/system';
import { createTestDatabase, type TestDatabase } from './database';

export interface TestSystem extends System {
  db: TestDatabase;
  uiDir: string;
  stop(): Promise<void>;
}

/** The whole product on a fresh database and a free port, with a tiny stand-in UI build to serve. */
export async function startTestSystem(options: { probeMinIntervalMs?: number; readWaitMs?: number } = {}): Promise<TestSystem> {
  const db = await createTestDatabase(allMigrations);
  const uiDir = await fs.mkdtemp(path.join(os.tmpdir(), 'portal-ui-'));
  await fs.writeFile(path.join(uiDir, 'index.html'), '<!doctype html><title>Freight Portal</title><div id="root"></div>');
  await fs.mkdir(path.join(uiDir, 'assets'));
  await fs.writeFile(path.join(uiDir, 'assets', 'app-123.js'), 'console.log("app")');
  const config = {
    ...loadConfig({}),
    port: 0,
    host: '127.0.0.1',
    uiDistDir: uiDir,
    readWaitMs: options.readWaitMs ?? 2_000,
  };
  const system = await startSystem({ config, databaseUrl: db.url, logger: silentLogger, probeMinIntervalMs: options.probeMinIntervalMs ?? 0 });
  return {
    ...system,
    db,
    uiDir,
    async stop() {
      await system.close();
      await db.drop();
      await fs.rm(uiDir, { recursive: true, force: true });
    },
  };
}
