import { kycRoutes } from '@openbourse/contracts';
import type { FastifyInstance } from 'fastify';
import { defineRoute } from '../../platform/http/route.js';
import { getIdentification } from './get-identification.js';
import type { KycContext } from './kyc.context.js';
import { submitIdentification } from './submit-identification.js';

/** The user's identity verification routes (issue 17), under the API prefix; per user, whatever the book. */
export async function kycPlugin(app: FastifyInstance, options: { ctx: KycContext }): Promise<void> {
  const { ctx } = options;
  defineRoute(app, kycRoutes.submitIdentification, ({ body, caller, request }) =>
    submitIdentification(ctx, { userId: caller.id, requestId: request.id, ip: request.ip }, body, request.language),
  );
  defineRoute(app, kycRoutes.getIdentification, ({ caller, request }) =>
    getIdentification(ctx, caller.id, request.language),
  );
}
