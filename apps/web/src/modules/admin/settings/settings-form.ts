import type {
  TAdminFeeScheduleItem,
  TAdminFeeScheduleUpdateRequest,
  TAdminInstrumentSettings,
  TAdminInstrumentUpdateRequest,
  TPaymentAssetSettings,
  TPaymentAssetUpdateRequest,
} from '@openbourse/contracts';
import { Decimal } from '@openbourse/money';

/**
 * The product settings' edit forms (#14), without React: what the operator typed, checked
 * against the same bounds the server's contracts hold (so most mistakes are caught before a
 * request), the list of fields that really change (for the confirmation) and the request body
 * carrying only those. Every amount, lot size and rate stays a decimal string; comparisons go
 * through @openbourse/money's Decimal, never a JS number.
 */

/** A text key under `admin.settings.errors`, with the values it names. */
export type ProblemKey =
  | 'required'
  | 'decimal'
  | 'positive'
  | 'lotStep'
  | 'minAboveMax'
  | 'leverageRange'
  | 'percent'
  | 'reasonLength';
export type Problem = { key: ProblemKey; values?: Record<string, string> };
export type Problems<Field extends string> = Partial<Record<Field, Problem>>;

/** One field that changes: before and after as the contract carries them (null: none, e.g. no cap). */
export type Change<Field extends string> = {
  field: Field;
  before: string | boolean | null;
  after: string | boolean | null;
};

/** The contracts' shapes: lots up to 12 decimals, amounts up to 18, rates below 1 with up to 10. */
const LOTS = /^\d{1,20}(\.\d{1,12})?$/;
const AMOUNT = /^\d{1,20}(\.\d{1,18})?$/;
/** A percentage with up to 8 decimals is a ratio with up to 10: the contract's limit. */
const PERCENT = /^\d{1,3}(\.\d{1,8})?$/;
export const REASON_MAX_LENGTH = 500;

const HUNDRED = Decimal.fromInteger(100);

/** '0.001' → '0.1': a ratio as a percentage, exactly (the decimal point moves two places). */
export function ratioToPercent(ratio: string): string {
  return Decimal.parse(ratio).mul(HUNDRED).toString();
}

/**
 * '0.15' → '0.0015': a typed percentage as the ratio the API takes, or null when it is not a
 * percentage from 0 to below 100 with at most 8 decimals.
 */
export function percentToRatio(percent: string): string | null {
  const text = percent.trim();
  if (!PERCENT.test(text)) return null;
  const value = Decimal.parse(text);
  if (value.gte(HUNDRED)) return null;
  // At most 8 decimals divided by 100 fits 10 decimals: nothing is rounded.
  return value.div(HUNDRED, 10, 'down').toString();
}

/** Equal as numbers ('1.50' and '1.5'); texts that are not decimals compare as written. */
export function sameDecimal(a: string, b: string): boolean {
  try {
    return Decimal.parse(a).cmp(Decimal.parse(b)) === 0;
  } catch {
    return a === b;
  }
}

/** The canonical form of a decimal the operator typed ('01.50' → '1.5'), or the text trimmed when it is not one. */
function canonical(text: string): string {
  const trimmed = text.trim();
  try {
    return Decimal.parse(trimmed).toString();
  } catch {
    return trimmed;
  }
}

function reasonProblem(reason: string): Problem | undefined {
  const trimmed = reason.trim();
  if (trimmed === '') return { key: 'required' };
  if (trimmed.length > REASON_MAX_LENGTH) return { key: 'reasonLength', values: { max: String(REASON_MAX_LENGTH) } };
  return undefined;
}

function withoutUndefined<Field extends string>(problems: Record<Field, Problem | undefined>): Problems<Field> {
  const out: Problems<Field> = {};
  for (const [field, problem] of Object.entries(problems) as [Field, Problem | undefined][]) {
    if (problem) out[field] = problem;
  }
  return out;
}

export function hasProblems(problems: Problems<string>): boolean {
  return Object.keys(problems).length > 0;
}

/**
 * The fields a server refusal names (`data.issues[].path`, e.g. `body.minLots` → `minLots`),
 * so the form can mark them; none when the answer names no field.
 */
export function refusedFields(error: unknown): string[] {
  if (typeof error !== 'object' || error === null || !('data' in error)) return [];
  const data: unknown = error.data;
  if (typeof data !== 'object' || data === null || !('issues' in data) || !Array.isArray(data.issues)) return [];
  const fields: string[] = [];
  for (const issue of data.issues as unknown[]) {
    if (typeof issue !== 'object' || issue === null || !('path' in issue) || typeof issue.path !== 'string') continue;
    const field = issue.path.replace(/^body\./, '');
    if (!fields.includes(field)) fields.push(field);
  }
  return fields;
}

// ---------------------------------------------------------------------------------------------
// Instruments

export type InstrumentSettings = Pick<
  TAdminInstrumentSettings,
  'enabled' | 'leverageCap' | 'classLeverageCap' | 'minLots' | 'maxLots' | 'lotStep'
>;
export type InstrumentField = 'enabled' | 'leverageCap' | 'minLots' | 'maxLots';
/** The form's values: the leverage as Mantine's NumberInput holds it (a number, or text while typed). */
export type InstrumentFormValues = {
  enabled: boolean;
  leverageCap: number | string;
  minLots: string;
  maxLots: string;
  reason: string;
};

export function instrumentFormOf(item: InstrumentSettings): InstrumentFormValues {
  return {
    enabled: item.enabled,
    leverageCap: item.leverageCap,
    minLots: item.minLots,
    maxLots: item.maxLots,
    reason: '',
  };
}

/** The leverage typed as a whole number, or null when it is not one. */
function leverageOf(value: number | string): number | null {
  if (typeof value === 'number') return Number.isSafeInteger(value) ? value : null;
  const text = value.trim();
  return /^\d{1,4}$/.test(text) ? Number(text) : null;
}

function lotsProblem(text: string, step: Decimal): Problem | undefined {
  const trimmed = text.trim();
  if (trimmed === '') return { key: 'required' };
  if (!LOTS.test(trimmed)) return { key: 'decimal' };
  const value = Decimal.parse(trimmed);
  if (!value.isPositive()) return { key: 'positive' };
  if (!value.isMultipleOf(step)) return { key: 'lotStep', values: { step: step.toString() } };
  return undefined;
}

export function validateInstrumentForm(
  values: InstrumentFormValues,
  item: InstrumentSettings,
): Problems<InstrumentField | 'reason'> {
  const leverage = leverageOf(values.leverageCap);
  const step = Decimal.parse(item.lotStep);
  const minLots = lotsProblem(values.minLots, step);
  const maxLots = lotsProblem(values.maxLots, step);
  const minAboveMax =
    !minLots && !maxLots && Decimal.parse(values.minLots.trim()).gt(Decimal.parse(values.maxLots.trim()));
  return withoutUndefined({
    enabled: undefined,
    leverageCap:
      values.leverageCap === ''
        ? { key: 'required' }
        : leverage === null || leverage < 1 || leverage > item.classLeverageCap
          ? { key: 'leverageRange', values: { max: String(item.classLeverageCap) } }
          : undefined,
    minLots: minLots ?? (minAboveMax ? { key: 'minAboveMax' } : undefined),
    maxLots,
    reason: reasonProblem(values.reason),
  });
}

export function instrumentChanges(values: InstrumentFormValues, item: InstrumentSettings): Change<InstrumentField>[] {
  const changes: Change<InstrumentField>[] = [];
  if (values.enabled !== item.enabled) changes.push({ field: 'enabled', before: item.enabled, after: values.enabled });
  const leverage = leverageOf(values.leverageCap);
  if (leverage !== item.leverageCap) {
    changes.push({
      field: 'leverageCap',
      before: String(item.leverageCap),
      after: leverage === null ? String(values.leverageCap) : String(leverage),
    });
  }
  for (const field of ['minLots', 'maxLots'] as const) {
    if (!sameDecimal(values[field].trim(), item[field])) {
      changes.push({ field, before: item[field], after: canonical(values[field]) });
    }
  }
  return changes;
}

/** The request: only the fields that change, and the reason. Call it on a valid form. */
export function instrumentUpdateBody(
  values: InstrumentFormValues,
  item: InstrumentSettings,
): TAdminInstrumentUpdateRequest {
  const body: TAdminInstrumentUpdateRequest = { reason: values.reason.trim() };
  for (const change of instrumentChanges(values, item)) {
    if (change.field === 'enabled') body.enabled = values.enabled;
    else if (change.field === 'leverageCap') body.leverageCap = leverageOf(values.leverageCap) ?? item.leverageCap;
    else body[change.field] = values[change.field].trim();
  }
  return body;
}

// ---------------------------------------------------------------------------------------------
// Fee schedule

export type FeeFormValues = { percent: string; reason: string };

export function feeFormOf(item: Pick<TAdminFeeScheduleItem, 'rate'>): FeeFormValues {
  return { percent: ratioToPercent(item.rate), reason: '' };
}

export function validateFeeForm(values: FeeFormValues): Problems<'rate' | 'reason'> {
  return withoutUndefined({
    rate:
      values.percent.trim() === ''
        ? { key: 'required' }
        : percentToRatio(values.percent) === null
          ? { key: 'percent' }
          : undefined,
    reason: reasonProblem(values.reason),
  });
}

export function feeChanges(values: FeeFormValues, item: Pick<TAdminFeeScheduleItem, 'rate'>): Change<'rate'>[] {
  const ratio = percentToRatio(values.percent);
  if (ratio === null || sameDecimal(ratio, item.rate)) return [];
  return [{ field: 'rate', before: item.rate, after: ratio }];
}

export function feeUpdateBody(values: FeeFormValues): TAdminFeeScheduleUpdateRequest | null {
  const rate = percentToRatio(values.percent);
  return rate === null ? null : { rate, reason: values.reason.trim() };
}

// ---------------------------------------------------------------------------------------------
// Payments

export type PaymentSettings = Pick<
  TPaymentAssetSettings,
  'depositMinimum' | 'withdrawalMinimum' | 'withdrawalMaximum' | 'withdrawalFeeRate'
>;
export type PaymentField = 'depositMinimum' | 'withdrawalMinimum' | 'withdrawalMaximum' | 'withdrawalFeeRate';
/** The form's values; an empty maximum means no cap, the fee is typed as a percentage. */
export type PaymentFormValues = {
  depositMinimum: string;
  withdrawalMinimum: string;
  withdrawalMaximum: string;
  withdrawalFeePercent: string;
  reason: string;
};

export function paymentFormOf(item: PaymentSettings): PaymentFormValues {
  return {
    depositMinimum: item.depositMinimum,
    withdrawalMinimum: item.withdrawalMinimum,
    withdrawalMaximum: item.withdrawalMaximum ?? '',
    withdrawalFeePercent: ratioToPercent(item.withdrawalFeeRate),
    reason: '',
  };
}

function amountProblem(text: string): Problem | undefined {
  const trimmed = text.trim();
  if (trimmed === '') return { key: 'required' };
  return AMOUNT.test(trimmed) ? undefined : { key: 'decimal' };
}

export function validatePaymentForm(values: PaymentFormValues): Problems<PaymentField | 'reason'> {
  const withdrawalMinimum = amountProblem(values.withdrawalMinimum);
  const hasMaximum = values.withdrawalMaximum.trim() !== '';
  const withdrawalMaximum = hasMaximum ? amountProblem(values.withdrawalMaximum) : undefined;
  const minAboveMax =
    hasMaximum &&
    !withdrawalMinimum &&
    !withdrawalMaximum &&
    Decimal.parse(values.withdrawalMinimum.trim()).gt(Decimal.parse(values.withdrawalMaximum.trim()));
  return withoutUndefined({
    depositMinimum: amountProblem(values.depositMinimum),
    withdrawalMinimum: withdrawalMinimum ?? (minAboveMax ? { key: 'minAboveMax' } : undefined),
    withdrawalMaximum,
    withdrawalFeeRate:
      values.withdrawalFeePercent.trim() === ''
        ? { key: 'required' }
        : percentToRatio(values.withdrawalFeePercent) === null
          ? { key: 'percent' }
          : undefined,
    reason: reasonProblem(values.reason),
  });
}

export function paymentChanges(values: PaymentFormValues, item: PaymentSettings): Change<PaymentField>[] {
  const changes: Change<PaymentField>[] = [];
  for (const field of ['depositMinimum', 'withdrawalMinimum'] as const) {
    if (!sameDecimal(values[field].trim(), item[field])) {
      changes.push({ field, before: item[field], after: canonical(values[field]) });
    }
  }
  const maximum = values.withdrawalMaximum.trim() === '' ? null : canonical(values.withdrawalMaximum);
  const before = item.withdrawalMaximum;
  if (maximum === null ? before !== null : before === null || !sameDecimal(maximum, before)) {
    changes.push({ field: 'withdrawalMaximum', before, after: maximum });
  }
  const rate = percentToRatio(values.withdrawalFeePercent);
  if (rate === null || !sameDecimal(rate, item.withdrawalFeeRate)) {
    changes.push({
      field: 'withdrawalFeeRate',
      before: item.withdrawalFeeRate,
      after: rate ?? values.withdrawalFeePercent.trim(),
    });
  }
  return changes;
}

/** The request: only the fields that change, and the reason. Call it on a valid form. */
export function paymentUpdateBody(values: PaymentFormValues, item: PaymentSettings): TPaymentAssetUpdateRequest {
  const body: TPaymentAssetUpdateRequest = { reason: values.reason.trim() };
  for (const change of paymentChanges(values, item)) {
    if (change.field === 'withdrawalMaximum') {
      body.withdrawalMaximum = values.withdrawalMaximum.trim() === '' ? null : values.withdrawalMaximum.trim();
    } else if (change.field === 'withdrawalFeeRate') {
      const rate = percentToRatio(values.withdrawalFeePercent);
      if (rate !== null) body.withdrawalFeeRate = rate;
    } else {
      body[change.field] = values[change.field].trim();
    }
  }
  return body;
}
