import { describe, expect, it } from 'vitest';
import { auditQuery, auditSearch, invalidAuditFilters, NO_AUDIT_FILTERS, readAuditSearch } from './audit-filters';

const filters = (over: Partial<typeof NO_AUDIT_FILTERS>) => ({ ...NO_AUDIT_FILTERS, ...over });

describe('invalidAuditFilters', () => {
  it('accepts empty filters, an exact action, a prefix ending in a dot, an id or a name, a type or type:id', () => {
    expect(invalidAuditFilters(NO_AUDIT_FILTERS)).toEqual([]);
    expect(invalidAuditFilters(filters({ action: 'ledger.adjust', operator: '12', target: 'user:42' }))).toEqual([]);
    expect(invalidAuditFilters(filters({ action: 'review.', operator: 'Alice_01', target: 'user' }))).toEqual([]);
    expect(invalidAuditFilters(filters({ action: ' ledger. ', operator: ' bob ' }))).toEqual([]);
  });

  it('names each field the server would refuse', () => {
    expect(invalidAuditFilters(filters({ action: 'Ledger.Adjust' }))).toEqual(['action']);
    expect(invalidAuditFilters(filters({ action: 'ledger..adjust' }))).toEqual(['action']);
    expect(invalidAuditFilters(filters({ action: `a${'b'.repeat(100)}` }))).toEqual(['action']);
    expect(invalidAuditFilters(filters({ operator: 'alice smith' }))).toEqual(['operator']);
    expect(invalidAuditFilters(filters({ operator: 'a'.repeat(33) }))).toEqual(['operator']);
    expect(invalidAuditFilters(filters({ target: 'user:' }))).toEqual(['target']);
    expect(invalidAuditFilters(filters({ target: 'User:42' }))).toEqual(['target']);
    expect(invalidAuditFilters(filters({ target: 'user:4 2' }))).toEqual(['target']);
    expect(invalidAuditFilters({ action: '.x', operator: '@me', target: ':1' })).toEqual([
      'action',
      'operator',
      'target',
    ]);
  });
});

describe('the URL query', () => {
  it('reads the filters and page a link carries, the first page when the page is malformed', () => {
    expect(readAuditSearch(new URLSearchParams('action=ledger.&target=user%3A42&page=3'))).toEqual({
      filters: { action: 'ledger.', operator: '', target: 'user:42' },
      page: 3,
    });
    expect(readAuditSearch(new URLSearchParams('page=-2')).page).toBe(1);
    expect(readAuditSearch(new URLSearchParams('page=1.5')).page).toBe(1);
    expect(readAuditSearch(new URLSearchParams('')).page).toBe(1);
  });

  it('writes trimmed non-empty filters and a page after the first, and reads back what it wrote', () => {
    const written = auditSearch(filters({ action: ' review. ', operator: '' }), 2);
    expect(written).toEqual({ action: 'review.', page: '2' });
    expect(readAuditSearch(new URLSearchParams(written))).toEqual({ filters: filters({ action: 'review.' }), page: 2 });
    expect(auditSearch(NO_AUDIT_FILTERS)).toEqual({});
  });

  it('asks the API with the trimmed filters, the page and its size', () => {
    expect(auditQuery(filters({ operator: ' alice ', target: 'user:7' }), 4, 20)).toEqual({
      operator: 'alice',
      target: 'user:7',
      page: 4,
      size: 20,
    });
  });
});
