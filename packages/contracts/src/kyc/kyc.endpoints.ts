import { endpoint, type InputOf, type NoInput, type OutputOf } from '../http/endpoint.js';
import type { ZKycRecord, ZKycSubmitRequest } from './kyc.contracts.js';

/**
 * Identity verification as clients see it (issue 17; types only). Per user, not per book: the
 * live and the demo book see the same verification.
 */
export const kycEndpoints = {
  submitIdentification: endpoint<{ body: InputOf<typeof ZKycSubmitRequest> }, OutputOf<typeof ZKycRecord>, 'user'>(
    'POST',
    '/swx/customer/user/identification',
    'user',
  ),
  getIdentification: endpoint<NoInput, OutputOf<typeof ZKycRecord>, 'user'>(
    'GET',
    '/swx/customer/user/identification',
    'user',
  ),
};
