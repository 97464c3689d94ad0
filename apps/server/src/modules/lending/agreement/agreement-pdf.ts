import { LANGUAGE_BCP47, RTL_LANGUAGES } from '@openbourse/contracts';
import { PDFDocument, type PDFFont, type PDFImage, type RGB, rgb } from 'pdf-lib';
import type { AgreementBlock, AgreementContent } from './agreement-content.js';
import { type FontKey, pdfLibFontkit } from './agreement-fonts.js';
import { type LaidOutLine, layOutParagraph, type TextStyle } from './agreement-text-layout.js';
import type { LoanAgreementInput } from './loan-agreement-types.js';

/**
 * Puts the agreement's blocks on A4 pages: first every line is placed (so the page count is known
 * for "n / N"), then the faces actually used are embedded as subsets and the lines drawn.
 */

const PAGE_WIDTH = 595.28;
const PAGE_HEIGHT = 841.89;
const MARGIN_X = 56.7; // 2 cm
const MARGIN_TOP = 56.7;
const MARGIN_BOTTOM = 62;
const FOOTER_Y = 30;
const CONTENT_WIDTH = PAGE_WIDTH - 2 * MARGIN_X;
const COLUMN_GAP = 14;
const SIGNATURE_MAX_WIDTH = 220;
const SIGNATURE_MAX_HEIGHT = 90;

const TITLE: TextStyle = { weight: 'bold', size: 18 };
const HEADING: TextStyle = { weight: 'bold', size: 12 };
const BODY: TextStyle = { weight: 'regular', size: 10 };
const LABEL: TextStyle = { weight: 'regular', size: 10 };
const FOOTER: TextStyle = { weight: 'regular', size: 8 };
const LINE_HEIGHT = 1.55;
/** The baseline sits this share of the font size above the bottom of its line box. */
const BASELINE_RAISE = 0.3;
const HEADING_SPACE_BEFORE = 10;
const HEADING_SPACE_AFTER = 2;
const WIDE_FIELD_SPACE_BEFORE = 4;
const SIGNATURE_SPACE = 6;
const USABLE_HEIGHT = PAGE_HEIGHT - MARGIN_TOP - MARGIN_BOTTOM;
/** Sections up to this tall are never split across pages. */
const KEEP_SECTION_TOGETHER_UP_TO = USABLE_HEIGHT * 0.4;

const INK = rgb(0.1, 0.1, 0.12);
const MUTED = rgb(0.38, 0.4, 0.45);
const RULE = rgb(0.8, 0.82, 0.86);

type PlannedBlock =
  | { kind: 'heading'; lines: LaidOutLine[] }
  | { kind: 'paragraph'; lines: LaidOutLine[]; spaceBefore: number }
  | { kind: 'field' | 'wideField'; labelLines: LaidOutLine[]; valueLines: LaidOutLine[] }
  | { kind: 'signature'; labelLines: LaidOutLine[]; width: number; height: number };

const lineHeight = (style: TextStyle) => style.size * LINE_HEIGHT;

/** The height a block takes on the page, spacing included. */
function heightOf(block: PlannedBlock): number {
  switch (block.kind) {
    case 'heading':
      return HEADING_SPACE_BEFORE + block.lines.length * lineHeight(HEADING) + HEADING_SPACE_AFTER;
    case 'paragraph':
      return block.spaceBefore + block.lines.length * lineHeight(BODY);
    case 'field':
      return Math.max(block.labelLines.length, block.valueLines.length) * lineHeight(BODY);
    case 'wideField':
      return WIDE_FIELD_SPACE_BEFORE + (block.labelLines.length + block.valueLines.length) * lineHeight(BODY);
    case 'signature':
      return Math.max(block.labelLines.length * lineHeight(LABEL), block.height) + 2 * SIGNATURE_SPACE;
  }
}

/** A heading and the blocks up to the next heading. */
function sectionHeight(blocks: readonly PlannedBlock[], headingIndex: number): number {
  let height = 0;
  for (let i = headingIndex; i < blocks.length; i++) {
    const block = blocks[i];
    if (!block || (i > headingIndex && block.kind === 'heading')) break;
    height += heightOf(block);
  }
  return height;
}

type TextOp = { kind: 'text'; page: number; line: LaidOutLine; x: number; y: number; size: number; color: RGB };
type DrawOp =
  | TextOp
  | { kind: 'rule'; page: number; y: number }
  | { kind: 'image'; page: number; x: number; y: number; width: number; height: number; lineFrom: number };

export async function layOutAgreementPdf(content: AgreementContent, input: LoanAgreementInput): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  doc.registerFontkit(pdfLibFontkit);
  const signature = await doc.embedPng(input.signaturePng);

  const isRtl = RTL_LANGUAGES.has(input.language);
  const direction = isRtl ? 'rtl' : 'ltr';
  const layOut = (text: string, style: TextStyle, maxWidth: number) =>
    layOutParagraph(text, { language: input.language, direction, style, maxWidth });

  const ops: DrawOp[] = [];
  let page = 0;
  let y = PAGE_HEIGHT - MARGIN_TOP;
  const roomLeft = () => y - MARGIN_BOTTOM;
  const newPage = () => {
    page += 1;
    y = PAGE_HEIGHT - MARGIN_TOP;
  };
  /** x of a line in a column [left, left + width), aligned to the reading direction's start. */
  const alignedX = (line: LaidOutLine, left: number, width: number) => (isRtl ? left + width - line.width : left);
  /** The column's left edge, mirrored in right-to-left pages. */
  const columnLeft = (offsetFromStart: number, width: number) =>
    isRtl ? PAGE_WIDTH - MARGIN_X - offsetFromStart - width : MARGIN_X + offsetFromStart;
  const placeLines = (lines: LaidOutLine[], style: TextStyle, left: number, width: number, color: RGB) => {
    for (const line of lines) {
      if (roomLeft() < lineHeight(style)) newPage();
      y -= lineHeight(style);
      ops.push({
        kind: 'text',
        page,
        line,
        x: alignedX(line, left, width),
        y: y + style.size * BASELINE_RAISE,
        size: style.size,
        color,
      });
    }
  };

  placeLines(layOut(content.title, TITLE, CONTENT_WIDTH), TITLE, MARGIN_X, CONTENT_WIDTH, INK);
  y -= 6;
  ops.push({ kind: 'rule', page, y });

  const fieldLabelWidth = labelColumnWidth(content, layOut);
  const valueOffset = fieldLabelWidth + COLUMN_GAP;
  const valueWidth = CONTENT_WIDTH - valueOffset;
  const signatureScale = Math.min(SIGNATURE_MAX_WIDTH / signature.width, SIGNATURE_MAX_HEIGHT / signature.height, 1);

  const plan = (block: AgreementBlock, index: number): PlannedBlock => {
    switch (block.kind) {
      case 'heading':
        return { kind: 'heading', lines: layOut(block.text, HEADING, CONTENT_WIDTH) };
      case 'paragraph':
        return {
          kind: 'paragraph',
          lines: layOut(block.text, BODY, CONTENT_WIDTH),
          spaceBefore: content.blocks[index - 1]?.kind === 'heading' ? 0 : 4,
        };
      case 'field':
        return block.isWide
          ? {
              kind: 'wideField',
              labelLines: layOut(block.label, LABEL, CONTENT_WIDTH),
              valueLines: layOut(block.value, BODY, CONTENT_WIDTH),
            }
          : {
              kind: 'field',
              labelLines: layOut(block.label, LABEL, fieldLabelWidth),
              valueLines: layOut(block.value, BODY, valueWidth),
            };
      case 'signature':
        return {
          kind: 'signature',
          labelLines: layOut(block.label, LABEL, fieldLabelWidth),
          width: signature.width * signatureScale,
          height: signature.height * signatureScale,
        };
    }
  };
  const planned = content.blocks.map(plan);

  for (const [index, block] of planned.entries()) {
    switch (block.kind) {
      case 'heading': {
        y -= HEADING_SPACE_BEFORE;
        // A short section (the signature, say) starts on a page it fits on; a long one at least
        // keeps its heading with the two lines after it.
        const section = sectionHeight(planned, index);
        const keep = section <= KEEP_SECTION_TOGETHER_UP_TO ? section : heightOf(block) + 2 * lineHeight(BODY);
        if (roomLeft() < keep - HEADING_SPACE_BEFORE) newPage();
        placeLines(block.lines, HEADING, MARGIN_X, CONTENT_WIDTH, INK);
        y -= HEADING_SPACE_AFTER;
        break;
      }
      case 'paragraph': {
        y -= block.spaceBefore;
        placeLines(block.lines, BODY, MARGIN_X, CONTENT_WIDTH, INK);
        break;
      }
      case 'wideField': {
        y -= WIDE_FIELD_SPACE_BEFORE;
        if (roomLeft() < (block.labelLines.length + Math.min(block.valueLines.length, 1)) * lineHeight(BODY)) newPage();
        placeLines(block.labelLines, LABEL, MARGIN_X, CONTENT_WIDTH, MUTED);
        placeLines(block.valueLines, BODY, MARGIN_X, CONTENT_WIDTH, INK);
        break;
      }
      case 'field': {
        const rows = Math.max(block.labelLines.length, block.valueLines.length);
        const rowHeight = lineHeight(BODY);
        // A row that fits on a page is never split; a longer one (a huge name) flows on.
        if (roomLeft() < rows * rowHeight && rows * rowHeight <= USABLE_HEIGHT) newPage();
        const labelLeft = columnLeft(0, fieldLabelWidth);
        const valueLeft = columnLeft(valueOffset, valueWidth);
        for (let row = 0; row < rows; row++) {
          if (roomLeft() < rowHeight) newPage();
          y -= rowHeight;
          const baseline = y + BODY.size * BASELINE_RAISE;
          const label = block.labelLines[row];
          const value = block.valueLines[row];
          if (label) {
            const x = alignedX(label, labelLeft, fieldLabelWidth);
            ops.push({ kind: 'text', page, line: label, x, y: baseline, size: LABEL.size, color: MUTED });
          }
          if (value) {
            const x = alignedX(value, valueLeft, valueWidth);
            ops.push({ kind: 'text', page, line: value, x, y: baseline, size: BODY.size, color: INK });
          }
        }
        break;
      }
      case 'signature': {
        if (roomLeft() < heightOf(block)) newPage();
        const top = y - SIGNATURE_SPACE;
        placeLines(block.labelLines, LABEL, columnLeft(0, fieldLabelWidth), fieldLabelWidth, MUTED);
        const imageLeft = columnLeft(valueOffset, valueWidth);
        const x = isRtl ? imageLeft + valueWidth - block.width : imageLeft;
        const lineFrom = isRtl ? imageLeft + valueWidth - SIGNATURE_MAX_WIDTH : imageLeft;
        ops.push({ kind: 'image', page, x, y: top - block.height, width: block.width, height: block.height, lineFrom });
        y = top - heightOf(block) + SIGNATURE_SPACE;
        break;
      }
    }
  }

  const pageCount = page + 1;
  for (let p = 0; p < pageCount; p++) doc.addPage([PAGE_WIDTH, PAGE_HEIGHT]);
  for (let p = 0; p < pageCount; p++) {
    const [footer] = layOutParagraph(`${p + 1} / ${pageCount}`, {
      language: input.language,
      direction: 'ltr',
      style: FOOTER,
      maxWidth: CONTENT_WIDTH,
    });
    if (footer) {
      ops.push({
        kind: 'text',
        page: p,
        line: footer,
        x: (PAGE_WIDTH - footer.width) / 2,
        y: FOOTER_Y,
        size: FOOTER.size,
        color: MUTED,
      });
    }
  }

  await drawAll(doc, ops, signature);
  doc.setTitle(`${content.title} ${input.terms.loanId}`);
  doc.setLanguage(LANGUAGE_BCP47[input.language]);
  doc.setCreator('OpenBourse');
  doc.setProducer('OpenBourse');
  doc.setCreationDate(input.signedAt);
  doc.setModificationDate(input.signedAt);
  return doc.save();
}

/** The label column: as wide as the widest label, within a third and two fifths of the page. */
function labelColumnWidth(
  content: AgreementContent,
  layOut: (text: string, style: TextStyle, maxWidth: number) => LaidOutLine[],
): number {
  let widest = 0;
  for (const block of content.blocks) {
    if (block.kind === 'field' && !block.isWide) {
      for (const line of layOut(block.label, LABEL, CONTENT_WIDTH)) widest = Math.max(widest, line.width);
    }
  }
  return Math.min(Math.max(widest, CONTENT_WIDTH / 3), (CONTENT_WIDTH * 2) / 5);
}

async function drawAll(doc: PDFDocument, ops: readonly DrawOp[], signature: PDFImage): Promise<void> {
  const fonts = new Map<FontKey, PDFFont>();
  for (const op of ops) {
    if (op.kind !== 'text') continue;
    for (const piece of op.line.pieces) {
      if (!fonts.has(piece.face.key))
        fonts.set(piece.face.key, await doc.embedFont(piece.face.bytes, { subset: true }));
    }
  }
  const pages = doc.getPages();
  for (const op of ops) {
    const page = pages[op.page];
    if (!page) throw new Error(`no page ${op.page}`);
    if (op.kind === 'rule') {
      page.drawLine({
        start: { x: MARGIN_X, y: op.y },
        end: { x: PAGE_WIDTH - MARGIN_X, y: op.y },
        thickness: 0.75,
        color: RULE,
      });
    } else if (op.kind === 'image') {
      page.drawImage(signature, { x: op.x, y: op.y, width: op.width, height: op.height });
      page.drawLine({
        start: { x: op.lineFrom, y: op.y - 2 },
        end: { x: op.lineFrom + SIGNATURE_MAX_WIDTH, y: op.y - 2 },
        thickness: 0.5,
        color: RULE,
      });
    } else {
      let x = op.x;
      for (const piece of op.line.pieces) {
        const font = fonts.get(piece.face.key);
        if (!font) throw new Error(`font ${piece.face.key} was not embedded`);
        page.drawText(piece.text, { x, y: op.y, size: op.size, font, color: op.color });
        for (const mark of piece.marks) {
          page.drawText(mark.text, { x: x + mark.dx, y: op.y + mark.dy, size: op.size, font, color: op.color });
        }
        x += piece.width;
      }
    }
  }
}
