import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['{domain,platform,command-api,projector,read-api,ui}/src/**/*.test.{ts,tsx}', 'tests/src/**/*.test.ts', 'bench/src/**/*.test.ts'],
    globalSetup: ['tests/src/support/global-setup.ts'],
    reporters: ['default', './tests/src/support/count-reporter.ts'],
    pool: 'forks',
    // Vitest's default is one worker fewer than the cores: a single one on a 2-core machine, where the suites mostly
    // wait (on a browser, a server, a database) and two of them at once finish the whole run in about two thirds of
    // the time (about 8 minutes instead of 12 here).
    maxWorkers: Math.max(2, availableParallelism() - 1),
    testTimeout: 30_000,
    hookTimeout: 120_000,
    teardownTimeout: 30_000,
  },
});
