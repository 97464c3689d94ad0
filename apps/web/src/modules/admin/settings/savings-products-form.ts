import type {
  TAdminSavingsProduct,
  TSavingsProductCreateRequest,
  TSavingsProductNames,
  TSavingsProductUpdateRequest,
} from '@openbourse/contracts';
import {
  LANGUAGES,
  type Language,
  SAVINGS_DAILY_RATE_MAX,
  SAVINGS_MIN_LEVEL_MAX,
  SAVINGS_NAME_MAX,
  SAVINGS_PENALTY_RATE_MAX,
  SAVINGS_PERIOD_MAX_DAYS,
} from '@openbourse/contracts/constants';
import { Decimal } from '@openbourse/money';
import { percentToRatio, REASON_MAX_LENGTH, ratioToPercent, sameDecimal } from './settings-form';

/**
 * The savings product form (#18), without React: what the operator typed, checked against the
 * rules the server holds (savings-product-rules.ts) so most mistakes show beside their field before
 * a request, the lines that change (for the confirmation) and the request body. Rates are typed as
 * percentages and sent as ratios; amounts stay decimal strings (USDT and USDC: 6 decimals).
 */

export type SavingsField =
  | `name.${Language}`
  | 'minAmount'
  | 'maxAmount'
  | 'capacity'
  | 'periodDays'
  | 'dailyRate'
  | 'penaltyRate'
  | 'minLevel'
  | 'reason';

export type SavingsProblemKey =
  | 'required'
  | 'nameLength'
  | 'amount'
  | 'positive'
  | 'minAboveMax'
  | 'capacityBelowMax'
  | 'wholeDays'
  | 'ratePercent'
  | 'penaltyPercent'
  | 'reasonLength';
export type SavingsProblem = { key: SavingsProblemKey; values?: Record<string, string> };
export type SavingsProblems = Partial<Record<SavingsField, SavingsProblem>>;

export type SavingsFormValues = {
  asset: string;
  names: Record<Language, string>;
  minAmount: string;
  maxAmount: string;
  capacity: string;
  periodDays: string;
  /** Per day, in percent: "0.05" is 0.05% a day. */
  dailyRatePercent: string;
  /** Share of the principal, in percent: "1" is 1%. */
  penaltyRatePercent: string;
  minLevel: number;
  reason: string;
};

/** The assets a savings product may be in, with the ledger's decimals (the server checks them again). */
export const SAVINGS_ASSETS = ['USDT', 'USDC'] as const;
export const SAVINGS_AMOUNT_DECIMALS = 6;
const AMOUNT = new RegExp(`^\\d{1,20}(\\.\\d{1,${SAVINGS_AMOUNT_DECIMALS}})?$`);
const WHOLE = /^\d{1,6}$/;
const HUNDRED = Decimal.fromInteger(100);
const RATE_PERCENT_MAX = Decimal.parse(SAVINGS_DAILY_RATE_MAX).mul(HUNDRED);
const PENALTY_PERCENT_MAX = Decimal.parse(SAVINGS_PENALTY_RATE_MAX).mul(HUNDRED);

const emptyNames = (): Record<Language, string> =>
  Object.fromEntries(LANGUAGES.map((language) => [language, ''])) as Record<Language, string>;

export const EMPTY_SAVINGS_FORM: SavingsFormValues = {
  asset: 'USDT',
  names: emptyNames(),
  minAmount: '',
  maxAmount: '',
  capacity: '',
  periodDays: '',
  dailyRatePercent: '',
  penaltyRatePercent: '',
  minLevel: 0,
  reason: '',
};

export function savingsFormOf(item: TAdminSavingsProduct): SavingsFormValues {
  return {
    asset: item.asset,
    names: { ...item.names },
    minAmount: item.minAmount,
    maxAmount: item.maxAmount,
    capacity: item.capacity,
    periodDays: String(item.periodDays),
    dailyRatePercent: ratioToPercent(item.dailyRate),
    penaltyRatePercent: ratioToPercent(item.penaltyRate),
    minLevel: item.minLevel,
    reason: '',
  };
}

function amountProblem(text: string): SavingsProblem | undefined {
  const value = text.trim();
  if (value === '') return { key: 'required' };
  if (!AMOUNT.test(value)) return { key: 'amount', values: { decimals: String(SAVINGS_AMOUNT_DECIMALS) } };
  if (!Decimal.parse(value).isPositive()) return { key: 'positive' };
  return undefined;
}

/** A percentage typed below `maximum` as the ratio the API takes, or null. */
function ratioBelow(percent: string, maximum: Decimal): string | null {
  const ratio = percentToRatio(percent);
  return ratio !== null && Decimal.parse(percent.trim()).lt(maximum) ? ratio : null;
}

export function validateSavingsForm(values: SavingsFormValues): SavingsProblems {
  const problems: SavingsProblems = {};
  for (const language of LANGUAGES) {
    const name = values.names[language].trim();
    if (name === '') problems[`name.${language}`] = { key: 'required' };
    else if (name.length > SAVINGS_NAME_MAX) {
      problems[`name.${language}`] = { key: 'nameLength', values: { max: String(SAVINGS_NAME_MAX) } };
    }
  }
  const min = amountProblem(values.minAmount);
  const max = amountProblem(values.maxAmount);
  const capacity = amountProblem(values.capacity);
  if (min) problems.minAmount = min;
  if (max) problems.maxAmount = max;
  if (capacity) problems.capacity = capacity;
  if (!min && !max && Decimal.parse(values.maxAmount.trim()).lt(Decimal.parse(values.minAmount.trim()))) {
    problems.maxAmount = { key: 'minAboveMax' };
  }
  if (!max && !capacity && Decimal.parse(values.capacity.trim()).lt(Decimal.parse(values.maxAmount.trim()))) {
    problems.capacity = { key: 'capacityBelowMax' };
  }
  const days = values.periodDays.trim();
  if (!WHOLE.test(days) || Number(days) < 1 || Number(days) > SAVINGS_PERIOD_MAX_DAYS) {
    problems.periodDays = { key: 'wholeDays', values: { max: String(SAVINGS_PERIOD_MAX_DAYS) } };
  }
  if (values.dailyRatePercent.trim() === '') problems.dailyRate = { key: 'required' };
  else if (ratioBelow(values.dailyRatePercent, RATE_PERCENT_MAX) === null) {
    problems.dailyRate = { key: 'ratePercent', values: { max: RATE_PERCENT_MAX.toString() } };
  }
  if (values.penaltyRatePercent.trim() === '') problems.penaltyRate = { key: 'required' };
  else if (ratioBelow(values.penaltyRatePercent, PENALTY_PERCENT_MAX) === null) {
    problems.penaltyRate = { key: 'penaltyPercent', values: { max: PENALTY_PERCENT_MAX.toString() } };
  }
  const reason = values.reason.trim();
  if (reason === '') problems.reason = { key: 'required' };
  else if (reason.length > REASON_MAX_LENGTH) {
    problems.reason = { key: 'reasonLength', values: { max: String(REASON_MAX_LENGTH) } };
  }
  return problems;
}

type Fields = Omit<TSavingsProductCreateRequest, 'reason'>;

/** The product's fields as the API takes them; call on a form without problems. */
export function savingsFields(values: SavingsFormValues): Fields {
  const names = Object.fromEntries(
    LANGUAGES.map((language) => [language, values.names[language].trim()]),
  ) as TSavingsProductNames;
  return {
    names,
    asset: values.asset,
    minAmount: values.minAmount.trim(),
    maxAmount: values.maxAmount.trim(),
    capacity: values.capacity.trim(),
    periodDays: Number(values.periodDays.trim()),
    dailyRate: percentToRatio(values.dailyRatePercent) ?? '',
    penaltyRate: percentToRatio(values.penaltyRatePercent) ?? '',
    minLevel: Math.min(Math.max(values.minLevel, 0), SAVINGS_MIN_LEVEL_MAX),
  };
}

export function savingsCreateBody(values: SavingsFormValues): TSavingsProductCreateRequest {
  return { ...savingsFields(values), reason: values.reason.trim() };
}

export function savingsUpdateBody(values: SavingsFormValues, item: TAdminSavingsProduct): TSavingsProductUpdateRequest {
  return { ...savingsFields(values), version: item.version, reason: values.reason.trim() };
}

/** One line of the confirmation: which field, as shown before (null: a new product) and after. */
export type SavingsChange = { field: Exclude<SavingsField, 'reason'>; before: string | null; after: string };

function shownFields(values: SavingsFormValues): [Exclude<SavingsField, 'reason'>, string][] {
  const percent = (text: string) => (text.trim() === '' ? '' : `${text.trim()}%`);
  return [
    ...LANGUAGES.map((language): [Exclude<SavingsField, 'reason'>, string] => [
      `name.${language}`,
      values.names[language].trim(),
    ]),
    ['minAmount', values.minAmount.trim()],
    ['maxAmount', values.maxAmount.trim()],
    ['capacity', values.capacity.trim()],
    ['periodDays', values.periodDays.trim()],
    ['dailyRate', percent(values.dailyRatePercent)],
    ['penaltyRate', percent(values.penaltyRatePercent)],
    ['minLevel', String(values.minLevel)],
  ];
}

/** What changes from the product (all that is set, for a new one); decimals compare as numbers. */
export function savingsChanges(values: SavingsFormValues, item: TAdminSavingsProduct | null): SavingsChange[] {
  const after = shownFields(values);
  if (item === null) {
    return after.filter(([, shown]) => shown !== '').map(([field, shown]) => ({ field, before: null, after: shown }));
  }
  const before = new Map(shownFields(savingsFormOf(item)));
  const same = (a: string, b: string) =>
    a === b || (a !== '' && b !== '' && sameDecimal(a.replace('%', ''), b.replace('%', '')));
  return after
    .filter(([field, shown]) => !same(before.get(field) ?? '', shown))
    .map(([field, shown]) => ({ field, before: before.get(field) ?? '', after: shown }));
}

/** The form field a server refusal names (`body.capacity` → `capacity`, `body.names.de` → `name.de`). */
export function savingsFieldOfIssue(path: string): SavingsField | null {
  const field = path.replace(/^body\./, '');
  const name = /^names\.([a-z]{2})$/.exec(field);
  if (name && LANGUAGES.some((language) => language === name[1])) return `name.${name[1] as Language}`;
  const known: SavingsField[] = [
    'minAmount',
    'maxAmount',
    'capacity',
    'periodDays',
    'dailyRate',
    'penaltyRate',
    'minLevel',
  ];
  return known.find((candidate) => candidate === field) ?? null;
}
