// Initial JavaScript and CSS for `/`: the entry chunk and everything it imports statically,
// plus what the first paint of `/` loads at once (the home page chunk and the reader's
// language files), in bytes as served to a browser sending `Accept-Encoding: br, gzip`: the
// precompressed file the server sends (`.br`, else `.gz`, else the file itself), as the web
// build wrote it; nothing is compressed here. Reads the production build's manifest.
// Usage: node bench/bundle-size.mjs [--lang en] [--budget-kb 200] [--accept br,gzip]
// (`--accept gzip`: what a browser without brotli is sent; the budget holds for it too.)
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const args = process.argv.slice(2);
const option = (name, fallback) => {
  const index = args.indexOf(`--${name}`);
  return index >= 0 ? args[index + 1] : fallback;
};
const language = option('lang', 'en');
const budgetKb = Number(option('budget-kb', '200'));
const accepted = option('accept', 'br,gzip').split(',');

const dist = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../apps/web/dist');
const manifest = JSON.parse(readFileSync(path.join(dist, '.vite/manifest.json'), 'utf8'));

const files = new Set();
const visit = (key) => {
  const chunk = manifest[key];
  if (!chunk || files.has(chunk.file)) return;
  files.add(chunk.file);
  for (const imported of chunk.imports ?? []) visit(imported);
};
const entryKey = Object.keys(manifest).find((key) => manifest[key].isEntry);
visit(entryKey);
const startKeys = Object.keys(manifest).filter(
  (key) =>
    key.endsWith('modules/home/HomePage.tsx') ||
    key.endsWith(`locales/${language}.json`) ||
    key.endsWith(`errors/messages/${language}.ts`),
);
for (const key of startKeys) visit(key);
// The language's chunks (UI texts and error catalogue); the catalogue lives outside the web
// root, so it is found by chunk name rather than through the manifest.
for (const file of readdirSync(path.join(dist, 'assets'))) {
  if (new RegExp(`^${language}-[\\w-]+\\.js$`).test(file)) files.add(`assets/${file}`);
}

// The stylesheets the entry and those chunks bring (Vite links or preloads them with the chunk).
for (const key of Object.keys(manifest)) {
  const chunk = manifest[key];
  if (files.has(chunk.file)) for (const css of chunk.css ?? []) files.add(css);
}

/** What the server sends for the accepted encodings: the brotli copy, else gzip, else the file. */
function served(file) {
  const full = path.join(dist, file);
  for (const [suffix, encoding] of [
    ['.br', 'br'],
    ['.gz', 'gzip'],
  ]) {
    if (accepted.includes(encoding) && existsSync(full + suffix))
      return { encoding, bytes: statSync(full + suffix).size };
  }
  return { encoding: 'identity', bytes: statSync(full).size };
}

const totals = { js: 0, css: 0 };
const rows = [...files]
  .filter((file) => file.endsWith('.js') || file.endsWith('.css'))
  .map((file) => {
    const { encoding, bytes } = served(file);
    const kind = file.endsWith('.js') ? 'js' : 'css';
    totals[kind] += bytes;
    return {
      file,
      encoding,
      servedKb: +(bytes / 1024).toFixed(2),
      rawKb: +(statSync(path.join(dist, file)).size / 1024).toFixed(2),
    };
  })
  .sort((a, b) => b.servedKb - a.servedKb);
console.table(rows);
const index = readFileSync(path.join(dist, 'index.html'), 'utf8');
const blocking = [...index.matchAll(/<link rel="stylesheet"[^>]*href="\/([^"]+)"/g)].map((match) => match[1]);
console.log(
  `initial JavaScript for / (${language}): ${(totals.js / 1024).toFixed(1)} KB as served (Accept-Encoding: ${accepted.join(', ')}); budget ${budgetKb} KB`,
);
console.log(
  `initial CSS for / (${language}): ${(totals.css / 1024).toFixed(1)} KB as served, of which render-blocking (linked from index.html): ${(blocking.reduce((sum, file) => sum + served(file).bytes, 0) / 1024).toFixed(1)} KB`,
);
if (totals.js / 1024 > budgetKb) process.exitCode = 1;
