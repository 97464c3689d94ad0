import type { TPosition } from '@openbourse/contracts';
import { parseAmount } from '@openbourse/money';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { buildApp } from '../../app.js';
import { fixedClock } from '../../platform/clock.js';
import { migrate } from '../../platform/db/migrate.js';
import { answerAppropriateness } from '../../test/appropriateness.js';
import { testConfig } from '../../test/test-app.js';
import { createTestDatabase, type TestDatabase } from '../../test/test-database.js';
import { transfer } from '../ledger/index.js';
import { seedMarket } from '../market/index.js';

/**
 * Positions outlive the process: a stop loss set before a restart still fires after it (the
 * engine is rebuilt from the database), and the owner's socket hears the close.
 */
const AT = Date.parse('2026-11-26T15:00:00Z');
let database: TestDatabase;
let tick = AT;

const config = testConfig({
  MARKET_FEED: 'sandbox',
  MARKET_SANDBOX_INTERVAL_MS: '60000',
  MARKET_SANDBOX_BACKFILL_MINUTES: '0',
});
const start = () => buildApp({ config, db: database.db, clock: fixedClock(new Date(AT)) });

async function feed(app: FastifyInstance, code: string, price: string) {
  tick += 1000;
  app.services.marketHub.ingest('sandbox', [{ code, price, time: tick }]);
  await app.services.tradingEngine.idle();
}

beforeAll(async () => {
  database = await createTestDatabase();
  await migrate(database.url);
  await seedMarket(database.db);
});
afterAll(() => database.drop());

describe('positions across a restart', () => {
  it('a stop loss armed before a restart fires after it, and the owner’s socket is told', async () => {
    const first = await start();
    // Written directly (a test may): identity's repository is not part of its public face.
    const user = await database.db
      .insertInto('users')
      .values({
        user_name: 'restarter',
        user_name_key: 'restarter',
        email: 'restarter@example.test',
        password_hash: null,
        invite_code: 'RESTART1',
        invited_by: null,
        roles: ['user'],
      })
      .returningAll()
      .executeTakeFirstOrThrow();
    await database.db.transaction().execute((trx) =>
      transfer(trx, {
        book: 'live',
        asset: 'USDT',
        from: { kind: 'treasury' },
        to: { kind: 'available', userId: user.id },
        amount: parseAmount('1000', 6),
        reason: 'deposit',
        idempotencyKey: 'restart-deposit',
      }),
    );
    const { token } = await first.services.identity.startSession(user, 'live', { userAgent: null });
    await answerAppropriateness(first, token);
    await feed(first, 'BTCUSDT', '65000');
    const opened = await first.inject({
      method: 'POST',
      url: '/swx/customer/contracts/open',
      headers: { authorization: token },
      payload: { code: 'BTCUSDT', side: 'long', lots: '0.01', leverage: 2, stopLoss: '64000', takeProfit: '70000' },
    });
    const orderNo = (opened.json() as { data: TPosition }).data.orderNo;
    await first.close();

    const second = await start();
    try {
      expect(second.services.tradingEngine.triggers.has(`${orderNo}:sl`)).toBe(true);
      await second.listen({ host: '127.0.0.1', port: 0 });
      const address = second.server.address();
      if (!address || typeof address === 'string') throw new Error('no address');
      const socket = new WebSocket(`ws://127.0.0.1:${address.port}/swx/customer/message`);
      const events: Array<{ op?: string; ok?: boolean; data?: TPosition }> = [];
      socket.on('message', (data) => events.push(JSON.parse(data.toString())));
      await new Promise((resolve) => socket.once('open', resolve));
      socket.send(JSON.stringify({ op: 'auth', token }));
      for (let i = 0; i < 100 && !events.some((e) => e.op === 'authenticated'); i += 1) {
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      expect(events.find((e) => e.op === 'authenticated')?.ok).toBe(true);

      await feed(second, 'BTCUSDT', '63900');
      const after = await second.inject({
        method: 'GET',
        url: `/swx/customer/contracts/order/${orderNo}`,
        headers: { authorization: token },
      });
      // Filled at the crossing tick: (63,900 − 65,000) × 0.01 = −11.
      expect((after.json() as { data: TPosition }).data).toMatchObject({
        status: 'closed',
        closeReason: 'stop_loss',
        closePrice: '63900',
        realisedPnl: '-11.000000',
      });
      for (let i = 0; i < 100 && !events.some((e) => e.op === 'position'); i += 1) {
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      expect(events.find((e) => e.op === 'position')?.data).toMatchObject({ orderNo, closeReason: 'stop_loss' });
      socket.close();
    } finally {
      await second.close();
    }
  });
});
