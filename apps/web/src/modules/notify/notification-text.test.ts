import { KYC_REJECTION_REASONS, NOTIFICATION_TEMPLATES } from '@openbourse/contracts';
import { describe, expect, it } from 'vitest';
import { renderNotification, shortHash } from './notification-text';

const HASH = `0x${'ab'.repeat(31)}cdef`;

describe('notification texts', () => {
  it('renders a deposit in English: amount grouped exactly, network named, hash shortened', () => {
    const text = renderNotification(
      {
        template: 'deposit_received',
        params: { amount: '1234567.891234', asset: 'USDT', network: 'local', txHash: HASH },
      },
      'en',
      'en-US',
    );
    expect(text).toEqual({
      title: 'Deposit received',
      body: 'Your deposit of 1,234,567.891234 USDT on Sandbox chain has been credited (transaction 0xabab…cdef).',
    });
  });

  it('renders the same deposit in German with German grouping, and a price alert with its direction', () => {
    const text = renderNotification(
      {
        template: 'deposit_received',
        params: { amount: '1234567.50', asset: 'USDT', network: 'ethereum', txHash: HASH },
      },
      'de',
      'de-DE',
    );
    expect(text.title).toBe('Einzahlung eingegangen');
    expect(text.body).toBe(
      'Ihre Einzahlung von 1.234.567,50 USDT über Ethereum wurde gutgeschrieben (Transaktion 0xabab…cdef).',
    );
    expect(
      renderNotification(
        { template: 'price_alert', params: { code: 'BTCUSDT', price: '65000', direction: 'below' } },
        'de',
        'de-DE',
      ).body,
    ).toBe('BTCUSDT liegt jetzt unter 65.000,00.');
  });

  it('has a title and text for every template in both languages, every placeholder filled', () => {
    for (const template of NOTIFICATION_TEMPLATES) {
      for (const [language, locale] of [
        ['en', 'en-US'],
        ['ja', 'ja-JP'],
      ] as const) {
        const params = {
          amount: '1',
          minimum: '2',
          interest: '3',
          payout: '4',
          pnl: '-5',
          price: '6',
          ltv: '80',
          asset: 'USDT',
          network: 'tron',
          txHash: HASH,
          address: HASH,
          reason: 'because',
          loanId: 'L1',
          product: 'P',
          plan: 'Q',
          code: 'BTCUSDT',
          direction: 'above',
          dueDate: '2026-12-01',
          conversationId: 'C1',
        };
        const text = renderNotification({ template, params }, language, locale);
        expect(text.title.length, `${language} ${template}`).toBeGreaterThan(0);
        expect(text.body, `${language} ${template}`).not.toMatch(/\{\w+\}/);
      }
    }
  });

  it("shows a KYC refusal's reason in the reader's language, and an operator's words as written", () => {
    const refused = {
      template: 'kyc_not_passed' as const,
      params: { reason: KYC_REJECTION_REASONS.document_expired.en, reasonCode: 'document_expired' },
    };
    expect(renderNotification(refused, 'de', 'de-DE').body).toContain(KYC_REJECTION_REASONS.document_expired.de);
    expect(renderNotification(refused, 'ja', 'ja-JP').body).toContain(KYC_REJECTION_REASONS.document_expired.ja);
    // An unknown key (a newer server) falls back to the English words it carried.
    const newer = {
      template: 'kyc_not_passed' as const,
      params: { reason: 'Reason in English', reasonCode: 'a_new_reason' },
    };
    expect(renderNotification(newer, 'de', 'de-DE').body).toContain('Reason in English');
    const failed = {
      template: 'withdrawal_failed' as const,
      params: { amount: '1', asset: 'USDT', network: 'tron', reason: 'Address blocked by the chain' },
    };
    expect(renderNotification(failed, 'fr', 'fr-FR').body).toContain('Address blocked by the chain');
  });

  it('shortens long hashes only', () => {
    expect(shortHash('0x1234')).toBe('0x1234');
    expect(shortHash(HASH)).toBe('0xabab…cdef');
  });
});
