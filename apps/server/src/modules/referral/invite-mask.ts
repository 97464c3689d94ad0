/**
 * How an inviter sees the people they invited (SPEC §6 keeps others' identities private): the
 * e-mail address when there is one, else the user name, each part kept to its first and last
 * characters — `alice@example.com` → `a***e@e***.com`, `john` → `j***n`.
 */
export function maskedInvitee(invitee: { userName: string; email: string | null }): string {
  const email = invitee.email?.trim();
  if (email?.includes('@')) {
    const at = email.lastIndexOf('@');
    const local = email.slice(0, at);
    const domain = email.slice(at + 1);
    const dot = domain.lastIndexOf('.');
    const host = dot > 0 ? domain.slice(0, dot) : domain;
    const tld = dot > 0 ? domain.slice(dot) : '';
    return `${maskPart(local)}@${firstChar(host)}***${tld}`;
  }
  return maskPart(invitee.userName);
}

function maskPart(value: string): string {
  const chars = Array.from(value);
  if (chars.length === 0) return '***';
  if (chars.length <= 2) return `${chars[0]}***`;
  return `${chars[0]}***${chars[chars.length - 1]}`;
}

const firstChar = (value: string) => Array.from(value)[0] ?? '';
