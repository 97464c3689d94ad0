import { z } from 'zod';

/**
 * A small client of a TronGrid-compatible API (issue 15): the confirmed TRC-20 transfers into
 * an address, oldest first, page by page. Only the calls the deposit watcher needs.
 */

export type TronTrc20Transfer = {
  txId: string;
  /** The block's time, ms since the epoch. */
  blockTimestamp: number;
  from: string;
  to: string;
  /** Minor units of the token (`decimals` of them per unit). */
  value: bigint;
  contract: string;
  symbol: string;
  decimals: number;
};

export type TronTransfersPage = {
  transfers: TronTrc20Transfer[];
  /** Pass back as `fingerprint` for the next page; null on the last one. */
  nextFingerprint: string | null;
};

export type TronApi = {
  /** Confirmed TRC-20 transfers of `contract` into `address`, from `minTimestamp` (ms) on, oldest first. */
  incomingTransfers(input: {
    address: string;
    contract: string;
    minTimestamp?: number;
    limit?: number;
    fingerprint?: string;
  }): Promise<TronTransfersPage>;
  /** The configured TRC-20 USDT contract. */
  usdtContract: string;
};

const ZTransfer = z.object({
  transaction_id: z.string().regex(/^[0-9a-fA-F]{64}$/),
  token_info: z.object({ symbol: z.string(), address: z.string(), decimals: z.number().int().min(0).max(36) }),
  block_timestamp: z.number().int().nonnegative(),
  from: z.string(),
  to: z.string(),
  type: z.string().optional(),
  value: z.string().regex(/^\d+$/),
});

const ZPage = z.object({
  data: z.array(ZTransfer),
  success: z.boolean().optional(),
  meta: z.object({ fingerprint: z.string().optional() }).partial().optional(),
});

export function createTronApi(options: {
  apiUrl: string;
  apiKey?: string;
  usdtContract: string;
  fetch?: typeof fetch;
  timeoutMs?: number;
}): TronApi {
  const base = options.apiUrl.replace(/\/+$/, '');
  const doFetch = options.fetch ?? fetch;
  return {
    usdtContract: options.usdtContract,
    async incomingTransfers({ address, contract, minTimestamp, limit = 200, fingerprint }) {
      const query = new URLSearchParams({
        only_to: 'true',
        only_confirmed: 'true',
        contract_address: contract,
        limit: String(Math.min(Math.max(limit, 1), 200)),
        order_by: 'block_timestamp,asc',
      });
      if (minTimestamp !== undefined) query.set('min_timestamp', String(minTimestamp));
      if (fingerprint) query.set('fingerprint', fingerprint);
      const url = `${base}/v1/accounts/${encodeURIComponent(address)}/transactions/trc20?${query}`;
      const response = await doFetch(url, {
        headers: { accept: 'application/json', ...(options.apiKey ? { 'TRON-PRO-API-KEY': options.apiKey } : {}) },
        signal: AbortSignal.timeout(options.timeoutMs ?? 15_000),
      });
      if (!response.ok) throw new Error(`Tron API answered ${response.status} for ${address}`);
      const page = ZPage.parse(await response.json());
      return {
        transfers: page.data
          // The filter asks for these already; a lenient server must not slip others through.
          .filter((entry) => entry.to === address && entry.token_info.address === contract)
          .map((entry) => ({
            txId: entry.transaction_id.toLowerCase(),
            blockTimestamp: entry.block_timestamp,
            from: entry.from,
            to: entry.to,
            value: BigInt(entry.value),
            contract: entry.token_info.address,
            symbol: entry.token_info.symbol,
            decimals: entry.token_info.decimals,
          })),
        nextFingerprint: page.meta?.fingerprint ?? null,
      };
    },
  };
}
