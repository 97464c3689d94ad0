import { describe, expect, it } from 'vitest';
import { diffAudit, formatChanges, isSameJson } from './audit-diff';

describe('diffAudit', () => {
  it('lists the top-level keys a claim changed, in their order', () => {
    const before = { status: 'pending', claimedBy: null, approvals: [{ operatorId: '5' }], amount: '1500' };
    const after = { status: 'pending', claimedBy: '6', approvals: [{ operatorId: '5' }], amount: '1500' };
    expect(diffAudit(before, after)).toEqual({
      kind: 'keys',
      changes: [{ key: 'claimedBy', change: 'changed', before: null, after: '6' }],
    });
  });

  it('tells added and removed keys from changed ones', () => {
    const diff = diffAudit({ level: 0, note: 'x' }, { level: 2, decidedAt: '2026-11-25' });
    expect(diff).toEqual({
      kind: 'keys',
      changes: [
        { key: 'level', change: 'changed', before: 0, after: 2 },
        { key: 'note', change: 'removed', before: 'x' },
        { key: 'decidedAt', change: 'added', after: '2026-11-25' },
      ],
    });
  });

  it('finds no change when only the key order differs', () => {
    expect(diffAudit({ a: 1, b: { c: [1, 2] } }, { b: { c: [1, 2] }, a: 1 })).toEqual({ kind: 'keys', changes: [] });
  });

  it('says when nothing, or only one side, was recorded', () => {
    expect(diffAudit(null, null)).toEqual({ kind: 'none' });
    expect(diffAudit(undefined, null)).toEqual({ kind: 'none' });
    expect(diffAudit(null, { status: 'pending' })).toEqual({ kind: 'after-only' });
    expect(diffAudit({ status: 'pending' }, null)).toEqual({ kind: 'before-only' });
  });

  it('compares sides that are not records as a whole', () => {
    expect(diffAudit([1], [1])).toEqual({ kind: 'whole', isChanged: false });
    expect(diffAudit('a', 'b')).toEqual({ kind: 'whole', isChanged: true });
  });
});

describe('formatChanges', () => {
  it('quotes short plain values and names the rest by key', () => {
    const diff = diffAudit(
      { status: 'pending', approvals: [{ operatorId: '5' }], note: 'n', decidedBy: null },
      { status: 'approved', approvals: [{ operatorId: '5' }, { operatorId: '6' }], decidedBy: '6', transferId: '9' },
    );
    if (diff.kind !== 'keys') throw new Error('expected a key diff');
    expect(formatChanges(diff.changes)).toBe(
      'status: "pending" → "approved"; approvals; −note; decidedBy: null → "6"; +transferId',
    );
  });

  it('names a long text by its key only', () => {
    expect(formatChanges([{ key: 'body', change: 'changed', before: 'a'.repeat(41), after: 'b' }])).toBe('body');
  });
});

describe('isSameJson', () => {
  it('compares deeply, lists in order', () => {
    expect(isSameJson({ a: [1, { b: 2 }] }, { a: [1, { b: 2 }] })).toBe(true);
    expect(isSameJson([1, 2], [2, 1])).toBe(false);
    expect(isSameJson({ a: 1 }, { a: 1, b: undefined })).toBe(false);
    expect(isSameJson(null, {})).toBe(false);
  });
});
