import type { Generated } from 'kysely';

export type PaymentsTables = WithdrawalsTables & {
  payments_asset_settings: {
    asset: string;
    deposit_minimum: string;
    withdrawal_minimum: Generated<string>;
    withdrawal_maximum: string | null;
    withdrawal_fee_rate: Generated<string>;
    updated_at: Generated<Date>;
  };
} & DepositsTables;

/** Deposits (issue 15, migration 0019): addresses, chain cursor and blocks, deposits, sweeps, wallet links. */
export type DepositsTables = {
  payments_address_sequences: { network: string; next_index: Generated<number> };
  payments_deposit_addresses: {
    network: string;
    user_id: string;
    address_index: number;
    address: string;
    created_at: Date;
  };
  payments_chain_cursors: { network: string; block_number: string; updated_at: Date };
  /** The Tron watcher's position per deposit address (migration 0021). */
  payments_tron_cursors: { address: string; last_timestamp: string; updated_at: Date };
  payments_chain_blocks: { network: string; block_number: string; block_hash: string; parent_hash: string };
  payments_deposits: {
    id: Generated<string>;
    user_id: string;
    network: string;
    asset: string;
    amount: string;
    tx_hash: string | null;
    log_index: number | null;
    block_number: string | null;
    block_hash: string | null;
    from_address: string | null;
    to_address: string | null;
    source: 'watcher' | 'wallet' | 'manual';
    status: 'pending' | 'below_minimum' | 'credited' | 'pending_review' | 'rejected' | 'orphaned';
    reason: string | null;
    wallet_address: string | null;
    token_type: string | null;
    gas_used: string | null;
    from_last6: string | null;
    proof_file_id: string | null;
    confirmed_at: Date | null;
    credit_transfer_id: string | null;
    created_at: Date;
    updated_at: Date;
    credited_at: Date | null;
  };
  payments_sweeps: {
    id: Generated<string>;
    network: string;
    from_address: string;
    address_index: number;
    asset: string;
    amount: string;
    to_address: string;
    gas_funding_hash: string | null;
    signed_tx: string | null;
    sweep_hash: string | null;
    status: 'funding' | 'signed' | 'broadcast' | 'confirmed' | 'failed';
    error: string | null;
    created_at: Date;
    updated_at: Date;
  };
  payments_wallet_links: { network: string; address: string; user_id: string; linked_at: Date };
  payments_wallet_link_nonces: {
    nonce: string;
    user_id: string;
    network: string;
    address: string;
    message: string;
    expires_at: Date;
    used_at: Date | null;
  };
};

/** Withdrawals (issue 15, migration 0020): the address book, the withdrawals, the signer's nonces. */
export type WithdrawalsTables = {
  payments_withdrawal_addresses: {
    id: Generated<string>;
    user_id: string;
    network: string;
    address: string;
    address_key: string;
    label: Generated<string>;
    token_hash: Buffer | null;
    token_expires_at: Date | null;
    confirmed_at: Date | null;
    usable_at: Date | null;
    created_at: Generated<Date>;
  };
  payments_withdrawals: {
    id: Generated<string>;
    user_id: string;
    asset: string;
    network: string;
    address: string;
    amount: string;
    fee: string;
    status: string;
    requested_day: string;
    amount_hold_id: string | null;
    fee_hold_id: string | null;
    review_item_id: string | null;
    signer_address: string | null;
    nonce: string | null;
    signed_tx: string | null;
    tx_hash: string | null;
    signed_at: Date | null;
    broadcast_at: Date | null;
    mined_block: string | null;
    reason: string | null;
    reason_note: string | null;
    created_at: Date;
    updated_at: Date;
    completed_at: Date | null;
  };
  payments_signer_nonces: {
    network: string;
    address: string;
    next_nonce: string;
    updated_at: Generated<Date>;
  };
};
