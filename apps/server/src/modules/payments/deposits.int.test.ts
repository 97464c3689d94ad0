import { randomBytes } from 'node:crypto';
import { CATALOGUE } from '@openbourse/contracts';
import { createPublicClient, createWalletClient, type Hex, http, type PublicClient } from 'viem';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { erc20Abi } from '../../platform/chain/erc20.js';
import { sweepGasPrivateKey } from '../../platform/chain/hd-keys.js';
import { localChain } from '../../platform/chain/local-node.js';
import { EVM_NETWORK_DEFAULTS, type EvmNetwork, type TokenSymbol } from '../../platform/chain/networks.js';
import { testTokenAbi } from '../../platform/chain/test-token.artifact.js';
import { systemClock } from '../../platform/clock.js';
import { createAlerts } from '../../platform/jobs/alerts.js';
import { startTestChain, type TestChain } from '../../test/local-chain.js';
import { notificationCount } from '../../test/notification-rows.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { createTestReviews } from '../../test/test-reviews.js';
import { createUserWithSession } from '../../test/test-users.js';
import { insertUploadRow } from '../../test/upload-rows.js';
import { auditLedger, getBalances } from '../ledger/index.js';
import type { ReviewService } from '../review/index.js';
import { createChainWatcher } from './chain-watcher.js';
import { depositAddressFor } from './deposit-addresses.js';
import { listRecharge } from './deposit-wire.js';
import type { DepositChains, DepositsDb } from './deposits.context.js';
import { createDepositsRuntime, type DepositsRuntime } from './deposits.runtime.js';
import { claimDeposit } from './manual-claim.js';
import { createSweeper } from './sweeper.js';
import { treasuryChain } from './treasury-chain.js';
import { linkWallet, trackDeposit, walletAuthStatus, walletLinkMessage } from './wallet-link.js';

/**
 * Deposits on the local EVM node (issue 15): the watcher credits a transfer to a user's deposit
 * address exactly once after the confirmations (across restarts and two instances), survives a
 * shallow reorg without a wrong credit, records and later credits below-minimum deposits, a
 * manual claim is credited once on approval, and the sweeper moves the balance to the hot wallet.
 * The app runs as SERVER_ROLE=api (no watcher of its own): the test drives watchers itself.
 */

const silent = { info: () => {}, warn: () => {}, error: () => {} };
const BTC_ADDRESS = '1BoatSLRHtKNngkdXEeobR76b53LETtpyT';

let chain: TestChain;
let testApp: TestApp;
let db: DepositsDb;
let network: EvmNetwork;
let client: PublicClient;
let runtime: DepositsRuntime;
let reviews: ReviewService;
let reviewerId: string;

const usdt = (whole: number) => BigInt(whole) * 1_000_000n;

async function walletSend(symbol: TokenSymbol, to: string, amount: bigint): Promise<Hex> {
  // The funder owns the test tokens: it mints to itself, then sends one plain `transfer`, as a wallet does.
  const funder = privateKeyToAccount(chain.funderKey);
  await chain.mint(symbol, funder.address, amount);
  const wallet = createWalletClient({
    account: funder,
    chain: localChain(chain.rpcUrl),
    transport: http(chain.rpcUrl),
  });
  const hash = await wallet.writeContract({
    address: chain.tokens[symbol],
    abi: erc20Abi,
    functionName: 'transfer',
    args: [to as Hex, amount],
  });
  await client.waitForTransactionReceipt({ hash });
  return hash;
}

async function liveBalance(userId: string, asset: string): Promise<bigint> {
  const balances = await getBalances(db, 'live', userId);
  return balances.find((balance) => balance.asset === asset)?.available ?? 0n;
}

async function depositTransfers(userId: string): Promise<number> {
  const rows = await db
    .selectFrom('ledger_transfers')
    .innerJoin('ledger_accounts', 'ledger_accounts.id', 'ledger_transfers.credit_account_id')
    .select('ledger_transfers.id')
    .where('ledger_accounts.user_id', '=', userId)
    .where('ledger_transfers.reason', '=', 'deposit')
    .execute();
  return rows.length;
}

const notifications = (userId: string, template: string) =>
  notificationCount(testApp.database.db as never, userId, template);

async function addressOf(userId: string, asset: 'USDT' | 'USDC' | 'ETH' = 'USDT'): Promise<string> {
  return (await depositAddressFor(runtime.context, userId, { asset, network: 'local' })).address;
}

const newWatcher = () => createChainWatcher({ context: runtime.context, network, client, pollMs: 50 });

beforeAll(async () => {
  chain = await startTestChain();
  testApp = await createTestApp({ ...chain.env, SERVER_ROLE: 'api' });
  db = testApp.database.db as unknown as DepositsDb;
  network = {
    id: 'local',
    chainId: EVM_NETWORK_DEFAULTS.local.chainId,
    label: EVM_NETWORK_DEFAULTS.local.label,
    rpcUrl: chain.rpcUrl,
    confirmations: 2,
    tokens: { USDT: { address: chain.tokens.USDT, decimals: 6 }, USDC: { address: chain.tokens.USDC, decimals: 6 } },
    explorerTxUrl: null,
  };
  client = createPublicClient({ chain: localChain(chain.rpcUrl), transport: http(chain.rpcUrl) }) as PublicClient;
  const chains: DepositChains = {
    evmNetworks: () => [network],
    evmNetwork: (id) => (id === 'local' ? network : undefined),
    publicClient: () => client,
    ready: async () => {},
  };
  const review = createTestReviews(testApp);
  reviews = review.service;
  runtime = createDepositsRuntime({
    db,
    apiPrefix: '/swx/customer',
    clock: systemClock,
    log: silent,
    chains,
    depositXpub: chain.env.DEPOSIT_XPUB as string,
    depositXprv: chain.env.DEPOSIT_XPRV as string,
    hotWalletAddress: privateKeyToAccount(chain.env.WITHDRAWAL_SIGNER_KEY as Hex).address,
    btcAddress: BTC_ADDRESS,
    tron: null,
    tronUsdtContract: 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t',
    sandbox: true,
    reviews,
    alerts: createAlerts({ db: testApp.database.db, log: silent, clock: systemClock }),
    lockConnection: { connectionString: testApp.database.url },
    worker: false,
  });
  reviews.registerHandler(runtime.depositReview);
  reviewerId = (await createUserWithSession(testApp, ['reviewer'])).id;
}, 120_000);

afterAll(async () => {
  await runtime?.stop();
  await testApp?.close();
  await chain?.stop();
});

const expectCleanLedger = async () => expect(await auditLedger(testApp.database.db)).toEqual([]);

describe('deposits on the local chain', () => {
  it('credits a 120 USDT wallet deposit exactly once after the confirmations, across a restart and two instances', async () => {
    const user = await createUserWithSession(testApp);
    const address = await addressOf(user.id);
    expect(await addressOf(user.id)).toBe(address);
    const watcher = newWatcher();
    await watcher.step();

    const hash = await walletSend('USDT', address, usdt(120));
    const tracked = await trackDeposit(runtime.context, user.id, { network: 'local', txHash: hash });
    expect(tracked).toMatchObject({ status: 'pending', source: 'wallet', amount: '120', asset: 'USDT' });
    expect(tracked.walletAddress).toBe(privateKeyToAccount(chain.funderKey).address);
    expect(tracked.gasUsed).toMatch(/^\d+$/);

    // The transfer's block is the head: one confirmation of two.
    await watcher.step();
    expect(await liveBalance(user.id, 'USDT')).toBe(0n);
    const seen = await listRecharge(runtime.context, user.id, { page: 1, size: 20 });
    expect(seen.items[0]).toMatchObject({ status: 'pending', confirmations: 1, requiredConfirmations: 2 });

    // The watcher restarts (a new instance, nothing in memory) and the next block confirms it.
    await chain.mine(1);
    const restarted = newWatcher();
    await restarted.step();
    expect(await liveBalance(user.id, 'USDT')).toBe(usdt(120));
    // The old one, the new one and a third one all step again: nothing more.
    await Promise.all([watcher.step(), restarted.step(), newWatcher().step()]);
    await chain.mine(2);
    await Promise.all([watcher.step(), restarted.step()]);
    expect(await liveBalance(user.id, 'USDT')).toBe(usdt(120));
    expect(await depositTransfers(user.id)).toBe(1);
    expect(await notifications(user.id, 'deposit_received')).toBe(1);
    const listed = await listRecharge(runtime.context, user.id, { page: 1, size: 20 });
    expect(listed.items).toHaveLength(1);
    expect(listed.items[0]).toMatchObject({ status: 'credited', txHash: hash.toLowerCase(), source: 'wallet' });
    expect(listed.items[0]?.confirmations).toBeGreaterThanOrEqual(2);

    // Two instances racing on a fresh deposit (watcher-found, no tracking) credit it once.
    await chain.mint('USDT', address as Hex, usdt(150));
    await chain.mine(1);
    await Promise.all([newWatcher().step(), newWatcher().step()]);
    expect(await liveBalance(user.id, 'USDT')).toBe(usdt(270));
    expect(await depositTransfers(user.id)).toBe(2);
    await expectCleanLedger();
  }, 60_000);

  it('survives a reorg shallower than the confirmations without a wrong credit', async () => {
    const user = await createUserWithSession(testApp);
    const address = await addressOf(user.id);
    const watcher = newWatcher();
    await watcher.step();
    const snapshot = await chain.snapshot();
    await chain.mint('USDT', address as Hex, usdt(130));
    await watcher.step();
    const before = await listRecharge(runtime.context, user.id, { page: 1, size: 20 });
    expect(before.items[0]).toMatchObject({ status: 'pending', amount: '130' });

    // The transfer's block is replaced by other blocks: it never happened on the canonical chain.
    await chain.revert(snapshot);
    await chain.mine(4);
    await watcher.step();
    await chain.mine(2);
    await newWatcher().step();
    const after = await listRecharge(runtime.context, user.id, { page: 1, size: 20 });
    expect(after.items).toHaveLength(1);
    expect(after.items[0]?.status).toBe('orphaned');
    expect(await liveBalance(user.id, 'USDT')).toBe(0n);
    expect(await depositTransfers(user.id)).toBe(0);

    // A transfer on the new chain is credited once, normally.
    await chain.mint('USDT', address as Hex, usdt(125));
    await chain.mine(1);
    await watcher.step();
    expect(await liveBalance(user.id, 'USDT')).toBe(usdt(125));
    expect(await depositTransfers(user.id)).toBe(1);
    await expectCleanLedger();
  }, 60_000);

  it('records a below-minimum deposit, then credits it with the next one once together they reach the minimum', async () => {
    const user = await createUserWithSession(testApp);
    const address = await addressOf(user.id);
    const watcher = newWatcher();
    await watcher.step();
    await chain.mint('USDT', address as Hex, usdt(50));
    await chain.mine(1);
    await watcher.step();
    const small = await listRecharge(runtime.context, user.id, { page: 1, size: 20 });
    expect(small.items[0]).toMatchObject({ status: 'below_minimum', amount: '50' });
    expect(await liveBalance(user.id, 'USDT')).toBe(0n);
    expect(await notifications(user.id, 'deposit_below_minimum')).toBe(1);
    const item = await reviews.findBySource(db, 'deposit', `deposit:${small.items[0]?.id}`);
    expect(item?.status).toBe('pending');

    await chain.mint('USDT', address as Hex, usdt(70));
    await chain.mine(1);
    await watcher.step();
    expect(await liveBalance(user.id, 'USDT')).toBe(usdt(120));
    const both = await listRecharge(runtime.context, user.id, { page: 1, size: 20 });
    expect(both.items.map((deposit) => deposit.status)).toEqual(['credited', 'credited']);

    // An operator approving the first one afterwards moves nothing again.
    const actor = { operatorId: reviewerId, roles: ['reviewer'] as const, requestId: 'test-approve', ip: null };
    await reviews.approve('deposit', item?.id as string, { ...actor, roles: [...actor.roles] }, 'en');
    expect(await liveBalance(user.id, 'USDT')).toBe(usdt(120));
    expect(await depositTransfers(user.id)).toBe(2);
    await expectCleanLedger();
  }, 60_000);

  it('queues a manual BTC claim, credits it once on approval, and refuses a duplicate hash or another user’s proof', async () => {
    const user = await createUserWithSession(testApp);
    const other = await createUserWithSession(testApp);
    const fileId = await insertUploadRow(testApp, user.id);
    const txHash = randomBytes(32).toString('hex');
    const claim = {
      asset: 'BTC' as const,
      network: 'bitcoin' as const,
      amount: '0.02',
      txHash,
      fromLast6: 'abc123',
      proofFileId: fileId,
    };
    const caller = { userId: user.id, requestId: 'test-claim', ip: null };

    await expect(claimDeposit(runtime.context, { ...caller, userId: other.id }, claim)).rejects.toMatchObject({
      code: CATALOGUE.UPLOAD_NOT_FOUND.code,
    });
    await expect(claimDeposit(runtime.context, caller, { ...claim, txHash: 'nothex' })).rejects.toMatchObject({
      code: CATALOGUE.DEPOSIT_HASH_INVALID.code,
    });
    const queued = await claimDeposit(runtime.context, caller, claim);
    expect(queued).toMatchObject({ status: 'pending_review', source: 'manual', amount: '0.02', asset: 'BTC' });
    await expect(claimDeposit(runtime.context, caller, claim)).rejects.toMatchObject({
      code: CATALOGUE.DEPOSIT_HASH_RECORDED.code,
    });
    const item = await reviews.findBySource(db, 'deposit', `deposit:${queued.id}`);
    expect(item?.payload.fileIds).toEqual([fileId]);

    const actor = { operatorId: reviewerId, roles: ['reviewer' as const], requestId: 'test-approve', ip: null };
    await reviews.approve('deposit', item?.id as string, actor, 'en');
    expect(await liveBalance(user.id, 'BTC')).toBe(2_000_000n);
    await expect(reviews.approve('deposit', item?.id as string, actor, 'en')).rejects.toMatchObject({
      code: CATALOGUE.REVIEW_ITEM_DECIDED.code,
    });
    expect(await liveBalance(user.id, 'BTC')).toBe(2_000_000n);
    expect(await notifications(user.id, 'deposit_received')).toBe(1);
    // Credited: the hash stays refused.
    await expect(claimDeposit(runtime.context, caller, claim)).rejects.toMatchObject({
      code: CATALOGUE.DEPOSIT_HASH_RECORDED.code,
    });
    await expectCleanLedger();
  }, 60_000);

  it('confirms a block of many deposits together: each credited and notified once, small ones kept until they add up', async () => {
    const [first, second, third] = await Promise.all([1, 2, 3].map(() => createUserWithSession(testApp)));
    const [a, b, c] = await Promise.all([first, second, third].map((user) => addressOf((user as { id: string }).id)));
    const watcher = newWatcher();
    await watcher.step();
    // One transaction, five Transfer events in one block: two to the first user, one to the
    // second, two below the minimum (120) to the third that together reach it.
    const funder = privateKeyToAccount(chain.funderKey);
    const wallet = createWalletClient({
      account: funder,
      chain: localChain(chain.rpcUrl),
      transport: http(chain.rpcUrl),
    });
    const hash = await wallet.writeContract({
      address: chain.tokens.USDT,
      abi: testTokenAbi,
      functionName: 'mintBatch',
      args: [[a, a, b, c, c] as Hex[], [usdt(200), usdt(130), usdt(125), usdt(40), usdt(90)]],
    });
    await client.waitForTransactionReceipt({ hash });
    await chain.mine(1);
    // Two watchers (two instances) confirm the same block at once.
    await Promise.all([watcher.step(), newWatcher().step()]);
    await watcher.step();

    const ids = [first, second, third].map((user) => (user as { id: string }).id);
    expect(await Promise.all(ids.map((id) => liveBalance(id, 'USDT')))).toEqual([usdt(330), usdt(125), usdt(130)]);
    expect(await Promise.all(ids.map(depositTransfers))).toEqual([2, 1, 2]);
    expect(await Promise.all(ids.map((id) => notifications(id, 'deposit_received')))).toEqual([2, 1, 2]);
    expect(await notifications(ids[2] as string, 'deposit_below_minimum')).toBe(2);
    const records = await listRecharge(runtime.context, ids[0] as string, { page: 1, size: 20 });
    expect(records.items.map((deposit) => deposit.status)).toEqual(['credited', 'credited']);
    expect(new Set(records.items.map((deposit) => deposit.txHash))).toEqual(new Set([hash.toLowerCase()]));
    await expectCleanLedger();
  }, 60_000);

  it('credits a transfer once when the user also claimed it by hand: whichever path comes first, the other moves nothing', async () => {
    const user = await createUserWithSession(testApp);
    const address = await addressOf(user.id);
    const fileId = await insertUploadRow(testApp, user.id);
    const caller = { userId: user.id, requestId: 'test-claim-twice', ip: null };
    const claimOf = (txHash: string) => ({
      asset: 'USDT' as const,
      network: 'local' as const,
      amount: '150',
      txHash,
      fromLast6: 'abc123',
      proofFileId: fileId,
    });
    const actor = { operatorId: reviewerId, roles: ['reviewer' as const], requestId: 'test-approve-twice', ip: null };
    const watcher = newWatcher();
    await watcher.step();

    // 1. The claim is approved before the watcher confirms the transfer: the chain record closes.
    const first = await walletSend('USDT', address, usdt(150));
    const claimed = await claimDeposit(runtime.context, caller, claimOf(first));
    const item = await reviews.findBySource(db, 'deposit', `deposit:${claimed.id}`);
    await reviews.approve('deposit', item?.id as string, actor, 'en');
    expect(await liveBalance(user.id, 'USDT')).toBe(usdt(150));
    await chain.mine(2);
    await watcher.step();
    expect(await liveBalance(user.id, 'USDT')).toBe(usdt(150));
    const firstRecords = (await listRecharge(runtime.context, user.id, { page: 1, size: 20 })).items.filter(
      (deposit) => deposit.txHash === first.toLowerCase(),
    );
    expect(firstRecords.map((deposit) => [deposit.source, deposit.status, deposit.reason]).sort()).toEqual([
      ['manual', 'credited', null],
      ['watcher', 'rejected', 'credited_by_claim'],
    ]);

    // 2. The watcher credits first: approving the claim afterwards is refused, nothing moves.
    const second = await walletSend('USDT', address, usdt(150));
    const pending = await claimDeposit(runtime.context, caller, claimOf(second));
    await chain.mine(2);
    await watcher.step();
    expect(await liveBalance(user.id, 'USDT')).toBe(usdt(300));
    const late = await reviews.findBySource(db, 'deposit', `deposit:${pending.id}`);
    await expect(reviews.approve('deposit', late?.id as string, actor, 'en')).rejects.toMatchObject({
      code: CATALOGUE.DEPOSIT_HASH_RECORDED.code,
    });
    expect(await liveBalance(user.id, 'USDT')).toBe(usdt(300));
    expect(await depositTransfers(user.id)).toBe(2);
    await expectCleanLedger();
  }, 60_000);

  it('raises an operator alert for a reorg deeper than the confirmations and changes no credit', async () => {
    const user = await createUserWithSession(testApp);
    const address = await addressOf(user.id);
    const watcher = newWatcher();
    await watcher.step();
    const snapshot = await chain.snapshot();
    await chain.mint('USDT', address as Hex, usdt(140));
    await chain.mine(2);
    await watcher.step();
    expect(await liveBalance(user.id, 'USDT')).toBe(usdt(140));

    await chain.revert(snapshot);
    await chain.mine(6);
    await watcher.step();
    const alerts = await db
      .selectFrom('platform_alerts')
      .select(['kind', 'details'])
      .where('kind', '=', 'chain_reorg_deep')
      .execute();
    const listed = await listRecharge(runtime.context, user.id, { page: 1, size: 20 });
    expect(listed.items[0]?.status).toBe('credited');
    // The alert names the credited deposit the reorg removed.
    expect(JSON.stringify(alerts.map((alert) => alert.details))).toContain(`"id":"${listed.items[0]?.id}"`);
    expect(await liveBalance(user.id, 'USDT')).toBe(usdt(140));
    expect(await depositTransfers(user.id)).toBe(1);
    await expectCleanLedger();
  }, 60_000);

  it('credits a native ETH deposit (log index -1) once confirmed', async () => {
    const user = await createUserWithSession(testApp);
    const address = await addressOf(user.id, 'ETH');
    const watcher = newWatcher();
    await watcher.step();
    await chain.mint('ETH', address as Hex, 5n * 10n ** 17n);
    await watcher.step();
    expect(await liveBalance(user.id, 'ETH')).toBe(0n);
    await chain.mine(1);
    await watcher.step();
    expect(await liveBalance(user.id, 'ETH')).toBe(5n * 10n ** 17n);
    const listed = await listRecharge(runtime.context, user.id, { page: 1, size: 20 });
    expect(listed.items[0]).toMatchObject({ asset: 'ETH', amount: '0.5', logIndex: -1, status: 'credited' });
    await expectCleanLedger();
  }, 60_000);

  it('links a wallet by its signature of a one-time message; refuses a replay, a bad signature and a wallet of another user', async () => {
    const user = await createUserWithSession(testApp);
    const other = await createUserWithSession(testApp);
    const wallet = privateKeyToAccount(generatePrivateKey());
    expect(await runtime.walletAuthorizations(user.id)).toEqual({ usdtAllowed: false, usdcAllowed: false });
    const { message } = await walletLinkMessage(runtime.context, user.id, {
      network: 'local',
      address: wallet.address,
    });
    const signature = await wallet.signMessage({ message });
    const request = { network: 'local' as const, address: wallet.address, message, signature };
    const stranger = privateKeyToAccount(generatePrivateKey());
    await expect(
      linkWallet(runtime.context, user.id, { ...request, signature: await stranger.signMessage({ message }) }),
    ).rejects.toMatchObject({ code: CATALOGUE.WALLET_LINK_INVALID.code });
    expect(await linkWallet(runtime.context, user.id, request)).toEqual({
      linked: true,
      network: 'local',
      address: wallet.address,
    });
    // The message was for one use.
    await expect(linkWallet(runtime.context, user.id, request)).rejects.toMatchObject({
      code: CATALOGUE.WALLET_LINK_INVALID.code,
    });
    const status = await walletAuthStatus(runtime.context, user.id);
    expect(status).toMatchObject({ usdtAuthorized: true, usdcAuthorized: true });
    expect(status.links).toHaveLength(1);
    expect(status.links[0]?.address).toBe(wallet.address);
    expect(await runtime.walletAuthorizations(user.id)).toEqual({ usdtAllowed: true, usdcAllowed: true });
    // Another user with a valid signature of their own message: the wallet is taken.
    const theirs = await walletLinkMessage(runtime.context, other.id, { network: 'local', address: wallet.address });
    await expect(
      linkWallet(runtime.context, other.id, {
        ...request,
        message: theirs.message,
        signature: await wallet.signMessage({ message: theirs.message }),
      }),
    ).rejects.toMatchObject({ code: CATALOGUE.WALLET_LINKED_ELSEWHERE.code });
    expect((await walletAuthStatus(runtime.context, other.id)).links).toEqual([]);
  }, 30_000);

  it('sweeps credited token balances to the hot wallet, funding gas first, and records the hash', async () => {
    const user = await createUserWithSession(testApp);
    const address = (await addressOf(user.id)) as Hex;
    const watcher = newWatcher();
    await watcher.step();
    await chain.mint('USDT', address, usdt(200));
    await chain.mine(1);
    await watcher.step();
    expect(await liveBalance(user.id, 'USDT')).toBe(usdt(200));

    const hot = privateKeyToAccount(chain.env.WITHDRAWAL_SIGNER_KEY as Hex).address;
    // The sweeper pays gas from its own wallet (child 1/0 of the deposit xprv), never the hot wallet.
    const gasWallet = privateKeyToAccount(sweepGasPrivateKey(chain.env.DEPOSIT_XPRV as string)).address;
    await chain.mint('ETH', gasWallet, 10n ** 18n);
    const hotSentBefore = await client.getTransactionCount({ address: hot });
    const balanceOf = (who: Hex) =>
      client.readContract({ address: chain.tokens.USDT, abi: erc20Abi, functionName: 'balanceOf', args: [who] });
    const hotBefore = await balanceOf(hot);
    const sweeper = createSweeper({
      context: runtime.context,
      network,
      client,
      depositXprv: chain.env.DEPOSIT_XPRV as string,
      hotWalletAddress: hot,
      gasKey: sweepGasPrivateKey(chain.env.DEPOSIT_XPRV as string),
    });
    const swept = await sweeper.step();
    const mine = swept.find((sweep) => sweep.fromAddress.toLowerCase() === address.toLowerCase());
    expect(mine).toMatchObject({ status: 'confirmed', asset: 'USDT', amount: '200' });
    expect(mine?.sweepHash).toMatch(/^0x[0-9a-f]{64}$/);
    expect(await balanceOf(address)).toBe(0n);
    expect((await balanceOf(hot)) - hotBefore).toBeGreaterThanOrEqual(usdt(200));
    const receipt = await client.getTransactionReceipt({ hash: mine?.sweepHash as Hex });
    expect(receipt.status).toBe('success');
    // Nothing left to sweep: a second pass sends nothing.
    expect((await sweeper.step()).filter((sweep) => sweep.fromAddress.toLowerCase() === address.toLowerCase())).toEqual(
      [],
    );
    const treasury = await treasuryChain(runtime.context, hot);
    expect(treasury.sweeps.some((sweep) => sweep.sweepHash === mine?.sweepHash)).toBe(true);
    expect(treasury.networks[0]?.hotWallet.balances.USDT).not.toBe('0');
    // The hot wallet sent nothing (its nonce did not move): only the withdrawal signer sends from it.
    expect(await client.getTransactionCount({ address: hot })).toBe(hotSentBefore);
    // The ledger still owes the user: sweeping moves chain funds, not balances.
    expect(await liveBalance(user.id, 'USDT')).toBe(usdt(200));
    // The gas the sweeper sent to the deposit address is the platform's, not a deposit: once
    // confirmed it is neither recorded nor credited, and the user is told nothing of it.
    await chain.mine(2);
    await watcher.step();
    const recorded = await listRecharge(runtime.context, user.id, { page: 1, size: 20 });
    expect(recorded.items.map((deposit) => deposit.asset)).toEqual(['USDT']);
    expect(await liveBalance(user.id, 'ETH')).toBe(0n);
    expect(await notifications(user.id, 'deposit_below_minimum')).toBe(0);
    await expectCleanLedger();
  }, 90_000);

  it('runs the watcher as a singleton worker from start(): credits a deposit by itself and stops cleanly', async () => {
    const worker = createDepositsRuntime({
      db,
      apiPrefix: '/swx/customer',
      clock: systemClock,
      log: silent,
      chains: runtime.context.chains,
      depositXpub: chain.env.DEPOSIT_XPUB as string,
      depositXprv: null,
      hotWalletAddress: null,
      btcAddress: null,
      tron: null,
      tronUsdtContract: 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t',
      sandbox: true,
      reviews,
      alerts: runtime.context.alerts,
      lockConnection: { connectionString: testApp.database.url },
      worker: true,
      pollMs: 50,
    });
    worker.start();
    try {
      const user = await createUserWithSession(testApp);
      const address = (await depositAddressFor(worker.context, user.id, { asset: 'USDT', network: 'local' })).address;
      await chain.mint('USDT', address as Hex, usdt(121));
      const deadline = Date.now() + 20_000;
      while ((await liveBalance(user.id, 'USDT')) === 0n && Date.now() < deadline) {
        await chain.mine(1);
        await new Promise((resolve) => setTimeout(resolve, 200));
      }
      expect(await liveBalance(user.id, 'USDT')).toBe(usdt(121));
      expect(worker.watchers.has('local')).toBe(true);
      expect(worker.sweepers.size).toBe(0);
    } finally {
      await worker.stop();
    }
    await expectCleanLedger();
  }, 60_000);
});
