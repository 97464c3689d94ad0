import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { checkBoundaries } from './check-boundaries.mjs';

const fixtures = [];
/** A throw-away tree laid out like the repository, holding only the given files. */
function tree(files) {
  const root = mkdtempSync(path.join(tmpdir(), 'boundaries-'));
  fixtures.push(root);
  for (const [file, text] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
    writeFileSync(path.join(root, file), text);
  }
  return root;
}
afterEach(() => {
  for (const root of fixtures.splice(0)) rmSync(root, { recursive: true, force: true });
});
const rulesBroken = (root) => checkBoundaries(root).map((finding) => `${finding.rule} ${finding.file}`);

const walledModules = {
  'apps/server/src/modules/ledger/index.ts': "export { hold } from './holds.js';\n",
  'apps/server/src/modules/ledger/holds.ts': 'export const hold = 1;\n',
  'apps/server/src/modules/ledger/ledger.repository.ts': "export const q = (db) => db.selectFrom('ledger_accounts');\n",
  'apps/server/src/modules/trading/open.ts': "import { hold } from '../ledger/index.js';\nexport const open = hold;\n",
  'apps/server/src/platform/clock.ts': 'export const systemClock = { now: () => new Date() };\n',
  'apps/web/src/shared/ui/Button.tsx': 'export const Button = 1;\n',
  'apps/web/src/modules/market/Page.tsx':
    "import { Button } from '../../shared/ui/Button';\nexport const Page = Button;\n",
};

describe('the module boundary check', () => {
  it('finds nothing in a tree that keeps the rules', () => {
    expect(rulesBroken(tree(walledModules))).toEqual([]);
  });

  it("refuses a module importing another module's internals instead of its index.ts", () => {
    const root = tree({
      ...walledModules,
      'apps/server/src/modules/trading/close.ts':
        "import { hold } from '../ledger/holds.js';\nexport const close = hold;\n",
    });
    expect(rulesBroken(root)).toEqual(['server-module-public-face apps/server/src/modules/trading/close.ts']);
  });

  it('refuses a type-only or dynamic import past the wall as well', () => {
    const root = tree({
      ...walledModules,
      'apps/server/src/modules/trading/types.ts': "import type { X } from '../ledger/holds.js';\nexport type Y = X;\n",
      'apps/server/src/modules/trading/lazy.ts': "export const lazy = () => import('../ledger/holds.js');\n",
    });
    expect(rulesBroken(root).sort()).toEqual([
      'server-module-public-face apps/server/src/modules/trading/lazy.ts',
      'server-module-public-face apps/server/src/modules/trading/types.ts',
    ]);
  });

  it('refuses platform code importing a module, and module code importing the composition root', () => {
    const root = tree({
      ...walledModules,
      'apps/server/src/platform/http/guard.ts':
        "import { hold } from '../../modules/ledger/index.js';\nexport const g = hold;\n",
      'apps/server/src/modules/trading/settings.ts':
        "import { loadConfig } from '../../config.js';\nexport const s = loadConfig;\n",
      'apps/server/src/config.ts': 'export const loadConfig = 1;\n',
    });
    expect(rulesBroken(root).sort()).toEqual([
      'server-module-no-app-level apps/server/src/modules/trading/settings.ts',
      'server-platform-no-modules apps/server/src/platform/http/guard.ts',
    ]);
  });

  it('refuses web shared/ importing a module and a web module importing app/', () => {
    const root = tree({
      ...walledModules,
      'apps/web/src/shared/ui/Search.tsx':
        "import { Page } from '../../modules/market/Page';\nexport const S = Page;\n",
      'apps/web/src/app/routes.ts': 'export const routes = [];\n',
      'apps/web/src/modules/market/Links.tsx': "import { routes } from '../../app/routes';\nexport const L = routes;\n",
    });
    expect(rulesBroken(root).sort()).toEqual([
      'web-modules-no-app apps/web/src/modules/market/Links.tsx',
      'web-shared-no-modules apps/web/src/shared/ui/Search.tsx',
    ]);
  });

  it('refuses SQL outside a repository and the wall clock in module code', () => {
    const root = tree({
      ...walledModules,
      'apps/server/src/modules/ledger/statement.ts':
        "import { sql } from 'kysely';\nexport const list = (db) => sql`SELECT 1`.execute(db);\n// db.selectFrom('x') in a comment is fine\nexport const at = () => Date.now();\n",
    });
    expect(rulesBroken(root)).toEqual([
      'server-sql-in-repository apps/server/src/modules/ledger/statement.ts:2',
      'server-module-injected-clock apps/server/src/modules/ledger/statement.ts:4',
    ]);
  });

  it('refuses an import circle', () => {
    const root = tree({
      ...walledModules,
      'packages/money/src/index.ts': "export * from './decimal.js';\nexport class MoneyError extends Error {}\n",
      'packages/money/src/decimal.ts':
        "import { MoneyError } from './index.js';\nexport const fail = () => new MoneyError();\n",
    });
    expect(rulesBroken(root)).toEqual(['no-import-cycles packages/money/src/decimal.ts']);
  });
});
