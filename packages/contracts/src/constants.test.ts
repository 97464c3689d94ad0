import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import * as constants from './constants.js';
import * as contracts from './index.js';

const here = path.dirname(fileURLToPath(import.meta.url));

/**
 * Every module the file loads at run time, transitively: relative files by path, packages by
 * name. Type-only imports (`import type`, `export type`) load nothing and are skipped.
 */
function importGraph(entry: string): { files: string[]; packages: string[] } {
  const files = new Set<string>();
  const packages = new Set<string>();
  const visit = (file: string) => {
    if (files.has(file)) return;
    files.add(file);
    const source = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest);
    for (const statement of source.statements) {
      const isImport = ts.isImportDeclaration(statement);
      if (!isImport && !ts.isExportDeclaration(statement)) continue;
      const typeOnly = isImport ? statement.importClause?.isTypeOnly === true : statement.isTypeOnly;
      const specifier = statement.moduleSpecifier;
      if (typeOnly || !specifier || !ts.isStringLiteral(specifier)) continue;
      const name = specifier.text;
      if (name.startsWith('.')) visit(path.resolve(path.dirname(file), name.replace(/\.js$/, '.ts')));
      else packages.add(name);
    }
  };
  visit(entry);
  return { files: [...files].map((file) => path.relative(here, file)).sort(), packages: [...packages].sort() };
}

describe('the zod-free entry (@openbourse/contracts/constants)', () => {
  it('loads no package at all (its endpoints only name schema types), so no schema library reaches the first page', () => {
    const graph = importGraph(path.join(here, 'constants.ts'));
    expect(graph.packages).toEqual([]);
    // The walk did follow the re-exports (an empty graph would pass for the wrong reason).
    expect(graph.files).toEqual([
      'admin/admin-dashboard.endpoints.ts',
      'admin/admin-user-money.endpoints.ts',
      'admin/admin.endpoints.ts',
      'alerts/alerts.constants.ts',
      'alerts/alerts.endpoints.ts',
      'constants.ts',
      'content/content-admin.endpoints.ts',
      'content/content.endpoints.ts',
      'errors/codes.ts',
      'http/endpoint.ts',
      'identity/area-codes.constants.ts',
      'identity/identity.constants.ts',
      'identity/identity.endpoints.ts',
      'kyc/iso-countries.ts',
      'kyc/kyc.constants.ts',
      'kyc/kyc.endpoints.ts',
      'languages.ts',
      'ledger/ledger.endpoints.ts',
      'lending/lending.constants.ts',
      'lending/lending.endpoints.ts',
      'lending/loans.endpoints.ts',
      'market/market-admin.endpoints.ts',
      'market/market-hours.endpoints.ts',
      'market/market.constants.ts',
      'market/market.endpoints.ts',
      'notify/notify.constants.ts',
      'notify/notify.endpoints.ts',
      'onboarding/onboarding.constants.ts',
      'onboarding/onboarding.endpoints.ts',
      'options/options.constants.ts',
      'options/options.endpoints.ts',
      'payments/deposits.endpoints.ts',
      'payments/erc20-abi.ts',
      'payments/faucet.endpoints.ts',
      'payments/payments-admin.endpoints.ts',
      'payments/withdrawals.endpoints.ts',
      'plans/plans.constants.ts',
      'plans/plans.endpoints.ts',
      'referral/referral.constants.ts',
      'referral/referral.endpoints.ts',
      'review/review.constants.ts',
      'review/review.endpoints.ts',
      'savings/savings.constants.ts',
      'savings/savings.endpoints.ts',
      'support/support.constants.ts',
      'support/support.endpoints.ts',
      'trading/trading.endpoints.ts',
      'uploads/uploads.endpoints.ts',
    ]);
  });

  it('offers the same values as the full contracts', () => {
    expect(constants.MARKET_TYPES).toBe(contracts.MARKET_TYPES);
    expect(constants.CANDLE_INTERVAL_MS).toBe(contracts.CANDLE_INTERVAL_MS);
    expect(constants.CATALOGUE).toBe(contracts.CATALOGUE);
    expect(constants.LANGUAGES).toBe(contracts.LANGUAGES);
  });
});
