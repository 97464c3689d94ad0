import { withdrawalsEndpoints } from '@openbourse/contracts/constants';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../shared/api/client';
import { callApiWithCode, hasOpenDeposit } from './payments.api';

const request = {
  asset: 'USDT',
  network: 'local',
  address: '0x8ba1f109551bD432803012645Ac136ddd64DBA72',
  amount: '50',
} as const;

describe('callApiWithCode', () => {
  afterEach(() => vi.unstubAllGlobals());
  const answer = (body: unknown) => vi.fn(async () => new Response(JSON.stringify(body), { status: 200 }));

  it('tells 20003 with its record from 20094 and 20095, which carry no record', async () => {
    vi.stubGlobal('fetch', answer({ code: 20003, data: { id: 'w1' }, msg: 'submitted' }));
    expect(await callApiWithCode(withdrawalsEndpoints.withdraw, { body: request })).toEqual({
      code: 20003,
      data: { id: 'w1' },
    });
    vi.stubGlobal('fetch', answer({ code: 20094, data: null, msg: 'one per day' }));
    expect(await callApiWithCode(withdrawalsEndpoints.withdraw, { body: request })).toEqual({
      code: 20094,
      data: null,
    });
    vi.stubGlobal('fetch', answer({ code: 20095, msg: 'under review' }));
    expect(await callApiWithCode(withdrawalsEndpoints.withdraw, { body: request })).toEqual({
      code: 20095,
      data: null,
    });
  });

  it('still throws a refusal', async () => {
    vi.stubGlobal('fetch', answer({ code: 10026, data: null, msg: 'choose a method' }));
    await expect(callApiWithCode(withdrawalsEndpoints.withdraw, { body: request })).rejects.toBeInstanceOf(ApiError);
  });
});

describe('hasOpenDeposit', () => {
  it('keeps refreshing only while a deposit is collecting confirmations', () => {
    const list = (status: string) => ({ items: [{ status }], total: 1, page: 1, size: 10 }) as never;
    expect(hasOpenDeposit(list('pending'))).toBe(true);
    expect(hasOpenDeposit(list('credited'))).toBe(false);
    expect(hasOpenDeposit(undefined)).toBe(false);
  });
});
