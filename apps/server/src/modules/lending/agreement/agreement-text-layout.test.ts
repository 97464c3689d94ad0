import { existsSync } from 'node:fs';
import type { Language } from '@openbourse/contracts';
import { describe, expect, it } from 'vitest';
import { type FontKey, fontFilePath } from './agreement-fonts.js';
import { type LaidOutLine, layOutParagraph } from './agreement-text-layout.js';

const layOut = (text: string, language: Language, maxWidth = 500) =>
  layOutParagraph(text, {
    language,
    direction: language === 'ar' ? 'rtl' : 'ltr',
    style: { weight: 'regular', size: 10 },
    maxWidth,
  });

/** Each line's pieces, left to right as drawn: [text, face]. */
const drawn = (lines: LaidOutLine[]) => lines.map((line) => line.pieces.map((piece) => [piece.text, piece.face.key]));

describe('layOutParagraph', () => {
  it('orders an Arabic line right to left with the amount and the asset left to right inside it', () => {
    // Read right to left: "المبلغ:" then "1,000.50" then "USDT". The Arabic piece goes to fontkit in
    // reading order; fontkit joins its letters and returns them in visual order.
    expect(drawn(layOut('المبلغ: 1,000.50 USDT', 'ar'))).toEqual([
      [
        ['USDT', 'latin'],
        [' ', 'latin'],
        ['1,000.50', 'latin'],
        ['المبلغ: ', 'arabic'],
      ],
    ]);
  });

  it('mirrors brackets on a right-to-left line', () => {
    // Logically "(" opens the aside on the right; drawn left to right it is the mirrored glyph.
    expect(drawn(layOut('الهوية (تم التحقق)', 'ar'))).toEqual([
      [
        ['(', 'latin'],
        ['تم التحقق', 'arabic'],
        [')', 'latin'],
        ['الهوية ', 'arabic'],
      ],
    ]);
  });

  it('keeps an Arabic name whole and right to left inside an English line', () => {
    expect(drawn(layOut('Borrower: محمد عبد الله', 'en'))).toEqual([
      [
        ['Borrower: ', 'latin'],
        ['محمد عبد الله', 'arabic'],
      ],
    ]);
  });

  it('wraps at spaces within the width, losing no word', () => {
    const text =
      'Interest is simple: at the end of each whole day after the loan is paid out, the daily rate is charged on the principal still outstanding.';
    const lines = layOut(text, 'en', 150);
    expect(lines.length).toBeGreaterThan(3);
    for (const line of lines) expect(line.width).toBeLessThanOrEqual(150);
    expect(lines.map((line) => line.pieces.map((piece) => piece.text).join('')).join(' ')).toBe(text);
  });

  it('breaks Chinese between characters but never before closing punctuation', () => {
    const text = '利息按单利计算：借款发放后每满一整天，按日利率对尚未偿还的本金计收利息。未支付的利息永不计息。';
    const lines = layOut(text, 'zh', 120);
    expect(lines.length).toBeGreaterThan(2);
    const texts = lines.map((line) => line.pieces.map((piece) => piece.text).join(''));
    expect(texts.join('')).toBe(text);
    for (const line of texts) expect(line).not.toMatch(/^[，。：]/);
    for (const line of lines) expect(line.width).toBeLessThanOrEqual(120);
  });

  it('cuts a word wider than the line between its letters', () => {
    const word = 'Ж'.repeat(200);
    const lines = layOut(word, 'en', 100);
    expect(lines.length).toBeGreaterThan(5);
    expect(lines.map((line) => line.pieces.map((piece) => piece.text).join('')).join('')).toBe(word);
  });

  it('draws each script with its face: Latin, Cyrillic, Han, Hangul, kana', () => {
    expect(drawn(layOut('Анна 王 김 やま', 'ja'))).toEqual([
      [
        ['Анна ', 'latin'],
        ['王 ', 'jp'],
        ['김 ', 'kr'],
        ['やま', 'jp'],
      ],
    ]);
    expect(drawn(layOut('王', 'hk'))).toEqual([[['王', 'tc']]]);
    expect(drawn(layOut('王', 'en'))).toEqual([[['王', 'sc']]]);
  });

  it('places Arabic vowel marks where the font attaches them, over their letters', () => {
    // مُحَمَّد: damma, fatha, shadda and fatha over a word of four letters.
    const [line, ...rest] = layOut('مُحَمَّد', 'ar');
    expect(rest).toEqual([]);
    const [piece] = line?.pieces ?? [];
    expect(piece?.text).toBe('محمد');
    // Left to right as drawn: shadda with fatha (one glyph) over the last meem, fatha over the
    // hah, damma over the first meem.
    expect(piece?.marks.map((mark) => mark.text)).toEqual(['\u064e\u0651', '\u064e', '\u064f']);
    for (const mark of piece?.marks ?? []) {
      expect(mark.dx).toBeGreaterThanOrEqual(-1);
      expect(mark.dx).toBeLessThanOrEqual((piece?.width ?? 0) + 1);
    }
  });

  it('drops bidi overrides and shows what no font has as U+FFFD', () => {
    expect(drawn(layOut('a\u202eb\u{1f600}c', 'en'))).toEqual([[['ab\ufffdc', 'latin']]]);
  });
});

describe('the fonts', () => {
  it('are found in their packages', () => {
    const keys: FontKey[] = [
      'latin',
      'latinBold',
      'arabic',
      'arabicBold',
      'sc',
      'scBold',
      'tc',
      'tcBold',
      'jp',
      'jpBold',
      'kr',
      'krBold',
    ];
    for (const key of keys) expect(existsSync(fontFilePath(key))).toBe(true);
  });
});
