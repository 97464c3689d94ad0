import { readFileSync } from 'node:fs';
import path from 'node:path';
import { LANGUAGES } from '@openbourse/contracts/constants';
import { type AliasOptions, build, type Plugin, type Rolldown } from 'vite';

type OutputBundle = Rolldown.OutputBundle;
type OutputChunk = Rolldown.OutputChunk;

import { BOOT_TEXT_KEYS, type BootTextKey, type BootTexts } from './src/boot/boot-shell';

const PLACEHOLDER = '<!--ob-boot-script-->';

/** A dotted i18n key's text in a nested locale file; a missing key fails the build. */
function textAt(locale: Record<string, unknown>, key: string, file: string): string {
  let node: unknown = locale;
  for (const part of key.split('.')) {
    node = typeof node === 'object' && node !== null ? (node as Record<string, unknown>)[part] : undefined;
  }
  if (typeof node !== 'string') throw new Error(`boot shell: ${file} has no text for ${key}`);
  return node;
}

/** Every language's texts for the shell, read from src/locales (the same files the app loads). */
export function readBootTexts(localesDirectory: string): BootTexts {
  const entries = LANGUAGES.map((language) => {
    const file = path.join(localesDirectory, `${language}.json`);
    const locale = JSON.parse(readFileSync(file, 'utf8')) as Record<string, unknown>;
    const texts = Object.fromEntries(BOOT_TEXT_KEYS.map((key) => [key, textAt(locale, key, file)]));
    return [language, texts];
  });
  return Object.fromEntries(entries) as BootTexts;
}

const escapeHtml = (text: string): string =>
  text.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;');

/**
 * The shell's elements carry English text in index.html (what a reader without JavaScript, and
 * the markup's reader, sees); the built page takes it from the English locale, so the two never
 * drift. Each `data-ob-text` element holds text only; a key the locales lack fails the build.
 */
export function writeDefaultTexts(html: string, texts: Record<BootTextKey, string>): string {
  return html.replace(
    /(data-ob-text="([\w.]+)"[^>]*>)[^<]*(<\/)/g,
    (_match, open: string, key: string, close: string) => {
      const text = (texts as Record<string, string>)[key];
      if (text === undefined) throw new Error(`boot shell: index.html asks for ${key}, not in BOOT_TEXT_KEYS`);
      return `${open}${escapeHtml(text)}${close}`;
    },
  );
}

/**
 * Inline script text must not contain `</script` or `<!--` (the HTML parser would end or
 * change the element there); both can only occur inside string literals of this bundle (the
 * texts), where `<\/` and `<\!--` read the same.
 */
function escapeForScriptElement(code: string): string {
  return code.replace(/<\/(script)/gi, '<\\/$1').replaceAll('<!--', '<\\!--');
}

/**
 * Writes the boot shell's script into index.html (issue 16, item 0; see src/boot/boot-shell.ts):
 * src/boot/boot-entry.ts bundled into one minified classic script with the texts defined in,
 * inlined under the response's CSP nonce (the server writes the nonce into the placeholder),
 * so it runs before the first paint without a request of its own.
 */
export function bootShell(options: { root: string; alias: AliasOptions }): Plugin[] {
  const compile = async (texts: BootTexts): Promise<string> => {
    const output = await build({
      configFile: false,
      logLevel: 'warn',
      root: options.root,
      resolve: { alias: options.alias },
      define: { OB_BOOT_TEXTS: JSON.stringify(texts) },
      build: {
        write: false,
        target: 'es2022',
        minify: true,
        sourcemap: false,
        lib: { entry: path.join(options.root, 'src/boot/boot-entry.ts'), formats: ['iife'], name: 'obBoot' },
      },
    });
    const results = Array.isArray(output) ? output : [output];
    for (const result of results) {
      if (!('output' in result)) continue;
      const chunk = result.output.find((item) => item.type === 'chunk');
      if (chunk && chunk.type === 'chunk') return escapeForScriptElement(chunk.code).trim();
    }
    throw new Error('boot shell: the script was not built');
  };
  const boot: Plugin = {
    name: 'openbourse-boot-shell',
    transformIndexHtml: {
      order: 'pre',
      async handler(html) {
        if (!html.includes(PLACEHOLDER)) throw new Error(`boot shell: index.html has no ${PLACEHOLDER}`);
        const texts = readBootTexts(path.join(options.root, 'src/locales'));
        const code = await compile(texts);
        const english = texts.en;
        return writeDefaultTexts(html, english).replace(
          PLACEHOLDER,
          () =>
            `<script type="application/json" id="ob-app-modules">${APP_MODULES_PLACEHOLDER}</script>` +
            `<script nonce="__CSP_NONCE__">${code}</script>`,
        );
      },
    },
  };
  // After Vite has written its tags: the entry's module script and module preloads leave the
  // page and are listed for the boot script, which asks for them once the shell has painted.
  const deferApp: Plugin = {
    name: 'openbourse-boot-shell-defer-app',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(html, context) {
        return deferAppModules(html, context.bundle ? pageFiles(context.bundle) : {});
      },
    },
  };
  return [boot, deferApp];
}

const APP_MODULES_PLACEHOLDER = '__OB_APP_MODULES__';
const MODULE_SCRIPT = /[ \t]*<script type="module" crossorigin src="([^"]+)"><\/script>\n?/g;
const MODULE_PRELOAD = /[ \t]*<link rel="modulepreload" crossorigin href="([^"]+)">\n?/g;

/**
 * The pages a visit most often opens first, by path: the boot script asks for the page's chunk
 * (and what it imports) together with the entry, instead of a round trip after the entry runs.
 * Other paths load their page as the router reaches it.
 */
const FIRST_PAGES: Record<string, string> = {
  '/': 'src/modules/home/HomePage.tsx',
  '/market': 'src/modules/market/MarketPage.tsx',
  '/cruuency': 'src/modules/market/InstrumentPage.tsx',
};

/** Each first page's chunk, the chunks it imports statically and their stylesheets, as URLs. */
function pageFiles(bundle: OutputBundle): Record<string, string[]> {
  const chunks = Object.values(bundle).filter((item): item is OutputChunk => item.type === 'chunk');
  const byFile = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
  const pages: Record<string, string[]> = {};
  for (const [pathname, module] of Object.entries(FIRST_PAGES)) {
    const page = chunks.find((chunk) => chunk.facadeModuleId?.endsWith(module));
    if (!page) throw new Error(`boot shell: no chunk for ${module}`);
    const files = new Set<string>();
    const visit = (chunk: OutputChunk) => {
      if (chunk.isEntry || files.has(chunk.fileName)) return;
      files.add(chunk.fileName);
      for (const css of chunk.viteMetadata?.importedCss ?? []) files.add(css);
      for (const imported of chunk.imports) {
        const next = byFile.get(imported);
        if (next) visit(next);
      }
    };
    visit(page);
    pages[pathname] = [...files].map((file) => `/${file}`);
  }
  return pages;
}

/** Moves the built page's module script and preloads into the boot script's list. */
export function deferAppModules(html: string, pages: Record<string, string[]>): string {
  const entries = [...html.matchAll(MODULE_SCRIPT)].map((match) => match[1] as string);
  const preloads = [...html.matchAll(MODULE_PRELOAD)].map((match) => match[1] as string);
  if (entries.length !== 1 || !html.includes(APP_MODULES_PLACEHOLDER)) {
    throw new Error(`boot shell: expected one module script and the module list, found ${entries.length}`);
  }
  // What the page already asks for (the entry's modules, its linked stylesheets) is not repeated.
  const pageOnly = Object.fromEntries(
    Object.entries(pages).map(([pathname, files]) => [
      pathname,
      files.filter((file) => !preloads.includes(file) && !html.includes(`href="${file}"`)),
    ]),
  );
  const list = JSON.stringify({ entry: entries[0], preloads, pages: pageOnly }).replaceAll('<', '\\u003c');
  return html
    .replace(MODULE_SCRIPT, '')
    .replace(MODULE_PRELOAD, '')
    .replace(APP_MODULES_PLACEHOLDER, () => list);
}
