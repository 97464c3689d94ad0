import { EventEmitter } from 'node:events';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import type { Language } from '@openbourse/contracts';
import * as fontkit from 'fontkit';
import type { PDFDocument } from 'pdf-lib';

/**
 * The agreement's fonts (issue 17): Noto, under the SIL Open Font Licence 1.1, from the
 * @embedpdf/fonts-* packages (plain TTF/OTF files, one per weight). pdf-lib's standard fonts are
 * WinAnsi only, and a borrower's name may be in any script, so every language gets a chain of
 * faces and each character is drawn with the first face that has it.
 *
 * The fonts are parsed with upstream fontkit 2, not @pdf-lib/fontkit: that fork's subsetter
 * corrupts subsets (TrueType glyphs come out garbled, CID-keyed CFF fonts are rejected by
 * viewers), fixed upstream in fontkit 1.8/1.9. pdf-lib only needs `create()` from a fontkit and
 * calls `encodeStream()` on subsets, which fontkit 2 renamed `encode()`; `pdfLibFontkit` bridges
 * that.
 */

/** What pdf-lib's registerFontkit takes (pdf-lib does not export the type by name). */
type PdfLibFontkit = Parameters<PDFDocument['registerFontkit']>[0];

export type FontWeight = 'regular' | 'bold';

type FontFile = { packageName: string; fileName: string };

const FONT_FILES = {
  latin: { packageName: '@embedpdf/fonts-latin', fileName: 'NotoSans-Regular.ttf' },
  latinBold: { packageName: '@embedpdf/fonts-latin', fileName: 'NotoSans-Bold.ttf' },
  arabic: { packageName: '@embedpdf/fonts-arabic', fileName: 'NotoNaskhArabic-Regular.ttf' },
  arabicBold: { packageName: '@embedpdf/fonts-arabic', fileName: 'NotoNaskhArabic-Bold.ttf' },
  sc: { packageName: '@embedpdf/fonts-sc', fileName: 'NotoSansHans-Regular.otf' },
  scBold: { packageName: '@embedpdf/fonts-sc', fileName: 'NotoSansHans-Bold.otf' },
  tc: { packageName: '@embedpdf/fonts-tc', fileName: 'NotoSansHant-Regular.otf' },
  tcBold: { packageName: '@embedpdf/fonts-tc', fileName: 'NotoSansHant-Bold.otf' },
  jp: { packageName: '@embedpdf/fonts-jp', fileName: 'NotoSansJP-Regular.otf' },
  jpBold: { packageName: '@embedpdf/fonts-jp', fileName: 'NotoSansJP-Bold.otf' },
  kr: { packageName: '@embedpdf/fonts-kr', fileName: 'NotoSansKR-Regular.otf' },
  krBold: { packageName: '@embedpdf/fonts-kr', fileName: 'NotoSansKR-Bold.otf' },
} as const satisfies Record<string, FontFile>;

export type FontKey = keyof typeof FONT_FILES;

/** A parsed face: its bytes (what pdf-lib embeds) and fontkit's view of them (what measures). */
export type FontFace = { key: FontKey; bytes: Uint8Array; font: fontkit.Font };

/**
 * Han characters are drawn with the reader's own regional glyph forms first (a Japanese reader
 * gets Japanese forms); the other regions' faces follow for characters a region lacks (the
 * Simplified Chinese face has the widest Han coverage, Extension A included). Latin first
 * everywhere: Latin letters, digits and the hash look the same in every language.
 */
const CJK_ORDER: Record<Language, readonly ('sc' | 'tc' | 'jp' | 'kr')[]> = {
  en: ['sc', 'tc', 'jp', 'kr'],
  de: ['sc', 'tc', 'jp', 'kr'],
  es: ['sc', 'tc', 'jp', 'kr'],
  fr: ['sc', 'tc', 'jp', 'kr'],
  it: ['sc', 'tc', 'jp', 'kr'],
  ar: ['sc', 'tc', 'jp', 'kr'],
  zh: ['sc', 'tc', 'jp', 'kr'],
  hk: ['tc', 'sc', 'jp', 'kr'],
  ja: ['jp', 'sc', 'tc', 'kr'],
  ko: ['kr', 'sc', 'tc', 'jp'],
};

/** The languages written in Han, kana or Hangul, and their own face (headings use its bold). */
const CJK_LANGUAGE_FACE: Partial<Record<Language, 'sc' | 'tc' | 'jp' | 'kr'>> = {
  zh: 'sc',
  hk: 'tc',
  ja: 'jp',
  ko: 'kr',
};

/** The faces tried, in order, for a language and weight. Bold falls back to the regular chain. */
export function fontChain(language: Language, weight: FontWeight): readonly FontKey[] {
  const cjk = CJK_ORDER[language];
  const regular: FontKey[] = ['latin', 'arabic', ...cjk];
  if (weight === 'regular') return regular;
  const bold: FontKey[] = ['latinBold', 'arabicBold'];
  const ownCjk = CJK_LANGUAGE_FACE[language];
  if (ownCjk) bold.push(`${ownCjk}Bold`);
  return [...bold, ...regular];
}

const require = createRequire(import.meta.url);

/**
 * A package's font file. The packages export only their index module, so the file is found
 * beside it (`<package>/dist/index.cjs` → `<package>/fonts/<file>`), from wherever node resolves
 * the package: the same from src under vitest and from the built dist.
 */
export function fontFilePath(key: FontKey): string {
  const file: FontFile = FONT_FILES[key];
  const entry = require.resolve(file.packageName);
  return path.join(path.dirname(entry), '..', 'fonts', file.fileName);
}

const faces = new Map<FontKey, FontFace>();
const facesByBytes = new WeakMap<Uint8Array, fontkit.Font>();

/**
 * A face, read and parsed once per process: parsing is lazy in fontkit, and a server renders
 * many agreements. Faces are only read when a character needs them, so an English agreement
 * for a Latin name never reads the CJK files.
 */
export function loadFace(key: FontKey): FontFace {
  const cached = faces.get(key);
  if (cached) return cached;
  const bytes = new Uint8Array(readFileSync(fontFilePath(key)));
  const parsed = fontkit.create(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength));
  if (!('layout' in parsed)) throw new Error(`${FONT_FILES[key].fileName} is a font collection, not a font`);
  adaptForPdfLib(parsed);
  const face: FontFace = { key, bytes, font: parsed };
  faces.set(key, face);
  facesByBytes.set(bytes, parsed);
  return face;
}

/** What pdf-lib's subset embedder calls on a fontkit subset. */
type SubsetWithStream = fontkit.Subset & { encodeStream?: () => EventEmitter };

/**
 * Two adjustments pdf-lib needs from a fontkit 2 font:
 * - its subsets get the `encodeStream()` pdf-lib calls, emitting fontkit 2's `encode()`;
 * - in a right-to-left run, a ligature glyph (lam-alef, say) lists its characters in visual
 *   order. pdf-lib writes each glyph's characters into the PDF's ToUnicode map and viewers turn a
 *   right-to-left line back into reading order by reversing it, ligatures included; without this,
 *   copying "الأطراف" out of the PDF gives "األطراف".
 */
function adaptForPdfLib(font: fontkit.Font): void {
  const createSubset = font.createSubset.bind(font);
  font.createSubset = () => {
    const subset: SubsetWithStream = createSubset();
    subset.encodeStream = () => {
      const stream = new EventEmitter();
      // pdf-lib attaches its listeners after the call returns.
      setImmediate(() => {
        try {
          stream.emit('data', subset.encode());
          stream.emit('end');
        } catch (error) {
          stream.emit('error', error);
        }
      });
      return stream;
    };
    return subset;
  };
  const layout = font.layout.bind(font);
  font.layout = (text: string, features?: Parameters<fontkit.Font['layout']>[1]) => {
    // Arabic vowel marks drawn on their own (see positionMarks) have no script fontkit can see:
    // shaped as Arabic they combine as in their word (shadda with fatha is one glyph).
    const run = ARABIC_MARKS_ONLY.test(text)
      ? layout(text, features, 'arab', undefined, 'rtl')
      : layout(text, features);
    if (run.direction === 'rtl') run.glyphs = run.glyphs.map(inVisualOrder);
    return run;
  };
}

const ARABIC_MARKS_ONLY = /^(?:(?=\p{Mn})\p{Script_Extensions=Arabic})+$/u;

const visualGlyphs = new WeakMap<fontkit.Glyph, fontkit.Glyph>();

/** The glyph with its characters reversed when it stands for several (fontkit's glyphs are shared). */
function inVisualOrder(glyph: fontkit.Glyph): fontkit.Glyph {
  if (glyph.codePoints.length < 2) return glyph;
  let visual = visualGlyphs.get(glyph);
  if (!visual) {
    const copy: fontkit.Glyph = Object.create(Object.getPrototypeOf(glyph));
    visual = Object.assign(copy, glyph, { codePoints: [...glyph.codePoints].reverse() });
    visualGlyphs.set(glyph, visual);
  }
  return visual;
}

/**
 * The fontkit handed to pdf-lib: the parsed face for bytes loaded by `loadFace` (so measuring and
 * embedding share one parse), else a fresh parse. fontkit 2's Font has everything pdf-lib's
 * embedder reads; the two libraries only describe it with different declarations.
 */
export const pdfLibFontkit: PdfLibFontkit = {
  create(bytes: Uint8Array) {
    let font = facesByBytes.get(bytes);
    if (!font) {
      const parsed = fontkit.create(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength));
      if (!('layout' in parsed)) throw new Error('font collections are not supported');
      adaptForPdfLib(parsed);
      font = parsed;
    }
    return font as unknown as ReturnType<PdfLibFontkit['create']>;
  },
};
