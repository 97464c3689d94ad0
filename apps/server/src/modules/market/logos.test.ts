import { describe, expect, it } from 'vitest';
import { INSTRUMENT_CATALOGUE } from './catalogue/instruments.js';
import { escapeXml, MONOGRAM_COLOURS, monogramColour, renderLogo } from './logos.js';

/** WCAG relative luminance of a #rrggbb colour. */
function luminance(hex: string): number {
  const channels = [1, 3, 5].map((i) => Number.parseInt(hex.slice(i, i + 2), 16) / 255);
  const [r = 0, g = 0, b = 0] = channels.map((c) => (c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4));
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

function contrastWithWhite(hex: string): number {
  return 1.05 / (luminance(hex) + 0.05);
}

describe('renderLogo', () => {
  it('serves the cryptocurrency-icons SVG for a known symbol', () => {
    const logo = renderLogo({ kind: 'crypto', symbol: 'btc' });
    expect(logo?.contentType).toBe('image/svg+xml');
    expect(logo?.body.startsWith('<svg')).toBe(true);
    expect(logo?.body).toContain('#F7931A');
    // Cached: the same text again.
    expect(renderLogo({ kind: 'crypto', symbol: 'btc' })?.body).toBe(logo?.body);
  });

  it('composes two round flags', () => {
    const logo = renderLogo({ kind: 'flags', base: 'eu', quote: 'us' });
    expect(logo?.contentType).toBe('image/svg+xml');
    const body = logo?.body ?? '';
    expect(body.startsWith('<svg xmlns="http://www.w3.org/2000/svg" width="64" height="64"')).toBe(true);
    expect(body.endsWith('</svg>')).toBe(true);
    const images = [...body.matchAll(/href="data:image\/svg\+xml;base64,([A-Za-z0-9+/=]+)"/g)].map((m) =>
      Buffer.from(m[1] ?? '', 'base64').toString('utf8'),
    );
    expect(images).toHaveLength(2);
    expect(images[0]).toContain('flag-icons-eu');
    expect(images[1]).toContain('flag-icons-us');
    expect(body.match(/clip-path="url\(#(base|quote)\)"/g)).toHaveLength(2);
  });

  it('renders a monogram badge with escaped text and white on a palette colour', () => {
    const logo = renderLogo({ kind: 'monogram', text: 'AAPL' });
    const body = logo?.body ?? '';
    expect(logo?.contentType).toBe('image/svg+xml');
    expect(body.startsWith('<svg xmlns="http://www.w3.org/2000/svg"')).toBe(true);
    expect(body).toContain('>AAPL</text>');
    expect(body).toContain('font-family="system-ui');
    expect(body).toContain('fill="#fff"');
    expect(MONOGRAM_COLOURS).toContain(monogramColour('AAPL'));
    expect(body).toContain(`fill="${monogramColour('AAPL')}"`);
  });

  it('escapes text for XML and keeps at most four characters', () => {
    const body = renderLogo({ kind: 'monogram', text: '<a&"' })?.body ?? '';
    expect(body).toContain('>&lt;A&amp;&quot;</text>');
    expect(body).not.toContain('<a&');
    expect(renderLogo({ kind: 'monogram', text: 'BRK.B' })?.body).toContain('>BRKB</text>');
    expect(renderLogo({ kind: 'monogram', text: 'GOOGL' })?.body).toContain('>GOOG</text>');
    expect(escapeXml(`a<b>&"c'`)).toBe('a&lt;b&gt;&amp;&quot;c&apos;');
  });

  it('picks the same colour for the same text every time, and more than one colour overall', () => {
    expect(monogramColour('MSFT')).toBe(monogramColour('MSFT'));
    expect(renderLogo({ kind: 'monogram', text: 'MSFT' })?.body).toBe(
      renderLogo({ kind: 'monogram', text: 'MSFT' })?.body,
    );
    const used = new Set(INSTRUMENT_CATALOGUE.map((i) => monogramColour(i.code)));
    expect(used.size).toBeGreaterThan(4);
  });

  it('uses eight colours with at least 4.5:1 contrast against white text', () => {
    expect(new Set(MONOGRAM_COLOURS).size).toBe(8);
    for (const colour of MONOGRAM_COLOURS) {
      expect(colour).toMatch(/^#[0-9a-f]{6}$/);
      expect(contrastWithWhite(colour), colour).toBeGreaterThanOrEqual(4.5);
    }
  });

  it('returns null for an unknown or malformed crypto symbol or flag', () => {
    expect(renderLogo({ kind: 'crypto', symbol: 'notacoin' })).toBeNull();
    expect(renderLogo({ kind: 'crypto', symbol: '../../package' })).toBeNull();
    expect(renderLogo({ kind: 'crypto', symbol: '' })).toBeNull();
    expect(renderLogo({ kind: 'flags', base: 'eu', quote: 'zz' })).toBeNull();
    expect(renderLogo({ kind: 'flags', base: '../1x1/eu', quote: 'us' })).toBeNull();
  });

  it('renders every logo of the catalogue', () => {
    for (const seed of INSTRUMENT_CATALOGUE) {
      const logo = renderLogo(seed.logo);
      expect(logo, seed.code).not.toBeNull();
      expect(logo?.body.startsWith('<svg'), seed.code).toBe(true);
    }
  });
});
