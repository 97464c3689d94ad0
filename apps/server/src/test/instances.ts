import type { FastifyInstance } from 'fastify';
import { buildApp } from '../app.js';
import { seedMarket } from '../modules/market/index.js';
import { TEST_REDIS_URL } from './redis.js';
import { testConfig } from './test-app.js';
import { createTestDatabase, type TestDatabase } from './test-database.js';

export type Instances = { apps: FastifyInstance[]; database: TestDatabase; close: () => Promise<void> };

/**
 * Several server instances of one deployment: one fresh database (market seeded), the test
 * Redis with channels of this run only (so nothing else on that Redis mixes in), each
 * instance listening on its own port of 127.0.0.1.
 */
export async function startInstances(count: number, env: Record<string, string>): Promise<Instances> {
  const database = await createTestDatabase({ migrated: true });
  await seedMarket(database.db);
  const config = testConfig({
    REDIS_URL: TEST_REDIS_URL,
    REDIS_BUS_PREFIX: `openbourse:test:${process.pid}:${Date.now()}`,
    ...env,
  });
  const apps: FastifyInstance[] = [];
  for (let i = 0; i < count; i += 1) {
    const app = await buildApp({ config, db: database.db, connectionString: database.url });
    await app.listen({ host: '127.0.0.1', port: 0 });
    apps.push(app);
  }
  return {
    apps,
    database,
    close: async () => {
      for (const app of apps) await app.close();
      await database.drop();
    },
  };
}
