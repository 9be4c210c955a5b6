import { z } from 'zod';
import { live, liveList } from '../../endpoint';
import { zExactAmount } from '../../money';
import { zRecordDetail } from '../../remarks';
import { TX_HASH_PATTERN, zTime } from '../../schemas';
import {
  addAddressEndpoint,
  addressesEndpoint,
  deleteAddressEndpoint,
  setWhitelistEndpoint,
} from './address-book';
import {
  DEFAULT_CHAIN,
  transferErrors,
  transferRequest,
  withdrawErrors,
  withdrawRequest,
  zAsset,
  zRequestId,
} from './money-out';
import { statementCsvEndpoint, statementEndpoint } from './statement';

export { DEFAULT_CHAIN, transferErrors, withdrawErrors, zAsset, zRequestId } from './money-out';

export const ACCOUNT_KINDS = ['spot', 'futures', 'shop', 'card'] as const;
export const zAccountKind = z.enum(ACCOUNT_KINDS);
export type AccountKind = (typeof ACCOUNT_KINDS)[number];

export function isAccountKind(value: unknown): value is AccountKind {
  return typeof value === 'string' && (ACCOUNT_KINDS as readonly string[]).includes(value);
}

/** 1 = all, 2 = money in, 3 = money out. */
export const zAmountType = z.coerce.number().int().min(1).max(3).optional();

export const RECORD_STATUS = ['pending', 'approved', 'failed'] as const;
export const zRecordStatus = z.enum(RECORD_STATUS);

/** One line of an asset record: what moved, when and why. `amount` is signed. */
export const zAssetRecord = z.object({
  id: z.number().int(),
  transaction_id: z.number().int(),
  asset: z.string(),
  account: z.string(),
  /** The cause: deposit, withdrawal, transfer_in, transfer_out, exchange, internal_transfer, … */
  type: z.string(),
  amount: z.string(),
  balance_after: z.string(),
  /** The remark as the journal keeps it (shown as written where `detail` is null). */
  remark: z.string(),
  /** The remark's facts, for the app to word in the user's language. */
  detail: zRecordDetail.nullable(),
  /** For a line that went out: what came back in the same entry (an order's unused hold). */
  returned: z.string(),
  time: zTime,
});

export const zBalance = z.object({
  asset: z.string(),
  name: z.string(),
  account: zAccountKind,
  available: z.string(),
  frozen: z.string(),
  /** Value of available + frozen in USDT at the reference price. */
  usdt_value: z.string(),
  display_precision: z.number().int(),
});

export const zDeposit = z.object({
  id: z.number().int(),
  asset: z.string(),
  amount: z.string(),
  chain: z.string(),
  tx_hash: z.string(),
  address: z.string().nullable(),
  status: zRecordStatus,
  reason: z.string().nullable(),
  confirmations: z.number().int().nullable(),
  /** Pending on a watched network, already credited: locked in the balance until final. */
  locked: z.boolean(),
  /** The transaction on the network's explorer (null for a reported deposit an operator confirms). */
  tx_url: z.string().nullable(),
  time: zTime,
});

export const zWithdrawal = z.object({
  id: z.number().int(),
  asset: z.string(),
  amount: z.string(),
  fee: z.string(),
  chain: z.string(),
  address: z.string(),
  status: zRecordStatus,
  /** requested, first_approved, sending, queued (hot wallet low), sent (broadcast), completed, rejected, send_failed */
  stage: z.string(),
  tx_hash: z.string().nullable(),
  /** The sent transaction on the network's explorer, once it has a hash. */
  tx_url: z.string().nullable(),
  reason: z.string().nullable(),
  time: zTime,
});

export const zTransfer = z.object({
  id: z.number().int(),
  direction: z.enum(['in', 'out']),
  counterparty: z.object({ uid: z.string(), address: z.string() }),
  asset: z.string(),
  amount: z.string(),
  remark: z.string(),
  time: zTime,
});

export const zExchangeRecord = z.object({
  id: z.number().int(),
  from_asset: z.string(),
  to_asset: z.string(),
  from_amount: z.string(),
  to_amount: z.string(),
  fee: z.string(),
  /** The fee is paid in the market's quote asset (USDT). */
  fee_asset: z.string(),
  rate: z.string(),
  time: zTime,
});

export const zQuote = z.object({
  quote_id: z.string(),
  from_asset: z.string(),
  to_asset: z.string(),
  from_amount: z.string(),
  /** What arrives, after the fee: exactly this, or the exchange is refused. */
  to_amount: z.string(),
  /** Fee, in `fee_asset` (the market's quote asset, USDT). */
  fee: z.string(),
  fee_asset: z.string(),
  rate: z.string(),
  /**
   * Kept for old clients: always "0". The quote's amounts are exactly what an exchange at it moves; a book
   * that gives less refuses it.
   */
  slippage: z.string(),
  expires_at: zTime,
});

/**
 * Confirming an exchange at a quote. `from_amount` and `to_amount`, when sent, are the figures the user
 * confirmed: they must be the quote's to the unit (QuoteExpired otherwise).
 */
export const zExchangeConfirm = z.object({
  quote_id: z.string().min(1).max(64),
  request_id: zRequestId.optional(),
  from_amount: zExactAmount.optional(),
  to_amount: zExactAmount.optional(),
});

const logFilters = { amount_type: zAmountType, type: z.string().max(40).optional() };

const assetLog = (asset: string) =>
  liveList('wallet', {
    summary: `${asset} records of the spot account: type, amount, time, remark`,
    filters: logFilters,
    item: zAssetRecord,
  });

const zAdminDeposit = zDeposit.extend({
  /** The user's id in the operator console (its calls on users take it). */
  user_id: z.number().int(),
  user: z.object({ uid: z.string(), address: z.string() }),
  /** Operators who approved a manual credit, in order (the first made it). */
  approvals: z.array(z.string()),
  /** Two from the threshold on (`deposit.manual_second_approval_usdt`), else one. */
  required_approvals: z.number().int(),
  /** Another user claims the same transfer. */
  contested: z.boolean(),
});
/**
 * One signed version of a hot wallet's payment, as stored before it was broadcast: a replacement keeps the
 * nonce with higher fees; a retried send retires the versions of the failed attempt.
 */
const zSignedVersion = z.object({
  nonce: z.number().int(),
  tx_hash: z.string(),
  from: z.string(),
  /** The fee caps it was signed with, in gwei. */
  max_fee_gwei: z.string(),
  priority_fee_gwei: z.string(),
  /**
   * What it offers in fees, in its network's words: EVM fee caps ("30 / 1.5 gwei"), Tron's limit ("≤ 30 TRX"),
   * Bitcoin's rate ("12 sat/vB").
   */
  fees: z.string(),
  /** The chain's head when it was (last) broadcast; null if never. */
  sent_block: z.number().int().nullable(),
  retired: z.boolean(),
  time: zTime,
});

const zAdminWithdrawal = zWithdrawal.extend({
  user_id: z.number().int(),
  user: z.object({ uid: z.string(), address: z.string() }),
  approvals: z.array(z.string()),
  required_approvals: z.number().int(),
  /** The signed versions of its payment, oldest first (none where it was paid by hand or not yet). */
  sends: z.array(zSignedVersion),
});

/** A user's id as the operator console names it (the database id, not the public UID). */
const zUserId = z.number().int().positive().max(2_147_483_647);

/** One posting of a user's account, as the operator reads the journal. */
const zAdminPosting = z.object({
  id: z.number().int(),
  transaction_id: z.number().int(),
  time: zTime,
  /** The account kind: spot, futures, shop, card. */
  account: z.string(),
  asset: z.string(),
  /** available or frozen: the part of the account the posting moved. */
  bucket: z.enum(['available', 'frozen']),
  /** The ledger cause: deposit, withdrawal.request, transfer, … */
  cause: z.string(),
  /** The business record behind it (withdrawal, order, …). */
  reference: z.string(),
  remark: z.string(),
  /** Signed. */
  amount: z.string(),
  /** That part of the account right after this posting. */
  balance_after: z.string(),
});

/** One past use of an address: a withdrawal to it or a deposit on it. */
const zAddressUse = z.object({
  id: z.number().int(),
  user_id: z.number().int(),
  uid: z.string(),
  asset: z.string(),
  amount: z.string(),
  chain: z.string(),
  status: zRecordStatus,
  /** Withdrawals: requested, first_approved, sending, queued, sent, completed, rejected, send_failed; deposits: as status. */
  stage: z.string(),
  time: zTime,
});

export const walletEndpoints = {
  '/api/finance/userFinance': live('wallet', {
    summary: 'Balances per asset and account, with the total in USDT',
    request: z.object({ account: zAccountKind.optional() }),
    data: z.object({ total_usdt: z.string(), list: z.array(zBalance) }),
  }),
  '/api/user/usdtLog': assetLog('USDT'),
  '/api/user/bwcLog': assetLog('BWC'),
  '/api/user/bwtLog': assetLog('BWT'),
  '/api/user/aleoLog': assetLog('ALEO'),
  '/api/user/domiLog': assetLog('DOMI'),
  '/api/user/satsLog': assetLog('SATS'),
  '/api/user/incomeLog': liveList('wallet', {
    summary: 'Income from reward programs, all assets',
    filters: { amount_type: zAmountType, symbol: zAsset.optional() },
    item: zAssetRecord,
  }),
  '/api/user/lock_coin': liveList('wallet', {
    summary: 'Locked (frozen) amounts: pending withdrawals, open orders and other holds',
    filters: { symbol: zAsset.optional() },
    item: zAssetRecord,
  }),
  '/api/assets/moneyRecord': liveList('wallet', {
    summary: 'Asset records: the journal by asset and account, with filters',
    filters: {
      symbol: zAsset.optional(),
      account: zAccountKind.optional(),
      type: z.string().max(40).optional(),
      amount_type: zAmountType,
    },
    item: zAssetRecord,
  }),
  '/api/moneylog/moneyDetail': liveList('wallet', {
    summary: 'Money detail: every record of every asset, or the lines of one transaction (`id`)',
    filters: { id: z.coerce.number().int().positive().optional() },
    item: zAssetRecord,
  }),
  '/api/exchange/getExchangeInfo': liveList('wallet', {
    summary:
      'Exchange: live prices of the assets that have a market against USDT, fee, a quote from the live book (valid 30 s) when from/to/amount are given, and the exchange log',
    style: 'page_num',
    pageSize: 100,
    filters: { from: zAsset.optional(), to: zAsset.optional(), amount: zExactAmount.optional() },
    item: zExchangeRecord,
    extraData: {
      fee_rate: z.string(),
      quote_ttl_s: z.number().int(),
      prices: z.array(z.object({ asset: z.string(), usdt_price: z.string() })),
      quote: zQuote.nullable(),
    },
    errors: ['NotAvailable', 'ExchangeUnavailable', 'InsufficientLiquidity', 'BelowMinimum', 'RateLimited'],
  }),
  '/api/exchange/exchange': live('wallet', {
    summary:
      'Exchange at a quote from getExchangeInfo: moves exactly the quote’s from_amount and to_amount, or is refused (PriceMoved when the book gives less, QuoteExpired when old, used or not the figures confirmed)',
    request: zExchangeConfirm,
    data: zExchangeRecord,
    errors: [
      'QuoteExpired',
      'InsufficientBalance',
      'IdempotencyConflict',
      'NotFound',
      'ExchangeUnavailable',
      'InsufficientLiquidity',
      'BelowMinimum',
      'OrderRejected',
      'PriceMoved',
    ],
  }),
  '/api/withdraw/receiveUsdt': live('wallet', {
    summary: 'The deposit (receive) address of the user for USDT on a chain',
    request: z.object({ chain: z.string().max(20).default(DEFAULT_CHAIN) }),
    data: z.object({
      asset: z.string(),
      chain: z.string(),
      address: z.string().nullable(),
      confirmations: z.number().int(),
      /** Without a chain adapter, deposits are confirmed by an operator. */
      mode: z.enum(['chain', 'operator']),
    }),
  }),
  '/api/recharge/networks': live('wallet', {
    summary:
      "Where to deposit: per asset and network the user's own address, the minimum, the confirmations " +
      'needed and whether it is credited by itself; and the demo funds the user may claim',
    extension: true,
    request: z.object({}),
    data: z.object({
      list: z.array(
        z.object({
          asset: z.string(),
          /** What deposits on it are recorded under (`chain` of the deposit records and reports). */
          chain: z.string(),
          /** The network's name as users know it: ERC20, TRC20, BEP20, Bitcoin. */
          network: z.string(),
          min: z.string(),
          /** Confirmations after which a deposit is final (movable). */
          confirmations: z.number().int(),
          /**
           * Watched networks: confirmations after which a deposit is credited, locked until `confirmations`
           * (taken back if its block leaves the chain first); equal to `confirmations` where both come at once.
           */
          credit_confirmations: z.number().int(),
          address: z.string().nullable(),
          address_url: z.string().nullable(),
          /** `chain`: watched and credited by itself; `operator`: report the hash, an operator confirms. */
          mode: z.enum(['chain', 'operator']),
        }),
      ),
      /** The addresses come from the demo's key: nothing sent to them can ever be spent. */
      demo_key: z.boolean(),
      /** Demo funds (only where the demo is on): what a claim pays, and when the next claim opens. */
      faucet: z.object({ asset: z.string(), amount: z.string(), next_at: zTime.nullable() }).nullable(),
    }),
  }),
  '/api/recharge/faucet': live('wallet', {
    summary: 'Claim demo funds (demo only): paid from the demo pool, once per user and platform day',
    extension: true,
    request: z.object({}),
    data: z.object({ asset: z.string(), amount: z.string(), next_at: zTime }),
    errors: ['FaucetClaimed', 'FaucetEmpty', 'RateLimited', 'NotAvailable'],
  }),
  '/api/recharge/recharge': live('wallet', {
    summary: 'Report a deposit by its transaction hash: verified on chain, or confirmed by an operator',
    request: z.object({
      asset: zAsset.default('USDT'),
      chain: z.string().max(20).default(DEFAULT_CHAIN),
      tx_hash: z.string().trim().regex(TX_HASH_PATTERN, { message: 'invalid_format' }),
      /** Only for operator-confirmed deposits (no chain adapter); a chain deposit's amount comes from the chain. */
      amount: zExactAmount.optional(),
    }),
    data: z.object({ list: z.array(zDeposit) }),
    errors: ['NotFound', 'BlockProcessing'],
  }),
  '/v1/recharge/list': liveList('wallet', {
    summary: 'Deposit records with status (pending approval, approved, failed)',
    filters: { status: zRecordStatus.optional(), symbol: zAsset.optional() },
    item: zDeposit,
  }),
  '/api/withdraw/index': live('wallet', {
    summary: 'Request a withdrawal: amount + fee are frozen until an operator approves or rejects',
    request: withdrawRequest,
    data: zWithdrawal,
    errors: withdrawErrors,
  }),
  '/api/withdraw/withdrawCoin': live('wallet', {
    summary: 'Request a withdrawal of another withdrawable asset (same rules as USDT)',
    request: withdrawRequest,
    data: zWithdrawal,
    errors: withdrawErrors,
  }),
  '/api/withdraw/list': liveList('wallet', {
    summary: "Withdrawal records with status, and the withdrawal rules with what is left of today's limit",
    filters: { status: zRecordStatus.optional(), symbol: zAsset.optional() },
    item: zWithdrawal,
    extraData: {
      rules: z.array(
        z.object({
          asset: z.string(),
          min: z.string(),
          fee: z.string(),
          daily_limit: z.string(),
          daily_left: z.string(),
          dual_approval_from: z.string(),
          /** The chains it is withdrawn on (`evm`, `tron`, `bsc`, …): those a hot wallet pays, else `evm`. */
          networks: z.array(z.string()),
        }),
      ),
      transfer_min: z.string(),
    },
  }),
  '/api/transfer/index': live('wallet', {
    summary: 'Transfer to another user by address or UID (no fee)',
    request: transferRequest,
    data: zTransfer,
    errors: transferErrors,
  }),
  '/api/user/transfer': live('wallet', {
    summary: 'Transfer to another user by address or UID (same as /api/transfer/index)',
    request: transferRequest,
    data: zTransfer,
    errors: transferErrors,
  }),
  '/api/transfer/recipient': live('wallet', {
    summary:
      'Who a transfer would reach, before it is made: the UID for an address, the masked address for a UID',
    extension: true,
    request: z.object({ to: z.string().trim().min(1).max(64) }),
    data: z.object({
      uid: z.string(),
      /** The recipient's address, masked (head…tail): enough to recognise, not to harvest. */
      address: z.string(),
      /** The caller's own account (a transfer to it is refused). */
      self: z.boolean(),
    }),
    errors: ['RecipientNotFound', 'RateLimited'],
  }),
  '/api/transfer/transferList': liveList('wallet', {
    summary: 'Transfers to and from other users',
    filters: { direction: z.enum(['in', 'out']).optional(), symbol: zAsset.optional() },
    item: zTransfer,
  }),
  '/api/transferBalance/index': live('wallet', {
    summary: 'Internal transfer between own accounts (spot, futures, shop, card): instant, no fee',
    request: z.object({
      asset: zAsset.default('USDT'),
      from: zAccountKind,
      to: zAccountKind,
      amount: zExactAmount,
      request_id: zRequestId.optional(),
    }),
    data: z.object({ from: zBalance, to: zBalance }),
    errors: ['InsufficientBalance', 'SameAccount', 'CrossMarginKept', 'IdempotencyConflict'],
  }),
  '/admin/deposits/list': liveList('wallet', {
    extension: true,
    access: { roles: ['finance', 'support'] },
    summary: 'Deposits, newest first, by status',
    filters: { status: zRecordStatus.optional() },
    item: zAdminDeposit,
  }),
  '/admin/deposits/confirm': live('wallet', {
    extension: true,
    access: { roles: ['finance'], acts: true, money: true },
    summary: 'Confirm a pending deposit claim (by id), or record and credit an operator-confirmed deposit',
    request: z.object({
      deposit_id: z.coerce.number().int().positive().optional(),
      /** With no deposit_id: the user (address or UID), asset, amount and tx hash of the deposit. */
      user: z.string().trim().max(64).optional(),
      asset: zAsset.optional(),
      amount: zExactAmount.optional(),
      tx_hash: z.string().trim().max(80).optional(),
      /** Why the operator confirms: kept in the audit log with the change. */
      reason: z.string().trim().min(1).max(200).optional(),
    }),
    data: zAdminDeposit,
    errors: ['NotFound', 'InvalidState', 'Forbidden', 'RateLimited', 'SecondFactorRequired'],
  }),
  '/admin/deposits/reject': live('wallet', {
    extension: true,
    access: { roles: ['finance'], acts: true },
    summary: 'Reject a pending deposit claim with a reason the user sees',
    request: z.object({
      deposit_id: z.coerce.number().int().positive(),
      reason: z.string().trim().min(1).max(200),
    }),
    data: zAdminDeposit,
    errors: ['NotFound', 'InvalidState', 'Forbidden', 'RateLimited', 'SecondFactorRequired'],
  }),
  '/admin/withdrawals/list': liveList('wallet', {
    extension: true,
    access: { roles: ['finance', 'support'] },
    summary: 'Withdrawals, newest first, by status',
    filters: { status: zRecordStatus.optional() },
    item: zAdminWithdrawal,
  }),
  '/admin/withdrawals/approve': live('wallet', {
    extension: true,
    access: { roles: ['finance'], acts: true, money: true },
    summary: 'Approve a withdrawal; the last required approval sends it on chain',
    request: z.object({
      withdrawal_id: z.coerce.number().int().positive(),
      /** Without a chain adapter: the hash of the payment the operator made. */
      tx_hash: z.string().trim().max(80).optional(),
      /** Why the operator approves: kept in the audit log with the change. */
      reason: z.string().trim().min(1).max(200).optional(),
    }),
    data: zAdminWithdrawal,
    errors: [
      'NotFound',
      'InvalidState',
      'Forbidden',
      'RateLimited',
      'SecondFactorRequired',
      'ConflictOfInterest',
    ],
  }),
  '/admin/wallet/balances': live('wallet', {
    extension: true,
    access: { roles: ['finance', 'support'] },
    summary:
      "A user's ledger accounts: per account kind and asset, available and frozen (accounts never used are absent)",
    request: z.object({ user_id: zUserId }),
    data: z.object({
      list: z.array(
        z.object({ account: z.string(), asset: z.string(), available: z.string(), frozen: z.string() }),
      ),
    }),
    errors: ['NotFound'],
  }),
  '/admin/wallet/journal': liveList('wallet', {
    extension: true,
    access: { roles: ['finance', 'support'] },
    summary:
      "A user's postings, newest first, with the cause, reference, signed amount and the balance each left",
    filters: {
      user_id: zUserId,
      asset: zAsset.optional(),
      account: zAccountKind.optional(),
      bucket: z.enum(['available', 'frozen']).optional(),
    },
    item: zAdminPosting,
    errors: ['NotFound'],
  }),
  '/admin/wallet/addressUse': live('wallet', {
    extension: true,
    access: { roles: ['finance', 'support'] },
    summary:
      "An address's past use across users: withdrawals to it and deposits on it (newest 50 of each), whose " +
      'address it is, and how many users used it',
    request: z.object({ address: z.string().trim().min(1).max(120) }),
    data: z.object({
      address: z.string(),
      /** The user whose sign-in or deposit address it is. */
      owner: z
        .object({ user_id: z.number().int(), uid: z.string(), kind: z.enum(['sign_in', 'deposit']) })
        .nullable(),
      /** Different users among its withdrawals and deposits. */
      users: z.number().int(),
      withdrawals: z.object({ list: z.array(zAddressUse), total: z.number().int() }),
      deposits: z.object({ list: z.array(zAddressUse), total: z.number().int() }),
    }),
  }),
  '/admin/withdrawals/reject': live('wallet', {
    extension: true,
    access: { roles: ['finance'], acts: true },
    summary: 'Reject a withdrawal: the hold is released and the reason shown to the user',
    request: z.object({
      withdrawal_id: z.coerce.number().int().positive(),
      reason: z.string().trim().min(1).max(200),
    }),
    data: zAdminWithdrawal,
    errors: [
      'NotFound',
      'InvalidState',
      'Forbidden',
      'RateLimited',
      'SecondFactorRequired',
      'ConflictOfInterest',
    ],
  }),
  '/api/wallet/addresses': addressesEndpoint,
  '/api/wallet/addAddress': addAddressEndpoint,
  '/api/wallet/deleteAddress': deleteAddressEndpoint,
  '/api/wallet/setWhitelist': setWhitelistEndpoint,
  '/api/records/statement': statementEndpoint,
  '/api/records/statementCsv': statementCsvEndpoint,
} as const;
