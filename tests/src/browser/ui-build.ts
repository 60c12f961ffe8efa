// The real UI build (ui/vite.config.ts), made once for the browser test files by ./global-setup.ts.
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const UI_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../ui');

export interface UiBuild {
  /** The folder holding index.html and assets/, for `startTestSystem({ uiDistDir })`. */
  dir: string;
  remove(): Promise<void>;
}

/** Builds the real UI (ui/vite.config.ts) into a temporary folder, as `npm run build -w ui` would. */
export async function buildUi(): Promise<UiBuild> {
  const { build } = await import('vite');
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'portal-ui-'));
  // Vitest runs with NODE_ENV=test, which would make Vite bundle React's development build. Build what ships.
  const nodeEnv = process.env.NODE_ENV;
  process.env.NODE_ENV = 'production';
  try {
    await build({
      root: UI_ROOT,
      configFile: path.join(UI_ROOT, 'vite.config.ts'),
      mode: 'production',
      logLevel: 'warn',
      build: { outDir: dir, emptyOutDir: true },
    });
  } catch (error) {
    await fs.rm(dir, { recursive: true, force: true });
    throw error;
  } finally {
    if (nodeEnv === undefined) delete process.env.NODE_ENV;
    else process.env.NODE_ENV = nodeEnv;
  }
  return { dir, remove: () => fs.rm(dir, { recursive: true, force: true }) };
}

