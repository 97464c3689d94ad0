import type {
  TAdminOptionsProduct,
  TOptionsProductCreateRequest,
  TOptionsProductEnabledRequest,
  TOptionsProductUpdateRequest,
} from '@openbourse/contracts';
import { Decimal } from '@openbourse/money';
import { recordAudit } from '../../platform/audit/audit-log.js';
import { AppError } from '../../platform/errors/app-error.js';
import type { OperatorAction, OptionsContext } from './options.context.js';
import {
  insertProduct,
  lockProduct,
  type OptionsProductRecord,
  type OptionsProductValues,
  reservedByProduct,
  updateProduct,
} from './options-products.repository.js';

const canonical = (value: string) => Decimal.parse(value).toString();

/**
 * An operator's product settings checked beyond their shapes (the contracts' zod): the underlying
 * is listed and quoted in a ledger asset; steps, sizes, caps and limits above zero; the volatility
 * cap at least its floor. Any failure: 10100 naming the field, nothing changes.
 */
export async function productValues(
  ctx: OptionsContext,
  input: TOptionsProductCreateRequest,
): Promise<OptionsProductValues> {
  const instrument = ctx.market.instrument(input.code);
  if (!instrument) throw new AppError('UNKNOWN_INSTRUMENT');
  if ((await ctx.assets.assetDecimals(instrument.asset)) === null) {
    throw new AppError('INVALID_INPUT', { data: { field: 'code', reason: 'not quoted in a ledger asset' } });
  }
  const positive = ['strikeStep', 'contractSize', 'callCapShare', 'seriesReserveLimit', 'volatilityFloor'] as const;
  for (const field of positive) {
    if (!Decimal.parse(input[field]).isPositive()) throw new AppError('INVALID_INPUT', { data: { field } });
  }
  if (Decimal.parse(input.volatilityCap).lt(Decimal.parse(input.volatilityFloor))) {
    throw new AppError('INVALID_INPUT', { data: { field: 'volatilityCap' } });
  }
  if (!Decimal.parse(input.volatilityLambda).isPositive()) {
    throw new AppError('INVALID_INPUT', { data: { field: 'volatilityLambda' } });
  }
  return {
    code: instrument.code,
    asset: instrument.asset,
    schedules: [...new Set(input.schedules)],
    expiryMinuteOfDay: input.expiryMinuteOfDay,
    strikeStep: canonical(input.strikeStep),
    strikesEachSide: input.strikesEachSide,
    contractSize: canonical(input.contractSize),
    callCapShare: canonical(input.callCapShare),
    spreadRate: canonical(input.spreadRate),
    minPremium: canonical(input.minPremium),
    feeRate: canonical(input.feeRate),
    rate: canonical(input.rate),
    volatilityFloor: canonical(input.volatilityFloor),
    volatilityCap: canonical(input.volatilityCap),
    volatilityWindowMinutes: input.volatilityWindowMinutes,
    volatilityLambda: canonical(input.volatilityLambda),
    seriesReserveLimit: canonical(input.seriesReserveLimit),
    maxContractsPerOrder: input.maxContractsPerOrder,
    settlementWindowMinutes: input.settlementWindowMinutes,
    salesCutoffMinutes: input.salesCutoffMinutes,
  };
}

export function adminOptionsProduct(product: OptionsProductRecord, reserved: Decimal): TAdminOptionsProduct {
  const { seedKey, updatedAt, ...values } = product;
  return { ...values, sandbox: seedKey !== null, reserved: reserved.toString(), updatedAt: updatedAt.toISOString() };
}

/** What the audit log keeps of a product: its settings and state. */
const audited = (product: OptionsProductRecord) => {
  const { updatedAt, ...rest } = product;
  return rest;
};

async function withReserved(ctx: OptionsContext, product: OptionsProductRecord): Promise<TAdminOptionsProduct> {
  return adminOptionsProduct(product, (await reservedByProduct(ctx.db)).get(product.id) ?? Decimal.ZERO);
}

export async function listAdminOptionsProducts(
  ctx: OptionsContext,
  products: readonly OptionsProductRecord[],
): Promise<TAdminOptionsProduct[]> {
  const reserved = await reservedByProduct(ctx.db);
  return products.map((product) => adminOptionsProduct(product, reserved.get(product.id) ?? Decimal.ZERO));
}

/** POST /swx/admin/options-products — created with its sales stopped; one product per underlying (10100 otherwise). */
export async function createOptionsProduct(
  ctx: OptionsContext,
  action: OperatorAction,
  input: TOptionsProductCreateRequest,
): Promise<TAdminOptionsProduct> {
  const values = await productValues(ctx, input);
  const product = await ctx.db.transaction().execute(async (trx) => {
    const created = await insertProduct(trx, values, { enabled: false, seedKey: null, at: ctx.clock.now() });
    if (!created)
      throw new AppError('INVALID_INPUT', { data: { field: 'code', reason: 'options are listed on it already' } });
    await recordAudit(trx, {
      actorUserId: action.operatorId,
      action: 'options.products.create',
      targetType: 'options_product',
      targetId: created.id,
      before: null,
      after: audited(created),
      reason: input.reason,
      requestId: action.requestId,
      ip: action.ip,
    });
    return created;
  });
  return withReserved(ctx, product);
}

/**
 * One change of a product from the version the operator read (10227 otherwise; 10014 when there
 * is no such product), under its row lock, with its audit row (before and after).
 */
async function changeProduct(
  ctx: OptionsContext,
  action: OperatorAction,
  productId: string,
  read: { version: number; reason: string },
  auditAction: string,
  change: (current: OptionsProductRecord) => { values?: OptionsProductValues; enabled?: boolean },
): Promise<TAdminOptionsProduct> {
  const product = await ctx.db.transaction().execute(async (trx) => {
    const current = await lockProduct(trx, productId);
    if (!current) throw new AppError('OPTIONS_PRODUCT_WRONG');
    if (current.version !== read.version) throw new AppError('OPTIONS_PRODUCT_CHANGED');
    const next = await updateProduct(trx, productId, { ...change(current), at: ctx.clock.now() });
    await recordAudit(trx, {
      actorUserId: action.operatorId,
      action: auditAction,
      targetType: 'options_product',
      targetId: productId,
      before: audited(current),
      after: audited(next),
      reason: read.reason,
      requestId: action.requestId,
      ip: action.ip,
    });
    return next;
  });
  return withReserved(ctx, product);
}

/** POST /swx/admin/options-products/{id} — from the version read (10227 otherwise); listed series keep their terms. */
export async function updateOptionsProduct(
  ctx: OptionsContext,
  action: OperatorAction,
  productId: string,
  input: TOptionsProductUpdateRequest,
): Promise<TAdminOptionsProduct> {
  const values = await productValues(ctx, input);
  return changeProduct(ctx, action, productId, input, 'options.products.update', (current) => {
    if (values.code !== current.code) {
      throw new AppError('INVALID_INPUT', {
        data: { field: 'code', reason: 'the underlying of a product does not change' },
      });
    }
    return { values };
  });
}

/** POST /swx/admin/options-products/{id}/enabled — sales on or off (open orders still settle). */
export async function setOptionsProductEnabled(
  ctx: OptionsContext,
  action: OperatorAction,
  productId: string,
  input: TOptionsProductEnabledRequest,
): Promise<TAdminOptionsProduct> {
  return changeProduct(
    ctx,
    action,
    productId,
    input,
    input.enabled ? 'options.products.enable' : 'options.products.disable',
    () => ({ enabled: input.enabled }),
  );
}
