/**
 * Notifications (SPEC §3, issue 15): the one list of templates, each with the parameters it is
 * written from. No zod here (the web's shell reads it); the schemas are in notify.contracts.ts.
 * A feature that lands adds its template here, its texts in every language (notify.texts.ts)
 * and the template to the CHECK of `notify_notifications` in a migration.
 */

/** What each kind of parameter holds (all strings on the wire and in storage). */
export type NotificationParamKinds = {
  /** Decimal strings (packages/money), never numbers. */
  amount: string;
  minimum: string;
  interest: string;
  payout: string;
  /** Signed decimal: a plan's profit or loss. */
  pnl: string;
  price: string;
  /** Loan-to-value as a percentage, a decimal string ("82.5"). */
  ltv: string;
  /** Asset code: USDT, USDC, BTC, ETH … */
  asset: string;
  /** Network id: ethereum, sepolia, local, tron, bitcoin. */
  network: string;
  txHash: string;
  address: string;
  /** A reason in words, as the operator or the chain gave it. */
  reason: string;
  /** A refusal's reason key where the reason is one of a fixed list (KYC): shown in the reader's language. */
  reasonCode: string;
  loanId: string;
  product: string;
  plan: string;
  /** Instrument code. */
  code: string;
  direction: 'above' | 'below';
  /** ISO date (YYYY-MM-DD). */
  dueDate: string;
  conversationId: string;
};
export type NotificationParamName = keyof NotificationParamKinds;

/** Every template and its parameters, in the order the texts use them (`reasonCode` only chooses the text of `reason`). */
export const NOTIFICATION_PARAMS = {
  deposit_received: ['amount', 'asset', 'network', 'txHash'],
  deposit_below_minimum: ['amount', 'asset', 'network', 'txHash', 'minimum'],
  withdrawal_succeeded: ['amount', 'asset', 'network', 'address', 'txHash'],
  withdrawal_failed: ['amount', 'asset', 'network', 'reason'],
  kyc_passed: [],
  kyc_not_passed: ['reason', 'reasonCode'],
  loan_approved: ['loanId', 'amount', 'asset'],
  loan_disbursed: ['loanId', 'amount', 'asset'],
  loan_margin_call: ['loanId', 'ltv'],
  loan_liquidated: ['loanId', 'amount', 'asset'],
  loan_overdue: ['loanId', 'amount', 'asset', 'dueDate'],
  repayment_succeeded: ['loanId', 'amount', 'asset'],
  repayment_rejected: ['loanId', 'amount', 'asset', 'reason'],
  savings_matured: ['product', 'amount', 'asset', 'interest'],
  plan_finished: ['plan', 'amount', 'asset', 'pnl'],
  option_settled: ['code', 'payout', 'asset'],
  price_alert: ['code', 'price', 'direction'],
  support_reply: ['conversationId'],
  invite_reward: ['amount', 'asset'],
} as const satisfies Record<string, readonly NotificationParamName[]>;

export type NotificationTemplate = keyof typeof NOTIFICATION_PARAMS;
export const NOTIFICATION_TEMPLATES = Object.keys(NOTIFICATION_PARAMS) as NotificationTemplate[];

/** The parameters a template is written from, typed by kind. */
export type NotificationParams<T extends NotificationTemplate> = {
  [K in (typeof NOTIFICATION_PARAMS)[T][number]]: NotificationParamKinds[K];
};

export function isNotificationTemplate(value: unknown): value is NotificationTemplate {
  return typeof value === 'string' && Object.hasOwn(NOTIFICATION_PARAMS, value);
}

/** The list's page size unless the client asks for another (at most 100). */
export const NOTIFICATION_PAGE_SIZE = 20;
