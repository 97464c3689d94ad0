import type {
  TAdminSmartProduct,
  TSmartProductCreateRequest,
  TSmartProductEnabledRequest,
  TSmartProductUpdateRequest,
} from '@openbourse/contracts';
import { recordAudit } from '../../platform/audit/audit-log.js';
import { AppError } from '../../platform/errors/app-error.js';
import type { OperatorAction, PlansContext, PlansView } from './plans.context.js';
import { checkSmartProduct, productColumns } from './smart-product-rules.js';
import { adminSmartProduct, auditedSmartProduct } from './smart-product-wire.js';
import { insertProduct, lockProduct, type SmartProductRow, updateProduct } from './smart-products.repository.js';

/**
 * The back office's plan products (issue 18): create (disabled, its backtest pending), update
 * from the version read (10222 when another change came first; a change re-runs the backtest in
 * the background), enable or withdraw. Each change writes one audit row in its transaction.
 * Plans already running keep the terms they were bought with.
 */

async function audited(
  trx: PlansView,
  action: OperatorAction,
  verb: 'create' | 'update' | 'enable',
  before: SmartProductRow | null,
  after: SmartProductRow,
  reason: string,
): Promise<void> {
  await recordAudit(trx, {
    actorUserId: action.operatorId,
    action: `plans.products.${verb}`,
    targetType: 'smart_product',
    targetId: after.id,
    before: before ? auditedSmartProduct(before) : null,
    after: auditedSmartProduct(after),
    reason,
    requestId: action.requestId,
    ip: action.ip,
  });
}

export async function createSmartProduct(
  ctx: PlansContext,
  action: OperatorAction,
  request: TSmartProductCreateRequest,
  onChanged: () => void,
): Promise<TAdminSmartProduct> {
  const { reason, ...fields } = request;
  const values = checkSmartProduct(ctx.market, fields);
  const row = await ctx.db.transaction().execute(async (trx) => {
    const at = ctx.clock.now();
    const inserted = await insertProduct(trx, {
      ...productColumns(values),
      enabled: false,
      backtest_version: null,
      backtest: null,
      backtest_error: null,
      seed_key: null,
      created_at: at,
      updated_at: at,
    });
    await audited(trx, action, 'create', null, inserted, reason);
    return inserted;
  });
  onChanged();
  return adminSmartProduct(row);
}

/** Whether a change touches what a backtest depends on (names, amounts, durations and fees do not). */
function backtestInputsChanged(before: SmartProductRow, after: SmartProductRow): boolean {
  const inputs = (row: SmartProductRow) =>
    JSON.stringify([row.strategy, row.params, row.code, row.interval_minutes, row.leverage, row.margin_share]);
  return inputs(before) !== inputs(after);
}

async function lockCurrent(trx: PlansView, id: string, version: number): Promise<SmartProductRow> {
  const current = await lockProduct(trx, id);
  if (!current) throw new AppError('SMART_PRODUCT_NOT_FOUND');
  if (current.version !== version) throw new AppError('SMART_PRODUCT_CHANGED', { data: { version: current.version } });
  return current;
}

export async function updateSmartProduct(
  ctx: PlansContext,
  action: OperatorAction,
  id: string,
  request: TSmartProductUpdateRequest,
  onChanged: () => void,
): Promise<TAdminSmartProduct> {
  const { version, reason, ...fields } = request;
  const values = checkSmartProduct(ctx.market, fields);
  const { row, changed } = await ctx.db.transaction().execute(async (trx) => {
    const current = await lockCurrent(trx, id, version);
    const columns = productColumns(values);
    const before = JSON.stringify(auditedSmartProduct(current));
    const candidate = { ...current, ...columns, names: values.names, params: values.params };
    if (JSON.stringify(auditedSmartProduct(candidate)) === before) return { row: current, changed: false };
    const reruns = backtestInputsChanged(current, candidate);
    const next = await updateProduct(trx, id, {
      ...columns,
      version: current.version + 1,
      // New strategy settings need their own backtest; the old one is no longer shown.
      ...(reruns ? { settings_version: current.settings_version + 1, backtest_state: 'pending' as const } : {}),
      updated_at: ctx.clock.now(),
    });
    await audited(trx, action, 'update', current, next, reason);
    return { row: next, changed: reruns };
  });
  if (changed) onChanged();
  return adminSmartProduct(row);
}

export async function setSmartProductEnabled(
  ctx: PlansContext,
  action: OperatorAction,
  id: string,
  request: TSmartProductEnabledRequest,
): Promise<TAdminSmartProduct> {
  return ctx.db.transaction().execute(async (trx) => {
    const current = await lockCurrent(trx, id, request.version);
    if (current.enabled === request.enabled) return adminSmartProduct(current);
    const next = await updateProduct(trx, id, {
      enabled: request.enabled,
      version: current.version + 1,
      updated_at: ctx.clock.now(),
    });
    await audited(trx, action, 'enable', current, next, request.reason);
    return adminSmartProduct(next);
  });
}
