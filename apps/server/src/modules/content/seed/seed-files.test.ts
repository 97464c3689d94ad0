import { LANGUAGES } from '@openbourse/contracts';
import { describe, expect, it } from 'vitest';
import { readSeedFiles } from '../content.service.js';
import { SEED_ITEMS } from './catalogue.js';

describe('seed content files', async () => {
  const files = await readSeedFiles();

  it.each(LANGUAGES)('%s has every seeded page, FAQ entry, notice and custom block with text', (language) => {
    const file = files[language];
    for (const item of SEED_ITEMS) {
      const group = item.kind === 'page' ? file.pages : item.kind === 'faq' ? file.faq : file.notices;
      const text = group[item.slug];
      expect(text?.title.trim(), `${language} ${item.slug}`).toBeTruthy();
      expect(text?.body.trim().length ?? 0, `${language} ${item.slug}`).toBeGreaterThan(40);
    }
    expect(Object.keys(file.custom).sort()).toEqual(Object.keys(files.en.custom).sort());
  });

  it('has the policies, at least 10 FAQ entries and 3 notices the help centre promises', () => {
    const slugs = SEED_ITEMS.map((item) => item.slug);
    expect(slugs).toEqual(
      expect.arrayContaining(['about', 'introduction', 'terms', 'privacy', 'risk-disclosure', 'fees', 'aml-kyc']),
    );
    expect(SEED_ITEMS.filter((item) => item.kind === 'faq').length).toBeGreaterThanOrEqual(10);
    expect(SEED_ITEMS.filter((item) => item.kind === 'notice').length).toBeGreaterThanOrEqual(3);
  });

  it.each(LANGUAGES.filter((l) => l !== 'en'))('%s is translated, not copied from English', (language) => {
    const copied = SEED_ITEMS.filter((item) => {
      const group = (file: (typeof files)['en']) =>
        item.kind === 'page' ? file.pages : item.kind === 'faq' ? file.faq : file.notices;
      return group(files[language])[item.slug]?.body === group(files.en)[item.slug]?.body;
    });
    expect(copied.map((item) => item.slug)).toEqual([]);
  });
});
