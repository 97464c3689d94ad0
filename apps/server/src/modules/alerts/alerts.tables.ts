import type { AlertDirection, AlertStatus } from '@openbourse/contracts';
import type { Generated } from 'kysely';

export type AlertsTables = {
  alerts_price_alerts: {
    id: Generated<string>;
    user_id: string;
    code: string;
    direction: AlertDirection;
    /** NUMERIC: written and read as a decimal string. */
    price: string;
    status: Generated<AlertStatus>;
    created_at: Date;
    fired_at: Date | null;
    fired_price: string | null;
  };
};
