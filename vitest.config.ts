import { availableParallelism } from 'node:os';
import path from 'node:path';
import { defineConfig } from 'vitest/config';

const root = path.dirname(new URL(import.meta.url).pathname);

export default defineConfig({
  resolve: {
    alias: {
      // Tests run the shared packages from source: no build needed first.
      // The zod-free entry before the package itself (aliases match by prefix, in order).
      '@openbourse/contracts/constants': path.join(root, 'packages/contracts/src/constants.ts'),
      '@openbourse/contracts': path.join(root, 'packages/contracts/src/index.ts'),
      '@openbourse/money': path.join(root, 'packages/money/src/index.ts'),
      '@openbourse/trading-rules': path.join(root, 'packages/trading-rules/src/index.ts'),
      '@openbourse/strategies': path.join(root, 'packages/strategies/src/index.ts'),
      '@openbourse/options-pricing': path.join(root, 'packages/options-pricing/src/index.ts'),
      '@catalogue-messages': path.join(root, 'packages/contracts/src/errors/messages'),
    },
  },
  test: {
    include: ['packages/*/src/**/*.test.ts', 'apps/*/src/**/*.test.ts', 'scripts/**/*.test.mjs'],
    globalSetup: ['apps/server/src/test/global-setup.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: 'forks',
    // One test file per core, at least two: most files wait on PostgreSQL as much as they compute, so
    // two run side by side on a two-core machine in about three quarters of the time one does alone.
    maxWorkers: Math.max(2, availableParallelism() - 1),
    reporters: ['default'],
  },
});
