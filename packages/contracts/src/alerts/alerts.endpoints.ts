import { endpoint, type InputOf, type NoInput, type OutputOf } from '../http/endpoint.js';
import type { ZAlert, ZAlertDeleted, ZAlertList, ZAlertParams, ZCreateAlertRequest } from './alerts.contracts.js';

/**
 * The price alert endpoints as clients see them (types only). Per user, not per book: the live
 * and the demo book list the same alerts.
 */
export const alertsEndpoints = {
  createAlert: endpoint<{ body: InputOf<typeof ZCreateAlertRequest> }, OutputOf<typeof ZAlert>, 'user'>(
    'POST',
    '/swx/customer/alerts',
    'user',
  ),
  listAlerts: endpoint<NoInput, OutputOf<typeof ZAlertList>, 'user'>('GET', '/swx/customer/alerts', 'user'),
  deleteAlert: endpoint<{ params: InputOf<typeof ZAlertParams> }, OutputOf<typeof ZAlertDeleted>, 'user'>(
    'DELETE',
    '/swx/customer/alerts/:id',
    'user',
  ),
};
