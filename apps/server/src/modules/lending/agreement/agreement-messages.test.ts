import { LANGUAGES } from '@openbourse/contracts';
import { describe, expect, it } from 'vitest';
import { AGREEMENT_MESSAGES, type AgreementMessages } from './agreement-messages.js';

/** Every text of a language, the functions called with sample figures. */
function texts(m: AgreementMessages): Record<string, string> {
  const p = m.paragraphs;
  return {
    title: m.title,
    ...Object.fromEntries(Object.entries(m.headings).map(([key, text]) => [`headings.${key}`, text])),
    ...Object.fromEntries(Object.entries(m.labels).map(([key, text]) => [`labels.${key}`, text])),
    days: m.days(30, '30'),
    seconds: m.seconds(15, '15'),
    'values.verified': m.values.verified,
    'values.unverified': m.values.unverified,
    'values.unsecured': m.values.unsecured,
    'values.cryptoBacked': m.values.cryptoBacked,
    'values.dailyRate': m.values.dailyRate('0.0005', '0.05%'),
    'values.noInterestFreeDays': m.values.noInterestFreeDays,
    'values.repaymentAfterPayout': m.values.repaymentAfterPayout('30'),
    'paragraphs.parties': p.parties,
    'paragraphs.interestSimple': p.interestSimple,
    'paragraphs.interestFree': p.interestFree(7, '7'),
    'paragraphs.interestFreeOne': p.interestFree(1, '1'),
    'paragraphs.interestFromFirstDay': p.interestFromFirstDay,
    'paragraphs.interestRounding': p.interestRounding,
    'paragraphs.interestEarlyRepayment': p.interestEarlyRepayment,
    'paragraphs.repaymentMethods': p.repaymentMethods,
    'paragraphs.repaymentOrder': p.repaymentOrder,
    'paragraphs.repaymentCollateralRelease': p.repaymentCollateralRelease,
    'paragraphs.overdueSameRate': p.overdueSameRate,
    'paragraphs.overdueMultipliedRate': p.overdueMultipliedRate('2', '0.1%'),
    'paragraphs.collateralLocked': p.collateralLocked,
    'paragraphs.ltvDefinition': p.ltvDefinition,
    'paragraphs.freshPrice': p.freshPrice('15'),
    'paragraphs.marginCall': p.marginCall({
      marginCallLtv: '65%',
      stepPoints: '5',
      stepCount: 5,
      liquidationLtv: '80%',
    }),
    'paragraphs.liquidationPartial': p.liquidationPartial({ liquidationLtv: '80%', initialLtv: '50%' }),
    'paragraphs.liquidationFull': p.liquidationFull('1%'),
    'paragraphs.liquidationShortfall': p.liquidationShortfall.written_off,
    'paragraphs.signatureConsent': p.signatureConsent,
    'paragraphs.termsHashExplained': p.termsHashExplained,
  };
}

/** Words that are the same in English and another language. */
const SAME_AS_ENGLISH = new Set(['Parties', 'Liquidation', 'Signature', 'Asset']);

describe('the agreement in ten languages', () => {
  const english = texts(AGREEMENT_MESSAGES.en);

  it.each(LANGUAGES.filter((language) => language !== 'en'))(
    'has its own words in %s, not English copies',
    (language) => {
      const own = texts(AGREEMENT_MESSAGES[language]);
      const copied = Object.entries(own)
        .filter(([key, text]) => text === english[key] && !SAME_AS_ENGLISH.has(text))
        .map(([key]) => key);
      expect(copied).toEqual([]);
      for (const text of Object.values(own)) expect(text.trim()).not.toBe('');
    },
  );

  it('puts every figure it is given into the text', () => {
    for (const language of LANGUAGES) {
      const own = texts(AGREEMENT_MESSAGES[language]);
      expect(own['paragraphs.marginCall']).toContain('65%');
      expect(own['paragraphs.marginCall']).toContain('5');
      expect(own['paragraphs.marginCall']).toContain('80%');
      expect(own['paragraphs.liquidationPartial']).toContain('50%');
      expect(own['paragraphs.liquidationFull']).toContain('1%');
      expect(own['paragraphs.overdueMultipliedRate']).toContain('0.1%');
      expect(own['paragraphs.freshPrice']).toContain('15');
      expect(own['values.dailyRate']).toContain('0.0005');
      expect(own['values.repaymentAfterPayout']).toContain('30');
    }
  });
});
