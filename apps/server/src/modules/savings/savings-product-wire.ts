import type { Language, TAdminSavingsProduct, TFinancialProduct } from '@openbourse/contracts';
import { Decimal } from '@openbourse/money';
import { promisedInterest } from './savings-math.js';
import type { SavingsProductRecord } from './savings-products.repository.js';

/** How much more principal the product takes: its capacity less the principal earning, never below 0. */
export function remainingCapacityOf(record: SavingsProductRecord, earning: Decimal): Decimal {
  return Decimal.max(Decimal.ZERO, Decimal.parse(record.capacity).sub(earning));
}

/** A product as investors see it (`/index/listFinancialProducts`), named in `language`. */
export function publicSavingsProduct(
  record: SavingsProductRecord,
  earning: Decimal,
  language: Language,
  decimals: number,
): TFinancialProduct {
  return {
    id: record.id,
    name: record.names[language],
    asset: record.asset,
    decimals,
    minAmount: record.minAmount,
    maxAmount: record.maxAmount,
    periodDays: record.periodDays,
    dailyRate: record.dailyRate,
    remainingCapacity: remainingCapacityOf(record, earning).toString(),
    minLevel: record.minLevel,
    penaltyRate: record.penaltyRate,
    onSale: record.status === 'on_sale',
    pausedReason: record.pausedReason,
    interestAtMax: promisedInterest({
      principal: Decimal.parse(record.maxAmount),
      dailyRate: Decimal.parse(record.dailyRate),
      periodDays: record.periodDays,
      decimals,
    }).toString(),
  };
}

/** A product as the back office sees it. */
export function adminSavingsProduct(record: SavingsProductRecord, earning: Decimal): TAdminSavingsProduct {
  return {
    id: record.id,
    names: record.names,
    asset: record.asset,
    minAmount: record.minAmount,
    maxAmount: record.maxAmount,
    periodDays: record.periodDays,
    dailyRate: record.dailyRate,
    capacity: record.capacity,
    principalEarning: earning.toString(),
    remainingCapacity: remainingCapacityOf(record, earning).toString(),
    minLevel: record.minLevel,
    penaltyRate: record.penaltyRate,
    status: record.status,
    pausedReason: record.pausedReason,
    version: record.version,
    createdAt: record.createdAt.toISOString(),
    updatedAt: record.updatedAt.toISOString(),
  };
}

/** What the audit log keeps of a product before and after a change: its values and state. */
export function auditedSavingsProduct(record: SavingsProductRecord) {
  const { createdAt: _created, updatedAt: _updated, ...rest } = record;
  return rest;
}
