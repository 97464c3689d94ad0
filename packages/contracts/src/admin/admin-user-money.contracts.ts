import { z } from 'zod';
import { BOOKS } from '../envelope.js';
import { ZStatementQuery } from '../ledger/ledger.contracts.js';
import { ZOrdersQuery } from '../trading/trading.contracts.js';

/**
 * A user's money on the back office's user page (#14): the ledger's statement and trading's
 * orders of one book, read with the same filters the user's own pages use, and the demo reset.
 * The answers are the ledger's and trading's own (`ZStatementResponse`, `ZOrdersResponse`).
 */

const ZBookChoice = z.enum(BOOKS).default('live').describe("The user's book: `live` (real money) or `demo`");

export const ZAdminUserStatementQuery = ZStatementQuery.extend({ book: ZBookChoice });
export type TAdminUserStatementQuery = z.infer<typeof ZAdminUserStatementQuery>;

export const ZAdminUserPositionsQuery = ZOrdersQuery.pick({ status: true, page: true, size: true }).extend({
  book: ZBookChoice,
});
export type TAdminUserPositionsQuery = z.infer<typeof ZAdminUserPositionsQuery>;
