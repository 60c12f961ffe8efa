import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['{domain,platform,command-api,projector,read-api,ui}/src/**/*.test.{ts,tsx}', 'tests/src/**/*.test.ts', 'bench/src/**/*.test.ts'],
    globalSetup: ['tests/src/support/global-setup.ts'],
    reporters: ['default', './tests/src/support/count-reporter.ts'],
    pool: 'forks',
    testTimeout: 30_000,
    hookTimeout: 120_000,
    teardownTimeout: 30_000,
  },
});
