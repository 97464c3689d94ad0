import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { expect, it } from 'vitest';

const webSource = path.resolve(path.dirname(new URL(import.meta.url).pathname), '../..');

function resolveRelative(from: string, specifier: string): string | null {
  const base = path.resolve(path.dirname(from), specifier);
  for (const candidate of [
    base,
    `${base}.ts`,
    `${base}.tsx`,
    path.join(base, 'index.ts'),
    path.join(base, 'index.tsx'),
  ]) {
    if (existsSync(candidate) && /\.(ts|tsx)$/.test(candidate)) return candidate;
  }
  return null;
}

/**
 * The web files the entry loads before anything is asked for: its static imports, transitively
 * (what Vite puts in the first page's JS). `import()` calls are not followed: they are the
 * chunks loaded later. Type-only imports load nothing and are skipped.
 */
function firstPageFiles(entry: string): string[] {
  const files = new Set<string>();
  const visit = (file: string) => {
    if (files.has(file)) return;
    files.add(file);
    const kind = file.endsWith('.tsx') ? ts.ScriptKind.TSX : ts.ScriptKind.TS;
    const source = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, false, kind);
    for (const statement of source.statements) {
      const isImport = ts.isImportDeclaration(statement);
      if (!isImport && !ts.isExportDeclaration(statement)) continue;
      const typeOnly = isImport ? statement.importClause?.isTypeOnly === true : statement.isTypeOnly;
      const specifier = statement.moduleSpecifier;
      if (typeOnly || !specifier || !ts.isStringLiteral(specifier) || !specifier.text.startsWith('.')) continue;
      const target = resolveRelative(file, specifier.text);
      if (target) visit(target);
    }
  };
  visit(entry);
  return [...files].map((file) => path.relative(webSource, file)).sort();
}

it('keeps the support chat out of the first page: only the floating button and its launcher are in it (issue 20)', () => {
  const files = firstPageFiles(path.join(webSource, 'main.tsx'));
  // The walk reached the shells that mount the button (an empty walk would pass for the wrong reason).
  expect(files).toEqual(expect.arrayContaining(['app/desktop/DesktopShell.tsx', 'app/mobile/MobileShell.tsx']));
  expect(files.filter((file) => file.includes('support'))).toEqual([
    'modules/support/SupportLauncher.tsx',
    'shared/support-chat.ts',
  ]);
});
