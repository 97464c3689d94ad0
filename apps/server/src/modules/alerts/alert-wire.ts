import type { TAlert } from '@openbourse/contracts';
import type { AlertRow } from './alerts.repository.js';

export function toWire(row: AlertRow): TAlert {
  return {
    id: String(row.id),
    code: row.code,
    direction: row.direction,
    price: row.price,
    status: row.status,
    createdAt: row.created_at.toISOString(),
    firedAt: row.fired_at ? row.fired_at.toISOString() : null,
    firedPrice: row.fired_price,
  };
}
