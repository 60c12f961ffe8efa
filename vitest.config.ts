import os from 'node:os';
import { defineConfig } from 'vitest/config';

// Vitest's default is one worker per core but one: on a 2-core machine, one file at a time, while most files spend
// their time waiting on a browser, a socket or the database. So the files that do not drive a browser run two (or
// more) at a time first, then the browser files one at a time: those measure layout, focus and timing in a real
// Chromium, which a second browser file competing for the 2 cores made flaky (two runs in three had one failure).
// Tried again on 2026-11-26: the browser files took 386 s with two at a time against 550 s one at a time, and one test
// failed (a PDF preview's frame not shown within 15 s), so they stay one at a time.
// On 2 cores the whole run takes about 13-14 minutes (the browser files about 10).
const parallel = Math.max(2, os.availableParallelism() - 1);
const BROWSER_TESTS = 'tests/src/browser/**/*.test.ts';

/** What both groups share: each starts its own test PostgreSQL (global setup), which its files share. */
const common = {
  globalSetup: ['tests/src/support/global-setup.ts'],
  pool: 'forks' as const,
  testTimeout: 30_000,
  hookTimeout: 120_000,
  teardownTimeout: 30_000,
};

export default defineConfig({
  test: {
    reporters: ['default', './tests/src/support/count-reporter.ts'],
    projects: [
      {
        test: {
          ...common,
          name: 'services',
          include: ['{domain,platform,command-api,projector,read-api,ui}/src/**/*.test.{ts,tsx}', 'tests/src/**/*.test.ts', 'bench/src/**/*.test.ts'],
          exclude: [BROWSER_TESTS, '**/node_modules/**'],
          maxWorkers: parallel,
          sequence: { groupOrder: 0 },
        },
      },
      {
        test: {
          ...common,
          name: 'browser',
          // The UI is built once for all of them (tests/src/browser/global-setup.ts).
          globalSetup: [...common.globalSetup, 'tests/src/browser/global-setup.ts'],
          include: [BROWSER_TESTS],
          maxWorkers: 1,
          sequence: { groupOrder: 1 },
        },
      },
    ],
  },
});
