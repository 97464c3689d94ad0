import { describe, expect, it } from 'vitest';
import { firstApprover, hasApproved, nextApproval, type QueueItem, rejectionReasons } from './queue-rules';

const item = (over: Partial<QueueItem> = {}): QueueItem => ({
  id: '7',
  kind: 'adjustment',
  userId: '42',
  summary: 'Credit 1500 USDT (live)',
  amount: '1500',
  asset: 'USDT',
  status: 'pending',
  requiredApprovals: 2,
  requestedBy: '5',
  approvals: [{ operatorId: '5', at: '2026-11-25T04:00:00.000Z' }],
  claimedBy: null,
  claimedAt: null,
  rejection: null,
  decidedBy: null,
  decidedAt: null,
  createdAt: '2026-11-25T04:00:00.000Z',
  details: [],
  fileIds: [],
  ...over,
});

describe('nextApproval', () => {
  it('says a second operator’s approval of a requested large adjustment carries it out', () => {
    expect(nextApproval(item())).toEqual({ effect: 'decides', ordinal: 2, required: 2 });
  });

  it('says the first of two approvals is only recorded', () => {
    expect(nextApproval(item({ requestedBy: null, approvals: [] }))).toEqual({
      effect: 'records',
      ordinal: 1,
      required: 2,
    });
  });

  it('says a single approval decides an item that needs one', () => {
    expect(nextApproval(item({ requiredApprovals: 1, requestedBy: null, approvals: [] }))).toEqual({
      effect: 'decides',
      ordinal: 1,
      required: 1,
    });
  });
});

describe('firstApprover', () => {
  it('names the first approver of a pending item still waiting for its second approval', () => {
    expect(firstApprover(item())).toBe('5');
  });

  it('names nobody once the item is decided or before any approval', () => {
    expect(firstApprover(item({ status: 'approved' }))).toBeNull();
    expect(firstApprover(item({ approvals: [] }))).toBeNull();
  });
});

describe('hasApproved', () => {
  it('counts the requester, whose request is their approval, and nobody else', () => {
    expect(hasApproved(item(), '5')).toBe(true);
    expect(hasApproved(item(), '6')).toBe(false);
  });
});

describe('rejectionReasons', () => {
  it('lists the adjustment reasons in the reader’s language, codes as values', () => {
    const german = rejectionReasons('adjustment', 'de');
    expect(german.map((reason) => reason.value)).toContain('wrong_amount');
    expect(german.find((reason) => reason.value === 'wrong_amount')?.label).toBe(
      'Der Betrag der Korrektur ist falsch.',
    );
  });

  it('lists none for a kind the contracts give no reasons yet', () => {
    expect(rejectionReasons('deposit', 'en')).toEqual([]);
  });

  it('takes the reasons the server listed with the kind’s items over its own list', () => {
    const served = [{ code: 'not_received', text: 'No matching transfer was found on the network.' }];
    expect(rejectionReasons('deposit', 'en', served)).toEqual([
      { value: 'not_received', label: 'No matching transfer was found on the network.' },
    ]);
    expect(rejectionReasons('adjustment', 'en', served).map((reason) => reason.value)).toEqual(['not_received']);
  });
});
