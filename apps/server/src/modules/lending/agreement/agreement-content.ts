import { Decimal } from '@openbourse/money';
import {
  LIQUIDATION_DUST_SHARE,
  LIQUIDATION_SHORTFALL_POLICY,
  LOAN_PRICE_MAX_AGE_MS,
  MARGIN_CALL_REPEAT_STEP,
  OVERDUE_DAILY_RATE_MULTIPLIER,
} from '../domain/lending-constants.js';
import { formatDecimal, formatUtc, ratioAsPercentDigits } from './agreement-format.js';
import { AGREEMENT_MESSAGES, type AgreementMessages } from './agreement-messages.js';
import type { LoanAgreementInput } from './loan-agreement-types.js';

/** The lender named in every agreement: the platform itself, not a word to translate. */
export const LENDER_NAME = 'OpenBourse';

/**
 * The agreement as a sequence of blocks, built once and used both for the PDF (which styles each
 * kind) and for the plain lines of `agreementText`.
 */
export type AgreementBlock =
  | { kind: 'heading'; text: string }
  | { kind: 'paragraph'; text: string }
  /** A label and its value side by side; `isWide` puts the value under its label (the hash). */
  | { kind: 'field'; label: string; value: string; isWide?: boolean }
  /** Where the drawn signature goes, under its label. */
  | { kind: 'signature'; label: string };

export type AgreementContent = { title: string; blocks: AgreementBlock[]; messages: AgreementMessages };

export type AgreementContentInput = Omit<LoanAgreementInput, 'signaturePng'> & { termsHash: string };

/** Every rule printed in the agreement, from the lending domain (issue 17). */
export function agreementContent(input: AgreementContentInput): AgreementContent {
  const { terms, language } = input;
  const m = AGREEMENT_MESSAGES[language];
  const num = (value: string) => formatDecimal(value, m.separators);
  const money = (amount: string, asset: string) => `${num(amount)} ${asset}`;
  const percentOf = (ratio: string | Decimal) => m.percent(num(ratioAsPercentDigits(ratio)));
  const days = (count: number) => m.days(count, num(String(count)));

  const blocks: AgreementBlock[] = [];
  let section = 0;
  const heading = (text: string) => {
    section += 1;
    blocks.push({ kind: 'heading', text: `${section}. ${text}` });
  };
  const field = (label: string, value: string) => blocks.push({ kind: 'field', label, value });
  const paragraph = (text: string) => blocks.push({ kind: 'paragraph', text });

  heading(m.headings.parties);
  field(m.labels.lender, LENDER_NAME);
  field(m.labels.borrower, terms.borrower.name);
  field(m.labels.userId, terms.borrower.userId);
  field(m.labels.identity, terms.borrower.verification === 'verified' ? m.values.verified : m.values.unverified);
  paragraph(m.paragraphs.parties);

  heading(m.headings.loan);
  field(m.labels.loanId, terms.loanId);
  field(m.labels.offeredAt, formatUtc(terms.offeredAt));
  field(m.labels.kind, terms.kind === 'crypto_backed' ? m.values.cryptoBacked : m.values.unsecured);
  field(m.labels.asset, terms.asset);
  field(m.labels.amount, money(terms.amount, terms.asset));
  field(m.labels.term, days(terms.termDays));
  field(m.labels.dailyRate, m.values.dailyRate(num(terms.dailyRate), percentOf(terms.dailyRate)));
  field(
    m.labels.interestFreeDays,
    terms.interestFreeDays > 0 ? days(terms.interestFreeDays) : m.values.noInterestFreeDays,
  );
  field(m.labels.interest, money(terms.interest, terms.asset));
  field(m.labels.totalRepayable, money(terms.totalRepayable, terms.asset));
  field(
    m.labels.repaymentDate,
    terms.repaymentDate === null ? m.values.repaymentAfterPayout(days(terms.termDays)) : formatUtc(terms.repaymentDate),
  );

  heading(m.headings.interest);
  paragraph(m.paragraphs.interestSimple);
  paragraph(
    terms.interestFreeDays > 0
      ? m.paragraphs.interestFree(terms.interestFreeDays, days(terms.interestFreeDays))
      : m.paragraphs.interestFromFirstDay,
  );
  paragraph(m.paragraphs.interestRounding);
  paragraph(m.paragraphs.interestEarlyRepayment);

  heading(m.headings.repayment);
  paragraph(m.paragraphs.repaymentMethods);
  paragraph(m.paragraphs.repaymentOrder);
  if (terms.collateral) paragraph(m.paragraphs.repaymentCollateralRelease);

  heading(m.headings.overdue);
  paragraph(
    OVERDUE_DAILY_RATE_MULTIPLIER.eq(Decimal.ONE)
      ? m.paragraphs.overdueSameRate
      : m.paragraphs.overdueMultipliedRate(
          num(OVERDUE_DAILY_RATE_MULTIPLIER.toString()),
          percentOf(Decimal.parse(terms.dailyRate).mul(OVERDUE_DAILY_RATE_MULTIPLIER)),
        ),
  );

  const collateral = terms.collateral;
  if (collateral) {
    heading(m.headings.collateral);
    field(m.labels.collateral, money(collateral.amount, collateral.asset));
    field(m.labels.initialLtv, percentOf(collateral.initialLtv));
    field(m.labels.marginCallLtv, percentOf(collateral.marginCallLtv));
    field(m.labels.liquidationLtv, percentOf(collateral.liquidationLtv));
    paragraph(m.paragraphs.collateralLocked);
    paragraph(m.paragraphs.ltvDefinition);
    const maxAgeSeconds = Decimal.fromInteger(LOAN_PRICE_MAX_AGE_MS).div(Decimal.fromInteger(1000), 3, 'floor');
    paragraph(m.paragraphs.freshPrice(m.seconds(LOAN_PRICE_MAX_AGE_MS / 1000, num(maxAgeSeconds.toString()))));

    heading(m.headings.marginCall);
    const stepPoints = ratioAsPercentDigits(MARGIN_CALL_REPEAT_STEP);
    paragraph(
      m.paragraphs.marginCall({
        marginCallLtv: percentOf(collateral.marginCallLtv),
        stepPoints: num(stepPoints),
        stepCount: Number(stepPoints),
        liquidationLtv: percentOf(collateral.liquidationLtv),
      }),
    );

    heading(m.headings.liquidation);
    paragraph(
      m.paragraphs.liquidationPartial({
        liquidationLtv: percentOf(collateral.liquidationLtv),
        initialLtv: percentOf(collateral.initialLtv),
      }),
    );
    paragraph(m.paragraphs.liquidationFull(percentOf(LIQUIDATION_DUST_SHARE)));
    paragraph(m.paragraphs.liquidationShortfall[LIQUIDATION_SHORTFALL_POLICY]);
  }

  heading(m.headings.signature);
  paragraph(m.paragraphs.signatureConsent);
  field(m.labels.typedName, input.typedName);
  blocks.push({ kind: 'signature', label: m.labels.signature });
  field(m.labels.signedAt, formatUtc(input.signedAt));
  paragraph(m.paragraphs.termsHashExplained);
  blocks.push({ kind: 'field', label: m.labels.termsHash, value: input.termsHash, isWide: true });

  return { title: m.title, blocks, messages: m };
}

/** The blocks as plain lines: what a reader of the PDF sees, in order, without the layout. */
export function blocksAsLines(content: AgreementContent): string[] {
  return content.blocks.map((block) => blockAsLine(block, content.messages));
}

function blockAsLine(block: AgreementBlock, messages: AgreementMessages): string {
  switch (block.kind) {
    case 'heading':
    case 'paragraph':
      return block.text;
    case 'field':
      return `${block.label}${messages.fieldSeparator}${block.value}`;
    case 'signature':
      return block.label;
  }
}
