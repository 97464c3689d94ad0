import { describe, expect, it } from 'vitest';
import { maskedInvitee } from './invite-mask.js';
import { inviteLink } from './invite-page.js';

describe("an invitee's name as the inviter sees it", () => {
  it('keeps the first and last characters of the e-mail name and the first of its domain', () => {
    expect(maskedInvitee({ userName: 'alice', email: 'alice@example.com' })).toBe('a***e@e***.com');
    expect(maskedInvitee({ userName: 'x', email: 'Bo@mail.co.uk' })).toBe('B***@m***.uk');
  });
  it('masks the user name when there is no e-mail address', () => {
    expect(maskedInvitee({ userName: 'john', email: null })).toBe('j***n');
    expect(maskedInvitee({ userName: 'jo', email: null })).toBe('j***');
    expect(maskedInvitee({ userName: '张三丰', email: null })).toBe('张***丰');
  });
});

describe('the invite link', () => {
  it('is absolute on a deployment with a public origin, else a path', () => {
    expect(inviteLink('https://bourse.example/', 'AB2C')).toBe('https://bourse.example/pass/register?invite=AB2C');
    expect(inviteLink(null, 'AB2C')).toBe('/pass/register?invite=AB2C');
  });
});
