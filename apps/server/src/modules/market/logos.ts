import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import type { LogoSpec } from './market.types.js';

/**
 * Instrument logos, served as SVG. None is a trademarked logo:
 * - crypto icons come from `cryptocurrency-icons` (CC0-1.0, public domain dedication);
 * - currency flags come from `flag-icons` (MIT licence);
 * - stocks, ETFs and futures get a generated monogram badge of their ticker.
 */

export type RenderedLogo = { contentType: 'image/svg+xml'; body: string };

const require = createRequire(import.meta.url);
const CRYPTO_ICON_DIR = path.join(path.dirname(require.resolve('cryptocurrency-icons/package.json')), 'svg', 'color');
const FLAG_DIR = path.join(path.dirname(require.resolve('flag-icons/package.json')), 'flags', '1x1');

/** Symbols and codes are file names: only these shapes are ever looked up (no path tricks). */
const CRYPTO_SYMBOL = /^[a-z0-9]{1,15}$/;
const FLAG_CODE = /^[a-z]{2}(-[a-z0-9]{1,4})?$/;

/**
 * Monogram backgrounds. Each gives white text a contrast ratio of at least 4.5:1 (WCAG AA);
 * the test computes it.
 */
export const MONOGRAM_COLOURS: readonly string[] = [
  '#1d4ed8', // blue
  '#b91c1c', // red
  '#047857', // green
  '#7e22ce', // purple
  '#c2410c', // orange
  '#0f766e', // teal
  '#be185d', // pink
  '#4338ca', // indigo
];

/** File contents by path; only files that exist are kept, so the map is bounded by the packages. */
const files = new Map<string, string>();

function readCached(file: string): string | null {
  const cached = files.get(file);
  if (cached !== undefined) return cached;
  try {
    const text = readFileSync(file, 'utf8');
    files.set(file, text);
    return text;
  } catch {
    return null;
  }
}

function svg(body: string): RenderedLogo {
  return { contentType: 'image/svg+xml', body };
}

/** Escapes text for XML character data and attribute values. */
export function escapeXml(text: string): string {
  return text
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&apos;');
}

/** The SVG of a logo, or null when the icon or flag is not known. */
export function renderLogo(spec: LogoSpec): RenderedLogo | null {
  switch (spec.kind) {
    case 'crypto':
      return cryptoIcon(spec.symbol);
    case 'flags':
      return flagPair(spec.base, spec.quote);
    case 'monogram':
      return monogram(spec.text);
  }
}

function cryptoIcon(symbol: string): RenderedLogo | null {
  const name = symbol.toLowerCase();
  if (!CRYPTO_SYMBOL.test(name)) return null;
  const text = readCached(path.join(CRYPTO_ICON_DIR, `${name}.svg`));
  return text === null ? null : svg(text);
}

function flagDataUri(code: string): string | null {
  const name = code.toLowerCase();
  if (!FLAG_CODE.test(name)) return null;
  const text = readCached(path.join(FLAG_DIR, `${name}.svg`));
  return text === null ? null : `data:image/svg+xml;base64,${Buffer.from(text, 'utf8').toString('base64')}`;
}

/**
 * Two round flags on one 64×64 canvas: the base currency top left, the quote currency bottom
 * right on top of it, with a white ring between them. Each flag is its own embedded image, so
 * the ids inside the flag files cannot collide.
 */
function flagPair(base: string, quote: string): RenderedLogo | null {
  const baseUri = flagDataUri(base);
  const quoteUri = flagDataUri(quote);
  if (baseUri === null || quoteUri === null) return null;
  const radius = 20;
  const circle = (id: string, c: number, uri: string) =>
    `<clipPath id="${id}"><circle cx="${c}" cy="${c}" r="${radius}"/></clipPath>` +
    `<image href="${uri}" x="${c - radius}" y="${c - radius}" width="${2 * radius}" height="${2 * radius}" ` +
    `preserveAspectRatio="xMidYMid slice" clip-path="url(#${id})"/>` +
    `<circle cx="${c}" cy="${c}" r="${radius - 0.5}" fill="none" stroke="#000" stroke-opacity="0.15"/>`;
  return svg(
    '<svg xmlns="http://www.w3.org/2000/svg" width="64" height="64" viewBox="0 0 64 64">' +
      circle('base', 22, baseUri) +
      `<circle cx="42" cy="42" r="${radius + 2}" fill="#fff"/>` +
      circle('quote', 42, quoteUri) +
      '</svg>',
  );
}

/** FNV-1a, 32 bits: a stable hash so one ticker always gets the same colour. */
function hash(text: string): number {
  let h = 0x811c9dc5;
  for (const byte of Buffer.from(text, 'utf8')) {
    h ^= byte;
    h = Math.imul(h, 0x01000193) >>> 0;
  }
  return h;
}

/** The colour of a monogram: picked by a hash of the text. */
export function monogramColour(text: string): string {
  return MONOGRAM_COLOURS[hash(text) % MONOGRAM_COLOURS.length] ?? '#1d4ed8';
}

/**
 * A rounded 64×64 badge with up to four characters of the text, white on a colour picked from
 * the text. Dots and spaces are dropped first ('BRK.B' → 'BRKB'); anything else is escaped.
 */
function monogram(text: string): RenderedLogo {
  const letters = Array.from(text.replace(/[.\s]/g, '').toUpperCase()).slice(0, 4).join('');
  const length = Array.from(letters).length;
  const fontSize = length <= 2 ? 26 : length === 3 ? 20 : 16;
  return svg(
    '<svg xmlns="http://www.w3.org/2000/svg" width="64" height="64" viewBox="0 0 64 64">' +
      `<rect width="64" height="64" rx="14" fill="${monogramColour(text)}"/>` +
      `<text x="32" y="32" dy="0.35em" text-anchor="middle" fill="#fff" font-family="system-ui, -apple-system, 'Segoe UI', Roboto, sans-serif" ` +
      `font-size="${fontSize}" font-weight="600">${escapeXml(letters)}</text>` +
      '</svg>',
  );
}
