import type {
  OptionsExpirySchedule,
  TAdminOptionsExpiry,
  TAdminOptionsProduct,
  TListOptionsExpiryRequest,
  TOptionsProductCreateRequest,
  TOptionsProductUpdateRequest,
  TSettleOptionsExpiryRequest,
} from '@openbourse/contracts';
import {
  OPTIONS_EXPIRY_SCHEDULES,
  OPTIONS_MAX_CONTRACTS_PER_ORDER,
  OPTIONS_MAX_STRIKES_EACH_SIDE,
  OPTIONS_MAX_WINDOW_MINUTES,
} from '@openbourse/contracts/constants';
import { Decimal } from '@openbourse/money';
import { REASON_MAX_LENGTH, ratioToPercent, sameDecimal } from './settings-form';

/**
 * The options product form (issue 19), without React: what the operator typed, checked against
 * the contract's bounds (ZOptionsProductCreateRequest) and the table's checks (migration 0031:
 * volatility floor above 0 and cap at least the floor, a decay above 0, a reserve limit above
 * 0), so most mistakes show beside their field before a request; the lines that change (for the
 * confirmation) and the request body. Rates, the call cap share and volatilities are typed as
 * percentages and sent as the ratios the contract takes ("4" → "0.04"), exactly, with
 * @openbourse/money's Decimal; amounts stay decimal strings. Also: listing one expiry (a UTC
 * date-time on a whole minute) and an operator's settlement price.
 */

export type OptionsProductField =
  | 'code'
  | 'schedules'
  | 'expiryMinuteOfDay'
  | 'strikeStep'
  | 'strikesEachSide'
  | 'contractSize'
  | 'callCapShare'
  | 'spreadRate'
  | 'minPremium'
  | 'feeRate'
  | 'rate'
  | 'volatilityFloor'
  | 'volatilityCap'
  | 'volatilityWindowMinutes'
  | 'volatilityLambda'
  | 'seriesReserveLimit'
  | 'maxContractsPerOrder'
  | 'settlementWindowMinutes'
  | 'salesCutoffMinutes'
  | 'reason';

/** A text key under `admin.options.errors`, with the values it names. */
export type OptionsProblemKey =
  | 'required'
  | 'code'
  | 'time'
  | 'amountPositive'
  | 'amountFromZero'
  | 'whole'
  | 'percentFromZero'
  | 'percentPositive'
  | 'ratePercent'
  | 'capBelowFloor'
  | 'lambda'
  | 'reasonLength'
  | 'dateTime'
  | 'tooSoon'
  | 'price';
export type OptionsProblem = { key: OptionsProblemKey; values?: Record<string, string> };
export type OptionsProblems = Partial<Record<OptionsProductField, OptionsProblem>>;

/** The fields typed as text; `schedules` is the checked boxes. */
type TextField = Exclude<OptionsProductField, 'schedules' | 'reason'>;

/**
 * The form's values, as typed: `expiryMinuteOfDay` as a UTC time "HH:MM"; `callCapShare`,
 * `spreadRate`, `feeRate`, `rate`, `volatilityFloor` and `volatilityCap` in percent; the rest in
 * the contract's own units (`volatilityLambda` a decimal such as 0.97).
 */
export type OptionsProductFormValues = Record<TextField, string> & {
  schedules: readonly OptionsExpirySchedule[];
  reason: string;
};

/** Fields typed in percent, with how many decimals (in percent) their ratio's contract allows and their range. */
const PERCENT_FIELDS = {
  // ^\d{1,3}(\.\d{1,6})?$, above 0: below 1000 as a ratio, 100 000 %.
  callCapShare: { decimals: 4, max: '100000', isZeroAllowed: false },
  // ZRatio: ^0(\.\d{1,10})?$, 0 to below 1.
  spreadRate: { decimals: 8, max: '100', isZeroAllowed: true },
  feeRate: { decimals: 8, max: '100', isZeroAllowed: true },
  // ^\d{1,2}(\.\d{1,6})?$, above 0 (table check): below 100 as a ratio.
  volatilityFloor: { decimals: 4, max: '10000', isZeroAllowed: false },
  volatilityCap: { decimals: 4, max: '10000', isZeroAllowed: false },
} as const;
type PercentField = keyof typeof PERCENT_FIELDS | 'rate';
const isPercentField = (field: string): field is PercentField => field in PERCENT_FIELDS || field === 'rate';

/** Whole-number fields and their bounds (the contract's). */
export const OPTIONS_WHOLE_BOUNDS = {
  strikesEachSide: [1, OPTIONS_MAX_STRIKES_EACH_SIDE],
  volatilityWindowMinutes: [30, 43_200],
  maxContractsPerOrder: [1, OPTIONS_MAX_CONTRACTS_PER_ORDER],
  settlementWindowMinutes: [1, OPTIONS_MAX_WINDOW_MINUTES],
  salesCutoffMinutes: [1, OPTIONS_MAX_WINDOW_MINUTES],
} as const satisfies Partial<Record<TextField, readonly [number, number]>>;
type WholeField = keyof typeof OPTIONS_WHOLE_BOUNDS;

/** Amounts in the quote asset or units of the underlying (ZDecimal: up to 20 digits and 12 decimals). */
const AMOUNT_DECIMALS = 12;
const AMOUNT = /^\d{1,20}(\.\d{1,12})?$/;
const AMOUNT_FIELDS = ['strikeStep', 'contractSize', 'minPremium', 'seriesReserveLimit'] as const;
type AmountField = (typeof AMOUNT_FIELDS)[number];
/** The smallest ask may be 0; a strike step, a contract size and a reserve limit are above 0. */
const AMOUNTS_FROM_ZERO: readonly AmountField[] = ['minPremium'];

const HUNDRED = Decimal.fromInteger(100);
const CODE_MAX = 32;
const TIME = /^([01]\d|2[0-3]):([0-5]\d)$/;
const LAMBDA = /^0\.\d{1,10}$/;
/** The risk-free rate in percent: the ratio's ^-?0(\.\d{1,6})?$ is a percent above −100 and below 100, 4 decimals. */
const RATE_PERCENT = /^-?\d{1,2}(\.\d{1,4})?$/;

/** The order the form shows its fields in (and the confirmation its lines). */
export const OPTIONS_PRODUCT_FIELDS: readonly Exclude<OptionsProductField, 'reason'>[] = [
  'code',
  'schedules',
  'expiryMinuteOfDay',
  'strikeStep',
  'strikesEachSide',
  'contractSize',
  'callCapShare',
  'spreadRate',
  'feeRate',
  'minPremium',
  'rate',
  'volatilityFloor',
  'volatilityCap',
  'volatilityWindowMinutes',
  'volatilityLambda',
  'seriesReserveLimit',
  'maxContractsPerOrder',
  'settlementWindowMinutes',
  'salesCutoffMinutes',
];

/** A new product's form: empty, but for values most products share (each can be changed). */
export const EMPTY_OPTIONS_PRODUCT_FORM: OptionsProductFormValues = {
  code: '',
  schedules: [],
  expiryMinuteOfDay: '08:00',
  strikeStep: '',
  strikesEachSide: '',
  contractSize: '',
  callCapShare: '',
  spreadRate: '',
  minPremium: '',
  feeRate: '',
  rate: '0',
  volatilityFloor: '',
  volatilityCap: '',
  volatilityWindowMinutes: '',
  volatilityLambda: '',
  seriesReserveLimit: '',
  maxContractsPerOrder: '',
  settlementWindowMinutes: '',
  salesCutoffMinutes: '',
  reason: '',
};

/** 480 → "08:00". */
export function timeOfMinute(minuteOfDay: number): string {
  const hours = Math.floor(minuteOfDay / 60);
  const minutes = minuteOfDay % 60;
  return `${String(hours).padStart(2, '0')}:${String(minutes).padStart(2, '0')}`;
}

/** "08:00" → 480, or null when it is not a time of day. */
export function minuteOfTime(text: string): number | null {
  const match = TIME.exec(text.trim());
  return match ? Number(match[1]) * 60 + Number(match[2]) : null;
}

export function optionsProductFormOf(item: TAdminOptionsProduct): OptionsProductFormValues {
  return {
    code: item.code,
    schedules: OPTIONS_EXPIRY_SCHEDULES.filter((schedule) => item.schedules.includes(schedule)),
    expiryMinuteOfDay: timeOfMinute(item.expiryMinuteOfDay),
    strikeStep: item.strikeStep,
    strikesEachSide: String(item.strikesEachSide),
    contractSize: item.contractSize,
    callCapShare: ratioToPercent(item.callCapShare),
    spreadRate: ratioToPercent(item.spreadRate),
    minPremium: item.minPremium,
    feeRate: ratioToPercent(item.feeRate),
    rate: ratioToPercent(item.rate),
    volatilityFloor: ratioToPercent(item.volatilityFloor),
    volatilityCap: ratioToPercent(item.volatilityCap),
    volatilityWindowMinutes: String(item.volatilityWindowMinutes),
    volatilityLambda: item.volatilityLambda,
    seriesReserveLimit: item.seriesReserveLimit,
    maxContractsPerOrder: String(item.maxContractsPerOrder),
    settlementWindowMinutes: String(item.settlementWindowMinutes),
    salesCutoffMinutes: String(item.salesCutoffMinutes),
    reason: '',
  };
}

/**
 * A percentage typed as the ratio the contract takes ("4.5" → "0.045"), or null when it is not
 * one the field allows (its decimals, its range; the rate may be negative).
 */
export function percentFieldRatio(field: PercentField, text: string): string | null {
  const trimmed = text.trim();
  if (field === 'rate') {
    if (!RATE_PERCENT.test(trimmed)) return null;
    return Decimal.parse(trimmed).div(HUNDRED, 6, 'down').toString();
  }
  const { decimals, max, isZeroAllowed } = PERCENT_FIELDS[field];
  if (!new RegExp(`^\\d{1,6}(\\.\\d{1,${decimals}})?$`).test(trimmed)) return null;
  const value = Decimal.parse(trimmed);
  if (value.gte(Decimal.parse(max)) || (!isZeroAllowed && !value.isPositive())) return null;
  // At most `decimals` decimals divided by 100 fits the contract's `decimals + 2`: nothing is rounded.
  return value.div(HUNDRED, decimals + 2, 'down').toString();
}

/** A whole number typed, or null. */
function wholeOf(text: string): number | null {
  const trimmed = text.trim();
  return /^\d{1,6}$/.test(trimmed) ? Number(trimmed) : null;
}

function percentProblem(field: PercentField, text: string): OptionsProblem | undefined {
  if (text.trim() === '') return { key: 'required' };
  if (percentFieldRatio(field, text) !== null) return undefined;
  if (field === 'rate') return { key: 'ratePercent' };
  const { decimals, max, isZeroAllowed } = PERCENT_FIELDS[field];
  return { key: isZeroAllowed ? 'percentFromZero' : 'percentPositive', values: { max, decimals: String(decimals) } };
}

function amountProblem(field: AmountField, text: string): OptionsProblem | undefined {
  const trimmed = text.trim();
  if (trimmed === '') return { key: 'required' };
  const isZeroAllowed = AMOUNTS_FROM_ZERO.includes(field);
  const problem: OptionsProblem = {
    key: isZeroAllowed ? 'amountFromZero' : 'amountPositive',
    values: { decimals: String(AMOUNT_DECIMALS) },
  };
  if (!AMOUNT.test(trimmed)) return problem;
  return isZeroAllowed || Decimal.parse(trimmed).isPositive() ? undefined : problem;
}

function wholeProblem(field: WholeField, text: string): OptionsProblem | undefined {
  if (text.trim() === '') return { key: 'required' };
  const [min, max] = OPTIONS_WHOLE_BOUNDS[field];
  const value = wholeOf(text);
  return value === null || value < min || value > max
    ? { key: 'whole', values: { min: String(min), max: String(max) } }
    : undefined;
}

/** The operator's reason: required, at most 500 characters. */
export function reasonProblem(reason: string): OptionsProblem | undefined {
  const trimmed = reason.trim();
  if (trimmed === '') return { key: 'required' };
  if (trimmed.length > REASON_MAX_LENGTH) return { key: 'reasonLength', values: { max: String(REASON_MAX_LENGTH) } };
  return undefined;
}

export function validateOptionsProductForm(values: OptionsProductFormValues): OptionsProblems {
  const problems: OptionsProblems = {};
  const code = values.code.trim();
  if (code === '') problems.code = { key: 'required' };
  else if (code.length > CODE_MAX) problems.code = { key: 'code', values: { max: String(CODE_MAX) } };

  if (values.expiryMinuteOfDay.trim() === '') problems.expiryMinuteOfDay = { key: 'required' };
  else if (minuteOfTime(values.expiryMinuteOfDay) === null) problems.expiryMinuteOfDay = { key: 'time' };

  for (const field of AMOUNT_FIELDS) {
    const problem = amountProblem(field, values[field]);
    if (problem) problems[field] = problem;
  }
  for (const field of Object.keys(OPTIONS_WHOLE_BOUNDS) as WholeField[]) {
    const problem = wholeProblem(field, values[field]);
    if (problem) problems[field] = problem;
  }
  for (const field of ['callCapShare', 'spreadRate', 'feeRate', 'rate', 'volatilityFloor', 'volatilityCap'] as const) {
    const problem = percentProblem(field, values[field]);
    if (problem) problems[field] = problem;
  }
  const floor = percentFieldRatio('volatilityFloor', values.volatilityFloor);
  const cap = percentFieldRatio('volatilityCap', values.volatilityCap);
  if (floor !== null && cap !== null && Decimal.parse(cap).lt(Decimal.parse(floor))) {
    problems.volatilityCap = { key: 'capBelowFloor' };
  }

  const lambda = values.volatilityLambda.trim();
  if (lambda === '') problems.volatilityLambda = { key: 'required' };
  else if (!LAMBDA.test(lambda) || Decimal.parse(lambda).isZero()) problems.volatilityLambda = { key: 'lambda' };

  const reason = reasonProblem(values.reason);
  if (reason) problems.reason = reason;
  return problems;
}

type ProductFields = Omit<TOptionsProductCreateRequest, 'reason'>;

/** The product's fields as the API takes them; call on a form without problems. */
export function optionsProductFields(values: OptionsProductFormValues): ProductFields {
  const percent = (field: PercentField) => percentFieldRatio(field, values[field]) ?? '';
  const whole = (field: WholeField) => wholeOf(values[field]) ?? 0;
  return {
    code: values.code.trim(),
    schedules: OPTIONS_EXPIRY_SCHEDULES.filter((schedule) => values.schedules.includes(schedule)),
    expiryMinuteOfDay: minuteOfTime(values.expiryMinuteOfDay) ?? 0,
    strikeStep: values.strikeStep.trim(),
    strikesEachSide: whole('strikesEachSide'),
    contractSize: values.contractSize.trim(),
    callCapShare: percent('callCapShare'),
    spreadRate: percent('spreadRate'),
    minPremium: values.minPremium.trim(),
    feeRate: percent('feeRate'),
    rate: percent('rate'),
    volatilityFloor: percent('volatilityFloor'),
    volatilityCap: percent('volatilityCap'),
    volatilityWindowMinutes: whole('volatilityWindowMinutes'),
    volatilityLambda: values.volatilityLambda.trim(),
    seriesReserveLimit: values.seriesReserveLimit.trim(),
    maxContractsPerOrder: whole('maxContractsPerOrder'),
    settlementWindowMinutes: whole('settlementWindowMinutes'),
    salesCutoffMinutes: whole('salesCutoffMinutes'),
  };
}

export function optionsProductCreateBody(values: OptionsProductFormValues): TOptionsProductCreateRequest {
  return { ...optionsProductFields(values), reason: values.reason.trim() };
}

/** The whole product again, from the version the form started from (another version answers 10227). */
export function optionsProductUpdateBody(
  values: OptionsProductFormValues,
  item: Pick<TAdminOptionsProduct, 'version'>,
): TOptionsProductUpdateRequest {
  return { ...optionsProductFields(values), version: item.version, reason: values.reason.trim() };
}

/** One line of the confirmation: which field, as shown before (null: a new product) and after. */
export type OptionsProductChange = {
  field: Exclude<OptionsProductField, 'reason'>;
  before: string | null;
  after: string;
};

/**
 * The fields as the confirmation shows them, in the form's order, as typed (trimmed): percentages
 * with "%", the time with "UTC", the schedules named by `scheduleName`.
 */
function shownFields(
  values: OptionsProductFormValues,
  scheduleName: (schedule: OptionsExpirySchedule) => string,
): [Exclude<OptionsProductField, 'reason'>, string][] {
  return OPTIONS_PRODUCT_FIELDS.map((field) => {
    if (field === 'schedules') {
      return [
        field,
        OPTIONS_EXPIRY_SCHEDULES.filter((schedule) => values.schedules.includes(schedule))
          .map(scheduleName)
          .join(', '),
      ];
    }
    const text = values[field].trim();
    if (text === '') return [field, ''];
    if (field === 'expiryMinuteOfDay') return [field, `${text} UTC`];
    return [field, isPercentField(field) ? `${text}%` : text];
  });
}

/** What changes from the product (all that is set, for a new one); decimals compare as numbers. */
export function optionsProductChanges(
  values: OptionsProductFormValues,
  item: TAdminOptionsProduct | null,
  scheduleName: (schedule: OptionsExpirySchedule) => string,
): OptionsProductChange[] {
  const after = shownFields(values, scheduleName);
  if (item === null) {
    return after.filter(([, shown]) => shown !== '').map(([field, shown]) => ({ field, before: null, after: shown }));
  }
  const before = new Map(shownFields(optionsProductFormOf(item), scheduleName));
  const number = (text: string) => text.replace(/%$/, '');
  const same = (a: string, b: string) => a === b || (a !== '' && b !== '' && sameDecimal(number(a), number(b)));
  return after
    .filter(([field, shown]) => !same(before.get(field) ?? '', shown))
    .map(([field, shown]) => ({ field, before: before.get(field) ?? '', after: shown }));
}

/** The form field a server refusal names (`body.schedules.1` → `schedules`), or null. */
export function optionsProductFieldOfIssue(path: string): OptionsProductField | null {
  const field = path.replace(/^body\./, '').split('.')[0] ?? '';
  return OPTIONS_PRODUCT_FIELDS.find((name) => name === field) ?? (field === 'reason' ? 'reason' : null);
}

// ---------------------------------------------------------------------------------------------
// Listing one expiry

export type ListExpiryValues = { expiresAt: string; reason: string };
export type ListExpiryProblems = Partial<Record<'expiresAt' | 'reason', OptionsProblem>>;

/**
 * The date-time typed in a `datetime-local` input, read as UTC on a whole minute
 * ("2026-12-04T08:00" → "2026-12-04T08:00:00.000Z"), or null when it is not one (a day that does
 * not exist, seconds other than 00).
 */
export function utcIsoOfInput(text: string): string | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::00(?:\.000)?)?$/.exec(text.trim());
  if (!match) return null;
  const [year, month, day, hours, minutes] = match.slice(1).map(Number) as [number, number, number, number, number];
  const ms = Date.UTC(year, month - 1, day, hours, minutes);
  const date = new Date(ms);
  const isReal =
    date.getUTCFullYear() === year &&
    date.getUTCMonth() === month - 1 &&
    date.getUTCDate() === day &&
    date.getUTCHours() === hours &&
    date.getUTCMinutes() === minutes;
  return isReal ? date.toISOString() : null;
}

/** An instant as a `datetime-local` input shows it, in UTC, to the minute ("2026-12-04T08:00"). */
export function inputOfUtcIso(iso: string): string {
  return new Date(iso).toISOString().slice(0, 16);
}

/**
 * The expiry the dialog suggests: the product's time of day (UTC) on the first day when it falls
 * after the sales cut-off from now.
 */
export function suggestedExpiry(nowMs: number, expiryMinuteOfDay: number, salesCutoffMinutes: number): string {
  const earliest = nowMs + salesCutoffMinutes * 60_000;
  const now = new Date(nowMs);
  const day = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
  let candidate = day + expiryMinuteOfDay * 60_000;
  while (candidate <= earliest) candidate += 86_400_000;
  return inputOfUtcIso(new Date(candidate).toISOString());
}

/** The earliest expiry the server takes now: after the sales cut-off from now (ZListOptionsExpiryRequest). */
function earliestExpiryMs(nowMs: number, salesCutoffMinutes: number): number {
  return nowMs + salesCutoffMinutes * 60_000;
}

export function validateListExpiry(
  values: ListExpiryValues,
  product: Pick<TAdminOptionsProduct, 'salesCutoffMinutes'>,
  nowMs: number,
): ListExpiryProblems {
  const problems: ListExpiryProblems = {};
  const iso = utcIsoOfInput(values.expiresAt);
  const earliest = earliestExpiryMs(nowMs, product.salesCutoffMinutes);
  if (values.expiresAt.trim() === '') problems.expiresAt = { key: 'required' };
  else if (iso === null) problems.expiresAt = { key: 'dateTime' };
  else if (Date.parse(iso) <= earliest) {
    problems.expiresAt = {
      key: 'tooSoon',
      values: {
        minutes: String(product.salesCutoffMinutes),
        time: inputOfUtcIso(new Date(earliest).toISOString()).replace('T', ' '),
      },
    };
  }
  const reason = reasonProblem(values.reason);
  if (reason) problems.reason = reason;
  return problems;
}

/** The request for a valid form (null otherwise). */
export function listExpiryBody(values: ListExpiryValues): TListOptionsExpiryRequest | null {
  const iso = utcIsoOfInput(values.expiresAt);
  return iso === null ? null : { expiresAt: iso, reason: values.reason.trim() };
}

// ---------------------------------------------------------------------------------------------
// Expiries and the operator's settlement price

/** The expiries as the section lists them: those awaiting an operator first, then as the server ordered them. */
export function orderExpiries(items: readonly TAdminOptionsExpiry[]): TAdminOptionsExpiry[] {
  return [
    ...items.filter((item) => item.status === 'awaiting_operator'),
    ...items.filter((item) => item.status !== 'awaiting_operator'),
  ];
}

export type SettleValues = { price: string; reason: string };
export type SettleProblems = Partial<Record<'price' | 'reason', OptionsProblem>>;

/** A settlement price: ZDecimal, and above 0 (the table's check; a price of 0 is never an underlying's). */
export function validateSettle(values: SettleValues): SettleProblems {
  const problems: SettleProblems = {};
  const price = values.price.trim();
  if (price === '') problems.price = { key: 'required' };
  else if (!AMOUNT.test(price) || !Decimal.parse(price).isPositive()) {
    problems.price = { key: 'price', values: { decimals: String(AMOUNT_DECIMALS) } };
  }
  const reason = reasonProblem(values.reason);
  if (reason) problems.reason = reason;
  return problems;
}

/** The request for a valid form (null otherwise); the price in its canonical form ("01.50" → "1.5"). */
export function settleBody(values: SettleValues): TSettleOptionsExpiryRequest | null {
  if (Object.keys(validateSettle(values)).length > 0) return null;
  return { price: Decimal.parse(values.price.trim()).toString(), reason: values.reason.trim() };
}
