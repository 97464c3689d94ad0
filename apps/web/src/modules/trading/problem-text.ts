import { CATALOGUE } from '@openbourse/contracts';
import type { TradingRuleProblem } from '@openbourse/trading-rules';
import { catalogueMessage } from '../../shared/i18n/i18n';
import { formatQuantity } from '../market/format';
import type { LotsProblem, SizeProblem } from './ticket-math';

type Translate = (key: string, options?: Record<string, unknown>) => string;

/**
 * The words for what the trading rules refuse: the catalogue's message for the name they answer
 * (the server's own words for it, SPEC §8), followed where it helps by the rule itself (the
 * tick, the lot range, the leverage cap).
 */
export function ruleProblemText(problem: TradingRuleProblem, rule?: string): string {
  const message = catalogueMessage(CATALOGUE[problem].code);
  return rule ? `${message} ${rule}` : message;
}

/** A price field's problem; a malformed price also says what the tick is. */
export function priceProblemText(problem: TradingRuleProblem, tickSize: string, locale: string, t: Translate): string {
  const tick =
    problem === 'PRICE_INVALID'
      ? t('trading.ticket.tickIs', { tick: formatQuantity(tickSize, locale, 12) })
      : undefined;
  return ruleProblemText(problem, tick);
}

export function lotsProblemText(
  problem: LotsProblem,
  limits: { minLots: string; maxLots: string; lotStep: string | null },
  locale: string,
  t: Translate,
): string {
  if (problem === 'required') return t('trading.ticket.lotsRequired');
  const rule = limits.lotStep
    ? t('trading.ticket.lotsRule', {
        min: formatQuantity(limits.minLots, locale, 12),
        max: formatQuantity(limits.maxLots, locale, 12),
        step: formatQuantity(limits.lotStep, locale, 12),
      })
    : t('trading.close.lotsRule', { max: formatQuantity(limits.maxLots, locale, 12) });
  return ruleProblemText(problem, rule);
}

/**
 * The words for what refuses the order's size, but affordability (its text needs the account's
 * figures). In amount mode, lots the rules refuse also say which way the amount misses: below
 * the smallest order only when its lots are really fewer than the minimum (or none), above the
 * largest only when they are more than the maximum.
 */
export function sizeProblemText(
  problem: Exclude<SizeProblem, { kind: 'afford' }>,
  limits: { minLots: string; maxLots: string; lotStep: string },
  amountMode: boolean,
  locale: string,
  t: Translate,
): string {
  if (problem.kind === 'required') return t('trading.ticket.lotsRequired');
  if (problem.kind === 'amountRequired') return t('trading.ticket.amountRequired');
  if (problem.kind === 'amountInvalid') {
    return t('trading.ticket.amountInvalid', { example: formatQuantity('12345.5', locale, 2) });
  }
  const text = lotsProblemText('PURCHASE_AMOUNT_WRONG', limits, locale, t);
  if (!amountMode) return text;
  if (problem.reason === 'below_min' || problem.reason === 'not_positive') {
    return `${text} ${t('trading.ticket.amountTooSmall')}`;
  }
  return problem.reason === 'above_max' ? `${text} ${t('trading.ticket.amountTooLarge')}` : text;
}

export function leverageProblemText(cap: number, t: Translate): string {
  return ruleProblemText('LEVERAGE_INVALID', t('trading.ticket.leverageRule', { cap }));
}
