import { declareRoute } from '../http/route-declaration.js';
import {
  ZAdminFeeScheduleItem,
  ZAdminFeeScheduleParams,
  ZAdminFeeScheduleResponse,
  ZAdminFeeScheduleUpdateRequest,
  ZAdminInstrumentParams,
  ZAdminInstrumentSettings,
  ZAdminInstrumentsResponse,
  ZAdminInstrumentUpdateRequest,
} from './market-admin.contracts.js';
import { marketAdminEndpoints } from './market-admin.endpoints.js';

/** The market's back-office routes as the server declares them: each endpoint with its schemas. */
export const marketAdminRoutes = {
  instruments: declareRoute(marketAdminEndpoints.instruments, {
    summary: 'Admins only: every instrument with its settings (switch, leverage cap and class cap, lots, fee rate)',
    tags: ['admin'],
    owner: 'operator',
    response: ZAdminInstrumentsResponse,
  }),
  updateInstrument: declareRoute(marketAdminEndpoints.updateInstrument, {
    summary:
      "Admins only: change an instrument's switch, leverage cap (≤ its class's ESMA cap) or lot limits; applies at once on every instance; audit-logged",
    tags: ['admin'],
    owner: 'operator',
    params: ZAdminInstrumentParams,
    body: ZAdminInstrumentUpdateRequest,
    response: ZAdminInstrumentSettings,
  }),
  feeSchedule: declareRoute(marketAdminEndpoints.feeSchedule, {
    summary: 'Admins only: the trading fee rate of each asset class, with the class leverage cap',
    tags: ['admin'],
    owner: 'operator',
    response: ZAdminFeeScheduleResponse,
  }),
  updateFeeRate: declareRoute(marketAdminEndpoints.updateFeeRate, {
    summary: "Admins only: change an asset class's trading fee rate; charged at once on every instance; audit-logged",
    tags: ['admin'],
    owner: 'operator',
    params: ZAdminFeeScheduleParams,
    body: ZAdminFeeScheduleUpdateRequest,
    response: ZAdminFeeScheduleItem,
  }),
};
