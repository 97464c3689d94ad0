import type { TSmartProductCreateRequest } from '@openbourse/contracts';
import { Decimal } from '@openbourse/money';
import { intervalProblem, strategyById } from '@openbourse/strategies';
import { AppError } from '../../platform/errors/app-error.js';
import type { PlanMarket } from './plans.context.js';
import type { StrategyParams } from './plans.tables.js';
import { USDT_DECIMALS } from './smart-product-wire.js';

/**
 * The rules of a plan product its shape cannot hold, checked on create and update; each refusal
 * names the field (`data.issues[].path`) so the back office marks it (INVALID_INPUT, 10100):
 * the instrument is listed; the leverage within its cap; the strategy's parameters valid for it
 * (unknown ones refused, missing ones filled with the defaults, stored complete); an interval
 * that divides a day; the minimum not above the maximum; no repeated duration; a margin share
 * above 0.
 */

type Fields = Omit<TSmartProductCreateRequest, 'reason'>;
type Issue = { path: string; message: string };

export type SmartProductValues = {
  names: Record<string, string>;
  strategy: Fields['strategy'];
  params: StrategyParams;
  code: string;
  intervalMinutes: number;
  leverage: number;
  marginShare: string;
  minAmount: bigint;
  maxAmount: bigint;
  days: number[];
  exitFeeRate: string;
  minLevel: number;
};

export function checkSmartProduct(market: PlanMarket, fields: Fields): SmartProductValues {
  const issues: Issue[] = [];
  const instrument = market.instrument(fields.code);
  if (!instrument) issues.push({ path: 'body.code', message: 'not a listed instrument' });
  else if (fields.leverage > instrument.leverageCap) {
    issues.push({ path: 'body.leverage', message: `above the instrument's cap of ${instrument.leverageCap}` });
  }
  const strategy = strategyById(fields.strategy);
  let params: StrategyParams = {};
  if (!strategy) issues.push({ path: 'body.strategy', message: 'not a known strategy' });
  else {
    const checked = strategy.validateParams(fields.params);
    if (checked.ok) params = { ...checked.params };
    else issues.push({ path: `body.params.${checked.problem.key}`, message: checked.problem.message });
  }
  const interval = intervalProblem(fields.intervalMinutes);
  if (interval) issues.push({ path: 'body.intervalMinutes', message: interval });
  const minAmount = Decimal.parse(fields.minAmount).toMinorUnits(USDT_DECIMALS, 'down');
  const maxAmount = Decimal.parse(fields.maxAmount).toMinorUnits(USDT_DECIMALS, 'down');
  if (minAmount <= 0n) issues.push({ path: 'body.minAmount', message: 'must be above 0' });
  if (maxAmount < minAmount) issues.push({ path: 'body.maxAmount', message: 'must not be below the minimum' });
  const days = [...fields.days].sort((a, b) => a - b);
  if (new Set(days).size !== days.length) issues.push({ path: 'body.days', message: 'a duration is repeated' });
  if (!Decimal.parse(fields.marginShare).isPositive()) {
    issues.push({ path: 'body.marginShare', message: 'must be above 0' });
  }
  if (issues.length > 0) throw new AppError('INVALID_INPUT', { data: { issues } });
  return {
    names: fields.names,
    strategy: fields.strategy,
    params,
    code: fields.code,
    intervalMinutes: fields.intervalMinutes,
    leverage: fields.leverage,
    marginShare: Decimal.parse(fields.marginShare).toString(),
    minAmount,
    maxAmount,
    days,
    exitFeeRate: Decimal.parse(fields.exitFeeRate).toString(),
    minLevel: fields.minLevel,
  };
}

/** The columns a product's values are stored in. */
export function productColumns(values: SmartProductValues) {
  return {
    names: JSON.stringify(values.names),
    strategy: values.strategy,
    params: JSON.stringify(values.params),
    code: values.code,
    interval_minutes: values.intervalMinutes,
    leverage: values.leverage,
    margin_share: values.marginShare,
    min_amount: values.minAmount.toString(),
    max_amount: values.maxAmount.toString(),
    days: values.days,
    exit_fee_rate: values.exitFeeRate,
    min_level: values.minLevel,
  };
}
