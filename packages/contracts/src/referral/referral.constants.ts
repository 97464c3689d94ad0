/**
 * The invite programme (issue 20, SPEC §4 "Referral"): constants both sides read, no zod here.
 */

/** An invitee's steps, in order: registered with the code, first deposit credited, first position opened. */
export const REFERRAL_STEPS = ['register', 'fund', 'trade'] as const;
export type ReferralStepName = (typeof REFERRAL_STEPS)[number];

/** The web route an invite link opens: registration with the code filled in. */
export const INVITE_LANDING_PATH = '/pass/register';
/** The query parameter of the landing link that carries the code. */
export const INVITE_QUERY_PARAMETER = 'invite';
