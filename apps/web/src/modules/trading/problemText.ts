import { CATALOGUE } from '@openbourse/contracts';
import { catalogueMessage } from '../../shared/i18n/i18n';
import { formatQuantity } from '../market/format';
import type { LotsProblem, PriceProblem } from './ticketMath';

type Translate = (key: string, options?: Record<string, unknown>) => string;

/**
 * The words for a validation problem: the catalogue's message for its code (the one the server
 * would answer with, SPEC §8), plus what the rule is where that helps (the tick, the lot range).
 */
export function priceProblemText(problem: PriceProblem, tickSize: string, locale: string, t: Translate): string {
  switch (problem) {
    case 'PRICE_INVALID':
    case 'TICK':
      return `${catalogueMessage(CATALOGUE.PRICE_INVALID.code)} ${t('trading.ticket.tickIs', {
        tick: formatQuantity(tickSize, locale, 12),
      })}`;
    case 'STOP_LOSS_UNREASONABLE':
      return catalogueMessage(CATALOGUE.STOP_LOSS_UNREASONABLE.code);
    case 'TAKE_PROFIT_UNREASONABLE':
      return catalogueMessage(CATALOGUE.TAKE_PROFIT_UNREASONABLE.code);
    case 'STOP_COMBINATION_UNREASONABLE':
      return catalogueMessage(CATALOGUE.STOP_COMBINATION_UNREASONABLE.code);
    case 'ENTRY_PRICE_UNREASONABLE':
      return catalogueMessage(CATALOGUE.ENTRY_PRICE_UNREASONABLE.code);
    default:
      return catalogueMessage(0);
  }
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
  return `${catalogueMessage(CATALOGUE.PURCHASE_AMOUNT_WRONG.code)} ${rule}`;
}

export function leverageProblemText(cap: number, t: Translate): string {
  return `${catalogueMessage(CATALOGUE.LEVERAGE_INVALID.code)} ${t('trading.ticket.leverageRule', { cap })}`;
}
