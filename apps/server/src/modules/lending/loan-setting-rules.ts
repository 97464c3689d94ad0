import {
  LOAN_DAILY_RATE_MAX,
  type LoanKind,
  type TLoanLimit,
  type TLoanSettingCreateRequest,
} from '@openbourse/contracts';
import { Decimal } from '@openbourse/money';
import { AppError } from '../../platform/errors/app-error.js';
import type { LendingAssets } from './lending.context.js';
import type { LoanSettingValues } from './loan-settings.repository.js';

/**
 * The rules of a loan product that its shape cannot hold, checked on create and update; each
 * refusal names the field (`data.issues[].path`) so the back office marks it:
 * - the loan asset and every collateral asset must be ledger assets (UNKNOWN_ASSET, 10129);
 * - terms without repeats; interest-free days below the shortest term (every term bears some
 *   interest); a daily rate below LOAN_DAILY_RATE_MAX;
 * - limits: each verification level at most once; `verified` always; `unverified` never on an
 *   unsecured product (KYC is required for it), and a crypto-backed product without one needs
 *   KYC too; minimum above 0, maximum not below it, amounts within the asset's decimals;
 * - crypto-backed: one or more collateral assets, no repeats, not the loan asset, and LTVs with
 *   0 < initial < margin call < liquidation < 1; unsecured: no collateral and no LTVs.
 * Everything else is INVALID_INPUT (10100), as the contracts' own checks answer.
 */

type Fields = Omit<TLoanSettingCreateRequest, 'kind' | 'reason'>;
type Issue = { path: string; message: string };

const canonical = (value: string) => Decimal.parse(value).toString();

export async function checkLoanSetting(
  assets: LendingAssets,
  kind: LoanKind,
  fields: Fields,
): Promise<LoanSettingValues> {
  const unknown: Issue[] = [];
  const decimals = await assets.assetDecimals(fields.asset);
  if (decimals === null) unknown.push({ path: 'body.asset', message: 'not a ledger asset' });
  for (const [index, code] of fields.collateralAssets.entries()) {
    if ((await assets.assetDecimals(code)) === null) {
      unknown.push({ path: `body.collateralAssets.${index}`, message: 'not a ledger asset' });
    }
  }
  if (unknown.length > 0 || decimals === null) throw new AppError('UNKNOWN_ASSET', { data: { issues: unknown } });

  const issues: Issue[] = [];
  const terms = [...fields.terms].sort((a, b) => a - b);
  if (new Set(terms).size !== terms.length) issues.push({ path: 'body.terms', message: 'a term is repeated' });
  const shortest = terms[0] ?? 0;
  if (fields.interestFreeDays >= shortest) {
    issues.push({ path: 'body.interestFreeDays', message: 'interest-free days must be below the shortest term' });
  }
  if (Decimal.parse(fields.dailyRate).gte(Decimal.parse(LOAN_DAILY_RATE_MAX))) {
    issues.push({ path: 'body.dailyRate', message: `the daily rate must be below ${LOAN_DAILY_RATE_MAX}` });
  }

  const byLevel = new Map<TLoanLimit['verification'], { minAmount: string; maxAmount: string }>();
  for (const [index, limit] of fields.limits.entries()) {
    const at = `body.limits.${index}`;
    if (byLevel.has(limit.verification)) {
      issues.push({ path: `${at}.verification`, message: 'a verification level is given twice' });
      continue;
    }
    if (kind === 'unsecured' && limit.verification === 'unverified') {
      issues.push({ path: `${at}.verification`, message: 'an unsecured loan needs KYC: no unverified limit' });
      continue;
    }
    const min = Decimal.parse(limit.minAmount);
    const max = Decimal.parse(limit.maxAmount);
    if (!min.isPositive()) issues.push({ path: `${at}.minAmount`, message: 'the minimum must be above 0' });
    if (min.scale > decimals) issues.push({ path: `${at}.minAmount`, message: `at most ${decimals} decimals` });
    if (max.scale > decimals) issues.push({ path: `${at}.maxAmount`, message: `at most ${decimals} decimals` });
    if (max.lt(min)) issues.push({ path: `${at}.maxAmount`, message: 'the maximum is below the minimum' });
    byLevel.set(limit.verification, { minAmount: min.toString(), maxAmount: max.toString() });
  }
  const verified = byLevel.get('verified');
  if (!verified) issues.push({ path: 'body.limits', message: 'the verified limit is required' });

  const ltvs = {
    initialLtv: fields.initialLtv,
    marginCallLtv: fields.marginCallLtv,
    liquidationLtv: fields.liquidationLtv,
  };
  if (kind === 'unsecured') {
    if (fields.collateralAssets.length > 0) {
      issues.push({ path: 'body.collateralAssets', message: 'an unsecured loan takes no collateral' });
    }
    for (const [field, value] of Object.entries(ltvs)) {
      if (value !== null) issues.push({ path: `body.${field}`, message: 'an unsecured loan has no LTV' });
    }
  } else {
    if (fields.collateralAssets.length === 0) {
      issues.push({ path: 'body.collateralAssets', message: 'a crypto-backed loan takes collateral' });
    }
    if (new Set(fields.collateralAssets).size !== fields.collateralAssets.length) {
      issues.push({ path: 'body.collateralAssets', message: 'a collateral asset is repeated' });
    }
    if (fields.collateralAssets.includes(fields.asset)) {
      issues.push({ path: 'body.collateralAssets', message: 'the loan asset cannot be its own collateral' });
    }
    const missing = Object.entries(ltvs).filter(([, value]) => value === null);
    for (const [field] of missing) issues.push({ path: `body.${field}`, message: 'required for a crypto-backed loan' });
    if (missing.length === 0) {
      const initial = Decimal.parse(fields.initialLtv ?? '');
      const marginCall = Decimal.parse(fields.marginCallLtv ?? '');
      const liquidation = Decimal.parse(fields.liquidationLtv ?? '');
      if (!initial.isPositive()) issues.push({ path: 'body.initialLtv', message: 'must be above 0' });
      if (!marginCall.gt(initial))
        issues.push({ path: 'body.marginCallLtv', message: 'must be above the initial LTV' });
      if (!liquidation.gt(marginCall)) {
        issues.push({ path: 'body.liquidationLtv', message: 'must be above the margin-call LTV' });
      }
    }
  }
  if (issues.length > 0 || !verified) throw new AppError('INVALID_INPUT', { data: { issues } });

  const ratio = (value: string | null) => (value === null ? null : canonical(value));
  return {
    asset: fields.asset,
    terms,
    dailyRate: canonical(fields.dailyRate),
    interestFreeDays: fields.interestFreeDays,
    unverified: byLevel.get('unverified') ?? null,
    verified,
    collateralAssets: kind === 'unsecured' ? [] : [...fields.collateralAssets],
    initialLtv: ratio(fields.initialLtv),
    marginCallLtv: ratio(fields.marginCallLtv),
    liquidationLtv: ratio(fields.liquidationLtv),
  };
}
