/**
 * The lending module's pure domain (issue 17): interest, repayment, LTV, liquidation plans and
 * the LTV monitor. No database, no clock, no I/O: the lending service feeds it state and the time,
 * and carries out the transfers it plans.
 */
export {
  accrueInterest,
  assertLoanTerms,
  chargeableDays,
  elapsedDays,
  interestAccruedAt,
  interestDue,
  isOverdue,
  newLoanBalance,
  outstandingOf,
  promisedInterest,
  repaymentDate,
  roundOwed,
} from './interest.js';
export {
  DAY_MS,
  LIQUIDATION_DUST_SHARE,
  LIQUIDATION_SHORTFALL_POLICY,
  LOAN_PRICE_MAX_AGE_MS,
  LOAN_PRICE_MAX_FUTURE_SKEW_MS,
  LTV_DISPLAY_SCALE,
  MARGIN_CALL_REPEAT_STEP,
  OVERDUE_DAILY_RATE_MULTIPLIER,
  TRIGGER_PRICE_SCALE,
} from './lending-constants.js';
export {
  type LiquidationInput,
  type LiquidationPlan,
  type LiquidationRefusal,
  type LiquidationResult,
  planLiquidation,
} from './liquidation-plan.js';
export type {
  DayCount,
  EpochMs,
  LoanAccount,
  LoanAsset,
  LoanBalance,
  LoanTerms,
  LoanTransferPurpose,
  TransferIntent,
} from './loan-types.js';
export {
  assertLtvThresholds,
  assessLtv,
  collateralRequiredFor,
  collateralValue,
  type LtvAssessment,
  type LtvThresholds,
  ltvOf,
  ltvReaches,
  maxLoanFor,
  nextWarningLtv,
  type PriceQuote,
  type PriceRefusal,
  priceRefusal,
  triggerPrice,
} from './ltv.js';
export {
  type LtvCrossing,
  type LtvCrossings,
  LtvMonitor,
  type MonitoredLoan,
  pricePairKey,
  type QuoteCrossings,
} from './ltv-monitor.js';
export {
  applyRepayment,
  type DebtSettlement,
  type RepaymentApplied,
  type RepaymentInput,
  type RepaymentRefusal,
  type RepaymentResult,
  settleDebt,
} from './repayment.js';
export { type LoanStep, loanTransferKey } from './transfer-intents.js';
