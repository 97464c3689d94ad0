import type { Language, TAdminSavingsProduct, TFinancialProduct } from '@openbourse/contracts';
import { Decimal } from '@openbourse/money';
import type { SavingsContext } from './savings.context.js';
import { adminSavingsProduct, publicSavingsProduct } from './savings-product-wire.js';
import { listSavingsProducts, principalEarningByProduct } from './savings-products.repository.js';

/**
 * The savings products investors see (`GET /index/listFinancialProducts`, public): those on sale,
 * and those the treasury paused (shown as not selling, so an investor learns why), with the
 * capacity left now. Read from the tables on each request, so a change holds on every instance at
 * once. A product paused by an operator (a new one, still being checked) is not listed.
 */
export async function listFinancialProducts(ctx: SavingsContext, language: Language): Promise<TFinancialProduct[]> {
  const records = await listSavingsProducts(ctx.db, { listedOnly: true });
  const earning = await principalEarningByProduct(
    ctx.db,
    records.map((record) => record.id),
  );
  const items: TFinancialProduct[] = [];
  for (const record of records) {
    const decimals = await ctx.assets.assetDecimals(record.asset);
    // A product is written only with a ledger asset (checkSavingsProduct); assets are never removed.
    if (decimals === null) continue;
    items.push(publicSavingsProduct(record, earning.get(record.id) ?? Decimal.ZERO, language, decimals));
  }
  return items;
}

/** Every product for the back office, on sale or paused, with its version and the principal earning. */
export async function listAdminSavingsProducts(ctx: SavingsContext): Promise<TAdminSavingsProduct[]> {
  const records = await listSavingsProducts(ctx.db, { listedOnly: false });
  const earning = await principalEarningByProduct(
    ctx.db,
    records.map((record) => record.id),
  );
  return records.map((record) => adminSavingsProduct(record, earning.get(record.id) ?? Decimal.ZERO));
}
