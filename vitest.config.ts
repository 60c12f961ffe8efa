import os from 'node:os';
import { defineConfig } from 'vitest/config';

// Vitest's default is one worker per core but one; on a 2-core machine that is one file at a time, while most files
// spend their time waiting on a browser, a socket or the database (the whole run kept about 1.1 of 2 cores busy with
// two files at a time). Two at a time takes the run from about 13 to about 8.5 minutes there.
const maxWorkers = Math.max(2, os.availableParallelism() - 1);

export default defineConfig({
  test: {
    include: ['{domain,platform,command-api,projector,read-api,ui}/src/**/*.test.{ts,tsx}', 'tests/src/**/*.test.ts', 'bench/src/**/*.test.ts'],
    globalSetup: ['tests/src/support/global-setup.ts'],
    reporters: ['default', './tests/src/support/count-reporter.ts'],
    pool: 'forks',
    maxWorkers,
    testTimeout: 30_000,
    hookTimeout: 120_000,
    teardownTimeout: 30_000,
  },
});
