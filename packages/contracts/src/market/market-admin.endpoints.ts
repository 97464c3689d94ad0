import { endpoint, type InputOf, type NoInput, type OutputOf } from '../http/endpoint.js';
import type {
  ZAdminFeeScheduleItem,
  ZAdminFeeScheduleParams,
  ZAdminFeeScheduleResponse,
  ZAdminFeeScheduleUpdateRequest,
  ZAdminInstrumentParams,
  ZAdminInstrumentSettings,
  ZAdminInstrumentsResponse,
  ZAdminInstrumentUpdateRequest,
} from './market-admin.contracts.js';

/**
 * The market's product settings in the back office (issue 14), types only; the server's
 * declarations add the schemas (`market-admin.routes.ts`).
 */
export const marketAdminEndpoints = {
  instruments: endpoint<NoInput, OutputOf<typeof ZAdminInstrumentsResponse>, 'admin'>(
    'GET',
    '/swx/admin/instruments',
    'admin',
  ),
  updateInstrument: endpoint<
    { params: InputOf<typeof ZAdminInstrumentParams>; body: InputOf<typeof ZAdminInstrumentUpdateRequest> },
    OutputOf<typeof ZAdminInstrumentSettings>,
    'admin'
  >('POST', '/swx/admin/instruments/:code', 'admin'),
  feeSchedule: endpoint<NoInput, OutputOf<typeof ZAdminFeeScheduleResponse>, 'admin'>(
    'GET',
    '/swx/admin/instruments/fee-schedule',
    'admin',
  ),
  updateFeeRate: endpoint<
    { params: InputOf<typeof ZAdminFeeScheduleParams>; body: InputOf<typeof ZAdminFeeScheduleUpdateRequest> },
    OutputOf<typeof ZAdminFeeScheduleItem>,
    'admin'
  >('POST', '/swx/admin/instruments/fee-schedule/:assetClass', 'admin'),
};
