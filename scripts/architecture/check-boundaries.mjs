#!/usr/bin/env node
// The walls between modules, checked on every `npm test` (issue 12). A small checker of our own
// rather than dependency-cruiser: the rules are a handful of path patterns, TypeScript's own
// pre-processor finds every import form (static, `import type`, `export … from`, dynamic
// `import()`), and it runs in well under a second inside the vitest run with no new dependency.
//
//   node scripts/architecture/check-boundaries.mjs      prints the findings, exits 1 on any
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';

const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const SOURCE_ROOTS = ['apps/server/src', 'apps/web/src', 'packages'];
const SOURCE_FILE = /\.(ts|tsx|mts)$/;
const TEST_FILE = /\.test\.(ts|tsx)$|\/test\//;

/** Server files at the app level: the composition root and what only it may know. */
const SERVER_APP_LEVEL = /^apps\/server\/src\/(app|database|server|config)\.ts$|^apps\/server\/src\/cli\//;
const serverModuleOf = (file) => /^apps\/server\/src\/modules\/([^/]+)\//.exec(file)?.[1] ?? null;

/**
 * Each rule sees one import (`from` imports `to`, both repository-relative; `to` is null for a
 * package) and answers a finding or nothing.
 */
export const IMPORT_RULES = [
  {
    name: 'server-module-public-face',
    explain: "a module imports another module only through that module's index.ts",
    check: (from, to) => {
      const fromModule = serverModuleOf(from);
      const toModule = to && serverModuleOf(to);
      return Boolean(
        fromModule && toModule && fromModule !== toModule && to !== `apps/server/src/modules/${toModule}/index.ts`,
      );
    },
  },
  {
    name: 'server-module-no-app-level',
    explain: 'module code gets what it needs from the composition root, never imports it (tests may)',
    check: (from, to) =>
      Boolean(
        serverModuleOf(from) && !TEST_FILE.test(from) && to && SERVER_APP_LEVEL.test(to) && !/config\.ts$/.test(to),
      ) || Boolean(serverModuleOf(from) && !TEST_FILE.test(from) && to === 'apps/server/src/config.ts'),
  },
  {
    name: 'server-platform-no-modules',
    explain: 'platform/ is infrastructure: it imports no module and nothing that composes modules',
    check: (from, to) =>
      from.startsWith('apps/server/src/platform/') &&
      !TEST_FILE.test(from) &&
      Boolean(
        to && (to.startsWith('apps/server/src/modules/') || /^apps\/server\/src\/(app|database|server)\.ts$/.test(to)),
      ),
  },
  {
    name: 'web-shared-no-modules',
    explain: 'web shared/ is below the modules: it imports no module and no app/ file',
    check: (from, to) =>
      from.startsWith('apps/web/src/shared/') &&
      Boolean(to && (to.startsWith('apps/web/src/modules/') || to.startsWith('apps/web/src/app/'))),
  },
  {
    name: 'web-modules-no-app',
    explain: 'web modules/ do not import app/ (the shells and router compose the modules)',
    check: (from, to) => from.startsWith('apps/web/src/modules/') && Boolean(to?.startsWith('apps/web/src/app/')),
  },
  {
    name: 'packages-no-apps',
    explain: 'shared packages never import an app',
    check: (from, to) => from.startsWith('packages/') && Boolean(to?.startsWith('apps/')),
  },
];

/** SQL lives in repositories (DESIGN.md): a module's other files hold no query. */
const SQL_OUTSIDE_REPOSITORY =
  /\.(selectFrom|insertInto|updateTable|deleteFrom|replaceInto|mergeInto)\(|\bsql(<[^>]*>)?`/;
/** One clock: module code takes the injected one. */
const WALL_CLOCK = /\bDate\.now\b|new Date\(\)/;

export const CONTENT_RULES = [
  {
    name: 'server-sql-in-repository',
    explain: 'SQL is written only in <module>.repository.ts',
    applies: (file) => Boolean(serverModuleOf(file)) && !TEST_FILE.test(file) && !/\.repository\.ts$/.test(file),
    pattern: SQL_OUTSIDE_REPOSITORY,
  },
  {
    name: 'server-module-injected-clock',
    explain: 'module code reads time from the injected clock, not Date.now() or new Date()',
    applies: (file) => Boolean(serverModuleOf(file)) && !TEST_FILE.test(file),
    pattern: WALL_CLOCK,
  },
];

function listSourceFiles(root, relative) {
  const files = [];
  const walk = (dir) => {
    for (const entry of readdirSync(dir)) {
      if (entry === 'node_modules' || entry === 'dist') continue;
      const full = path.join(dir, entry);
      if (statSync(full).isDirectory()) walk(full);
      else if (SOURCE_FILE.test(entry) && !entry.endsWith('.d.ts')) files.push(path.relative(root, full));
    }
  };
  for (const start of relative) {
    const full = path.join(root, start);
    try {
      if (statSync(full).isDirectory()) walk(full);
    } catch {
      // a root that does not exist (a fixture) has no files
    }
  }
  return files.map((file) => file.split(path.sep).join('/'));
}

/** The repository-relative file a relative specifier names (`./x.js` is `./x.ts` in source). */
function resolveRelative(fromFile, specifier, known) {
  const base = path.posix.normalize(path.posix.join(path.posix.dirname(fromFile), specifier));
  const stem = base.replace(/\.(m?js|jsx)$/, '');
  for (const candidate of [base, `${stem}.ts`, `${stem}.tsx`, `${stem}.mts`, `${stem}/index.ts`, `${stem}/index.tsx`]) {
    if (known.has(candidate)) return candidate;
  }
  return base;
}

/** Every import of every source file under `root`: [{ from, to, specifier }]. */
export function collectImports(root = REPO_ROOT, roots = SOURCE_ROOTS) {
  const files = listSourceFiles(root, roots);
  const known = new Set(files);
  const imports = [];
  const texts = new Map();
  for (const file of files) {
    const text = readFileSync(path.join(root, file), 'utf8');
    texts.set(file, text);
    for (const { fileName: specifier } of ts.preProcessFile(text, true, true).importedFiles) {
      const to = specifier.startsWith('.') ? resolveRelative(file, specifier, known) : null;
      imports.push({ from: file, to, specifier });
    }
  }
  return { files, imports, texts };
}

/** Import circles among the files (each reported once, as the list of files around it). */
export function findCycles(files, imports) {
  const edges = new Map(files.map((file) => [file, new Set()]));
  for (const { from, to } of imports) if (to && edges.has(to)) edges.get(from)?.add(to);
  const cycles = [];
  const state = new Map();
  const stack = [];
  const visit = (file) => {
    state.set(file, 'open');
    stack.push(file);
    for (const next of edges.get(file) ?? []) {
      if (state.get(next) === 'open') cycles.push([...stack.slice(stack.indexOf(next)), next]);
      else if (!state.has(next)) visit(next);
    }
    stack.pop();
    state.set(file, 'done');
  };
  for (const file of files) if (!state.has(file)) visit(file);
  return cycles;
}

export function checkBoundaries(root = REPO_ROOT, roots = SOURCE_ROOTS) {
  const { files, imports, texts } = collectImports(root, roots);
  const findings = [];
  for (const { from, to, specifier } of imports) {
    for (const rule of IMPORT_RULES) {
      if (rule.check(from, to))
        findings.push({ rule: rule.name, explain: rule.explain, file: from, detail: specifier });
    }
  }
  for (const [file, text] of texts) {
    for (const rule of CONTENT_RULES) {
      if (!rule.applies(file)) continue;
      text.split('\n').forEach((line, index) => {
        const code = line.replace(/\/\/.*$/, '');
        if (rule.pattern.test(code)) {
          findings.push({ rule: rule.name, explain: rule.explain, file: `${file}:${index + 1}`, detail: line.trim() });
        }
      });
    }
  }
  for (const cycle of findCycles(files, imports)) {
    findings.push({
      rule: 'no-import-cycles',
      explain: 'files import each other in a circle',
      file: cycle[0],
      detail: cycle.join(' → '),
    });
  }
  return findings;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const findings = checkBoundaries();
  for (const finding of findings) {
    process.stdout.write(`${finding.rule}: ${finding.file}\n    ${finding.detail}\n    (${finding.explain})\n`);
  }
  process.stdout.write(findings.length === 0 ? 'module boundaries hold\n' : `${findings.length} boundary findings\n`);
  process.exitCode = findings.length === 0 ? 0 : 1;
}
