/**
 * Price alerts (issue 16). No zod here: the web's shell may read it.
 * An alert is the user's, in both books (a price is the same in the demo and the live book).
 */
export const ALERT_DIRECTIONS = ['above', 'below'] as const;
export type AlertDirection = (typeof ALERT_DIRECTIONS)[number];

export const ALERT_STATUSES = ['active', 'fired'] as const;
export type AlertStatus = (typeof ALERT_STATUSES)[number];

/** Active alerts a user may hold at once (the next one answers 10191). */
export const MAX_ACTIVE_ALERTS = 50;
