import type { Kysely } from 'kysely';
import type { Clock } from '../../platform/clock.js';
import type { MarketHub } from '../market/index.js';
import type { NotifyTables } from '../notify/index.js';
import type { AlertRow } from './alerts.repository.js';
import type { AlertsTables } from './alerts.tables.js';

/** The alerts' view of the database: their table, and notify's, written in the fire's transaction. */
export type AlertsDb = Kysely<AlertsTables & NotifyTables>;

/** What the use cases read of the market: the instrument and its last price. */
export type AlertPrices = Pick<MarketHub, 'instrument' | 'state'>;

/** Tells the engines (this instance's at once, the others' through the cluster bus) an alert changed. */
export type AlertChanges = { changed(id: string, row: AlertRow | null): void };

export type AlertsContext = { db: AlertsDb; clock: Clock; prices: AlertPrices; changes: AlertChanges };
