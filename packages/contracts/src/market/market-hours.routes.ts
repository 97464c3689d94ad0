import { declareRoute } from '../http/route-declaration.js';
import {
  ZHoursClosure,
  ZHoursClosureCancelRequest,
  ZHoursClosureCreateRequest,
  ZHoursClosureItemParams,
  ZHoursClosureParams,
  ZHoursClosuresResponse,
} from './market-hours.contracts.js';
import { marketHoursEndpoints } from './market-hours.endpoints.js';

/** Trading-hours overrides as the server declares them. */
export const marketHoursRoutes = {
  closures: declareRoute(marketHoursEndpoints.closures, {
    summary: "Admins only: an instrument's trading-hours closures (standing ones and the last 50 others)",
    tags: ['admin'],
    owner: 'operator',
    params: ZHoursClosureParams,
    response: ZHoursClosuresResponse,
  }),
  createClosure: declareRoute(marketHoursEndpoints.createClosure, {
    summary:
      'Admins only: close an instrument for a window its schedule has open; not tradable inside it on any instance; audit-logged',
    tags: ['admin'],
    owner: 'operator',
    params: ZHoursClosureParams,
    body: ZHoursClosureCreateRequest,
    response: ZHoursClosure,
  }),
  cancelClosure: declareRoute(marketHoursEndpoints.cancelClosure, {
    summary: 'Admins only: lift a closure that has not ended; the schedule applies again at once; audit-logged',
    tags: ['admin'],
    owner: 'operator',
    params: ZHoursClosureItemParams,
    body: ZHoursClosureCancelRequest,
    response: ZHoursClosure,
  }),
};
