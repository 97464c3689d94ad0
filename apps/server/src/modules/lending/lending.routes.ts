import { lendingAdminRoutes, lendingRoutes } from '@openbourse/contracts';
import type { FastifyInstance } from 'fastify';
import { defineRoute } from '../../platform/http/route.js';
import { createLoanSetting } from './create-loan-setting.js';
import type { LendingContext } from './lending.context.js';
import { listAdminLoanSettings, listLoanSettings } from './list-loan-settings.js';
import { setLoanSettingEnabled } from './set-loan-setting-enabled.js';
import { updateLoanSetting } from './update-loan-setting.js';

/** The public loan routes (issue 17), under the API prefix. */
export async function lendingPlugin(app: FastifyInstance, options: { ctx: LendingContext }): Promise<void> {
  const { ctx } = options;
  defineRoute(app, lendingRoutes.listLoanSettings, async () => ({ items: await listLoanSettings(ctx.db) }));
}

/** The loan settings in the back office (issue 17), under the admin prefix. */
export async function lendingAdminPlugin(app: FastifyInstance, options: { ctx: LendingContext }): Promise<void> {
  const { ctx } = options;
  defineRoute(app, lendingAdminRoutes.loanSettings, async () => ({ items: await listAdminLoanSettings(ctx.db) }));
  defineRoute(app, lendingAdminRoutes.createLoanSetting, ({ body, request, caller }) =>
    createLoanSetting(ctx, { operatorId: caller.id, requestId: request.id, ip: request.ip }, body),
  );
  defineRoute(app, lendingAdminRoutes.updateLoanSetting, ({ params, body, request, caller }) =>
    updateLoanSetting(ctx, { operatorId: caller.id, requestId: request.id, ip: request.ip }, params.id, body),
  );
  defineRoute(app, lendingAdminRoutes.setLoanSettingEnabled, ({ params, body, request, caller }) =>
    setLoanSettingEnabled(ctx, { operatorId: caller.id, requestId: request.id, ip: request.ip }, params.id, body),
  );
}
