import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import {
  LANGUAGES,
  SUPPORT_CONVERSATION_STATUSES,
  SUPPORT_QUEUES,
  SUPPORT_SYSTEM_EVENTS,
} from '@openbourse/contracts/constants';
import { describe, expect, it } from 'vitest';
import { flattenTexts, type TextTree } from '../../../shared/i18n/flatten-texts';

const here = path.dirname(new URL(import.meta.url).pathname);
const read = (language: string) =>
  flattenTexts(
    JSON.parse(readFileSync(path.join(here, '..', 'locales', `support.${language}.json`), 'utf8')) as TextTree,
  );

/** Every `admin.support.…` key the inbox's sources name literally (template keys are checked below). */
function keysInSources(): string[] {
  const sources = [
    ...readdirSync(here)
      .filter((file) => file.endsWith('.tsx') || (file.endsWith('.ts') && !file.endsWith('.test.ts')))
      .map((file) => path.join(here, file)),
    path.join(here, '..', 'dashboard', 'DashboardArea.tsx'),
  ];
  const keys = new Set<string>();
  for (const file of sources) {
    for (const match of readFileSync(file, 'utf8').matchAll(/'admin\.support\.([\w.]+)'/g)) keys.add(match[1] ?? '');
  }
  return [...keys].sort();
}

describe('the support inbox texts', () => {
  const english = read('en');

  it('have every key the inbox names, in English and so (by the area check) in every language', () => {
    const keys = keysInSources();
    expect(keys.length).toBeGreaterThan(50);
    expect(keys.filter((key) => !english.has(key))).toEqual([]);
  });

  it('name every queue, state, system event, tick and verification state the inbox shows', () => {
    const templated = [
      ...SUPPORT_QUEUES.flatMap((queue) => [`queues.${queue}`, `list.empty.${queue}`]),
      ...SUPPORT_CONVERSATION_STATUSES.map((status) => `status.${status}`),
      ...SUPPORT_SYSTEM_EVENTS.map((event) => `pane.system.${event}`),
      ...['sent', 'delivered', 'read'].map((tick) => `pane.ticks.${tick}`),
      ...['none', 'pending', 'passed', 'rejected'].map((state) => `context.verificationStates.${state}`),
    ];
    expect(templated.filter((key) => !english.has(key))).toEqual([]);
  });

  it.each(LANGUAGES)('%s names the four queues with four different words', (language) => {
    const texts = read(language);
    const names = SUPPORT_QUEUES.map((queue) => texts.get(`queues.${queue}`));
    expect(new Set(names).size).toBe(SUPPORT_QUEUES.length);
  });
});
