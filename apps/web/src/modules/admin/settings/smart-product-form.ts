import type {
  Language,
  SmartStrategy,
  TAdminSmartProduct,
  TSmartProductCreateRequest,
  TSmartProductUpdateRequest,
} from '@openbourse/contracts';
import {
  LANGUAGES,
  SMART_DAYS_MAX,
  SMART_DAYS_MAX_COUNT,
  SMART_INTERVAL_MAX_MINUTES,
  SMART_STRATEGIES,
} from '@openbourse/contracts/constants';
import { Decimal } from '@openbourse/money';
import { type ParameterSpec, strategyById } from '@openbourse/strategies';
import { percentToRatio, REASON_MAX_LENGTH, ratioToPercent, sameDecimal } from './settings-form';

/**
 * The plan product form (issue 18), without React: what the operator typed, checked against the
 * rules the server holds (smart-product-rules.ts and the strategies' own parameter lists, read
 * from packages/strategies, the code the plans run) so most mistakes show beside their field
 * before a request; the lines that change (for the confirmation) and the request body. Rates are
 * typed as percentages and sent as ratios; amounts stay decimal strings (USDT: 6 decimals). A
 * parameter left empty takes the strategy's default, shown beside it.
 */

export type SmartProductField =
  | `names.${Language}`
  | 'strategy'
  | `params.${string}`
  | 'code'
  | 'intervalMinutes'
  | 'leverage'
  | 'marginShare'
  | 'minAmount'
  | 'maxAmount'
  | 'days'
  | 'exitFeeRate'
  | 'minLevel'
  | 'reason';

/** A text key under `admin.plans.errors`, with the values it names. */
export type SmartProductProblemKey =
  | 'required'
  | 'nameLength'
  | 'code'
  | 'interval'
  | 'leverage'
  | 'sharePercent'
  | 'feePercent'
  | 'amount'
  | 'positive'
  | 'minAboveMax'
  | 'days'
  | 'dayRepeated'
  | 'level'
  | 'paramNumber'
  | 'paramInteger'
  | 'paramRange'
  | 'paramInconsistent'
  | 'reasonLength';
export type SmartProductProblem = { key: SmartProductProblemKey; values?: Record<string, string> };
export type SmartProductProblems = Partial<Record<SmartProductField, SmartProductProblem>>;

export type SmartProductFormValues = {
  names: Record<Language, string>;
  strategy: SmartStrategy;
  /** Typed text per numeric parameter ('' takes the default), a switch per boolean one. */
  params: Record<string, string | boolean>;
  code: string;
  intervalMinutes: string;
  leverage: string;
  /** In percent: "50" commits half the plan's equity as margin to one position. */
  marginSharePercent: string;
  minAmount: string;
  maxAmount: string;
  /** Days, separated by commas or spaces: "7, 30, 90". */
  days: string;
  /** In percent of the amount: "1" is an early-exit fee of 1%. */
  exitFeePercent: string;
  minLevel: string;
  reason: string;
};

/** USDT amounts: at most 6 decimals (the contract's rule). */
export const SMART_AMOUNT_DECIMALS = 6;
const AMOUNT = new RegExp(`^\\d{1,20}(\\.\\d{1,${SMART_AMOUNT_DECIMALS}})?$`);
const WHOLE = /^\d{1,6}$/;
const CODE = /^[A-Z0-9.]{1,32}$/;
const NAME_MAX_LENGTH = 80;
/** A plan's leverage, before the instrument's own cap (which the server checks). */
export const SMART_LEVERAGE_MAX = 30;
export const SMART_LEVEL_MAX = 4;
const MINUTES_PER_DAY = 1440;

const emptyNames = () => Object.fromEntries(LANGUAGES.map((language) => [language, ''])) as Record<Language, string>;

export const EMPTY_SMART_PRODUCT_FORM: SmartProductFormValues = {
  names: emptyNames(),
  strategy: 'ma-crossover',
  params: {},
  code: '',
  intervalMinutes: '15',
  leverage: '2',
  marginSharePercent: '50',
  minAmount: '',
  maxAmount: '',
  days: '',
  exitFeePercent: '',
  minLevel: '0',
  reason: '',
};

/** The parameters of a strategy the plans run (its keys, kinds, defaults and ranges). */
export function strategyParameters(strategy: SmartStrategy): readonly ParameterSpec[] {
  return strategyById(strategy)?.parameters ?? [];
}

export function isSmartStrategy(value: string | null): value is SmartStrategy {
  return SMART_STRATEGIES.some((strategy) => strategy === value);
}

/** The form of a product: its values as the server holds them (parameters with their defaults filled in). */
export function smartProductFormOf(item: TAdminSmartProduct): SmartProductFormValues {
  const params: Record<string, string | boolean> = {};
  for (const spec of strategyParameters(item.strategy)) {
    const value = item.params[spec.key];
    if (spec.kind === 'boolean') params[spec.key] = typeof value === 'boolean' ? value : spec.default;
    else params[spec.key] = typeof value === 'number' ? String(value) : '';
  }
  return {
    names: { ...emptyNames(), ...item.names },
    strategy: item.strategy,
    params,
    code: item.code,
    intervalMinutes: String(item.intervalMinutes),
    leverage: String(item.leverage),
    marginSharePercent: ratioToPercent(item.marginShare),
    minAmount: item.minAmount,
    maxAmount: item.maxAmount,
    days: item.days.join(', '),
    exitFeePercent: ratioToPercent(item.exitFeeRate),
    minLevel: String(item.minLevel),
    reason: '',
  };
}

/** "7, 30 90" → [7, 30, 90]; null when a part is not a whole number of days. */
export function parseDays(text: string): number[] | null {
  const parts = text.split(/[\s,;]+/).filter((part) => part !== '');
  if (parts.length === 0 || !parts.every((part) => WHOLE.test(part))) return null;
  return parts.map(Number);
}

/** The parameters as the API takes them: the typed numbers and the switches; empty ones left out (defaults). */
export function typedParams(values: SmartProductFormValues): Record<string, number | boolean> {
  const params: Record<string, number | boolean> = {};
  for (const spec of strategyParameters(values.strategy)) {
    const typed = values.params[spec.key];
    if (spec.kind === 'boolean') {
      if (typeof typed === 'boolean') params[spec.key] = typed;
      continue;
    }
    const text = typeof typed === 'string' ? typed.trim() : '';
    // A parameter shapes an indicator (bars, band widths), not money: a number is what it is.
    if (text !== '' && /^-?\d+(\.\d+)?$/.test(text)) params[spec.key] = Number(text);
    else if (text !== '') params[spec.key] = Number.NaN;
  }
  return params;
}

function paramProblems(values: SmartProductFormValues, problems: SmartProductProblems): void {
  const strategy = strategyById(values.strategy);
  if (!strategy) {
    problems.strategy = { key: 'required' };
    return;
  }
  for (const spec of strategy.parameters) {
    if (spec.kind === 'boolean') continue;
    const typed = values.params[spec.key];
    const text = typeof typed === 'string' ? typed.trim() : '';
    if (text === '') continue;
    const range = { min: String(spec.min), max: String(spec.max) };
    if (!/^-?\d+(\.\d+)?$/.test(text)) problems[`params.${spec.key}`] = { key: 'paramNumber', values: range };
    else if (spec.kind === 'integer' && !/^-?\d+$/.test(text)) {
      problems[`params.${spec.key}`] = { key: 'paramInteger', values: range };
    } else if (Number(text) < spec.min || Number(text) > spec.max) {
      problems[`params.${spec.key}`] = { key: 'paramRange', values: range };
    }
  }
  if (Object.keys(problems).some((field) => field.startsWith('params.'))) return;
  // Each valid alone: the strategy's own check between them (fast below slow, exit channel not longer).
  const checked = strategy.validateParams(typedParams(values));
  if (!checked.ok) problems[`params.${checked.problem.key}`] = { key: 'paramInconsistent' };
}

function amountProblem(text: string): SmartProductProblem | undefined {
  const value = text.trim();
  if (value === '') return { key: 'required' };
  if (!AMOUNT.test(value)) return { key: 'amount', values: { decimals: String(SMART_AMOUNT_DECIMALS) } };
  if (!Decimal.parse(value).isPositive()) return { key: 'positive' };
  return undefined;
}

/** An interval the server takes: whole minutes that divide a day (or whole days), at most a day. */
function isInterval(text: string): boolean {
  if (!WHOLE.test(text)) return false;
  const minutes = Number(text);
  return minutes >= 1 && minutes <= SMART_INTERVAL_MAX_MINUTES && MINUTES_PER_DAY % minutes === 0;
}

export function validateSmartProductForm(values: SmartProductFormValues): SmartProductProblems {
  const problems: SmartProductProblems = {};
  for (const language of LANGUAGES) {
    const name = values.names[language].trim();
    if (name === '') problems[`names.${language}`] = { key: 'required' };
    else if (name.length > NAME_MAX_LENGTH) {
      problems[`names.${language}`] = { key: 'nameLength', values: { max: String(NAME_MAX_LENGTH) } };
    }
  }
  paramProblems(values, problems);
  const code = values.code.trim();
  if (code === '') problems.code = { key: 'required' };
  else if (!CODE.test(code)) problems.code = { key: 'code' };

  const interval = values.intervalMinutes.trim();
  if (!isInterval(interval)) problems.intervalMinutes = { key: 'interval' };

  const leverage = values.leverage.trim();
  if (!WHOLE.test(leverage) || Number(leverage) < 1 || Number(leverage) > SMART_LEVERAGE_MAX) {
    problems.leverage = { key: 'leverage', values: { max: String(SMART_LEVERAGE_MAX) } };
  }

  const share = percentToRatio(values.marginSharePercent);
  if (values.marginSharePercent.trim() === '') problems.marginShare = { key: 'required' };
  else if (share === null || !Decimal.parse(share).isPositive()) problems.marginShare = { key: 'sharePercent' };

  const minProblem = amountProblem(values.minAmount);
  const maxProblem = amountProblem(values.maxAmount);
  if (minProblem) problems.minAmount = minProblem;
  if (maxProblem) problems.maxAmount = maxProblem;
  if (!minProblem && !maxProblem && Decimal.parse(values.maxAmount.trim()).lt(Decimal.parse(values.minAmount.trim()))) {
    problems.maxAmount = { key: 'minAboveMax' };
  }

  const days = parseDays(values.days);
  if (values.days.trim() === '') problems.days = { key: 'required' };
  else if (
    days === null ||
    days.length > SMART_DAYS_MAX_COUNT ||
    days.some((count) => count < 1 || count > SMART_DAYS_MAX)
  ) {
    problems.days = { key: 'days', values: { count: String(SMART_DAYS_MAX_COUNT), max: String(SMART_DAYS_MAX) } };
  } else if (new Set(days).size !== days.length) problems.days = { key: 'dayRepeated' };

  if (values.exitFeePercent.trim() === '') problems.exitFeeRate = { key: 'required' };
  else if (percentToRatio(values.exitFeePercent) === null) problems.exitFeeRate = { key: 'feePercent' };

  const level = values.minLevel.trim();
  if (!/^\d$/.test(level) || Number(level) > SMART_LEVEL_MAX) {
    problems.minLevel = { key: 'level', values: { max: String(SMART_LEVEL_MAX) } };
  }

  const reason = values.reason.trim();
  if (reason === '') problems.reason = { key: 'required' };
  else if (reason.length > REASON_MAX_LENGTH) {
    problems.reason = { key: 'reasonLength', values: { max: String(REASON_MAX_LENGTH) } };
  }
  return problems;
}

type Fields = Omit<TSmartProductCreateRequest, 'reason'>;

/** The product's fields as the API takes them; call on a form without problems. */
export function smartProductFields(values: SmartProductFormValues): Fields {
  return {
    names: Object.fromEntries(
      LANGUAGES.map((language) => [language, values.names[language].trim()]),
    ) as Fields['names'],
    strategy: values.strategy,
    params: typedParams(values),
    code: values.code.trim(),
    intervalMinutes: Number(values.intervalMinutes.trim()),
    leverage: Number(values.leverage.trim()),
    marginShare: percentToRatio(values.marginSharePercent) ?? '',
    minAmount: values.minAmount.trim(),
    maxAmount: values.maxAmount.trim(),
    days: [...(parseDays(values.days) ?? [])].sort((a, b) => a - b),
    exitFeeRate: percentToRatio(values.exitFeePercent) ?? '',
    minLevel: Number(values.minLevel.trim()),
  };
}

export function smartProductCreateBody(values: SmartProductFormValues): TSmartProductCreateRequest {
  return { ...smartProductFields(values), reason: values.reason.trim() };
}

export function smartProductUpdateBody(
  values: SmartProductFormValues,
  item: TAdminSmartProduct,
): TSmartProductUpdateRequest {
  return { ...smartProductFields(values), version: item.version, reason: values.reason.trim() };
}

/** One line of the confirmation: which field, as shown before (null: a new product) and after. */
export type SmartProductChange = { field: Exclude<SmartProductField, 'reason'>; before: string | null; after: string };

/** The parameters as one line: "period 20, width 2, allowShort yes" (the defaults named for empty ones). */
function paramsLine(values: SmartProductFormValues, yesNo: (value: boolean) => string): string {
  return strategyParameters(values.strategy)
    .map((spec) => {
      const typed = values.params[spec.key];
      if (spec.kind === 'boolean') return `${spec.key} ${yesNo(typeof typed === 'boolean' ? typed : spec.default)}`;
      const text = typeof typed === 'string' ? typed.trim() : '';
      return `${spec.key} ${text === '' ? String(spec.default) : text}`;
    })
    .join(', ');
}

/** The fields as the confirmation shows them, in the form's order, as typed (trimmed). */
function shownFields(
  values: SmartProductFormValues,
  yesNo: (value: boolean) => string,
): [Exclude<SmartProductField, 'reason'>, string][] {
  const percent = (text: string) => (text.trim() === '' ? '' : `${text.trim()}%`);
  const days = parseDays(values.days);
  return [
    ...LANGUAGES.map((language): [`names.${Language}`, string] => [`names.${language}`, values.names[language].trim()]),
    ['strategy', values.strategy],
    ['params.all', paramsLine(values, yesNo)],
    ['code', values.code.trim()],
    ['intervalMinutes', values.intervalMinutes.trim()],
    ['leverage', values.leverage.trim()],
    ['marginShare', percent(values.marginSharePercent)],
    ['minAmount', values.minAmount.trim()],
    ['maxAmount', values.maxAmount.trim()],
    ['days', days ? [...days].sort((a, b) => a - b).join(', ') : values.days.trim()],
    ['exitFeeRate', percent(values.exitFeePercent)],
    ['minLevel', values.minLevel.trim()],
  ];
}

/** What changes from the product (all that is set, for a new one); decimals compare as numbers. */
export function smartProductChanges(
  values: SmartProductFormValues,
  item: TAdminSmartProduct | null,
  yesNo: (value: boolean) => string,
): SmartProductChange[] {
  const after = shownFields(values, yesNo);
  if (item === null) {
    return after.filter(([, shown]) => shown !== '').map(([field, shown]) => ({ field, before: null, after: shown }));
  }
  const before = new Map(shownFields(smartProductFormOf(item), yesNo));
  const same = (a: string, b: string) =>
    a === b || (a !== '' && b !== '' && sameDecimal(a.replace('%', ''), b.replace('%', '')));
  return after
    .filter(([field, shown]) => !same(before.get(field) ?? '', shown))
    .map(([field, shown]) => ({ field, before: before.get(field) ?? '', after: shown }));
}

/**
 * The form field a server refusal names (`body.params.period` → `params.period`, `body.days.2` →
 * `days`, `body.names.fr` → `names.fr`), or null for a path the form has no field for.
 */
export function smartProductFieldOfIssue(path: string): SmartProductField | null {
  const field = path.replace(/^body\./, '');
  const name = /^names\.([a-z]{2})$/.exec(field)?.[1];
  if (name) return LANGUAGES.find((language) => language === name) ? (`names.${name}` as SmartProductField) : null;
  if (field === 'names') return 'names.en';
  const param = /^params\.([a-zA-Z]+)$/.exec(field)?.[1];
  if (param) return `params.${param}`;
  if (/^days(\.\d+)?$/.test(field)) return 'days';
  const known: SmartProductField[] = [
    'strategy',
    'code',
    'intervalMinutes',
    'leverage',
    'marginShare',
    'minAmount',
    'maxAmount',
    'exitFeeRate',
    'minLevel',
  ];
  return known.find((candidate) => candidate === field) ?? null;
}
