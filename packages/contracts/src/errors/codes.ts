/**
 * The one error and message catalogue (SPEC §8). Server and web both read it: the server
 * answers `{ code, data, msg }` with `msg` in the request's language; the web maps a code to
 * its message and falls back to GENERIC for codes it does not know.
 *
 * `status` is the HTTP status the code travels with. Codes 200 and 200xx are successes.
 */
export const CATALOGUE = {
  SUCCESS: { code: 200, status: 200 },
  NOT_LOGGED_IN: { code: 401, status: 401 },

  ENTER_USER_NAME_OR_EMAIL: { code: 10001, status: 400 },
  EMAIL_WRONG: { code: 10002, status: 400 },
  USER_NAME_INPUT_ERROR: { code: 10003, status: 400 },
  PASSWORD_WRONG: { code: 10004, status: 400 },
  ABNORMAL_USER_STATUS: { code: 10005, status: 403 },
  USER_NAME_EXISTS: { code: 10006, status: 409 },
  EMAIL_OR_PHONE_EXISTS: { code: 10007, status: 409 },
  WRONG_USER_STATUS: { code: 10008, status: 403 },
  USER_NOT_FOUND: { code: 10009, status: 404 },
  WRONG_SMART_PRODUCT: { code: 10010, status: 400 },
  INSUFFICIENT_BALANCE: { code: 10011, status: 400 },
  DAYS_NOT_FOUND: { code: 10012, status: 400 },
  INVESTMENT_AMOUNT_WRONG: { code: 10013, status: 400 },
  OPTIONS_PRODUCT_WRONG: { code: 10014, status: 400 },
  NOT_TRADABLE_NOW: { code: 10015, status: 400 },
  PURCHASE_AMOUNT_WRONG: { code: 10016, status: 400 },
  PERIOD_NOT_FOUND: { code: 10017, status: 400 },
  SYSTEM_PARAMETERS_UNAVAILABLE: { code: 10018, status: 503 },
  AUTHENTICATION_STATUS_WRONG: { code: 10019, status: 400 },
  COLLECTION_STATUS_WRONG: { code: 10020, status: 400 },
  RECEIVING_ADDRESS_MISSING: { code: 10021, status: 400 },
  NOT_IDENTITY_VERIFIED: { code: 10022, status: 403 },
  LOAN_PERIOD_WRONG: { code: 10023, status: 400 },
  LOAN_AMOUNT_OUT_OF_RANGE: { code: 10024, status: 400 },
  SAME_PRODUCT_BOUGHT: { code: 10025, status: 409 },
  CHOOSE_WITHDRAWAL_METHOD: { code: 10026, status: 400 },
  LOAN_AMOUNT_EMPTY: { code: 10027, status: 400 },
  LOAN_TERM_EMPTY: { code: 10028, status: 400 },
  LOAN_AMOUNT_NOT_POSITIVE: { code: 10029, status: 400 },
  LOAN_TERM_CONFIG_MISSING: { code: 10030, status: 400 },
  LOAN_BELOW_MINIMUM: { code: 10031, status: 400 },
  LOAN_ABOVE_MAXIMUM: { code: 10032, status: 400 },
  LOAN_ID_EMPTY: { code: 10033, status: 400 },
  LOAN_RECORD_MISSING: { code: 10034, status: 404 },
  NO_PERMISSION_ON_RECORD: { code: 10035, status: 403 },
  LOAN_STATUS_DISALLOWS_REPAYMENT: { code: 10036, status: 409 },
  INSUFFICIENT_ACCOUNT_BALANCE: { code: 10037, status: 400 },
  REPAYMENT_UNDER_REVIEW: { code: 10038, status: 409 },
  REPAYMENT_SUBMIT_FAILED: { code: 10039, status: 400 },
  REPAYMENT_APPLICATION_FAILED: { code: 10040, status: 400 },
  PHONE_CODE_WRONG: { code: 10091, status: 400 },
  VIP_LEVEL_TOO_LOW: { code: 10094, status: 403 },
  INVESTMENT_ABOVE_MAXIMUM: { code: 10095, status: 400 },

  // Platform codes (SPEC §8: "add codes above 10100 for what the platform needs").
  INVALID_INPUT: { code: 10100, status: 400 },
  NOT_FOUND: { code: 10101, status: 404 },
  RATE_LIMITED: { code: 10102, status: 429 },
  PAYLOAD_TOO_LARGE: { code: 10103, status: 413 },
  UNSUPPORTED_MEDIA_TYPE: { code: 10104, status: 415 },
  INTERNAL_ERROR: { code: 10105, status: 500 },
  UNSUPPORTED_LANGUAGE: { code: 10106, status: 400 },
  FORBIDDEN: { code: 10107, status: 403 },
  SERVICE_NOT_READY: { code: 10108, status: 503 },
  SUPPORT_UNAVAILABLE: { code: 10109, status: 503 },
  METHOD_NOT_ALLOWED: { code: 10110, status: 405 },
  ACCOUNT_LOCKED: { code: 10111, status: 429 },
  CODE_INVALID: { code: 10112, status: 400 },
  CODE_SENT_TOO_OFTEN: { code: 10113, status: 429 },
  PASSWORDS_DO_NOT_MATCH: { code: 10114, status: 400 },
  PASSWORD_TOO_WEAK: { code: 10115, status: 400 },
  // 400, not 401: HTTP 401 means "signed out" to the client (SPEC §4), and this is a sign-in step.
  TOTP_REQUIRED: { code: 10116, status: 400 },
  TOTP_INVALID: { code: 10117, status: 400 },
  WALLET_ONLY_MODE: { code: 10118, status: 403 },
  CAPTCHA_INVALID: { code: 10119, status: 400 },
  WALLET_SIGNATURE_INVALID: { code: 10120, status: 400 },
  NONCE_INVALID: { code: 10121, status: 400 },
  GOOGLE_SIGN_IN_FAILED: { code: 10122, status: 400 },
  GOOGLE_NOT_CONFIGURED: { code: 10123, status: 503 },
  DEMO_DISABLED: { code: 10124, status: 403 },
  DEMO_NOT_ALLOWED: { code: 10125, status: 403 },
  TOTP_NOT_SET_UP: { code: 10126, status: 400 },
  PASSWORD_NOT_SET: { code: 10127, status: 400 },
  IDEMPOTENCY_CONFLICT: { code: 10128, status: 409 },
  UNKNOWN_ASSET: { code: 10129, status: 400 },
  HOLD_NOT_ACTIVE: { code: 10130, status: 409 },
  AMOUNT_INVALID: { code: 10131, status: 400 },
  // Market data (issue 5).
  UNKNOWN_INSTRUMENT: { code: 10132, status: 404 },
  TIME_RANGE_INVALID: { code: 10133, status: 400 },
  TIME_RANGE_TOO_LARGE: { code: 10134, status: 400 },
  WATCHLIST_FULL: { code: 10135, status: 400 },
  // Trading (issue 6).
  STOP_LOSS_UNREASONABLE: { code: 10136, status: 400 },
  TAKE_PROFIT_UNREASONABLE: { code: 10137, status: 400 },
  STOP_COMBINATION_UNREASONABLE: { code: 10138, status: 400 },
  LEVERAGE_INVALID: { code: 10139, status: 400 },
  PRICE_INVALID: { code: 10140, status: 400 },
  POSITION_NOT_OPEN: { code: 10141, status: 409 },
  ORDER_NOT_PENDING: { code: 10142, status: 409 },
  ENTRY_PRICE_UNREASONABLE: { code: 10143, status: 400 },
  // Back office (issue 14): an operator route reached by an operator without two-factor on.
  OPERATOR_TOTP_REQUIRED: { code: 10144, status: 403 },
  // Content editor (issue 14): Markdown refused on save, a slug in use, the English text an item needs.
  CONTENT_UNSAFE_MARKDOWN: { code: 10150, status: 400 },
  CONTENT_SLUG_EXISTS: { code: 10151, status: 409 },
  CONTENT_ENGLISH_REQUIRED: { code: 10152, status: 409 },
  // Trading-hours overrides (issue 14): a closure of another instrument or none; one already over.
  HOURS_CLOSURE_NOT_FOUND: { code: 10159, status: 404 },
  HOURS_CLOSURE_ENDED: { code: 10160, status: 409 },
  // Back office users (issue 14): a session id that is not one of the user's sessions in use.
  SESSION_NOT_FOUND: { code: 10153, status: 404 },
  // Back office review queues (issue 14).
  REVIEW_KIND_UNKNOWN: { code: 10145, status: 404 },
  REVIEW_ITEM_NOT_FOUND: { code: 10146, status: 404 },
  REVIEW_ITEM_DECIDED: { code: 10147, status: 409 },
  REVIEW_REASON_INVALID: { code: 10148, status: 400 },
  REVIEW_SECOND_OPERATOR_REQUIRED: { code: 10149, status: 409 },
  // Sandbox faucet (issue 15): the sandbox chain not running (yet), a bad address, an amount not a
  // positive decimal of the asset, above the faucet's cap.
  FAUCET_UNAVAILABLE: { code: 10161, status: 503 },
  FAUCET_ADDRESS_INVALID: { code: 10162, status: 400 },
  FAUCET_AMOUNT_INVALID: { code: 10163, status: 400 },
  FAUCET_AMOUNT_TOO_LARGE: { code: 10164, status: 400 },
  // Notifications (issue 15): an id that is not one of the caller's; e-mail asked for an account without one.
  NOTIFICATION_NOT_FOUND: { code: 10188, status: 404 },
  NOTIFICATION_EMAIL_UNAVAILABLE: { code: 10189, status: 409 },
  // Price alerts (issue 16): an id that is not one of the caller's; too many active alerts; an
  // alert whose price the market has already reached (above: at or below the last price).
  ALERT_NOT_FOUND: { code: 10190, status: 404 },
  ALERT_LIMIT_REACHED: { code: 10191, status: 409 },
  ALERT_PRICE_ALREADY_REACHED: { code: 10192, status: 400 },

  // Onboarding (issue 16): a live open before the appropriateness questions are answered; answers
  // that warn sent without the acknowledgement of the warning.
  APPROPRIATENESS_REQUIRED: { code: 10193, status: 403 },
  APPROPRIATENESS_ACKNOWLEDGEMENT_REQUIRED: { code: 10194, status: 400 },
  // Uploads (issue 15): an image type not accepted (by content), too large, an unknown or another
  // user's file, no `file` field, an image that does not decode.
  UPLOAD_TYPE_UNSUPPORTED: { code: 10183, status: 415 },
  UPLOAD_TOO_LARGE: { code: 10184, status: 413 },
  UPLOAD_NOT_FOUND: { code: 10185, status: 404 },
  UPLOAD_FILE_MISSING: { code: 10186, status: 400 },
  UPLOAD_UNREADABLE: { code: 10187, status: 400 },

  // Deposits (issue 15): a network or asset not offered, BTC without a published address, a wallet
  // link refused or owned by another user, a hash not found / not paying the caller, already recorded.
  DEPOSIT_NETWORK_UNAVAILABLE: { code: 10165, status: 400 },
  DEPOSIT_BTC_UNAVAILABLE: { code: 10166, status: 400 },
  WALLET_LINK_INVALID: { code: 10167, status: 400 },
  WALLET_LINKED_ELSEWHERE: { code: 10168, status: 409 },
  DEPOSIT_TX_NOT_FOUND: { code: 10169, status: 404 },
  DEPOSIT_TX_NOT_TO_YOU: { code: 10170, status: 400 },
  DEPOSIT_HASH_RECORDED: { code: 10171, status: 409 },
  DEPOSIT_HASH_INVALID: { code: 10172, status: 400 },

  // Withdrawals (issue 15): an address not valid on its network; BTC/Tron or an asset a network does
  // not carry; an address not in the book, not confirmed yet, still cooling; amount limits; an
  // address already in the book; a confirmation link unknown or expired; an entry not the caller's.
  WITHDRAWAL_ADDRESS_INVALID: { code: 10173, status: 400 },
  WITHDRAWAL_NOT_AVAILABLE: { code: 10174, status: 409 },
  WITHDRAWAL_ADDRESS_NOT_IN_BOOK: { code: 10175, status: 400 },
  WITHDRAWAL_ADDRESS_UNCONFIRMED: { code: 10176, status: 409 },
  WITHDRAWAL_ADDRESS_COOLING: { code: 10177, status: 409 },
  WITHDRAWAL_BELOW_MINIMUM: { code: 10178, status: 400 },
  WITHDRAWAL_ABOVE_MAXIMUM: { code: 10179, status: 400 },
  WITHDRAWAL_ADDRESS_EXISTS: { code: 10180, status: 409 },
  WITHDRAWAL_CONFIRM_LINK_INVALID: { code: 10181, status: 400 },
  WITHDRAWAL_ADDRESS_NOT_FOUND: { code: 10182, status: 404 },
  RECOVERY_CODE_INVALID: { code: 10195, status: 400 },
  OWN_SESSION_NOT_FOUND: { code: 10196, status: 404 },
  REAUTHENTICATION_REQUIRED: { code: 10197, status: 400 },
  // Identity verification (issue 17): a birth date less than 18 years before the submission.
  KYC_UNDERAGE: { code: 10198, status: 400 },
  // Loan settings (issue 17): an id that names no loan product; a change from a version another
  // operator's change has already replaced (optimistic concurrency: nothing changed).
  LOAN_SETTING_NOT_FOUND: { code: 10199, status: 404 },
  LOAN_SETTING_CHANGED: { code: 10200, status: 409 },
  // Loans (issue 17). One code for every reserve alike (SPEC §8): treasury cannot fund a promise
  // (a loan, savings interest, an option series, invite rewards); nothing moves.
  TREASURY_CANNOT_FUND: { code: 10201, status: 409 },
  // SPEC §4: no disbursement without the borrower's signature ('Not Signed').
  LOAN_NOT_SIGNED: { code: 10202, status: 409 },
  // SPEC §5: 'The data input is not complete' (a crypto-backed loan without its collateral).
  LOAN_INPUT_INCOMPLETE: { code: 10203, status: 400 },
  LOAN_SIGNATURE_NAME_MISMATCH: { code: 10204, status: 400 },
  LOAN_NOT_AWAITING_SIGNATURE: { code: 10205, status: 409 },
  LOAN_COLLATERAL_NOT_ACCEPTED: { code: 10206, status: 400 },
  // No fresh price (with its source) for the collateral: no loan is granted or liquidated on it.
  LOAN_PRICE_UNAVAILABLE: { code: 10207, status: 503 },
  LOAN_SIGNATURE_INVALID: { code: 10208, status: 400 },
  REPAYMENT_ABOVE_OUTSTANDING: { code: 10209, status: 400 },
  // Collateral is added only to a crypto-backed loan being repaid (not an offer, not a closed loan).
  LOAN_NOT_OPEN_FOR_COLLATERAL: { code: 10210, status: 409 },
  // Smart plans (issue 18; 10211–10219 are the savings products').
  // Only a running plan can be exited.
  SMART_ORDER_NOT_RUNNING: { code: 10220, status: 409 },
  // A plan's positions are closed, amended or cancelled only by the plan (or by exiting it).
  POSITION_HELD_BY_PLAN: { code: 10221, status: 409 },
  SMART_PRODUCT_CHANGED: { code: 10222, status: 409 },
  SMART_PRODUCT_NOT_FOUND: { code: 10223, status: 404 },
  // Options (issue 19): a quote past its validity (the answer carries a new one); the price moved
  // against the caller since the quote (a re-quote, never a silent worse fill); an order that is no
  // longer open; the back office's changed version; an expiry that cannot be listed or decided so.
  OPTIONS_QUOTE_EXPIRED: { code: 10224, status: 409 },
  OPTIONS_PRICE_MOVED: { code: 10225, status: 409 },
  OPTIONS_ORDER_NOT_OPEN: { code: 10226, status: 409 },
  OPTIONS_PRODUCT_CHANGED: { code: 10227, status: 409 },
  OPTIONS_EXPIRY_WRONG: { code: 10228, status: 400 },
  // Support chat (issue 20): a closed conversation takes no messages; a message with neither text nor
  // a picture; a visitor token that is missing or unknown; a rating of a conversation not closed or
  // already rated; a transfer to someone who is not an agent.
  SUPPORT_CONVERSATION_CLOSED: { code: 10229, status: 409 },
  SUPPORT_MESSAGE_EMPTY: { code: 10230, status: 400 },
  SUPPORT_VISITOR_UNKNOWN: { code: 10231, status: 401 },
  SUPPORT_RATING_NOT_ALLOWED: { code: 10232, status: 409 },
  SUPPORT_AGENT_UNKNOWN: { code: 10233, status: 404 },
  // Invite programme (issue 20): a budget below what was already paid; the back office's changed version.
  INVITE_BUDGET_BELOW_PAID: { code: 10234, status: 409 },
  INVITE_SETTINGS_CHANGED: { code: 10235, status: 409 },
  // Fixed-term savings (issue 18): no such product on sale (the first check of a subscription); the
  // amount does not fit the product's remaining capacity; the back office's unknown product and
  // changed version; an order that no longer earns (settled or redeemed) cannot be redeemed.
  SAVINGS_PRODUCT_NOT_ON_SALE: { code: 10211, status: 404 },
  SAVINGS_CAPACITY_EXHAUSTED: { code: 10212, status: 409 },
  SAVINGS_PRODUCT_NOT_FOUND: { code: 10213, status: 404 },
  SAVINGS_PRODUCT_CHANGED: { code: 10214, status: 409 },
  SAVINGS_ORDER_NOT_EARNING: { code: 10215, status: 409 },

  SUBMITTED_FOR_REVIEW: { code: 20001, status: 200 },
  DEPOSIT_SUBMITTED: { code: 20002, status: 200 },
  WITHDRAWAL_SUBMITTED: { code: 20003, status: 200 },
  PURCHASE_SUCCEEDED: { code: 20004, status: 200 },
  MODIFIED: { code: 20005, status: 200 },
  DUPLICATE_PRODUCT_PURCHASE: { code: 20024, status: 200 },
  WITHDRAWAL_DAILY_LIMIT: { code: 20094, status: 200 },
  WITHDRAWAL_UNDER_REVIEW: { code: 20095, status: 200 },
  PURCHASE_ATTEMPTS_EXCEEDED: { code: 20096, status: 200 },
} as const;

export type CatalogueName = keyof typeof CATALOGUE;
export type CatalogueCode = (typeof CATALOGUE)[CatalogueName]['code'];

/** Messages of one language: one entry per catalogue name plus GENERIC, the fallback. */
export type CatalogueMessages = Record<CatalogueName | 'GENERIC', string>;

const NAME_BY_CODE = new Map<number, CatalogueName>(
  (Object.keys(CATALOGUE) as CatalogueName[]).map((name) => [CATALOGUE[name].code, name]),
);

export function catalogueNameOf(code: number): CatalogueName | null {
  return NAME_BY_CODE.get(code) ?? null;
}

export function isSuccessCode(code: number): boolean {
  return code === 200 || (code >= 20000 && code < 30000);
}
