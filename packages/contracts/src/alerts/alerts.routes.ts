import { declareRoute } from '../http/route-declaration.js';
import { ZAlert, ZAlertDeleted, ZAlertList, ZAlertParams, ZCreateAlertRequest } from './alerts.contracts.js';
import { alertsEndpoints } from './alerts.endpoints.js';

/** The price alert routes as the server declares them (issue 16). */
export const alertsRoutes = {
  createAlert: declareRoute(alertsEndpoints.createAlert, {
    summary:
      'Set a price alert: fired once, by the server, when a price at or beyond the level arrives. Refused with 10132 for an unknown instrument, 10140 for a price that is not positive or finer than the instrument’s precision, 10192 when the last price is already at or beyond the level, 10191 beyond 50 active alerts',
    tags: ['alerts'],
    owner: 'caller',
    body: ZCreateAlertRequest,
    response: ZAlert,
  }),
  listAlerts: declareRoute(alertsEndpoints.listAlerts, {
    summary: "The caller's price alerts: the active ones, then the latest fired ones (both books alike)",
    tags: ['alerts'],
    owner: 'caller',
    response: ZAlertList,
  }),
  deleteAlert: declareRoute(alertsEndpoints.deleteAlert, {
    summary: 'Delete one of the caller’s alerts (active or fired); another user’s id answers 10190 like a missing one',
    tags: ['alerts'],
    owner: { record: 'alert', at: 'params.id' },
    params: ZAlertParams,
    response: ZAlertDeleted,
  }),
};
