/** The users area's rules, as plain functions (#14). */

const USER_ID = /^[1-9][0-9]{0,17}$/;

/** A user id as the server takes it: a positive whole number, at most 18 digits. */
export function isUserId(text: string): boolean {
  return USER_ID.test(text);
}

/** VIP levels (SPEC §6): 0 Normal, 1–4 VIP1–VIP4. */
export const USER_LEVELS = [0, 1, 2, 3, 4] as const;

/** What a level is called: `Normal` for 0 (translated by the caller), `VIP<n>` for the others. */
export function levelLabel(level: number, normal: string): string {
  return level === 0 ? normal : `VIP${level}`;
}

export const REASON_MIN = 3;
export const REASON_MAX = 500;

/** Why a status change's reason cannot be sent yet (the server trims it, then wants 3–500 characters); null when it can. */
export function reasonProblem(reason: string): 'tooShort' | 'tooLong' | null {
  const length = reason.trim().length;
  if (length < REASON_MIN) return 'tooShort';
  if (length > REASON_MAX) return 'tooLong';
  return null;
}

/** The list's search as the server takes it: trimmed, at most 200 characters; empty lists everyone. */
export function searchText(input: string): string {
  return input.trim().slice(0, 200);
}

/** The list's page from the address bar: a whole number from 1, else the first page. */
export function pageFromParam(value: string | null): number {
  const page = Number(value);
  return Number.isInteger(page) && page >= 1 && page <= 100_000 ? page : 1;
}

/** KYC status codes (SPEC §3: 0 not verified, 2 pending, 1 verified, 3 not passed) as the names of their texts. */
export function kycKey(status: number): 'none' | 'pending' | 'verified' | 'rejected' | 'unknown' {
  return (['none', 'verified', 'pending', 'rejected'] as const)[status] ?? 'unknown';
}
