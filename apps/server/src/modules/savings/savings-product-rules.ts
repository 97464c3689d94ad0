import {
  LANGUAGES,
  type Language,
  SAVINGS_DAILY_RATE_MAX,
  SAVINGS_PENALTY_RATE_MAX,
  type TSavingsProductCreateRequest,
} from '@openbourse/contracts';
import { Decimal } from '@openbourse/money';
import { AppError } from '../../platform/errors/app-error.js';
import type { SavingsAssets } from './savings.context.js';
import type { SavingsProductValues } from './savings-products.repository.js';

/**
 * The rules of a savings product that its shape cannot hold, checked on create, update and seed;
 * each refusal names the field (`data.issues[].path`) so the back office marks it:
 * - the asset must be a ledger asset (UNKNOWN_ASSET, 10129);
 * - minimum above 0, maximum not below it, capacity not below the maximum (a product must be able
 *   to take one order at its maximum), every amount within the asset's decimals;
 * - a daily rate below SAVINGS_DAILY_RATE_MAX, a penalty below SAVINGS_PENALTY_RATE_MAX.
 * Everything else is INVALID_INPUT (10100), as the contracts' own checks answer.
 */

type Fields = Omit<TSavingsProductCreateRequest, 'reason'>;
type Issue = { path: string; message: string };

export async function checkSavingsProduct(assets: SavingsAssets, fields: Fields): Promise<SavingsProductValues> {
  const decimals = await assets.assetDecimals(fields.asset);
  if (decimals === null) {
    throw new AppError('UNKNOWN_ASSET', { data: { issues: [{ path: 'body.asset', message: 'not a ledger asset' }] } });
  }
  const issues: Issue[] = [];
  const min = Decimal.parse(fields.minAmount);
  const max = Decimal.parse(fields.maxAmount);
  const capacity = Decimal.parse(fields.capacity);
  for (const [field, value] of [
    ['minAmount', min],
    ['maxAmount', max],
    ['capacity', capacity],
  ] as const) {
    if (value.scale > decimals) issues.push({ path: `body.${field}`, message: `at most ${decimals} decimals` });
  }
  if (!min.isPositive()) issues.push({ path: 'body.minAmount', message: 'the minimum must be above 0' });
  if (max.lt(min)) issues.push({ path: 'body.maxAmount', message: 'the maximum is below the minimum' });
  if (capacity.lt(max)) issues.push({ path: 'body.capacity', message: 'the capacity is below the maximum' });
  if (Decimal.parse(fields.dailyRate).gte(Decimal.parse(SAVINGS_DAILY_RATE_MAX))) {
    issues.push({ path: 'body.dailyRate', message: `the daily rate must be below ${SAVINGS_DAILY_RATE_MAX}` });
  }
  if (Decimal.parse(fields.penaltyRate).gte(Decimal.parse(SAVINGS_PENALTY_RATE_MAX))) {
    issues.push({ path: 'body.penaltyRate', message: `the penalty must be below ${SAVINGS_PENALTY_RATE_MAX}` });
  }
  if (issues.length > 0) throw new AppError('INVALID_INPUT', { data: { issues } });
  const names = {} as Record<Language, string>;
  for (const language of LANGUAGES) names[language] = fields.names[language].trim();
  return {
    names,
    asset: fields.asset,
    minAmount: min.toString(),
    maxAmount: max.toString(),
    periodDays: fields.periodDays,
    dailyRate: Decimal.parse(fields.dailyRate).toString(),
    capacity: capacity.toString(),
    minLevel: fields.minLevel,
    penaltyRate: Decimal.parse(fields.penaltyRate).toString(),
  };
}
