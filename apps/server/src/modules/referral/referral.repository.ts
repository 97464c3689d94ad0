import { type Selectable, sql } from 'kysely';
import type { DbView } from '../../platform/db/database.js';
import type { ReferralStepName, ReferralTables } from './referral.tables.js';

/** The only SQL over the referral module's tables. */

type Db = DbView<ReferralTables>;

/** Records a step for these users; the first occurrence of a step is the one kept. */
export async function insertSteps(db: Db, userIds: readonly string[], step: ReferralStepName): Promise<void> {
  if (userIds.length === 0) return;
  await db
    .insertInto('referral_events')
    .values(userIds.map((userId) => ({ user_id: userId, step })))
    .onConflict((conflict) => conflict.columns(['user_id', 'step']).doNothing())
    .execute();
}

export type StepRow = { userId: string; step: ReferralStepName; at: Date };

/** The steps these users reached. */
export async function stepsOf(db: Db, userIds: readonly string[]): Promise<StepRow[]> {
  if (userIds.length === 0) return [];
  const rows = await db
    .selectFrom('referral_events')
    .select(['user_id', 'step', 'created_at'])
    .where('user_id', 'in', [...userIds])
    .execute();
  return rows.map((row) => ({ userId: String(row.user_id), step: row.step, at: row.created_at }));
}

/** How many of these users reached each step. */
export async function stepCounts(db: Db, userIds: readonly string[]): Promise<Record<ReferralStepName, number>> {
  const counts: Record<ReferralStepName, number> = { register: 0, fund: 0, trade: 0 };
  // In slices: a prolific inviter's thousands of invitees stay far below the protocol's parameter limit.
  for (let start = 0; start < userIds.length; start += 10_000) {
    const rows = await db
      .selectFrom('referral_events')
      .select((eb) => ['step', eb.fn.countAll<string>().as('n')])
      .where('user_id', 'in', userIds.slice(start, start + 10_000))
      .groupBy('step')
      .execute();
    for (const row of rows) counts[row.step] += Number(row.n);
  }
  return counts;
}

export type SettingsRow = Selectable<ReferralTables['invite_reward_settings']>;

/** The settings row (created by the migration). */
export function findSettings(db: Db): Promise<SettingsRow> {
  return db.selectFrom('invite_reward_settings').selectAll().executeTakeFirstOrThrow();
}

/** The settings row, locked until the transaction ends: changes and payments take it in turn. */
export function lockSettings(db: Db): Promise<SettingsRow> {
  return db.selectFrom('invite_reward_settings').selectAll().forUpdate().executeTakeFirstOrThrow();
}

export async function updateSettings(db: Db, values: Partial<Omit<SettingsRow, 'id'>>): Promise<SettingsRow> {
  return db.updateTable('invite_reward_settings').set(values).returningAll().executeTakeFirstOrThrow();
}

/**
 * Steps not yet rewarded and recorded since their step's reward was switched on (`since`, per
 * step; a step absent pays nothing), oldest first.
 */
export async function unpaidSteps(
  db: Db,
  since: Partial<Record<ReferralStepName, Date>>,
  limit: number,
): Promise<StepRow[]> {
  const steps = Object.entries(since) as Array<[ReferralStepName, Date]>;
  if (steps.length === 0) return [];
  const rows = await db
    .selectFrom('referral_events as e')
    .leftJoin('invite_rewards as r', (join) =>
      join.onRef('r.invitee_id', '=', 'e.user_id').onRef('r.step', '=', 'e.step'),
    )
    .select(['e.user_id', 'e.step', 'e.created_at'])
    .where('r.id', 'is', null)
    .where((eb) => eb.or(steps.map(([step, at]) => eb.and([eb('e.step', '=', step), eb('e.created_at', '>=', at)]))))
    .orderBy('e.created_at')
    .orderBy('e.user_id')
    .limit(limit)
    .execute();
  return rows.map((row) => ({ userId: String(row.user_id), step: row.step, at: row.created_at }));
}

export async function rewardExists(db: Db, inviteeId: string, step: ReferralStepName): Promise<boolean> {
  const row = await db
    .selectFrom('invite_rewards')
    .select('id')
    .where('invitee_id', '=', inviteeId)
    .where('step', '=', step)
    .executeTakeFirst();
  return row !== undefined;
}

export async function insertReward(db: Db, values: Omit<ReferralTables['invite_rewards'], 'id'>): Promise<void> {
  await db.insertInto('invite_rewards').values(values).execute();
}

export type RewardRow = { inviteeId: string; step: ReferralStepName; amount: string; asset: string; paidAt: Date };

/** The rewards an inviter was paid for these invitees. */
export async function rewardsFor(db: Db, inviterId: string, inviteeIds: readonly string[]): Promise<RewardRow[]> {
  if (inviteeIds.length === 0) return [];
  const rows = await db
    .selectFrom('invite_rewards')
    .select(['invitee_id', 'step', 'amount', 'asset', 'paid_at'])
    .where('inviter_id', '=', inviterId)
    .where('invitee_id', 'in', [...inviteeIds])
    .execute();
  return rows.map((row) => ({
    inviteeId: String(row.invitee_id),
    step: row.step,
    amount: row.amount,
    asset: row.asset,
    paidAt: row.paid_at,
  }));
}

/** What an inviter was paid in all, per asset. */
export async function rewardTotals(db: Db, inviterId: string): Promise<Array<{ asset: string; amount: string }>> {
  const rows = await db
    .selectFrom('invite_rewards')
    .select((eb) => ['asset', eb.fn.sum<string>('amount').as('amount')])
    .where('inviter_id', '=', inviterId)
    .groupBy('asset')
    .orderBy('asset')
    .execute();
  return rows.map((row) => ({ asset: row.asset, amount: String(row.amount) }));
}

/**
 * The database's time of this transaction: steps are stamped by the database (their default), so
 * a reward's start is read from the same clock, whatever clock the process was given.
 */
export async function databaseNow(db: Db): Promise<Date> {
  const { rows } = await sql<{ now: Date }>`SELECT now() AS now`.execute(db);
  const row = rows[0];
  if (!row) throw new Error('SELECT now() answered nothing');
  return row.now;
}
