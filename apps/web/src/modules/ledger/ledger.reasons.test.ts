import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { NO_FILTERS, STATEMENT_REASONS, statementQuery } from './ledger.api';

const here = path.dirname(new URL(import.meta.url).pathname);
const en = JSON.parse(readFileSync(path.join(here, '../../locales/en.json'), 'utf8')) as {
  ledger: { reasons: Record<string, string> };
};

describe('statement reasons', () => {
  it('each have a name in the UI texts (the locale test carries them to every language)', () => {
    expect(Object.keys(en.ledger.reasons).sort()).toEqual([...STATEMENT_REASONS].sort());
  });
});

describe('the statement query', () => {
  it('leaves out empty filters and includes the whole "to" day', () => {
    expect(statementQuery(NO_FILTERS)).toEqual({ asset: undefined, reason: undefined, from: undefined, to: undefined });
    const query = statementQuery({ asset: 'USDT', reason: 'demo_funding', from: '2026-03-01', to: '2026-03-31' });
    expect(query.asset).toBe('USDT');
    expect(query.reason).toBe('demo_funding');
    expect(query.from).toBe(new Date(2026, 2, 1).toISOString());
    expect(query.to).toBe(new Date(2026, 3, 1).toISOString());
  });
});
