import { declareRoute } from '../http/route-declaration.js';
import { ZKycRecord, ZKycSubmitRequest } from './kyc.contracts.js';
import { kycEndpoints } from './kyc.endpoints.js';

/** The identity verification routes as the server declares them (issue 17). */
export const kycRoutes = {
  submitIdentification: declareRoute(kycEndpoints.submitIdentification, {
    summary:
      'Submit an identity verification (SPEC §2 KYC form): the personal fields are stored encrypted, the photos are the caller’s uploads, and the verification goes to the `kyc` review queue (status 2, pending, up to 48 hours); answers 20001 with what is now held. Refused with 10019 while one is pending or once verified, 10198 under 18, 10185 for a file that is not the caller’s, 10183 for a signature that is not a PNG',
    tags: ['kyc'],
    owner: 'caller',
    body: ZKycSubmitRequest,
    response: ZKycRecord,
    successCode: 'SUBMITTED_FOR_REVIEW',
    rateLimit: { max: 10, timeWindow: '1 minute' },
  }),
  getIdentification: declareRoute(kycEndpoints.getIdentification, {
    summary:
      "What is held about the caller's identity verification: the status, the latest submission's fields decrypted, the reviewer's reason when not passed, and when a not-passed submission's data are deleted",
    tags: ['kyc'],
    owner: 'caller',
    response: ZKycRecord,
  }),
};
