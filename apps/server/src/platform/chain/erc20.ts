import { ERC20_ABI } from '@openbourse/contracts';

/** The platform's ERC-20 ABI (packages/contracts: the web sends with the same one). */
export const erc20Abi = ERC20_ABI;

/** The `Transfer` event alone (for getLogs / watchEvent filters). */
export const erc20TransferEvent = erc20Abi[3];
