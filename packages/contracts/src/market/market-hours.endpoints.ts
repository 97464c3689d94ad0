import { endpoint, type InputOf, type OutputOf } from '../http/endpoint.js';
import type {
  ZHoursClosure,
  ZHoursClosureCancelRequest,
  ZHoursClosureCreateRequest,
  ZHoursClosureItemParams,
  ZHoursClosureParams,
  ZHoursClosuresResponse,
} from './market-hours.contracts.js';

/** Trading-hours overrides in the back office (issue 14), types only (`market-hours.routes.ts` adds the schemas). */
export const marketHoursEndpoints = {
  closures: endpoint<{ params: InputOf<typeof ZHoursClosureParams> }, OutputOf<typeof ZHoursClosuresResponse>, 'admin'>(
    'GET',
    '/swx/admin/instruments/:code/closures',
    'admin',
  ),
  createClosure: endpoint<
    { params: InputOf<typeof ZHoursClosureParams>; body: InputOf<typeof ZHoursClosureCreateRequest> },
    OutputOf<typeof ZHoursClosure>,
    'admin'
  >('POST', '/swx/admin/instruments/:code/closures', 'admin'),
  cancelClosure: endpoint<
    { params: InputOf<typeof ZHoursClosureItemParams>; body: InputOf<typeof ZHoursClosureCancelRequest> },
    OutputOf<typeof ZHoursClosure>,
    'admin'
  >('POST', '/swx/admin/instruments/:code/closures/:id/cancel', 'admin'),
};
