import type { TAdminUserPositionsQuery, TAdminUserStatementQuery, TStatementResponse } from '@openbourse/contracts';
import { formatAmount } from '@openbourse/money';
import { recordAudit } from '../../platform/audit/audit-log.js';
import { AppError } from '../../platform/errors/app-error.js';
import type { AdminDb, AdminUserDirectory, AdminUserLedger, AdminUserTrading } from './admin.types.js';

/**
 * The money part of a user's page in the back office (#14): the ledger's statement and trading's
 * orders of the user in one book, and the demo reset an admin does for the user. Each reuses the
 * owning module's own listing or action through the ports the root fills; none reads their tables.
 */

/** What an operator's action carries into the audit log. */
export type OperatorRequest = { operatorId: string; requestId: string; ip: string | null };

async function requireUser(db: AdminDb, users: AdminUserDirectory, userId: string): Promise<void> {
  if (!(await users.userExists(db, userId))) throw new AppError('USER_NOT_FOUND');
}

/** The user's ledger statement in the chosen book, as the user's own statement page lists it. */
export async function userStatement(
  db: AdminDb,
  users: AdminUserDirectory,
  ledger: AdminUserLedger,
  userId: string,
  query: TAdminUserStatementQuery,
): Promise<TStatementResponse> {
  await requireUser(db, users, userId);
  const { book, ...filter } = query;
  return ledger.statementOf(db, book, userId, filter);
}

/** The user's positions and orders of one status in the chosen book, as trading lists them for the user. */
export async function userPositions(
  db: AdminDb,
  users: AdminUserDirectory,
  trading: AdminUserTrading,
  userId: string,
  query: TAdminUserPositionsQuery,
) {
  await requireUser(db, users, userId);
  const { book, ...page } = query;
  return trading.list(userId, book, page);
}

/** The user's demo USDT, available and held, as the audit row's before and after (no account is created to read it). */
async function demoUsdt(db: AdminDb, ledger: AdminUserLedger, userId: string) {
  const usdt = (await ledger.getBalances(db, 'demo', userId)).find((balance) => balance.asset === 'USDT');
  return {
    book: 'demo' as const,
    asset: 'USDT' as const,
    available: formatAmount(usdt?.available ?? 0n, usdt?.decimals ?? 6),
    held: formatAmount(usdt?.held ?? 0n, usdt?.decimals ?? 6),
  };
}

/**
 * What the user's own demo reset does, done by an admin for the user: trading closes the demo
 * positions and cancels the pending demo orders, then the ledger returns the demo book to exactly
 * 100,000 USDT. One `ledger.demo_reset` audit row, target `user:<id>`, before and after being the
 * demo USDT balance.
 */
export async function resetUserDemo(
  db: AdminDb,
  users: AdminUserDirectory,
  ledger: AdminUserLedger,
  trading: AdminUserTrading,
  action: OperatorRequest,
  userId: string,
): ReturnType<AdminUserLedger['resetDemo']> {
  await requireUser(db, users, userId);
  const before = await demoUsdt(db, ledger, userId);
  await trading.closeDemoPositions(userId);
  const reset = await ledger.resetDemo(db, userId);
  const after = await demoUsdt(db, ledger, userId);
  // Written right after the reset commits, not inside its transaction: the positions close in
  // trading's transactions (one each) and the ledger's reset opens its own after locking the
  // user's demo accounts, which a caller's transaction cannot join without changing the ledger's
  // locking order. So a failure between the two could leave a reset without its row; never a row
  // without a reset.
  await recordAudit(db, {
    actorUserId: action.operatorId,
    action: 'ledger.demo_reset',
    targetType: 'user',
    targetId: userId,
    before,
    after,
    reason: null,
    requestId: action.requestId,
    ip: action.ip,
  });
  return reset;
}
