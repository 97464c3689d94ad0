import type { ContentKind, ContentType } from '@openbourse/contracts';

/**
 * Where each seeded item lives: kind, footer group (type 1 company, 2 policy, 3 other) and
 * order. The texts are in seed/<lang>.json, keyed by the same slugs.
 */
export const SEED_ITEMS: Array<{
  slug: string;
  kind: ContentKind;
  type: ContentType;
  sortOrder: number;
  publishedAt: string;
}> = [
  { slug: 'about', kind: 'page', type: 1, sortOrder: 1, publishedAt: '2026-11-20T00:00:00Z' },
  { slug: 'introduction', kind: 'page', type: 1, sortOrder: 2, publishedAt: '2026-11-20T00:00:00Z' },
  { slug: 'terms', kind: 'page', type: 2, sortOrder: 1, publishedAt: '2026-11-20T00:00:00Z' },
  { slug: 'privacy', kind: 'page', type: 2, sortOrder: 2, publishedAt: '2026-11-20T00:00:00Z' },
  { slug: 'risk-disclosure', kind: 'page', type: 2, sortOrder: 3, publishedAt: '2026-11-20T00:00:00Z' },
  { slug: 'aml-kyc', kind: 'page', type: 2, sortOrder: 4, publishedAt: '2026-11-20T00:00:00Z' },
  { slug: 'fees', kind: 'page', type: 3, sortOrder: 1, publishedAt: '2026-11-20T00:00:00Z' },
  ...[
    'faq-what-is-openbourse',
    'faq-open-account',
    'faq-demo-account',
    'faq-deposit',
    'faq-withdrawal',
    'faq-fees',
    'faq-leverage',
    'faq-price-sources',
    'faq-ledger-proof',
    'faq-security',
    'faq-kyc',
  ].map((slug, index) => ({
    slug,
    kind: 'faq' as const,
    type: 3 as const,
    sortOrder: index + 1,
    publishedAt: '2026-11-20T00:00:00Z',
  })),
  { slug: 'notice-welcome', kind: 'notice', type: 3, sortOrder: 1, publishedAt: '2026-11-20T09:00:00Z' },
  { slug: 'notice-sandbox', kind: 'notice', type: 3, sortOrder: 2, publishedAt: '2026-11-20T10:00:00Z' },
  { slug: 'notice-languages', kind: 'notice', type: 3, sortOrder: 3, publishedAt: '2026-11-21T09:00:00Z' },
];

/** Product constants users see (SPEC §5, §9). */
export const SEED_PARAMS: Array<{ key: string; value: string; description: string }> = [
  { key: 'min_deposit_USDT', value: '120', description: 'Minimum deposit of USDT' },
  { key: 'min_deposit_BTC', value: '0.015', description: 'Minimum deposit of BTC' },
  { key: 'min_deposit_ETH', value: '0.2', description: 'Minimum deposit of ETH' },
  { key: 'kyc_review_hours', value: '48', description: 'Longest KYC review time in hours' },
  { key: 'withdrawals_per_day', value: '1', description: 'Withdrawals allowed per user per day' },
];
