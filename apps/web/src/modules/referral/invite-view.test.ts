import type { TInvitee } from '@openbourse/contracts';
import { describe, expect, it } from 'vitest';
import { absoluteInviteLink, displayName, progressOf } from './invite-view';

const invitee = (dates: Array<string | null>): TInvitee => ({
  name: 'a***e@e***.com',
  joinedAt: '2026-01-02T03:04:05.000Z',
  steps: (['register', 'fund', 'trade'] as const).map((step, index) => ({
    step,
    at: dates[index] ?? null,
    reward: null,
  })),
});

describe('the invite page', () => {
  it('makes a path link absolute on the current site and keeps an absolute one', () => {
    expect(absoluteInviteLink('/pass/register?invite=AB2C', 'https://bourse.example')).toBe(
      'https://bourse.example/pass/register?invite=AB2C',
    );
    expect(absoluteInviteLink('https://x.example/pass/register?invite=AB2C', 'https://bourse.example')).toBe(
      'https://x.example/pass/register?invite=AB2C',
    );
  });

  it('counts the steps an invitee reached and names the last', () => {
    expect(progressOf(invitee(['2026-01-02T03:04:05Z', null, null]))).toMatchObject({ reached: 1, total: 3 });
    expect(progressOf(invitee(['a', 'b', 'c'])).last?.step).toBe('trade');
    expect(progressOf(invitee([null, null, null])).last).toBeNull();
  });

  it('shows the masked name as the server sent it, isolated in a right-to-left page', () => {
    expect(displayName('a***e@e***.com', false)).toBe('a***e@e***.com');
    expect(displayName('a***e@e***.com', true)).toBe('\u2068a***e@e***.com\u2069');
    expect(displayName('j***n', false)).not.toContain('john');
  });
});
