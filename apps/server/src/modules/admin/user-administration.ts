import type { TAdminUserDetail } from '@openbourse/contracts';
import { BOOKS } from '@openbourse/contracts';
import { formatAmount } from '@openbourse/money';
import { getBalances } from '../ledger/index.js';
import type { AdminDb, AdminRealNames, AdminUserAdministration } from './admin.types.js';

/**
 * A user's page in the back office (#14): identity's profile and sessions, the real name from
 * their verification (kyc, #17), and the balances of every account the user has in each book,
 * read through the ledger's public face.
 */
export async function userDetail(
  db: AdminDb,
  users: AdminUserAdministration,
  realNames: AdminRealNames,
  userId: string,
  viewer: { operatorId: string; requestId: string | null; ip: string | null },
): Promise<TAdminUserDetail> {
  const profile = await users.userProfile(userId);
  // The verified (or pending) real name, opened by kyc and logged as a view of personal data (#17).
  const name = await realNames.operatorRealName(profile.id, viewer);
  const balances: TAdminUserDetail['balances'] = [];
  for (const book of BOOKS) {
    for (const balance of await getBalances(db, book, profile.id)) {
      balances.push({
        book,
        asset: balance.asset,
        available: formatAmount(balance.available, balance.decimals),
        held: formatAmount(balance.held, balance.decimals),
      });
    }
  }
  return { ...profile, firstName: name?.firstName ?? null, lastName: name?.lastName ?? null, balances };
}
