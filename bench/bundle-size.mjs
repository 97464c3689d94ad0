// Initial JavaScript for `/`: the entry chunk and everything it imports statically, plus what
// the first paint of `/` loads at once (the home page chunk and the reader's language
// files), gzipped as a server would send them. Reads the production build's manifest.
// Usage: node bench/bundle-size.mjs [--lang en] [--budget-kb 200]
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

const args = process.argv.slice(2);
const option = (name, fallback) => {
  const index = args.indexOf(`--${name}`);
  return index >= 0 ? args[index + 1] : fallback;
};
const language = option('lang', 'en');
const budgetKb = Number(option('budget-kb', '200'));

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

let total = 0;
const rows = [...files]
  .filter((file) => file.endsWith('.js'))
  .map((file) => {
    const gz = gzipSync(readFileSync(path.join(dist, file)), { level: 9 }).length;
    total += gz;
    return { file, gzipKb: +(gz / 1024).toFixed(2) };
  })
  .sort((a, b) => b.gzipKb - a.gzipKb);
console.table(rows);
console.log(`initial JavaScript for / (${language}): ${(total / 1024).toFixed(1)} KB gzipped; budget ${budgetKb} KB`);
if (total / 1024 > budgetKb) process.exitCode = 1;
