import { lendingAdminRoutes, lendingRoutes, loansRoutes } from '@openbourse/contracts';
import type { FastifyInstance } from 'fastify';
import { defineRoute } from '../../platform/http/route.js';
import { addCollateral } from './add-collateral.js';
import { applyLoan } from './apply-loan.js';
import { cancelLoan } from './cancel-loan.js';
import { createLoanSetting } from './create-loan-setting.js';
import type { LendingContext, LoansContext } from './lending.context.js';
import { listAdminLoanSettings, listLoanSettings } from './list-loan-settings.js';
import { getLoan, listLoanRecord, loanAgreement, toWireLoans } from './loan-records.js';
import type { LoanRow } from './loans.repository.js';
import { repayLoan } from './repay-loan.js';
import { fileRepaymentApplication } from './repayment-application.js';
import { setLoanSettingEnabled } from './set-loan-setting-enabled.js';
import { signLoan } from './sign-loan.js';
import { updateLoanSetting } from './update-loan-setting.js';

/** The public loan routes (issue 17), under the API prefix. */
export async function lendingPlugin(app: FastifyInstance, options: { ctx: LendingContext }): Promise<void> {
  const { ctx } = options;
  defineRoute(app, lendingRoutes.listLoanSettings, async () => ({ items: await listLoanSettings(ctx.db) }));
}

/** The borrower's loan routes (issue 17), under the API prefix; live book only. */
export async function loansPlugin(app: FastifyInstance, options: { ctx: LoansContext }): Promise<void> {
  const { ctx } = options;
  const wire = async (row: LoanRow, language: Parameters<typeof toWireLoans>[2]) => {
    const [loan] = await toWireLoans(ctx, [row], language);
    if (!loan) throw new Error(`loan ${row.id} could not be shown`);
    return loan;
  };
  defineRoute(app, loansRoutes.applyLoan, async ({ body, caller, request }) =>
    wire(await applyLoan(ctx, caller, body), request.language),
  );
  defineRoute(app, loansRoutes.listLoanRecord, async ({ caller, request }) => ({
    items: await listLoanRecord(ctx, caller.id, request.language),
  }));
  defineRoute(app, loansRoutes.loan, ({ params, caller, request }) =>
    getLoan(ctx, caller.id, params.id, request.language),
  );
  defineRoute(app, loansRoutes.signLoan, async ({ params, body, caller, request }) =>
    wire(await signLoan(ctx, caller, params.id, body, request.language), request.language),
  );
  defineRoute(app, loansRoutes.cancelLoan, async ({ params, caller, request }) =>
    wire(await cancelLoan(ctx, caller, params.id), request.language),
  );
  defineRoute(app, loansRoutes.loanAgreement, async ({ params, caller, reply }) => {
    const pdf = await loanAgreement(ctx, caller.id, params.id);
    return reply
      .type('application/pdf')
      .header('cache-control', 'private, no-store')
      .header('x-content-type-options', 'nosniff')
      .header('content-disposition', `attachment; filename="loan-${params.id}-agreement.pdf"`)
      .send(pdf);
  });
  defineRoute(app, loansRoutes.repayLoan, async ({ query, caller, request }) =>
    wire(await repayLoan(ctx, caller, query), request.language),
  );
  defineRoute(app, loansRoutes.addCollateral, async ({ params, body, caller, request }) =>
    wire(await addCollateral(ctx, caller, params.id, body), request.language),
  );
  defineRoute(app, loansRoutes.repaymentApplication, async ({ params, body, caller, request }) =>
    getLoan(
      ctx,
      caller.id,
      (await fileRepaymentApplication(ctx, caller, params.id, body, { requestId: request.id, ip: request.ip })).id,
      request.language,
    ),
  );
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
