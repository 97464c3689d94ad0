import { describe, expect, it } from 'vitest';
import { createTronApi } from './tron-api.js';

const USDT = 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t';
const ME = 'T9yD14Nj9j7xAB4dbGeiX9h8unkKHxuWwb';

describe('the TronGrid client', () => {
  it('asks for confirmed incoming transfers of one contract and types the answer', async () => {
    const asked: Array<{ url: string; headers: Record<string, string> }> = [];
    const api = createTronApi({
      apiUrl: 'https://tron.example/',
      apiKey: 'k',
      usdtContract: USDT,
      fetch: (async (url: string, init: { headers: Record<string, string> }) => {
        asked.push({ url, headers: init.headers });
        return new Response(
          JSON.stringify({
            success: true,
            data: [
              {
                transaction_id: 'AB'.repeat(32),
                token_info: { symbol: 'USDT', address: USDT, decimals: 6, name: 'Tether USD' },
                block_timestamp: 1_700_000_000_000,
                from: 'TXYZopYRdj2D9XRtbG411XZZ3kM5VkAeBf',
                to: ME,
                type: 'Transfer',
                value: '125000000',
              },
              // Another contract slipped through by a lenient server: dropped.
              {
                transaction_id: 'cd'.repeat(32),
                token_info: { symbol: 'FAKE', address: 'TXYZopYRdj2D9XRtbG411XZZ3kM5VkAeBf', decimals: 6 },
                block_timestamp: 1_700_000_000_001,
                from: ME,
                to: ME,
                value: '1',
              },
            ],
            meta: { fingerprint: 'next-page' },
          }),
          { status: 200 },
        );
      }) as unknown as typeof fetch,
    });
    const page = await api.incomingTransfers({ address: ME, contract: USDT, minTimestamp: 1_699_999_999_000 });
    expect(page).toEqual({
      transfers: [
        {
          txId: 'ab'.repeat(32),
          blockTimestamp: 1_700_000_000_000,
          from: 'TXYZopYRdj2D9XRtbG411XZZ3kM5VkAeBf',
          to: ME,
          value: 125_000_000n,
          contract: USDT,
          symbol: 'USDT',
          decimals: 6,
        },
      ],
      nextFingerprint: 'next-page',
    });
    const url = new URL(asked[0]?.url ?? '');
    expect(url.pathname).toBe(`/v1/accounts/${ME}/transactions/trc20`);
    expect(Object.fromEntries(url.searchParams)).toMatchObject({
      only_to: 'true',
      only_confirmed: 'true',
      contract_address: USDT,
      min_timestamp: '1699999999000',
    });
    expect(asked[0]?.headers['TRON-PRO-API-KEY']).toBe('k');
  });

  it('fails on an error status or a malformed answer', async () => {
    const answering = (status: number, body: unknown) =>
      createTronApi({
        apiUrl: 'https://tron.example',
        usdtContract: USDT,
        fetch: (async () => new Response(JSON.stringify(body), { status })) as unknown as typeof fetch,
      });
    await expect(answering(429, {}).incomingTransfers({ address: ME, contract: USDT })).rejects.toThrow();
    await expect(
      answering(200, { data: [{ value: 'lots' }] }).incomingTransfers({ address: ME, contract: USDT }),
    ).rejects.toThrow();
  });
});
