/**
 * A one-line summary of what an audit entry changed (#14): its top-level keys added, removed or
 * changed between `before` and `after`. Values are JSON as the server stored it.
 */
export type TopLevelChange =
  | { key: string; change: 'added'; after: unknown }
  | { key: string; change: 'removed'; before: unknown }
  | { key: string; change: 'changed'; before: unknown; after: unknown };

export type AuditDiff =
  /** Neither side was recorded. */
  | { kind: 'none' }
  /** Only what the action left (a record created), or only what was there before (one removed). */
  | { kind: 'after-only' }
  | { kind: 'before-only' }
  /** Both sides are records (objects): the keys that differ, in the order the keys first appear. */
  | { kind: 'keys'; changes: TopLevelChange[] }
  /** Both sides recorded, at least one not a record (a list, a plain value): whether they differ as a whole. */
  | { kind: 'whole'; isChanged: boolean };

type JsonRecord = { [key: string]: unknown };

function isRecord(value: unknown): value is JsonRecord {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Whether two JSON values are equal, object key order aside. */
export function isSameJson(left: unknown, right: unknown): boolean {
  if (left === right) return true;
  if (Array.isArray(left) || Array.isArray(right)) {
    if (!Array.isArray(left) || !Array.isArray(right) || left.length !== right.length) return false;
    return left.every((item, index) => isSameJson(item, right[index]));
  }
  if (isRecord(left) && isRecord(right)) {
    const keys = Object.keys(left);
    if (keys.length !== Object.keys(right).length) return false;
    return keys.every((key) => Object.hasOwn(right, key) && isSameJson(left[key], right[key]));
  }
  return false;
}

const isAbsent = (value: unknown) => value === null || value === undefined;

export function diffAudit(before: unknown, after: unknown): AuditDiff {
  if (isAbsent(before) && isAbsent(after)) return { kind: 'none' };
  if (isAbsent(before)) return { kind: 'after-only' };
  if (isAbsent(after)) return { kind: 'before-only' };
  if (!isRecord(before) || !isRecord(after)) return { kind: 'whole', isChanged: !isSameJson(before, after) };
  const keys = [...new Set([...Object.keys(before), ...Object.keys(after)])];
  const changes: TopLevelChange[] = [];
  for (const key of keys) {
    const had = Object.hasOwn(before, key);
    const has = Object.hasOwn(after, key);
    if (had && !has) changes.push({ key, change: 'removed', before: before[key] });
    else if (!had && has) changes.push({ key, change: 'added', after: after[key] });
    else if (!isSameJson(before[key], after[key]))
      changes.push({ key, change: 'changed', before: before[key], after: after[key] });
  }
  return { kind: 'keys', changes };
}

const SHORT_VALUE = 40;

/** A plain value short enough to quote in the line; lists, records and long text are named by their key only. */
function shortValue(value: unknown): string | null {
  if (value === null || typeof value === 'number' || typeof value === 'boolean') return String(value);
  if (typeof value === 'string') return value.length <= SHORT_VALUE ? JSON.stringify(value) : null;
  return null;
}

/**
 * The changes as one line of symbols and keys, language-free: `status: "pending" → "approved"`,
 * `approvals` (changed, not quotable), `+decidedBy` (added), `−note` (removed), joined by `; `.
 */
export function formatChanges(changes: readonly TopLevelChange[]): string {
  return changes
    .map((change) => {
      if (change.change === 'added') return `+${change.key}`;
      if (change.change === 'removed') return `−${change.key}`;
      const from = shortValue(change.before);
      const to = shortValue(change.after);
      return from !== null && to !== null ? `${change.key}: ${from} → ${to}` : change.key;
    })
    .join('; ');
}
