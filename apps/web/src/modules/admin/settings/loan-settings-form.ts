import type {
  LoanKind,
  TAdminLoanSetting,
  TLoanSettingCreateRequest,
  TLoanSettingUpdateRequest,
} from '@openbourse/contracts';
import { LOAN_INTEREST_FREE_DAYS_MAX, LOAN_TERM_MAX_DAYS, LOAN_TERMS_MAX } from '@openbourse/contracts/constants';
import { Decimal } from '@openbourse/money';
import { percentToRatio, REASON_MAX_LENGTH, ratioToPercent, sameDecimal } from './settings-form';

/**
 * The loan product form (#17), without React: what the operator typed, checked against the rules
 * the server holds (loan-setting-rules.ts) so most mistakes show beside their field before a
 * request, the lines that change (for the confirmation) and the request body. Rates and LTVs are
 * typed as percentages and sent as ratios; amounts stay decimal strings (USDT: 6 decimals).
 */

export type LoanField =
  | 'terms'
  | 'dailyRate'
  | 'interestFreeDays'
  | 'unverifiedMin'
  | 'unverifiedMax'
  | 'verifiedMin'
  | 'verifiedMax'
  | 'collateralAssets'
  | 'initialLtv'
  | 'marginCallLtv'
  | 'liquidationLtv'
  | 'reason';

/** A text key under `admin.loans.errors`, with the values it names. */
export type LoanProblemKey =
  | 'required'
  | 'terms'
  | 'termRepeated'
  | 'percent'
  | 'ratePercent'
  | 'wholeDays'
  | 'freeDaysBelowTerm'
  | 'amount'
  | 'positive'
  | 'minAboveMax'
  | 'collateralRequired'
  | 'ltvPercent'
  | 'ltvOrder'
  | 'reasonLength';
export type LoanProblem = { key: LoanProblemKey; values?: Record<string, string> };
export type LoanProblems = Partial<Record<LoanField, LoanProblem>>;

export type LoanFormValues = {
  kind: LoanKind;
  asset: string;
  /** Days, separated by commas or spaces: "7, 14, 30". */
  terms: string;
  /** Per day, in percent: "0.05" is 0.05% a day. */
  dailyRatePercent: string;
  interestFreeDays: string;
  /** Whether unverified borrowers may borrow (never on an unsecured product: it needs KYC). */
  hasUnverifiedLimit: boolean;
  unverifiedMin: string;
  unverifiedMax: string;
  verifiedMin: string;
  verifiedMax: string;
  collateralAssets: readonly string[];
  /** In percent: "50" is an LTV of 0.5. */
  initialLtvPercent: string;
  marginCallLtvPercent: string;
  liquidationLtvPercent: string;
  reason: string;
};

/** The loan asset's decimals (USDT); the server checks the asset's own. */
export const LOAN_AMOUNT_DECIMALS = 6;
const AMOUNT = new RegExp(`^\\d{1,20}(\\.\\d{1,${LOAN_AMOUNT_DECIMALS}})?$`);
const WHOLE = /^\d{1,6}$/;
/** A daily rate below 10%: at most 8 decimals in percent (10 as a ratio). */
const RATE_PERCENT_MAX = Decimal.fromInteger(10);

export const EMPTY_LOAN_FORM: LoanFormValues = {
  kind: 'crypto_backed',
  asset: 'USDT',
  terms: '',
  dailyRatePercent: '',
  interestFreeDays: '0',
  hasUnverifiedLimit: true,
  unverifiedMin: '',
  unverifiedMax: '',
  verifiedMin: '',
  verifiedMax: '',
  collateralAssets: [],
  initialLtvPercent: '',
  marginCallLtvPercent: '',
  liquidationLtvPercent: '',
  reason: '',
};

export function loanFormOf(item: TAdminLoanSetting): LoanFormValues {
  const unverified = item.limits.find((limit) => limit.verification === 'unverified');
  const verified = item.limits.find((limit) => limit.verification === 'verified');
  const percent = (ratio: string | null) => (ratio === null ? '' : ratioToPercent(ratio));
  return {
    kind: item.kind,
    asset: item.asset,
    terms: item.terms.join(', '),
    dailyRatePercent: ratioToPercent(item.dailyRate),
    interestFreeDays: String(item.interestFreeDays),
    hasUnverifiedLimit: unverified !== undefined,
    unverifiedMin: unverified?.minAmount ?? '',
    unverifiedMax: unverified?.maxAmount ?? '',
    verifiedMin: verified?.minAmount ?? '',
    verifiedMax: verified?.maxAmount ?? '',
    collateralAssets: [...item.collateralAssets],
    initialLtvPercent: percent(item.initialLtv),
    marginCallLtvPercent: percent(item.marginCallLtv),
    liquidationLtvPercent: percent(item.liquidationLtv),
    reason: '',
  };
}

/** "7, 14 30" → [7, 14, 30]; null when a part is not a whole number of days. */
export function parseTerms(text: string): number[] | null {
  const parts = text.split(/[\s,;]+/).filter((part) => part !== '');
  if (parts.length === 0 || !parts.every((part) => WHOLE.test(part))) return null;
  return parts.map(Number);
}

/** An LTV typed in percent as the ratio the API takes, or null when it is not above 0 and below 100. */
function ltvRatio(percent: string): string | null {
  const ratio = percentToRatio(percent);
  return ratio !== null && Decimal.parse(ratio).isPositive() ? ratio : null;
}

function amountProblem(text: string): LoanProblem | undefined {
  const value = text.trim();
  if (value === '') return { key: 'required' };
  if (!AMOUNT.test(value)) return { key: 'amount', values: { decimals: String(LOAN_AMOUNT_DECIMALS) } };
  if (!Decimal.parse(value).isPositive()) return { key: 'positive' };
  return undefined;
}

const usesUnverified = (values: LoanFormValues) => values.kind === 'crypto_backed' && values.hasUnverifiedLimit;

export function validateLoanForm(values: LoanFormValues): LoanProblems {
  const problems: LoanProblems = {};
  const terms = parseTerms(values.terms);
  if (values.terms.trim() === '') problems.terms = { key: 'required' };
  else if (terms === null || terms.length > LOAN_TERMS_MAX || terms.some((t) => t < 1 || t > LOAN_TERM_MAX_DAYS)) {
    problems.terms = { key: 'terms', values: { count: String(LOAN_TERMS_MAX), max: String(LOAN_TERM_MAX_DAYS) } };
  } else if (new Set(terms).size !== terms.length) problems.terms = { key: 'termRepeated' };

  const rate = percentToRatio(values.dailyRatePercent);
  if (values.dailyRatePercent.trim() === '') problems.dailyRate = { key: 'required' };
  else if (rate === null || Decimal.parse(values.dailyRatePercent.trim()).gte(RATE_PERCENT_MAX)) {
    problems.dailyRate = { key: 'ratePercent' };
  }

  const freeDays = values.interestFreeDays.trim();
  if (!WHOLE.test(freeDays) || Number(freeDays) > LOAN_INTEREST_FREE_DAYS_MAX) {
    problems.interestFreeDays = { key: 'wholeDays', values: { max: String(LOAN_INTEREST_FREE_DAYS_MAX) } };
  } else if (terms !== null && terms.length > 0 && Number(freeDays) >= Math.min(...terms)) {
    problems.interestFreeDays = { key: 'freeDaysBelowTerm' };
  }

  const limit = (minField: LoanField, maxField: LoanField, min: string, max: string) => {
    const minProblem = amountProblem(min);
    const maxProblem = amountProblem(max);
    if (minProblem) problems[minField] = minProblem;
    if (maxProblem) problems[maxField] = maxProblem;
    if (!minProblem && !maxProblem && Decimal.parse(max.trim()).lt(Decimal.parse(min.trim()))) {
      problems[maxField] = { key: 'minAboveMax' };
    }
  };
  if (usesUnverified(values)) limit('unverifiedMin', 'unverifiedMax', values.unverifiedMin, values.unverifiedMax);
  limit('verifiedMin', 'verifiedMax', values.verifiedMin, values.verifiedMax);

  if (values.kind === 'crypto_backed') {
    if (values.collateralAssets.length === 0) problems.collateralAssets = { key: 'collateralRequired' };
    const ltvs = [
      ['initialLtv', values.initialLtvPercent],
      ['marginCallLtv', values.marginCallLtvPercent],
      ['liquidationLtv', values.liquidationLtvPercent],
    ] as const;
    const ratios = ltvs.map(([field, text]) => {
      if (text.trim() === '') problems[field] = { key: 'required' };
      const ratio = ltvRatio(text);
      if (text.trim() !== '' && ratio === null) problems[field] = { key: 'ltvPercent' };
      return ratio;
    });
    const [initial, marginCall, liquidation] = ratios;
    if (initial && marginCall && !Decimal.parse(marginCall).gt(Decimal.parse(initial))) {
      problems.marginCallLtv = { key: 'ltvOrder' };
    }
    if (marginCall && liquidation && !Decimal.parse(liquidation).gt(Decimal.parse(marginCall))) {
      problems.liquidationLtv = { key: 'ltvOrder' };
    }
  }

  const reason = values.reason.trim();
  if (reason === '') problems.reason = { key: 'required' };
  else if (reason.length > REASON_MAX_LENGTH)
    problems.reason = { key: 'reasonLength', values: { max: String(REASON_MAX_LENGTH) } };
  return problems;
}

type Fields = Omit<TLoanSettingCreateRequest, 'kind' | 'reason'>;

/** The product's fields as the API takes them; call on a form without problems. */
export function loanFields(values: LoanFormValues): Fields {
  const isCrypto = values.kind === 'crypto_backed';
  const limits: Fields['limits'] = [];
  if (usesUnverified(values)) {
    limits.push({
      verification: 'unverified',
      minAmount: values.unverifiedMin.trim(),
      maxAmount: values.unverifiedMax.trim(),
    });
  }
  limits.push({ verification: 'verified', minAmount: values.verifiedMin.trim(), maxAmount: values.verifiedMax.trim() });
  return {
    asset: values.asset,
    terms: [...(parseTerms(values.terms) ?? [])].sort((a, b) => a - b),
    dailyRate: percentToRatio(values.dailyRatePercent) ?? '',
    interestFreeDays: Number(values.interestFreeDays.trim()),
    limits,
    collateralAssets: isCrypto ? [...values.collateralAssets] : [],
    initialLtv: isCrypto ? ltvRatio(values.initialLtvPercent) : null,
    marginCallLtv: isCrypto ? ltvRatio(values.marginCallLtvPercent) : null,
    liquidationLtv: isCrypto ? ltvRatio(values.liquidationLtvPercent) : null,
  };
}

export function loanCreateBody(values: LoanFormValues): TLoanSettingCreateRequest {
  return { kind: values.kind, ...loanFields(values), reason: values.reason.trim() };
}

export function loanUpdateBody(values: LoanFormValues, item: TAdminLoanSetting): TLoanSettingUpdateRequest {
  return { ...loanFields(values), version: item.version, reason: values.reason.trim() };
}

/** One line of the confirmation: which field, as shown before (null: a new product) and after. */
export type LoanChange = { field: Exclude<LoanField, 'reason'>; before: string | null; after: string };

/**
 * The fields as the confirmation shows them, in the form's order, as typed (trimmed; the form may
 * still hold a mistake, which the dialog marks); empty for a field the kind does not use.
 */
function shownFields(values: LoanFormValues): [Exclude<LoanField, 'reason'>, string][] {
  const isCrypto = values.kind === 'crypto_backed';
  const hasUnverified = usesUnverified(values);
  const percent = (text: string) => (text.trim() === '' ? '' : `${text.trim()}%`);
  const terms = parseTerms(values.terms);
  return [
    ['terms', terms ? [...terms].sort((a, b) => a - b).join(', ') : values.terms.trim()],
    ['dailyRate', percent(values.dailyRatePercent)],
    ['interestFreeDays', values.interestFreeDays.trim()],
    ['unverifiedMin', hasUnverified ? values.unverifiedMin.trim() : ''],
    ['unverifiedMax', hasUnverified ? values.unverifiedMax.trim() : ''],
    ['verifiedMin', values.verifiedMin.trim()],
    ['verifiedMax', values.verifiedMax.trim()],
    ['collateralAssets', isCrypto ? values.collateralAssets.join(', ') : ''],
    ['initialLtv', isCrypto ? percent(values.initialLtvPercent) : ''],
    ['marginCallLtv', isCrypto ? percent(values.marginCallLtvPercent) : ''],
    ['liquidationLtv', isCrypto ? percent(values.liquidationLtvPercent) : ''],
  ];
}

/** What changes from the product (all that is set, for a new one); compare decimals as numbers. */
export function loanChanges(values: LoanFormValues, item: TAdminLoanSetting | null): LoanChange[] {
  const after = shownFields(values);
  if (item === null)
    return after.filter(([, shown]) => shown !== '').map(([field, shown]) => ({ field, before: null, after: shown }));
  const before = new Map(shownFields(loanFormOf(item)));
  const same = (a: string, b: string) =>
    a === b || (a !== '' && b !== '' && sameDecimal(a.replace('%', ''), b.replace('%', '')));
  return after
    .filter(([field, shown]) => !same(before.get(field) ?? '', shown))
    .map(([field, shown]) => ({ field, before: before.get(field) ?? '', after: shown }));
}

/**
 * The form field a server refusal names (`body.limits.1.maxAmount` → `verifiedMax`): the body
 * lists the unverified limit first when there is one.
 */
export function loanFieldOfIssue(path: string, values: LoanFormValues): LoanField | null {
  const field = path.replace(/^body\./, '');
  const limit = /^limits\.(\d+)\.(minAmount|maxAmount|verification)$/.exec(field);
  if (limit) {
    const isUnverified = usesUnverified(values) && limit[1] === '0';
    const level = isUnverified ? 'unverified' : 'verified';
    return limit[2] === 'maxAmount' ? `${level}Max` : `${level}Min`;
  }
  if (field === 'limits') return 'verifiedMin';
  if (field.startsWith('collateralAssets')) return 'collateralAssets';
  const known: LoanField[] = [
    'terms',
    'dailyRate',
    'interestFreeDays',
    'initialLtv',
    'marginCallLtv',
    'liquidationLtv',
  ];
  return known.find((name) => name === field) ?? null;
}
