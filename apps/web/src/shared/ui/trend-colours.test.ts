import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { LANGUAGES } from '@openbourse/contracts';
import { describe, expect, it } from 'vitest';
import {
  changeDrawColour,
  changeFillColour,
  changeTextColour,
  defaultConvention,
  resolveConvention,
  TREND_DRAW,
  trendColours,
} from './trend-colours';

describe('the rise/fall convention (issue 16)', () => {
  it('defaults by language: green up for en, de, fr, it, es, ar; red up for zh, hk, ja, ko', () => {
    const byLanguage = Object.fromEntries(LANGUAGES.map((language) => [language, defaultConvention(language)]));
    expect(byLanguage).toEqual({
      en: 'green-up',
      de: 'green-up',
      fr: 'green-up',
      it: 'green-up',
      es: 'green-up',
      ar: 'green-up',
      zh: 'red-up',
      hk: 'red-up',
      ja: 'red-up',
      ko: 'red-up',
    });
  });

  it("lets the reader's choice win in every language", () => {
    expect(resolveConvention(null, 'ja')).toBe('red-up');
    expect(resolveConvention('green-up', 'ja')).toBe('green-up');
    expect(resolveConvention('red-up', 'en')).toBe('red-up');
  });

  it('colours a rise, a fall and no change', () => {
    expect(changeTextColour(1, 'green-up')).toBe('var(--ob-green-text)');
    expect(changeTextColour(-1, 'green-up')).toBe('var(--ob-red-text)');
    expect(changeTextColour(1, 'red-up')).toBe('var(--ob-red-text)');
    expect(changeTextColour(-1, 'red-up')).toBe('var(--ob-green-text)');
    expect(changeTextColour(0, 'red-up')).toBeUndefined();
    expect(changeFillColour(1, 'green-up')).toBe('teal.9');
    expect(changeFillColour(-1, 'green-up')).toBe('red.9');
    expect(changeFillColour(0, 'green-up')).toBeUndefined();
    expect(changeDrawColour(1, 'red-up')).toBe(TREND_DRAW.red);
    expect(changeDrawColour(-1, 'red-up')).toBe(TREND_DRAW.green);
    expect(trendColours('green-up')).toMatchObject({ upFill: 'teal.9', downFill: 'red.9', upDraw: TREND_DRAW.green });
  });
});

/** WCAG relative luminance and contrast ratio. */
function luminance(hex: string): number {
  const [r, g, b] = [1, 3, 5].map((at) => {
    const channel = Number.parseInt(hex.slice(at, at + 2), 16) / 255;
    return channel <= 0.03928 ? channel / 12.92 : ((channel + 0.055) / 1.055) ** 2.4;
  }) as [number, number, number];
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}
function contrast(a: string, b: string): number {
  const [high, low] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (high + 0.05) / (low + 0.05);
}

describe('the trend colours keep their contrast in both themes', () => {
  // Mantine's shades named in global.css: red.9 / teal.9 on white, red.4 / teal.4 on dark.7.
  const shades = { 'red-9': '#c92a2a', 'teal-9': '#087f5b', 'red-4': '#ff8787', 'teal-4': '#38d9a9' };
  const css = readFileSync(path.join(path.dirname(fileURLToPath(import.meta.url)), '../../app/global.css'), 'utf8');
  const themeBlock = (selector: string) => {
    const start =
      css.indexOf(`${selector} {\n  --ob-red-text`) >= 0
        ? css.indexOf(`${selector} {\n  --ob-red-text`)
        : css.indexOf(selector);
    return css.slice(start, css.indexOf('}', start));
  };
  const shadeOf = (block: string, variable: string) =>
    /var\(--mantine-color-([a-z]+-\d)\)/.exec(new RegExp(`${variable}: ([^;]+);`).exec(block)?.[1] ?? '')?.[1] as
      | keyof typeof shades
      | undefined;

  it.each([
    ['light', ':root', '#ffffff'],
    ['light, on the striped grey', ':root', '#f8f9fa'],
    ['dark', 'html:root[data-mantine-color-scheme="dark"]', '#242424'],
    ['dark, on a hovered row', 'html:root[data-mantine-color-scheme="dark"]', '#2e2e2e'],
  ])('text at 4.5:1 or better (%s)', (_theme, selector, page) => {
    const block = themeBlock(selector);
    for (const variable of ['--ob-red-text', '--ob-green-text']) {
      const shade = shadeOf(block, variable);
      expect(shade, `${variable} in ${selector}`).toBeDefined();
      expect(contrast(shades[shade as keyof typeof shades], page)).toBeGreaterThanOrEqual(4.5);
    }
  });

  it('white on the Buy and Sell buttons, and lines at 3:1 on both pages', () => {
    for (const fill of Object.values(shades).slice(0, 2)) expect(contrast('#ffffff', fill)).toBeGreaterThanOrEqual(4.5);
    for (const draw of Object.values(TREND_DRAW)) {
      expect(contrast(draw, '#ffffff')).toBeGreaterThanOrEqual(3);
      expect(contrast(draw, '#242424')).toBeGreaterThanOrEqual(3);
    }
  });
});

/**
 * The walk through every place that colours a number (issue 16: one convention everywhere). The
 * helper (trend-colours.ts, TrendText.tsx) is the only place that turns a sign into a colour;
 * any other file that picks red, green or teal from a sign, a change, a P&L or a side, or names
 * the trend colours itself, fails here.
 */
const WEB_SRC = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const HELPER = new Set(['shared/ui/trend-colours.ts', 'shared/ui/TrendText.tsx']);

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((entry) => {
    const full = path.join(dir, entry);
    if (statSync(full).isDirectory()) return sourceFiles(full);
    return /\.(ts|tsx)$/.test(entry) && !/\.test\.tsx?$/.test(entry) ? [full] : [];
  });
}

const files = sourceFiles(WEB_SRC).map((full) => ({
  file: path.relative(WEB_SRC, full).split(path.sep).join('/'),
  text: readFileSync(full, 'utf8'),
}));

/** A condition on a sign, change, P&L or side that picks a red, green or teal colour by name or hex. */
const SIGN_PICKS_COLOUR =
  /\b(sign|signOf|changeSign|Math\.sign|zdf|change|pnl|profit|loss|gain|direction|isNegative|isPositive|long|short|side|rise|fall)\b[^;\n]{0,80}\?\s*['"`](red|green|teal|lime|#)/i;
/** The trend colours themselves: only the helper names them. */
const TREND_TOKENS = /--ob-(red|green)-text|#e03131|#0c8a5f/i;

/** Each place that colours a number, and how it must get its colour from the helper. */
const PLACES: Array<[string, RegExp]> = [
  ['modules/market/parts.tsx', /<TrendText\b/], // market lists and board: the 24 h change
  ['modules/market/Sparkline.tsx', /changeDrawColour\(/], // sparklines
  ['modules/market/CandleChart.tsx', /colours\.upDraw[\s\S]*colours\.downDraw/], // chart candles
  ['modules/trading/TradingParts.tsx', /<TrendText\b[\s\S]*colours\.upText/], // P&L in positions, history, Buy/Sell badges
  ['modules/trading/OrderTicket.tsx', /colours\.upFill[^;\n]*colours\.downFill/], // the ticket's Buy and Sell
  ['modules/ledger/AmountText.tsx', /<TrendText\b/], // the statement
  ['modules/home/HomePage.tsx', /<TrendText\b/], // the home page's today's P&L
  ['modules/trading/position-events.ts', /changeFillColour\(/], // the closing toasts (notifications)
];

describe('one place decides the colour of a signed number', () => {
  it('no file but the helper picks a colour from a sign', () => {
    const found = files
      .filter(({ file }) => !HELPER.has(file))
      .flatMap(({ file, text }) =>
        text
          .split('\n')
          .map((line, index) => ({ line, index }))
          .filter(({ line }) => SIGN_PICKS_COLOUR.test(line) || TREND_TOKENS.test(line))
          .map(({ line, index }) => `${file}:${index + 1}: ${line.trim()}`),
      );
    expect(found).toEqual([]);
  });

  it.each(PLACES)('%s takes its colours from the helper', (file, use) => {
    const source = files.find((entry) => entry.file === file);
    expect(source, file).toBeDefined();
    expect(source?.text).toMatch(use);
    expect(source?.text).toMatch(/shared\/ui\/(trend-colours|TrendText)|use-colour-convention'/);
  });

  it('the statement, the positions and the home page use the coloured components', () => {
    const uses = (file: string, component: RegExp) =>
      component.test(files.find((entry) => entry.file === file)?.text ?? '');
    expect(uses('modules/ledger/BalancePage.tsx', /<AmountText\b[^>]*signed/)).toBe(true);
    expect(files.some(({ file, text }) => file.startsWith('modules/trading/') && /<PnlText\b/.test(text))).toBe(true);
  });
});
