// The loan agreement PDF (issue 17): time to render one signed agreement and its size, per
// language and loan kind, the fonts already loaded (a warm server); baseline in the same run: a
// pdf-lib document of one A4 page with one line in a standard font. Also the first render of the
// process (fonts read and parsed).
// Usage: npx tsc -b apps/server && node bench/loan-agreement.mjs [--renders 20]
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { numericOption } from './micro-bench.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));
const { renderLoanAgreementPdf } = await import(
  pathToFileURL(path.join(here, '../apps/server/dist/modules/lending/agreement/index.js')).href
);
const { PDFDocument, StandardFonts } = await import('pdf-lib');
const { default: sharp } = await import('sharp');

const RENDERS = numericOption(process.argv.slice(2), 'renders', 20);

const signaturePng = new Uint8Array(
  await sharp(
    Buffer.from(
      '<svg xmlns="http://www.w3.org/2000/svg" width="400" height="120"><path d="M10 60 C 60 0, 110 120, 160 60 S 260 0, 310 60 S 380 100, 390 70" fill="none" stroke="#111" stroke-width="5"/></svg>',
    ),
  )
    .png()
    .toBuffer(),
);

const NAMES = {
  en: 'Ada Lovelace',
  de: 'Jürgen Groß',
  es: 'José Núñez',
  fr: 'Élodie Lefèvre',
  it: 'Niccolò Rossi',
  ar: 'محمد عبد الله',
  zh: '王小明',
  hk: '陳大文',
  ja: '山田 花子',
  ko: '김민준',
};

const termsFor = (kind, name) => ({
  loanId: '3f1c2b9a-7d44-4c1e-9a0b-5e6f7a8b9c0d',
  kind,
  asset: 'USDT',
  amount: '12500.50',
  termDays: 30,
  dailyRate: '0.0005',
  interestFreeDays: 7,
  interest: '143.75',
  totalRepayable: '12644.25',
  repaymentDate: kind === 'crypto_backed' ? '2026-04-30T09:15:00.000Z' : null,
  collateral:
    kind === 'crypto_backed'
      ? { asset: 'BTC', amount: '0.42', initialLtv: '0.5', marginCallLtv: '0.65', liquidationLtv: '0.8' }
      : null,
  borrower: { userId: 'a2b4c6d8-0000-4000-8000-000000000001', name, verification: 'verified' },
  offeredAt: '2026-03-31T09:00:00.000Z',
});

const render = (language, kind) =>
  renderLoanAgreementPdf({
    terms: termsFor(kind, NAMES[language]),
    signaturePng,
    typedName: NAMES[language],
    signedAt: new Date('2026-03-31T09:10:00.000Z'),
    language,
  });

const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)];
};

async function timed(fn) {
  const times = [];
  let result;
  for (let i = 0; i < RENDERS; i++) {
    const start = process.hrtime.bigint();
    result = await fn();
    times.push(Number(process.hrtime.bigint() - start) / 1e6);
  }
  return { ms: median(times), max: Math.max(...times), bytes: result.length };
}

console.log(`# loan agreement PDF, ${RENDERS} renders each, median ms (max) and size`);
console.log(
  `# ${os.cpus()[0]?.model ?? 'cpu'} × ${os.cpus().length}, node ${process.version}, ${new Date().toISOString()}`,
);

let start = process.hrtime.bigint();
await render('en', 'crypto_backed');
console.log(
  `first render of the process (Latin fonts read and parsed): ${(Number(process.hrtime.bigint() - start) / 1e6).toFixed(0)} ms`,
);

const baseline = await timed(async () => {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  doc.addPage([595.28, 841.89]).drawText('Loan agreement', { x: 56, y: 780, size: 18, font });
  return doc.save();
});
console.log(`baseline (pdf-lib, one page, one line, Helvetica): ${baseline.ms.toFixed(2)} ms, ${baseline.bytes} bytes`);

for (const language of Object.keys(NAMES)) {
  start = process.hrtime.bigint();
  await render(language, 'unsecured');
  const first = Number(process.hrtime.bigint() - start) / 1e6;
  const cells = [];
  for (const kind of ['unsecured', 'crypto_backed']) {
    const r = await timed(() => render(language, kind));
    cells.push(`${kind} ${r.ms.toFixed(1)} ms (max ${r.max.toFixed(1)}), ${(r.bytes / 1024).toFixed(1)} KB`);
  }
  console.log(`${language}: first ${first.toFixed(0)} ms; ${cells.join('; ')}`);
}
