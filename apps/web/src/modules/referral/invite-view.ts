import type { TInvitee } from '@openbourse/contracts';

/**
 * The invite link as the user shares it: the server answers an absolute link when the deployment
 * names its public origin, else a path, made absolute here on the site the user is on.
 */
export function absoluteInviteLink(link: string, origin: string): string {
  if (/^https?:\/\//i.test(link)) return link;
  return `${origin.replace(/\/+$/, '')}${link.startsWith('/') ? link : `/${link}`}`;
}

/** How far an invitee got: the steps reached, in order (register, fund, trade), and how many. */
export function progressOf(invitee: TInvitee): {
  reached: number;
  total: number;
  last: TInvitee['steps'][number] | null;
} {
  const reached = invitee.steps.filter((step) => step.at !== null);
  return { reached: reached.length, total: invitee.steps.length, last: reached[reached.length - 1] ?? null };
}

/**
 * The invitee's name as the server masked it, kept apart from the text around it: in a
 * right-to-left page `a***e@e***.com` stays one left-to-right run (Unicode first-strong isolate).
 */
export function displayName(name: string, isRightToLeft: boolean): string {
  return isRightToLeft ? `\u2068${name}\u2069` : name;
}
