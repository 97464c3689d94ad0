import type { Language } from '@openbourse/contracts';
import bidiModule from 'bidi-js';
import { type FontFace, type FontKey, type FontWeight, fontChain, loadFace } from './agreement-fonts.js';

/**
 * Lays a paragraph out into lines of drawable pieces, for any mix of scripts:
 * - each character gets the first face of the language's chain that has it (spaces and
 *   punctuation stay with the face before them, so a word and its comma are one piece);
 * - lines break at spaces, between Han/kana characters (not before closing punctuation, not after
 *   opening punctuation), and inside a word only when the word alone is wider than the line;
 * - the Unicode Bidirectional Algorithm (bidi-js) orders each line: Arabic right to left, numbers
 *   and Latin runs such as "USDT" left to right inside it, mirrored brackets.
 *
 * Arabic letters are joined by fontkit, which pdf-lib calls to encode text: fontkit's layout picks
 * the Arabic shaper (initial, medial, final and isolated forms, the lam-alef ligature) from the
 * script of the string, and for a right-to-left script returns the glyphs in visual order. So a
 * piece of Arabic is handed over in logical order and comes out shaped and reversed; a piece of
 * neutrals (spaces, punctuation) on a right-to-left level has no script for fontkit to reverse, so
 * it is handed over already reversed. Widths are measured with the same fontkit layout pdf-lib
 * draws with (the sum of the glyphs' advances), so a line drawn is exactly as wide as measured.
 */

export type TextStyle = { weight: FontWeight; size: number };

/**
 * A run drawn in one go: one face, one direction; `text` is what pdf-lib's drawText gets. Arabic
 * vowel marks, if any, are drawn apart at the places fontkit's mark positioning gives them
 * (offsets in points from the piece's origin): pdf-lib draws glyphs by their advances only.
 */
export type LaidOutPiece = { text: string; face: FontFace; width: number; marks: PositionedMark[] };

export type PositionedMark = { text: string; dx: number; dy: number };

export type LaidOutLine = { pieces: LaidOutPiece[]; width: number };

export type ParagraphOptions = {
  language: Language;
  direction: 'ltr' | 'rtl';
  style: TextStyle;
  maxWidth: number;
};

// bidi-js is CommonJS described by an ES-module declaration file: TypeScript sees the factory
// under `.default`, while node (module.exports) and vite (its ES build) hand it over as the default
// import itself.
const bidiFactory: typeof bidiModule.default = typeof bidiModule === 'function' ? bidiModule : bidiModule.default;
const bidi = bidiFactory();

/** Characters fontkit takes as a right-to-left script (it reverses those runs itself). */
const RTL_SCRIPT =
  /[\p{Script=Arabic}\p{Script=Hebrew}\p{Script=Syriac}\p{Script=Thaana}\p{Script=Nko}\p{Script=Samaritan}\p{Script=Mandaic}\p{Script=Adlam}]/u;
/** Stays with the face of the character before it when that face has it. */
const FOLLOWS_NEIGHBOUR = /^[\p{Z}\p{P}\p{M}\u200c\u200d]$/u;
/** Invisible format characters: bidi embeddings, overrides and isolates (the layout orders text itself) and other default-ignorables. */
const IGNORABLE = /[\p{Default_Ignorable_Code_Point}]/gu;
const JOINER_CONTROLS = new Set([0x200c, 0x200d]);
const CONTROL = /[\p{Cc}]/gu;
const BREAKING_SPACE = /^[ \u1680\u2000-\u2006\u2008-\u200a\u205f\u3000]$/u;
/** Characters between which a line may break with no space: Han, kana and CJK punctuation. */
const CJK_BREAKABLE =
  /^[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\u3000-\u303f\u30fc\uff00-\uffef\u3200-\u33ff]$/u;
/** Never at the start of a line (closing punctuation, small kana, the prolonged sound mark). */
const NO_LINE_START =
  /^[)\]}.,:;!?%\u3001\u3002\uff0c\uff0e\uff1a\uff1b\uff01\uff1f\uff09\u300d\u300f\u3011\u3015\u300b\u3009\uff05\u30fc\u3041\u3043\u3045\u3047\u3049\u3063\u3083\u3085\u3087\u308e\u30a1\u30a3\u30a5\u30a7\u30a9\u30c3\u30e3\u30e5\u30e7\u30ee\u30f5\u30f6\u00bb\u201d\u2019]$/u;
/** Never at the end of a line (opening punctuation). */
const NO_LINE_END = /^[([{\uff08\u300c\u300e\u3010\u3014\u300a\u3008\u00ab\u201c\u2018]$/u;
const ASCII_ALNUM = /^[A-Za-z0-9%]$/;
const NONSPACING_MARK = /^\p{Mn}$/u;
const REPLACEMENT = '\ufffd';

type Char = { ch: string; face: FontFace };

/** Lays out `text` as lines no wider than `maxWidth` (points), in visual order. */
export function layOutParagraph(text: string, options: ParagraphOptions): LaidOutLine[] {
  const chars = assignFaces(clean(text), fontChain(options.language, options.style.weight));
  if (chars.length === 0) return [];
  const logical = chars.map((c) => c.ch).join('');
  const levels = bidi.getEmbeddingLevels(logical, options.direction);
  const unitOffsets = utf16Offsets(chars);
  const levelOf = (i: number) => levels.levels[unitOffsets[i] ?? 0] ?? 0;
  for (let i = 0; i < chars.length; i++) {
    const char = chars[i];
    if (!char || levelOf(i) % 2 === 0) continue;
    const mirrored = bidi.getMirroredCharacter(char.ch);
    if (mirrored && char.face.font.hasGlyphForCodePoint(mirrored.codePointAt(0) ?? 0)) char.ch = mirrored;
  }

  const size = options.style.size;
  const lines: LaidOutLine[] = [];
  for (const [start, end] of breakLines(chars, levelOf, size, options.maxWidth)) {
    let last = end;
    while (last > start && BREAKING_SPACE.test(chars[last - 1]?.ch ?? '')) last--;
    if (last === start) continue;
    lines.push(visualLine(chars, logical, levels, unitOffsets, levelOf, start, last, size));
  }
  return lines;
}

/** The width in points of `text` drawn in `face` at `size`, as pdf-lib will draw it. */
export function textWidth(face: FontFace, text: string, size: number): number {
  return (advanceUnits(face, text) * size) / face.font.unitsPerEm;
}

const advanceCache = new Map<FontKey, Map<string, number>>();

function advanceUnits(face: FontFace, text: string): number {
  let cache = advanceCache.get(face.key);
  if (!cache) {
    cache = new Map();
    advanceCache.set(face.key, cache);
  }
  let units = cache.get(text);
  if (units === undefined) {
    units = 0;
    for (const glyph of face.font.layout(text).glyphs) units += glyph.advanceWidth;
    // Words repeat across agreements; the cache is bounded so odd names cannot grow it forever.
    if (cache.size > 20_000) cache.clear();
    cache.set(text, units);
  }
  return units;
}

function clean(text: string): string {
  return text
    .normalize('NFC')
    .replace(CONTROL, ' ')
    .replace(IGNORABLE, (c) => (JOINER_CONTROLS.has(c.codePointAt(0) ?? 0) ? c : ''));
}

/**
 * The face of each character. A character no face has is drawn as U+FFFD (a visible sign that
 * something could not be shown) rather than as an empty box or nothing; an unsupported joiner
 * control is dropped (it only steers shaping).
 */
function assignFaces(text: string, chain: readonly FontKey[]): Char[] {
  const chars: Char[] = [];
  let previous: FontFace | null = null;
  for (const ch of text) {
    const codePoint = ch.codePointAt(0) ?? 0;
    let face: FontFace | null = null;
    if (previous && FOLLOWS_NEIGHBOUR.test(ch) && previous.font.hasGlyphForCodePoint(codePoint)) face = previous;
    face ??= firstFaceWith(chain, codePoint);
    if (face) {
      chars.push({ ch, face });
      previous = face;
    } else if (!JOINER_CONTROLS.has(codePoint)) {
      const fallback = firstFaceWith(chain, REPLACEMENT.codePointAt(0) ?? 0) ?? loadFace('latin');
      chars.push({ ch: REPLACEMENT, face: fallback });
      previous = fallback;
    }
  }
  return chars;
}

function firstFaceWith(chain: readonly FontKey[], codePoint: number): FontFace | null {
  for (const key of chain) {
    const face = loadFace(key);
    if (face.font.hasGlyphForCodePoint(codePoint)) return face;
  }
  return null;
}

/** The UTF-16 offset of each character (bidi-js works on UTF-16 code units). */
function utf16Offsets(chars: readonly Char[]): number[] {
  const offsets: number[] = [];
  let offset = 0;
  for (const c of chars) {
    offsets.push(offset);
    offset += c.ch.length;
  }
  return offsets;
}

/** Whether a line may break between chars[i - 1] and chars[i]. */
function canBreakBefore(chars: readonly Char[], i: number): boolean {
  const before = chars[i - 1]?.ch ?? '';
  const after = chars[i]?.ch ?? '';
  if (BREAKING_SPACE.test(after)) return false;
  if (BREAKING_SPACE.test(before)) return true;
  if (NO_LINE_START.test(after) || NO_LINE_END.test(before)) return false;
  if (CJK_BREAKABLE.test(after)) return !ASCII_ALNUM.test(before);
  return CJK_BREAKABLE.test(before);
}

/**
 * Unbreakable units (a word with the spaces after it, or one Han character), then greedy lines of
 * them; a unit wider than a line is cut between characters. Returns [start, end) character ranges.
 */
function breakLines(
  chars: readonly Char[],
  levelOf: (i: number) => number,
  size: number,
  maxWidth: number,
): [number, number][] {
  const units: [number, number][] = [];
  let unitStart = 0;
  for (let i = 1; i <= chars.length; i++) {
    if (i === chars.length || canBreakBefore(chars, i)) {
      units.push([unitStart, i]);
      unitStart = i;
    }
  }

  const lines: [number, number][] = [];
  let lineStart = 0;
  let lineEnd = 0;
  let lineWidth = 0;
  const place = (start: number, end: number) => {
    const visibleEnd = trimSpaces(chars, start, end);
    const visible = runsWidth(chars, levelOf, start, visibleEnd, size);
    if (lineEnd > lineStart && lineWidth + visible > maxWidth) {
      lines.push([lineStart, lineEnd]);
      lineStart = start;
      lineWidth = 0;
    }
    lineEnd = end;
    lineWidth += runsWidth(chars, levelOf, start, end, size);
  };
  for (const [start, end] of units) {
    const visibleEnd = trimSpaces(chars, start, end);
    if (runsWidth(chars, levelOf, start, visibleEnd, size) <= maxWidth) {
      place(start, end);
      continue;
    }
    // A word wider than the whole line (a very long name, say): cut it between characters.
    for (let i = start; i < end; i++) place(i, i + 1);
  }
  if (lineEnd > lineStart) lines.push([lineStart, lineEnd]);
  return lines;
}

function trimSpaces(chars: readonly Char[], start: number, end: number): number {
  let last = end;
  while (last > start && BREAKING_SPACE.test(chars[last - 1]?.ch ?? '')) last--;
  return last;
}

/** Width of chars [start, end): runs of one face and one level, each shaped as a whole. */
function runsWidth(
  chars: readonly Char[],
  levelOf: (i: number) => number,
  start: number,
  end: number,
  size: number,
): number {
  let width = 0;
  let runStart = start;
  for (let i = start + 1; i <= end; i++) {
    const run = chars[runStart];
    if (!run) break;
    if (i < end && chars[i]?.face === run.face && levelOf(i) === levelOf(runStart)) continue;
    const text = chars
      .slice(runStart, i)
      .map((c) => c.ch)
      .join('');
    width += textWidth(run.face, text, size);
    runStart = i;
  }
  return width;
}

/** One line, characters [start, end), reordered for display and cut into pieces. */
function visualLine(
  chars: readonly Char[],
  logical: string,
  levels: ReturnType<typeof bidi.getEmbeddingLevels>,
  unitOffsets: readonly number[],
  levelOf: (i: number) => number,
  start: number,
  end: number,
  size: number,
): LaidOutLine {
  const firstUnit = unitOffsets[start] ?? 0;
  const lastUnit = (unitOffsets[end - 1] ?? 0) + (chars[end - 1]?.ch.length ?? 1) - 1;
  const charAtUnit = new Map<number, number>();
  for (let i = start; i < end; i++) {
    const offset = unitOffsets[i] ?? 0;
    for (let u = 0; u < (chars[i]?.ch.length ?? 1); u++) charAtUnit.set(offset + u, i);
  }
  // Visual order of the line's characters (a surrogate pair's two units count once).
  const order: number[] = [];
  for (const unit of bidi.getReorderedIndices(logical, levels, firstUnit, lastUnit).slice(firstUnit, lastUnit + 1)) {
    const index = charAtUnit.get(unit);
    if (index !== undefined && order[order.length - 1] !== index) order.push(index);
  }

  const pieces: LaidOutPiece[] = [];
  let group: number[] = [];
  const flush = () => {
    const first = group[0];
    const firstChar = first === undefined ? undefined : chars[first];
    if (first === undefined || !firstChar) return;
    const visual = group.map((i) => chars[i]?.ch ?? '').join('');
    const isRtl = levelOf(first) % 2 === 1;
    const logicalText = isRtl
      ? [...group]
          .reverse()
          .map((i) => chars[i]?.ch ?? '')
          .join('')
      : visual;
    // fontkit reverses a right-to-left script itself; neutrals alone it leaves as given.
    const text = isRtl && RTL_SCRIPT.test(logicalText) ? logicalText : visual;
    const withMarks = text === logicalText && isRtl ? positionMarks(firstChar.face, text, size) : null;
    if (withMarks) {
      pieces.push({
        text: withMarks.base,
        face: firstChar.face,
        width: textWidth(firstChar.face, withMarks.base, size),
        marks: withMarks.marks,
      });
    } else {
      pieces.push({ text, face: firstChar.face, width: textWidth(firstChar.face, text, size), marks: [] });
    }
    group = [];
  };
  for (const index of order) {
    const previous = group[group.length - 1];
    const char = chars[index];
    const previousChar = previous === undefined ? undefined : chars[previous];
    const step = previous === undefined ? 0 : index - previous;
    const continues =
      previousChar !== undefined &&
      char !== undefined &&
      char.face === previousChar.face &&
      levelOf(index) === levelOf(previous ?? index) &&
      step === (levelOf(index) % 2 === 1 ? -1 : 1);
    if (!continues) flush();
    group.push(index);
  }
  flush();
  return { pieces, width: pieces.reduce((sum, piece) => sum + piece.width, 0) };
}

/**
 * An Arabic run with vowel marks as its base letters (drawn by pdf-lib as usual) and its marks
 * placed where fontkit's GPOS mark attachment puts them, or null when there is no mark or the
 * split would not draw the same glyphs (then the run is drawn whole, marks at their default place).
 */
function positionMarks(face: FontFace, text: string, size: number): { base: string; marks: PositionedMark[] } | null {
  if (![...text].some((c) => NONSPACING_MARK.test(c))) return null;
  const isMark = (codePoints: number[]) =>
    codePoints.length > 0 && codePoints.every((cp) => NONSPACING_MARK.test(String.fromCodePoint(cp)));
  const run = face.font.layout(text);
  const base = [...text].filter((c) => !NONSPACING_MARK.test(c)).join('');
  const baseIds = face.font.layout(base).glyphs.map((glyph) => glyph.id);
  const runBaseIds = run.glyphs.filter((glyph) => !isMark(glyph.codePoints)).map((glyph) => glyph.id);
  if (baseIds.join() !== runBaseIds.join()) return null;
  const scale = size / face.font.unitsPerEm;
  const marks: PositionedMark[] = [];
  let pen = 0;
  for (const [index, glyph] of run.glyphs.entries()) {
    const position = run.positions[index];
    if (!position) return null;
    if (!isMark(glyph.codePoints)) {
      pen += glyph.advanceWidth;
      continue;
    }
    // A glyph standing for several marks lists them in visual order (see adaptForPdfLib).
    const markText = String.fromCodePoint(...[...glyph.codePoints].reverse());
    // Drawn alone, the marks must give this very glyph.
    const alone = face.font.layout(markText).glyphs;
    if (alone.length !== 1 || alone[0]?.id !== glyph.id) return null;
    marks.push({ text: markText, dx: (pen + position.xOffset) * scale, dy: position.yOffset * scale });
  }
  return { base, marks };
}
