import type { FastifyInstance } from 'fastify';
import { buildApp } from '../app.js';
import { type AppConfig, loadConfig } from '../config.js';
import { seedContent } from '../modules/content/index.js';
import { seedMarket } from '../modules/market/index.js';
import type { Clock } from '../platform/clock.js';
import { createTestDatabase, type TestDatabase } from './test-database.js';

/** The configuration tests run with: quiet, no web build, no rate limits; `env` on top. */
export function testConfig(env: Record<string, string> = {}): AppConfig {
  return loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    WEB_DIST_DIR: '/nonexistent-web-build',
    RATE_LIMIT_ENABLED: 'false',
    // Tests that need a chain start one (test/local-chain.ts) and pass its env.
    CHAIN_LOCAL_NODE: 'false',
    ...env,
  });
}

export type TestApp = { app: FastifyInstance; database: TestDatabase; close: () => Promise<void> };

/** The whole platform on a fresh, migrated and seeded database; no web build, no listening. */
export async function createTestApp(
  env: Record<string, string> = {},
  beforeReady?: (app: FastifyInstance) => void,
  options: { clock?: Clock } = {},
): Promise<TestApp> {
  const database = await createTestDatabase({ migrated: true });
  await seedContent(database.db);
  await seedMarket(database.db);
  const app = await buildApp({
    config: testConfig(env),
    db: database.db,
    connectionString: database.url,
    clock: options.clock,
  });
  beforeReady?.(app);
  await app.ready();
  return {
    app,
    database,
    close: async () => {
      await app.close();
      await database.drop();
    },
  };
}
