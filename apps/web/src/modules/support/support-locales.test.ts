import { readFileSync } from 'node:fs';
import path from 'node:path';
import {
  LANGUAGES,
  SUPPORT_RATING_MAX,
  SUPPORT_RATING_MIN,
  SUPPORT_SYSTEM_EVENTS,
} from '@openbourse/contracts/constants';
import { expect, it } from 'vitest';
import { describeAreaLocales } from '../../shared/i18n/area-locales.testkit';

const here = path.dirname(new URL(import.meta.url).pathname);

/** The support chat's texts, one file per area. */
const read = describeAreaLocales('support chat locale files', path.join(here, 'locales'), { areas: ['chat'] });

/** The app's own locale file (the floating button's words load with the first page). */
const appLocale = (language: string) =>
  JSON.parse(readFileSync(path.join(here, '../../locales', `${language}.json`), 'utf8')) as {
    support: Record<string, string>;
  };

it.each(LANGUAGES)('%s says every system event and names every rating', (language) => {
  const chat = read('chat', language);
  const missing = [
    ...SUPPORT_SYSTEM_EVENTS.map((event) => `system.${event}`),
    'systemNoName.assigned',
    'systemNoName.transferred',
    ...Array.from({ length: SUPPORT_RATING_MAX - SUPPORT_RATING_MIN + 1 }, (_, index) => `rating.labels.${index + 1}`),
  ].filter((key) => !chat.get(key));
  expect(missing).toEqual([]);
});

it.each(LANGUAGES)('%s names the floating button, its unread count and the chat page', (language) => {
  const { support } = appLocale(language);
  expect(support.chat).toBeTruthy();
  expect(support.title).toBeTruthy();
  expect(support.unread).toContain('{{count}}');
  if (language !== 'en') expect(support.chat).not.toBe(appLocale('en').support.chat);
});

it('names the buttons a browser journey finds, in English', () => {
  const chat = read('chat', 'en');
  expect(appLocale('en').support.chat).toBe('Chat with support');
  expect(chat.get('composer')).toBe('Your message');
  expect(chat.get('send')).toBe('Send');
  expect(chat.get('attach')).toBe('Attach a photo');
  expect(chat.get('typing')).toBe('Support is typing…');
  expect(chat.get('rating.star')).toBe('{{value}} out of 5 stars');
  expect(chat.get('rating.submit')).toBe('Send rating');
  expect(chat.get('rating.thanks')).toBe('Thank you for your feedback!');
  expect(chat.get('newChat')).toBe('Start a new chat');
  expect(chat.get('visitor.email')).toBe('E-mail address');
  expect(chat.get('visitor.start')).toBe('Start chat');
});
