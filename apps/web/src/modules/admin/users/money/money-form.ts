/**
 * The balance adjustment form's rules (#14), as pure functions: what the operator typed, checked
 * as the server checks it (`ZAdminAdjustRequest`), and what the answer means. Amounts stay the
 * strings typed; nothing passes through a JS number.
 */

export type Book = 'live' | 'demo';

export type AdjustmentForm = { book: Book; asset: string; amount: string; reason: string };

export const REASON_MIN = 5;
export const REASON_MAX = 500;

/** A signed decimal: an optional + or −, up to 38 whole digits and 18 decimals. */
const SIGNED_DECIMAL = /^([+-])?(\d{1,38})(?:\.(\d{1,18}))?$/;

/** The amount as the server takes it: the minus kept, a plus dropped; null when it is not a signed decimal. */
export function normaliseAmount(typed: string): string | null {
  const text = typed.trim().replace(/^\u2212/, '-');
  const match = SIGNED_DECIMAL.exec(text);
  if (!match) return null;
  const [, sign, whole = '0', fraction] = match;
  return `${sign === '-' ? '-' : ''}${whole}${fraction === undefined ? '' : `.${fraction}`}`;
}

/** Whether the amount is zero, however many zeros it is written with. */
function isZero(amount: string): boolean {
  return !/[1-9]/.test(amount);
}

export type AdjustmentProblem = 'amountInvalid' | 'amountZero' | 'reasonShort' | 'reasonLong' | 'assetMissing';

/** What is wrong with the form, field by field (nothing: it can be submitted). */
export function adjustmentProblems(
  form: AdjustmentForm,
): Partial<Record<'asset' | 'amount' | 'reason', AdjustmentProblem>> {
  const problems: Partial<Record<'asset' | 'amount' | 'reason', AdjustmentProblem>> = {};
  if (!/^[A-Z0-9]{2,12}$/.test(form.asset)) problems.asset = 'assetMissing';
  const amount = normaliseAmount(form.amount);
  if (amount === null) problems.amount = 'amountInvalid';
  else if (isZero(amount)) problems.amount = 'amountZero';
  const reason = form.reason.trim();
  if (reason.length < REASON_MIN) problems.reason = 'reasonShort';
  else if (reason.length > REASON_MAX) problems.reason = 'reasonLong';
  return problems;
}

/** Credit (money to the user) or debit (money from the user), from the amount's sign. */
export function directionOf(amount: string): 'credit' | 'debit' {
  return amount.startsWith('-') ? 'debit' : 'credit';
}

/**
 * The assets an adjustment can be in: USDT, and every asset the user has an account in (either
 * book), each once, USDT first and the rest in order.
 */
export function adjustableAssets(balances: ReadonlyArray<{ asset: string }>): string[] {
  const others = [...new Set(balances.map((balance) => balance.asset))].filter((asset) => asset !== 'USDT').sort();
  return ['USDT', ...others];
}

/**
 * The adjust endpoint answers either the transfer (moved at once, code 200) or the pending review
 * item it waits in (code 20001, above the review threshold); both are successes to the client.
 */
export function adjustmentOutcome(answer: object): 'moved' | 'queued' {
  return 'transferId' in answer ? 'moved' : 'queued';
}
