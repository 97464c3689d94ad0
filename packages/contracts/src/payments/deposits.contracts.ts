import { z } from 'zod';

/**
 * Deposits (issue 15): per-user deposit addresses watched on chain, wallet links, wallet-tracked
 * deposits and manual claims. Amounts are decimal strings in the asset's units, never numbers.
 */

export const CHAIN_NETWORKS = ['ethereum', 'sepolia', 'local', 'tron', 'bitcoin'] as const;
export const DEPOSIT_ASSETS = ['USDT', 'USDC', 'ETH', 'BTC'] as const;
export const DEPOSIT_STATUSES = [
  'pending',
  'below_minimum',
  'credited',
  'pending_review',
  'rejected',
  'orphaned',
] as const;
export const DEPOSIT_SOURCES = ['watcher', 'wallet', 'manual'] as const;

export const ZChainNetwork = z.enum(CHAIN_NETWORKS).describe('Network wire name');
export const ZEvmNetworkName = z.enum(['ethereum', 'sepolia', 'local']).describe('An EVM network');
export const ZDepositAsset = z.enum(DEPOSIT_ASSETS).describe('Asset code');
const ZDepositAmount = z
  .string()
  .trim()
  .regex(/^\d{1,20}(\.\d{1,18})?$/, 'a positive decimal number, at most 18 decimals')
  .describe('Amount in the asset, a decimal string');
const ZEvmAddr = z
  .string()
  .trim()
  .regex(/^0x[0-9a-fA-F]{40}$/, 'address must be 0x followed by 40 hex digits')
  .describe('EVM address (a mixed-case one must carry a valid EIP-55 checksum)');
const ZTxHash = z.string().trim().min(10).max(100).describe('Transaction hash (format checked per network)');

const ZTokenInfo = z.object({ address: z.string(), decimals: z.number().int() });

export const ZWalletNetworkConfig = z.object({
  network: ZChainNetwork,
  label: z.string().describe("Display name ('Sandbox chain' for local)"),
  chainId: z.number().int().nullable(),
  confirmations: z.number().int(),
  explorerTxUrl: z.string().nullable().describe('Prefix of a transaction link; null where no explorer exists'),
  tokens: z.object({ usdt: ZTokenInfo.optional(), usdc: ZTokenInfo.optional() }),
  native: z.enum(['ETH']).nullable(),
  watched: z.boolean().describe('A watcher credits deposits on this network'),
  manualOnly: z.boolean().describe('Deposits here take the manual-claim path'),
});
export const ZWalletPublicConfig = z.object({
  networks: z.array(ZWalletNetworkConfig),
  defaultNetwork: ZChainNetwork.nullable(),
  minimums: z.object({ USDT: z.string(), USDC: z.string(), ETH: z.string(), BTC: z.string() }),
  sandbox: z.boolean(),
});
export type TWalletPublicConfig = z.infer<typeof ZWalletPublicConfig>;
export type TWalletNetworkConfig = z.infer<typeof ZWalletNetworkConfig>;

export const ZDepositAddressQuery = z.object({ asset: ZDepositAsset, network: ZChainNetwork });
export type TDepositAddressQuery = z.infer<typeof ZDepositAddressQuery>;
export const ZDepositAddressResponse = z.object({
  asset: ZDepositAsset,
  network: ZChainNetwork,
  label: z.string(),
  address: z.string().describe("The caller's own deposit address on the network (BTC: the published address)"),
  minimum: z.string().describe('The smallest deposit credited without review'),
  confirmations: z.number().int().describe('Blocks required before the credit'),
  memo: z.null(),
});
export type TDepositAddressResponse = z.infer<typeof ZDepositAddressResponse>;

export const ZWalletLinkMessageQuery = z.object({ network: ZEvmNetworkName, address: ZEvmAddr });
export const ZWalletLinkMessageResponse = z.object({
  message: z.string().describe('The exact text to sign (personal_sign); holds a one-time nonce'),
  expiresAt: z.string().describe('ISO 8601; the message is refused after this'),
});
export type TWalletLinkMessageResponse = z.infer<typeof ZWalletLinkMessageResponse>;

export const ZWalletAuthRequest = z.object({
  network: ZEvmNetworkName,
  address: ZEvmAddr,
  message: z.string().min(1).max(2000).describe('The message from /wallet/link-message, unchanged'),
  signature: z
    .string()
    .trim()
    .regex(/^0x[0-9a-fA-F]{130}$/, 'signature must be 0x followed by 130 hex digits'),
});
export type TWalletAuthRequest = z.infer<typeof ZWalletAuthRequest>;
export const ZWalletAuthResponse = z.object({ linked: z.literal(true), network: ZEvmNetworkName, address: z.string() });
export type TWalletAuthResponse = z.infer<typeof ZWalletAuthResponse>;

export const ZWalletLink = z.object({ network: ZEvmNetworkName, address: z.string(), linkedAt: z.string() });
export const ZWalletAuthStatus = z.object({
  usdtAuthorized: z.boolean().describe('A wallet is linked on a network that carries USDT'),
  usdcAuthorized: z.boolean().describe('A wallet is linked on a network that carries USDC'),
  links: z.array(ZWalletLink),
});
export type TWalletAuthStatus = z.infer<typeof ZWalletAuthStatus>;

export const ZDeposit = z.object({
  id: z.string(),
  asset: ZDepositAsset,
  network: ZChainNetwork,
  networkLabel: z.string(),
  amount: z.string(),
  txHash: z.string().nullable(),
  txUrl: z.string().nullable().describe("Link to the network's explorer, where one exists"),
  logIndex: z.number().int().nullable().describe('Token transfer log index; -1 for a native transfer'),
  fromAddress: z.string().nullable(),
  toAddress: z.string().nullable(),
  source: z.enum(DEPOSIT_SOURCES),
  status: z.enum(DEPOSIT_STATUSES),
  confirmations: z.number().int().describe('Blocks so far, counted from the watcher head'),
  requiredConfirmations: z.number().int(),
  blockNumber: z.string().nullable(),
  reason: z.string().nullable().describe('Why it was rejected or held'),
  walletAddress: z.string().nullable().describe('Wallet flow: the sending wallet'),
  tokenType: z.string().nullable().describe('Wallet flow: the token'),
  gasUsed: z.string().nullable().describe('Wallet flow: gas used by the transaction'),
  createdAt: z.string(),
  creditedAt: z.string().nullable(),
});
export type TDeposit = z.infer<typeof ZDeposit>;

export const ZTrackDepositRequest = z.object({ network: ZEvmNetworkName, txHash: ZTxHash });
export type TTrackDepositRequest = z.infer<typeof ZTrackDepositRequest>;

export const ZManualDepositRequest = z.object({
  asset: ZDepositAsset,
  network: ZChainNetwork,
  amount: ZDepositAmount,
  txHash: ZTxHash,
  fromLast6: z
    .string()
    .trim()
    .regex(/^[0-9A-Za-z]{6}$/, 'the last six characters of the sending address')
    .describe('Last six characters of the sending address'),
  proofFileId: z.string().trim().min(1).max(64).describe('An upload of the caller (POST /upload)'),
});
export type TManualDepositRequest = z.infer<typeof ZManualDepositRequest>;

export const ZListRechargeQuery = z.object({
  page: z.coerce.number().int().min(1).default(1),
  size: z.coerce.number().int().min(1).max(100).default(20),
  status: z.enum(DEPOSIT_STATUSES).optional(),
});
export type TListRechargeQuery = z.infer<typeof ZListRechargeQuery>;
export const ZListRechargeResponse = z.object({
  items: z.array(ZDeposit),
  total: z.number().int(),
  page: z.number().int(),
  size: z.number().int(),
});
export type TListRechargeResponse = z.infer<typeof ZListRechargeResponse>;

const ZBalances = z.object({ USDT: z.string(), USDC: z.string(), ETH: z.string() });
export const ZTreasuryChainResponse = z.object({
  networks: z.array(
    z.object({
      network: ZEvmNetworkName,
      label: z.string(),
      hotWallet: z.object({ address: z.string().nullable(), balances: ZBalances }),
      depositAddresses: z.object({ count: z.number().int(), balances: ZBalances }),
      ledgerLiabilities: ZBalances.describe("Users' ledger balances (live book) per asset"),
    }),
  ),
  sweeps: z.array(
    z.object({
      id: z.string(),
      network: ZEvmNetworkName,
      fromAddress: z.string(),
      asset: ZDepositAsset,
      amount: z.string(),
      gasFundingHash: z.string().nullable(),
      sweepHash: z.string().nullable(),
      status: z.string(),
      createdAt: z.string(),
    }),
  ),
});
export type TTreasuryChainResponse = z.infer<typeof ZTreasuryChainResponse>;

/** Why an operator may reject a deposit claim or a below-minimum deposit (shown to the user). */
/**
 * The reasons the deposit watcher writes on a record it did not credit (a reorg removed its block;
 * a manual claim of the same transaction was credited first). The web's `deposit.reasons` texts
 * name these and the rejection reasons below.
 */
export const DEPOSIT_WATCHER_REASONS = { reorg: 'reorg', creditedByClaim: 'credited_by_claim' } as const;

export const DEPOSIT_REJECTION_REASONS = {
  not_received: {
    en: 'No matching transfer was found on the network.',
    ja: 'ネットワーク上に該当する送金が見つかりませんでした。',
    ko: '네트워크에서 일치하는 송금을 찾을 수 없습니다.',
    de: 'Im Netzwerk wurde keine passende Überweisung gefunden.',
    fr: 'Aucun transfert correspondant n’a été trouvé sur le réseau.',
    it: 'Sulla rete non è stato trovato alcun trasferimento corrispondente.',
    es: 'No se encontró ninguna transferencia coincidente en la red.',
    ar: 'لم يتم العثور على تحويل مطابق على الشبكة.',
    hk: '在網絡上找不到相符的轉賬。',
    zh: '在网络上找不到匹配的转账。',
  },
  amount_mismatch: {
    en: 'The amount does not match the transfer on the network.',
    ja: '金額がネットワーク上の送金と一致しません。',
    ko: '금액이 네트워크의 송금과 일치하지 않습니다.',
    de: 'Der Betrag stimmt nicht mit der Überweisung im Netzwerk überein.',
    fr: 'Le montant ne correspond pas au transfert sur le réseau.',
    it: 'L’importo non corrisponde al trasferimento sulla rete.',
    es: 'El importe no coincide con la transferencia en la red.',
    ar: 'المبلغ لا يطابق التحويل على الشبكة.',
    hk: '金額與網絡上的轉賬不符。',
    zh: '金额与网络上的转账不符。',
  },
  proof_unclear: {
    en: 'The proof does not show the transfer clearly.',
    ja: '証明書類から送金を明確に確認できません。',
    ko: '증빙 자료에서 송금을 명확히 확인할 수 없습니다.',
    de: 'Der Nachweis zeigt die Überweisung nicht eindeutig.',
    fr: 'La preuve ne montre pas clairement le transfert.',
    it: 'La prova non mostra chiaramente il trasferimento.',
    es: 'El comprobante no muestra claramente la transferencia.',
    ar: 'الإثبات لا يُظهر التحويل بوضوح.',
    hk: '證明未能清楚顯示該轉賬。',
    zh: '证明未能清楚显示该转账。',
  },
  not_sender: {
    en: 'The transfer was not sent from the address given.',
    ja: '送金は指定されたアドレスから送られていません。',
    ko: '송금이 입력한 주소에서 보내지지 않았습니다.',
    de: 'Die Überweisung wurde nicht von der angegebenen Adresse gesendet.',
    fr: 'Le transfert n’a pas été envoyé depuis l’adresse indiquée.',
    it: 'Il trasferimento non è stato inviato dall’indirizzo indicato.',
    es: 'La transferencia no se envió desde la dirección indicada.',
    ar: 'لم يُرسل التحويل من العنوان المذكور.',
    hk: '該轉賬並非從所提供的地址發出。',
    zh: '该转账并非从所提供的地址发出。',
  },
  policy: {
    en: 'The deposit cannot be accepted under the platform’s policy.',
    ja: 'この入金はプラットフォームの規定により受け付けられません。',
    ko: '이 입금은 플랫폼 정책상 받을 수 없습니다.',
    de: 'Die Einzahlung kann nach den Richtlinien der Plattform nicht angenommen werden.',
    fr: 'Le dépôt ne peut pas être accepté selon la politique de la plateforme.',
    it: 'Il deposito non può essere accettato secondo le regole della piattaforma.',
    es: 'El depósito no puede aceptarse según la política de la plataforma.',
    ar: 'لا يمكن قبول الإيداع وفق سياسة المنصة.',
    hk: '根據平台政策，此存款不獲接受。',
    zh: '根据平台政策，此充值不被接受。',
  },
} as const;
