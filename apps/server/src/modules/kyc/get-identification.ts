import type { Language, TKycRecord } from '@openbourse/contracts';
import type { KycContext } from './kyc.context.js';
import { findLatestSubmission } from './kyc.repository.js';
import { toRecord } from './kyc-wire.js';

/** What is held about the caller's verification (GET /user/identification): only ever their own. */
export async function getIdentification(ctx: KycContext, userId: string, language: Language): Promise<TKycRecord> {
  return toRecord(ctx, await findLatestSubmission(ctx.db, userId), language);
}
