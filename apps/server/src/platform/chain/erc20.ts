/**
 * The part of the ERC-20 interface the platform uses: read balances and decimals, send with
 * `transfer`, watch `Transfer` events. There is deliberately no allowance entry (no approve,
 * allowance, transferFrom or permit): the platform never asks anyone for spending rights, and
 * no-allowance.test.ts keeps it that way.
 */
export const erc20Abi = [
  {
    type: 'function',
    name: 'transfer',
    stateMutability: 'nonpayable',
    inputs: [
      { name: 'to', type: 'address' },
      { name: 'value', type: 'uint256' },
    ],
    outputs: [{ name: '', type: 'bool' }],
  },
  {
    type: 'function',
    name: 'balanceOf',
    stateMutability: 'view',
    inputs: [{ name: 'account', type: 'address' }],
    outputs: [{ name: '', type: 'uint256' }],
  },
  {
    type: 'function',
    name: 'decimals',
    stateMutability: 'view',
    inputs: [],
    outputs: [{ name: '', type: 'uint8' }],
  },
  {
    type: 'event',
    name: 'Transfer',
    inputs: [
      { name: 'from', type: 'address', indexed: true },
      { name: 'to', type: 'address', indexed: true },
      { name: 'value', type: 'uint256', indexed: false },
    ],
    anonymous: false,
  },
] as const;

/** The `Transfer` event alone (for getLogs / watchEvent filters). */
export const erc20TransferEvent = erc20Abi[3];
