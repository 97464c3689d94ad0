import { withdrawalsRoutes } from '@openbourse/contracts';
import type { FastifyInstance } from 'fastify';
import { defineRoute } from '../../platform/http/route.js';
import { listWithdrawals, quoteWithdrawal, submitWithdrawal } from './submit-withdrawal.js';
import {
  addWithdrawalAddress,
  confirmWithdrawalAddress,
  deleteWithdrawalAddress,
  listWithdrawalAddresses,
} from './withdrawal-addresses.js';
import type { WithdrawalsDeps } from './withdrawals.context.js';

/** The withdrawal routes (issue 15), under the customer prefix. */
export async function withdrawalsPlugin(app: FastifyInstance, options: { deps: WithdrawalsDeps }): Promise<void> {
  const { deps } = options;
  defineRoute(app, withdrawalsRoutes.withdraw, ({ body, caller, request }) =>
    submitWithdrawal(deps, { id: caller.id, totpEnabled: caller.user.totp_enabled }, body, {
      requestId: request.id,
      ip: request.ip,
      language: request.language,
    }),
  );
  defineRoute(app, withdrawalsRoutes.withdrawalQuote, ({ query, caller }) => quoteWithdrawal(deps, caller.id, query));
  defineRoute(app, withdrawalsRoutes.listWithdrawals, ({ query, caller, request }) =>
    listWithdrawals(deps, caller.id, query, request.language),
  );
  defineRoute(app, withdrawalsRoutes.addWithdrawalAddress, ({ body, caller, request }) =>
    addWithdrawalAddress(deps, { id: caller.id, email: caller.user.email }, body, {
      origin: `${request.protocol}://${request.host}`,
      language: request.language,
    }),
  );
  defineRoute(app, withdrawalsRoutes.listWithdrawalAddresses, ({ caller }) => listWithdrawalAddresses(deps, caller.id));
  defineRoute(app, withdrawalsRoutes.deleteWithdrawalAddress, ({ params, caller }) =>
    deleteWithdrawalAddress(deps, caller.id, params.id),
  );
  defineRoute(app, withdrawalsRoutes.confirmWithdrawalAddress, ({ body }) =>
    confirmWithdrawalAddress(deps, body.token),
  );
}
