import fc from 'fast-check';
import { sql } from 'kysely';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createAppDatabase, type Db } from '../../database.js';
import { migrate } from '../../platform/db/migrate.js';
import { AppError } from '../../platform/errors/app-error.js';
import { createTestDatabase, type TestDatabase } from '../../test/test-database.js';
import { auditLedger } from './ledger.audit.js';
import {
  type AccountRef,
  capture,
  getAccountId,
  getBalance,
  getBalances,
  hold,
  release,
  transfer,
} from './ledger.service.js';

/**
 * Model-based property test (issue 4): random sequences of transfers, holds, releases,
 * captures and operator adjustments — with idempotency keys drawn from a small pool so they
 * repeat — run against the real ledger on PostgreSQL and against a tiny in-memory model.
 * After every command the users' balances must match the model; after every run the operator
 * accounts too, and the audit of the whole ledger must be clean. Each run is one transaction,
 * rolled back at the end, so every run starts from the same committed state (its users' accounts
 * at zero); the runs are shared out over LEDGER_MODEL_WORKERS workers (4), each on its own
 * connection with its own users, so no run sees another's writes. LEDGER_MODEL_RUNS sets the
 * number of runs: 2,000 in `npm test` (about 10 s here); `npm run test:ledger-long` runs 100,000
 * in about 7 minutes on this 2-vCPU machine, shared (docs/BENCHMARKS.md, #13).
 */
const RUNS = Number(process.env.LEDGER_MODEL_RUNS ?? 2000);
/** Worker i runs with seed SEED + i (fast-check's report names it); LEDGER_MODEL_PATH replays with one worker. */
const SEED = Number(process.env.LEDGER_MODEL_SEED ?? Math.floor(Math.random() * 2 ** 31));
const REPLAY_PATH = process.env.LEDGER_MODEL_PATH;
/** Runs go on in parallel, each worker on its own connection with its own users. */
const WORKERS = REPLAY_PATH ? 1 : Number(process.env.LEDGER_MODEL_WORKERS ?? 4);
const USERS = ['u0', 'u1'] as const;
type UserSlot = (typeof USERS)[number];
type Endpoint = 'treasury' | 'fees' | `available:${UserSlot}`;

type Model = {
  available: Record<UserSlot, bigint>;
  held: Record<UserSlot, bigint>;
  treasury: bigint;
  fees: bigint;
  /** Key → the fingerprint of its first successful use. */
  keys: Map<string, string>;
  holds: Array<{
    user: UserSlot;
    amount: bigint;
    status: 'active' | 'released' | 'captured';
    settleKey: string | null;
  }>;
};
type Real = { trx: Db; userIds: Record<UserSlot, string>; holdIds: string[] };

let database: TestDatabase;
/** A connection per worker and one for the vacuum (the test database's own pool is smaller). */
let db: Db;

beforeAll(async () => {
  database = await createTestDatabase();
  await migrate(database.url);
  db = createAppDatabase(database.url, { max: WORKERS + 1 });
});
afterAll(async () => {
  await db.destroy();
  await database.drop();
});

function ref(endpoint: Endpoint, real: Real): AccountRef {
  if (endpoint === 'treasury' || endpoint === 'fees') return { kind: endpoint };
  return { kind: 'available', userId: real.userIds[endpoint.slice(10) as UserSlot] };
}

function modelBalance(model: Model, endpoint: Endpoint): bigint {
  if (endpoint === 'treasury') return model.treasury;
  if (endpoint === 'fees') return model.fees;
  return model.available[endpoint.slice(10) as UserSlot];
}

function moveInModel(model: Model, from: Endpoint, to: Endpoint, amount: bigint): void {
  const apply = (endpoint: Endpoint, delta: bigint) => {
    if (endpoint === 'treasury') model.treasury += delta;
    else if (endpoint === 'fees') model.fees += delta;
    else model.available[endpoint.slice(10) as UserSlot] += delta;
  };
  apply(from, -amount);
  apply(to, amount);
}

async function outcome(work: () => Promise<unknown>): Promise<number | 'ok'> {
  try {
    await work();
    return 'ok';
  } catch (error) {
    if (error instanceof AppError) return error.code;
    throw error;
  }
}

async function checkUsers(model: Model, real: Real): Promise<void> {
  for (const user of USERS) {
    const row = (await getBalances(real.trx, 'live', real.userIds[user])).find((b) => b.asset === 'USDT');
    expect(row?.available, `${user} available`).toBe(model.available[user]);
    expect(row?.held, `${user} held`).toBe(model.held[user]);
  }
}

class TransferCommand implements fc.AsyncCommand<Model, Real> {
  constructor(
    readonly from: Endpoint,
    readonly to: Endpoint,
    readonly amount: bigint,
    readonly key: string,
  ) {}
  check = () => this.from !== this.to;
  async run(model: Model, real: Real) {
    const fingerprint = `transfer:${this.from}:${this.to}:${this.amount}`;
    const isOperator = !this.from.startsWith('available') && !this.to.startsWith('available');
    const result = await outcome(() =>
      transfer(real.trx, {
        book: 'live',
        asset: 'USDT',
        from: ref(this.from, real),
        to: ref(this.to, real),
        amount: this.amount,
        reason: isOperator ? 'trade_fee' : 'adjustment',
        operator: isOperator ? undefined : { id: '1', reason: 'model test' },
        idempotencyKey: `${real.userIds.u0}:${this.key}`,
      }),
    );
    const known = model.keys.get(this.key);
    if (known !== undefined) {
      expect(result).toBe(known === fingerprint ? 'ok' : 10128);
    } else if (this.from.startsWith('available') && modelBalance(model, this.from) < this.amount) {
      expect(result).toBe(10011);
    } else {
      expect(result).toBe('ok');
      model.keys.set(this.key, fingerprint);
      moveInModel(model, this.from, this.to, this.amount);
    }
    await checkUsers(model, real);
  }
  toString = () => `transfer(${this.from}→${this.to}, ${this.amount}, ${this.key})`;
}

class HoldCommand implements fc.AsyncCommand<Model, Real> {
  constructor(
    readonly user: UserSlot,
    readonly amount: bigint,
    readonly key: string,
  ) {}
  check = () => true;
  async run(model: Model, real: Real) {
    const fingerprint = `hold:${this.user}:${this.amount}`;
    let holdId: string | null = null;
    const result = await outcome(async () => {
      holdId = (
        await hold(real.trx, {
          book: 'live',
          asset: 'USDT',
          userId: real.userIds[this.user],
          amount: this.amount,
          reason: 'nft_bid_hold',
          idempotencyKey: `${real.userIds.u0}:${this.key}`,
        })
      ).holdId;
    });
    const known = model.keys.get(this.key);
    if (known !== undefined) {
      expect(result).toBe(known === fingerprint ? 'ok' : 10128);
    } else if (model.available[this.user] < this.amount) {
      expect(result).toBe(10011);
    } else {
      expect(result).toBe('ok');
      model.keys.set(this.key, fingerprint);
      model.available[this.user] -= this.amount;
      model.held[this.user] += this.amount;
      model.holds.push({ user: this.user, amount: this.amount, status: 'active', settleKey: null });
      real.holdIds.push(holdId as unknown as string);
    }
    await checkUsers(model, real);
  }
  toString = () => `hold(${this.user}, ${this.amount}, ${this.key})`;
}

class SettleCommand implements fc.AsyncCommand<Model, Real> {
  constructor(
    readonly kind: 'release' | 'capture',
    readonly holdIndex: number,
    readonly key: string,
  ) {}
  check = (model: Readonly<Model>) => model.holds.length > 0;
  async run(model: Model, real: Real) {
    const index = this.holdIndex % model.holds.length;
    const modelHold = model.holds[index];
    const holdId = real.holdIds[index];
    if (!modelHold || !holdId) throw new Error('hold missing');
    const idempotencyKey = `${real.userIds.u0}:${this.key}`;
    const fingerprint = `settle:${this.kind}:${index}`;
    const result = await outcome(() =>
      this.kind === 'release'
        ? release(real.trx, { holdId, idempotencyKey })
        : capture(real.trx, { holdId, to: { kind: 'fees' }, reason: 'capture', idempotencyKey }),
    );
    const status = this.kind === 'release' ? 'released' : 'captured';
    const known = model.keys.get(this.key);
    if (modelHold.status === 'active') {
      if (known !== undefined) {
        // A key already used elsewhere cannot settle a hold.
        expect(result).toBe(10128);
      } else {
        expect(result).toBe('ok');
        model.keys.set(this.key, fingerprint);
        modelHold.status = status;
        modelHold.settleKey = this.key;
        model.held[modelHold.user] -= modelHold.amount;
        if (this.kind === 'release') model.available[modelHold.user] += modelHold.amount;
        else model.fees += modelHold.amount;
      }
    } else {
      // Settled already: the same settlement repeated answers its first result; anything else is refused.
      expect(result).toBe(modelHold.settleKey === this.key && modelHold.status === status ? 'ok' : 10130);
    }
    await checkUsers(model, real);
  }
  toString = () => `${this.kind}(#${this.holdIndex}, ${this.key})`;
}

const endpoint = fc.constantFrom<Endpoint>('treasury', 'fees', 'available:u0', 'available:u1');
const amount = fc.bigInt({ min: 1n, max: 50n });
const key = fc.constantFrom('k1', 'k2', 'k3', 'k4', 'k5', 'k6', 'k7', 'k8');
const commands = fc.commands(
  [
    fc.tuple(endpoint, endpoint, amount, key).map(([from, to, value, k]) => new TransferCommand(from, to, value, k)),
    fc
      .tuple(fc.constantFrom<UserSlot>('u0', 'u1'), amount, key)
      .map(([user, value, k]) => new HoldCommand(user, value, k)),
    fc
      .tuple(fc.constantFrom<'release' | 'capture'>('release', 'capture'), fc.nat(10), key)
      .map(([kind, index, k]) => new SettleCommand(kind, index, k)),
  ],
  { maxCommands: 8 },
);

/** One worker: its two users, whose accounts are committed (at zero) before the runs. */
type Worker = { index: number; userIds: Record<UserSlot, string> };

/**
 * Commits the accounts a worker's runs touch: its users' available and held, the treasury, the
 * fees. A run (rolled back) finds them and the ledger keeps their ids in memory, where accounts
 * a run created had to be looked up again by every transfer and created again by every run.
 */
async function prepareWorker(index: number): Promise<Worker> {
  const base = 1_000_000 + index * 2;
  const userIds = { u0: String(base), u1: String(base + 1) };
  const refs: AccountRef[] = [
    ...USERS.flatMap((user): AccountRef[] => [
      { kind: 'available', userId: userIds[user] },
      { kind: 'held', userId: userIds[user] },
    ]),
    { kind: 'treasury' },
    { kind: 'fees' },
  ];
  for (const account of refs) await getAccountId(db, 'live', 'USDT', account);
  return { index, userIds };
}

/** One run: a command sequence against the ledger, inside one transaction rolled back at the end. */
async function runSequence(worker: Worker, sequence: Iterable<fc.AsyncCommand<Model, Real>>): Promise<void> {
  await db
    .transaction()
    .execute(async (trx) => {
      const real: Real = { trx, userIds: worker.userIds, holdIds: [] };
      const model: Model = {
        available: { u0: 0n, u1: 0n },
        held: { u0: 0n, u1: 0n },
        treasury: 0n,
        fees: 0n,
        keys: new Map(),
        holds: [],
      };
      await fc.asyncModelRun(() => ({ model, real }), sequence);
      // Operator accounts are shared by every run: compare what this run moved.
      const treasury = await getBalance(trx, 'live', 'USDT', { kind: 'treasury' });
      const fees = await getBalance(trx, 'live', 'USDT', { kind: 'fees' });
      expect(treasury + fees + model.available.u0 + model.available.u1 + model.held.u0 + model.held.u1).toBe(0n);
      expect(
        model.treasury + model.fees + model.available.u0 + model.available.u1 + model.held.u0 + model.held.u1,
      ).toBe(0n);
      // The whole ledger as this run sees it: the committed accounts and this run's writes.
      expect(await auditLedger(trx)).toEqual([]);
      throw new RollbackRun();
    })
    .catch((error: unknown) => {
      if (!(error instanceof RollbackRun)) throw error;
    });
}

/**
 * Every rolled-back run leaves its rows behind as dead tuples, and this server runs no autovacuum:
 * left alone, each run's queries would wade through every earlier run's remains (the test grew
 * quadratic). The test vacuums the ledger's tables itself, on its spare connection, while it runs.
 */
async function vacuumWhile(running: () => boolean): Promise<void> {
  while (running()) {
    await new Promise((resolve) => setTimeout(resolve, 2_000));
    await sql`VACUUM ledger_transfers, ledger_holds, ledger_accounts`.execute(db);
  }
}

it(
  `keeps the ledger equal to a simple model over ${RUNS} random command sequences`,
  async () => {
    process.stdout.write(`ledger model test: ${RUNS} runs on ${WORKERS} workers, seeds ${SEED} + worker\n`);
    const workers = [];
    for (let index = 0; index < WORKERS; index += 1) workers.push(await prepareWorker(index));
    expect(await auditLedger(db)).toEqual([]);
    let runs = 0;
    let failedWorker: number | null = null;
    const vacuuming = vacuumWhile(() => runs < RUNS && failedWorker === null);
    const results = await Promise.allSettled(
      workers.map(async (worker) => {
        // The runs shared out: every worker its part, the first ones one more for the remainder.
        const numRuns = Math.floor(RUNS / WORKERS) + (worker.index < RUNS % WORKERS ? 1 : 0);
        if (numRuns === 0) return;
        await fc.assert(
          fc.asyncProperty(commands, async (sequence) => {
            // Another worker failed: end quickly, its report (and its shrinking) is the one that counts.
            if (failedWorker !== null && failedWorker !== worker.index) return;
            runs += 1;
            try {
              await runSequence(worker, sequence);
            } catch (error) {
              failedWorker ??= worker.index;
              throw error;
            }
          }),
          { numRuns, seed: SEED + worker.index, ...(REPLAY_PATH ? { path: REPLAY_PATH } : {}) },
        );
      }),
    );
    await vacuuming;
    const failure = results.find((result) => result.status === 'rejected');
    if (failure) throw failure.reason;
    expect(runs).toBe(RUNS);
    expect(await auditLedger(db)).toEqual([]);
  },
  Math.max(600_000, RUNS * 100),
);

class RollbackRun extends Error {}
