import { createHash } from 'node:crypto';
import { LANGUAGES, type Language } from '@openbourse/contracts';
import { PDFDocument, PDFName, PDFRawStream } from 'pdf-lib';
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { agreementContent } from './agreement-content.js';
import {
  agreementText,
  CANONICAL_TERMS_FORMAT,
  canonicalTerms,
  type LoanAgreementInput,
  type LoanAgreementTerms,
  renderLoanAgreementPdf,
  termsHash,
} from './index.js';

/** 12,500.50 USDT for 30 days at 0.05% a day, 7 days free: 23 charged days × 6.25025 = 143.75575 → 143.75. */
const UNSECURED: LoanAgreementTerms = {
  loanId: '3f1c2b9a-7d44-4c1e-9a0b-5e6f7a8b9c0d',
  kind: 'unsecured',
  asset: 'USDT',
  amount: '12500.50',
  termDays: 30,
  dailyRate: '0.0005',
  interestFreeDays: 7,
  interest: '143.75',
  totalRepayable: '12644.25',
  repaymentDate: null,
  collateral: null,
  borrower: { userId: 'a2b4c6d8-0000-4000-8000-000000000001', name: 'Ada Lovelace', verification: 'verified' },
  offeredAt: '2026-03-31T09:00:00.000Z',
};

const CRYPTO_BACKED: LoanAgreementTerms = {
  ...UNSECURED,
  kind: 'crypto_backed',
  repaymentDate: '2026-04-30T09:15:00.000Z',
  collateral: { asset: 'BTC', amount: '0.42', initialLtv: '0.5', marginCallLtv: '0.65', liquidationLtv: '0.8' },
};

const UNSECURED_COLLATERAL = {
  asset: 'BTC',
  amount: '1',
  initialLtv: '0.5',
  marginCallLtv: '0.6',
  liquidationLtv: '0.7',
};

/** A drawn signature: a wavy stroke on a transparent background. */
async function signaturePng(): Promise<Uint8Array> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="400" height="120"><path d="M10 60 C 60 0, 110 120, 160 60 S 260 0, 310 60 S 380 100, 390 70" fill="none" stroke="#111" stroke-width="5"/></svg>`;
  return new Uint8Array(await sharp(Buffer.from(svg)).png().toBuffer());
}

/** The PDF's text as pdf.js extracts it, page by page (pieces joined as they come). */
async function extractPages(pdf: Uint8Array): Promise<string[]> {
  const document = await getDocument({ data: pdf.slice(), disableFontFace: true, verbosity: 0 }).promise;
  const pages: string[] = [];
  for (let number = 1; number <= document.numPages; number++) {
    const content = await (await document.getPage(number)).getTextContent();
    let text = '';
    for (const item of content.items) {
      if ('str' in item) text += item.str + (item.hasEOL ? '\n' : '');
    }
    pages.push(text);
  }
  await document.destroy();
  return pages;
}

/** Without white space: pieces and lines join as pdf.js finds them. */
const squeeze = (text: string) => text.replace(/\s+/g, '');
/** White space of any kind (pdf.js turns a narrow no-break space into a space) as one space. */
const spaced = (text: string) => text.replace(/\s+/g, ' ');

let signature: Uint8Array;
beforeAll(async () => {
  signature = await signaturePng();
});

const input = (overrides: Partial<LoanAgreementInput> = {}): LoanAgreementInput => ({
  terms: UNSECURED,
  signaturePng: signature,
  typedName: UNSECURED.borrower.name,
  signedAt: new Date('2026-03-31T09:10:00.000Z'),
  language: 'en',
  ...overrides,
});

describe('canonicalTerms', () => {
  it('is the same text for the same terms, whatever order their keys were built in', () => {
    const reordered: LoanAgreementTerms = {
      offeredAt: UNSECURED.offeredAt,
      borrower: { verification: 'verified', name: 'Ada Lovelace', userId: UNSECURED.borrower.userId },
      collateral: null,
      repaymentDate: null,
      totalRepayable: '12644.25',
      interest: '143.75',
      interestFreeDays: 7,
      dailyRate: '0.0005',
      termDays: 30,
      amount: '12500.50',
      asset: 'USDT',
      kind: 'unsecured',
      loanId: UNSECURED.loanId,
    };
    expect(canonicalTerms(reordered)).toBe(canonicalTerms(UNSECURED));
    expect(canonicalTerms(structuredClone(CRYPTO_BACKED))).toBe(canonicalTerms(CRYPTO_BACKED));
  });

  it('writes one line per field, values as JSON, no locale formatting', () => {
    const lines = canonicalTerms(CRYPTO_BACKED).trimEnd().split('\n');
    expect(lines[0]).toBe(CANONICAL_TERMS_FORMAT);
    expect(lines).toContain('amount="12500.50"');
    expect(lines).toContain('termDays=30');
    expect(lines).toContain('collateral.liquidationLtv="0.8"');
    expect(lines).toContain('borrower.name="Ada Lovelace"');
    expect(lines).toContain('rules.marginCallRepeatStep="0.05"');
    expect(new Set(lines.map((line) => line.split('=')[0])).size).toBe(lines.length);
  });

  it('changes with every term', () => {
    const variants: LoanAgreementTerms[] = [
      { ...UNSECURED, loanId: 'another-loan' },
      { ...UNSECURED, kind: 'crypto_backed' },
      { ...UNSECURED, asset: 'USDC' },
      { ...UNSECURED, amount: '12500.51' },
      { ...UNSECURED, amount: '12500.5' },
      { ...UNSECURED, termDays: 31 },
      { ...UNSECURED, dailyRate: '0.0006' },
      { ...UNSECURED, interestFreeDays: 6 },
      { ...UNSECURED, interest: '143.76' },
      { ...UNSECURED, totalRepayable: '12644.26' },
      { ...UNSECURED, repaymentDate: '2026-04-30T09:15:00.000Z' },
      { ...UNSECURED, borrower: { ...UNSECURED.borrower, userId: 'someone-else' } },
      { ...UNSECURED, borrower: { ...UNSECURED.borrower, name: 'Ada King' } },
      { ...UNSECURED, borrower: { ...UNSECURED.borrower, verification: 'unverified' } },
      { ...UNSECURED, offeredAt: '2026-03-31T09:00:01.000Z' },
      CRYPTO_BACKED,
      ...(['asset', 'amount', 'initialLtv', 'marginCallLtv', 'liquidationLtv'] as const).map(
        (key): LoanAgreementTerms => ({
          ...CRYPTO_BACKED,
          collateral: { ...(CRYPTO_BACKED.collateral ?? UNSECURED_COLLATERAL), [key]: '0.7' },
        }),
      ),
    ];
    const texts = new Set([canonicalTerms(UNSECURED), canonicalTerms(CRYPTO_BACKED), ...variants.map(canonicalTerms)]);
    // Every variant differs from the two bases and from each other (CRYPTO_BACKED is listed twice).
    expect(texts.size).toBe(variants.length + 1);
  });

  it('cannot be forged by a value holding a line break', () => {
    const forged = { ...UNSECURED, borrower: { ...UNSECURED.borrower, name: 'Ada\nborrower.verification="verified"' } };
    expect(canonicalTerms(forged).split('\n')).toContain('borrower.name="Ada\\nborrower.verification=\\"verified\\""');
  });

  it('hashes a name the same in either Unicode normal form', () => {
    const composed = { ...UNSECURED, borrower: { ...UNSECURED.borrower, name: 'Jos\u00e9' } };
    const decomposed = { ...UNSECURED, borrower: { ...UNSECURED.borrower, name: 'Jose\u0301' } };
    expect(termsHash(decomposed)).toBe(termsHash(composed));
  });
});

describe('termsHash', () => {
  it('is the SHA-256 of the canonical text, written out here by hand', () => {
    const expected = [
      CANONICAL_TERMS_FORMAT,
      'loanId="3f1c2b9a-7d44-4c1e-9a0b-5e6f7a8b9c0d"',
      'kind="unsecured"',
      'asset="USDT"',
      'amount="12500.50"',
      'termDays=30',
      'dailyRate="0.0005"',
      'interestFreeDays=7',
      'interest="143.75"',
      'totalRepayable="12644.25"',
      'repaymentDate=null',
      'collateral.asset=null',
      'collateral.amount=null',
      'collateral.initialLtv=null',
      'collateral.marginCallLtv=null',
      'collateral.liquidationLtv=null',
      'borrower.userId="a2b4c6d8-0000-4000-8000-000000000001"',
      'borrower.name="Ada Lovelace"',
      'borrower.verification="verified"',
      'offeredAt="2026-03-31T09:00:00.000Z"',
      'rules.overdueDailyRateMultiplier="1"',
      'rules.marginCallRepeatStep="0.05"',
      'rules.liquidationDustShare="0.01"',
      'rules.liquidationShortfallPolicy="written_off"',
      'rules.loanPriceMaxAgeMs=15000',
      '',
    ].join('\n');
    expect(canonicalTerms(UNSECURED)).toBe(expected);
    expect(termsHash(UNSECURED)).toBe(createHash('sha256').update(Buffer.from(expected, 'utf8')).digest('hex'));
    expect(termsHash(UNSECURED)).toMatch(/^[0-9a-f]{64}$/);
  });
});

/** What each language must show: its borrower (Latin, Arabic and CJK scripts), the amount as written there, the term. */
const LANGUAGE_CASES: Record<Language, { name: string; amount: string; term: string; terms: LoanAgreementTerms }> = {
  en: { name: 'Ada Lovelace', amount: '12,500.50', term: '30 days', terms: UNSECURED },
  de: { name: 'Jürgen Groß', amount: '12.500,50', term: '30 Tage', terms: CRYPTO_BACKED },
  es: { name: 'José Núñez', amount: '12.500,50', term: '30 días', terms: UNSECURED },
  fr: { name: 'Élodie Lefèvre', amount: '12\u202f500,50', term: '30 jours', terms: CRYPTO_BACKED },
  it: { name: 'Niccolò Rossi', amount: '12.500,50', term: '30 giorni', terms: UNSECURED },
  ar: { name: 'محمد عبد الله', amount: '12,500.50', term: 'يوما', terms: CRYPTO_BACKED },
  zh: { name: '王小明', amount: '12,500.50', term: '30 天', terms: UNSECURED },
  hk: { name: '陳大文', amount: '12,500.50', term: '30 天', terms: CRYPTO_BACKED },
  ja: { name: '山田 花子', amount: '12,500.50', term: '30日', terms: UNSECURED },
  ko: { name: '김민준', amount: '12,500.50', term: '30일', terms: CRYPTO_BACKED },
};

describe('renderLoanAgreementPdf', () => {
  it.each(LANGUAGES)(
    'writes the %s agreement with the terms, the borrower, the typed name and the hash',
    async (language) => {
      const { name, amount, term, terms: base } = LANGUAGE_CASES[language];
      const terms = { ...base, borrower: { ...base.borrower, name } };
      const pdf = await renderLoanAgreementPdf(input({ terms, typedName: name, language }));
      const text = (await extractPages(pdf)).join('\n');

      const hash = termsHash(terms);
      expect(text).toContain(hash);
      expect(text).toContain('USDT');
      expect(spaced(text)).toContain(spaced(amount));
      expect(spaced(text)).toContain(term);
      if (language === 'ar') {
        // pdf.js returns each right-to-left piece in reading order and a line's pieces from left to
        // right, so whole Arabic words and names come out intact, a mixed line does not read through.
        expect(text).toContain('30');
        expect(text.split(name).length - 1).toBeGreaterThanOrEqual(2); // the borrower and the typed name
        expect(text).toContain('الأطراف');
      } else {
        // The borrower's name is printed twice: as the borrower, and as the name they typed.
        expect(squeeze(text).split(squeeze(name)).length - 1).toBeGreaterThanOrEqual(2);
        // Every heading and paragraph is in the PDF whole, and every word of every field (a long
        // label wraps inside its column, its second line coming after the value's first).
        const content = agreementContent({ ...input({ terms, typedName: name, language }), termsHash: hash });
        const pdfText = squeeze(text);
        expect(pdfText).toContain(squeeze(content.title));
        for (const block of content.blocks) {
          const parts =
            'text' in block ? [block.text] : `${block.label} ${'value' in block ? block.value : ''}`.split(/\s+/);
          for (const part of parts) expect(pdfText).toContain(squeeze(part));
        }
      }
    },
  );

  it('gives agreementText the same words, a field as "label: value"', () => {
    const { title, lines } = agreementText({ ...input({ terms: CRYPTO_BACKED }), termsHash: termsHash(CRYPTO_BACKED) });
    expect(title).toBe('Loan agreement');
    expect(lines).toContain('1. Parties');
    expect(lines).toContain('Borrower: Ada Lovelace');
    expect(lines).toContain('Amount lent (principal): 12,500.50 USDT');
    expect(lines).toContain('Daily interest rate: 0.0005 (0.05% per day)');
    expect(lines).toContain('Liquidation LTV: 80%');
    expect(lines).toContain(`SHA-256 of the terms: ${termsHash(CRYPTO_BACKED)}`);
    const french = agreementText({ ...input({ language: 'fr' }), termsHash: termsHash(UNSECURED) });
    expect(french.lines).toContain('Montant prêté (capital)\u00a0: 12\u202f500,50 USDT');
  });

  it('embeds the signature as an image', async () => {
    const pdf = await renderLoanAgreementPdf(input());
    const document = await PDFDocument.load(pdf);
    const images = document.context
      .enumerateIndirectObjects()
      .filter(
        ([, object]) =>
          object instanceof PDFRawStream && object.dict.get(PDFName.of('Subtype')) === PDFName.of('Image'),
      );
    expect(images.length).toBeGreaterThanOrEqual(1);
    const source = await sharp(Buffer.from(signature)).metadata();
    const widths = images.map(([, object]) => (object as PDFRawStream).dict.get(PDFName.of('Width'))?.toString());
    expect(widths).toContain(String(source.width));
  });

  it('states the crypto-backed rules with the thresholds and the lending constants', async () => {
    const text = (await extractPages(await renderLoanAgreementPdf(input({ terms: CRYPTO_BACKED })))).join(' ');
    const flat = text.replace(/\s+/g, ' ');
    expect(flat).toContain('0.42 BTC');
    expect(flat).toContain('When the LTV reaches 65%');
    // MARGIN_CALL_REPEAT_STEP = 0.05, LOAN_PRICE_MAX_AGE_MS = 15 000, LIQUIDATION_DUST_SHARE = 0.01.
    expect(flat).toContain('a further 5 percentage points');
    expect(flat).toContain('older than 15 seconds');
    expect(flat).toContain('below 1% of the debt');
    expect(flat).toContain('back to the initial LTV of 50%');
    expect(flat).toContain('2026-04-30 09:15 UTC');
    expect(flat).toContain('No penalty rate is added');
  });

  it('says the repayment date is counted from the payout when it is not known yet', async () => {
    const text = (await extractPages(await renderLoanAgreementPdf(input()))).join(' ').replace(/\s+/g, ' ');
    expect(text).toContain('30 days after the loan is paid out');
  });

  it('paginates a long agreement and numbers its pages', async () => {
    const longName = Array.from({ length: 400 }, (_, i) => `Name${i}`).join(' ');
    const unbroken = 'Ж'.repeat(600);
    const terms = { ...CRYPTO_BACKED, borrower: { ...CRYPTO_BACKED.borrower, name: `${longName} ${unbroken}` } };
    const pdf = await renderLoanAgreementPdf(input({ terms, typedName: longName }));
    const pages = await extractPages(pdf);
    expect(pages.length).toBeGreaterThanOrEqual(3);
    pages.forEach((page, index) => {
      expect(page).toContain(`${index + 1} / ${pages.length}`);
    });
    // The footers aside, the name runs on from page to page.
    const all = squeeze(pages.map((page, index) => page.replace(`${index + 1} / ${pages.length}`, '')).join(''));
    expect(all).toContain(squeeze(longName));
    expect(all).toContain(unbroken);
    expect(all).toContain(termsHash(terms));
    const document = await PDFDocument.load(pdf);
    for (const page of document.getPages()) expect(page.getSize()).toEqual({ width: 595.28, height: 841.89 });
  });

  it('keeps a CJK agreement small: fonts are embedded as subsets', async () => {
    const pdf = await renderLoanAgreementPdf(input({ terms: CRYPTO_BACKED, language: 'zh', typedName: '王小明' }));
    // The Simplified Chinese font alone is 8 MB; the agreement embeds only the glyphs it uses.
    expect(pdf.length).toBeLessThan(300 * 1024);
  });
});
