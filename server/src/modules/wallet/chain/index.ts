export { type BitcoinChainOptions, createBitcoinChain } from './bitcoin';
export {
  createEvmChain,
  type EvmChain,
  type EvmChainOptions,
  type EvmNativeOptions,
  type EvmSigner,
  type EvmTokenOptions,
  httpSigner,
  localSigner,
} from './evm';
export { NodeAnswerError } from './node-http';
export { createTronChain, type TronChainOptions, type TronTokenOptions } from './tron';
export { httpTronSigner, localTronSigner, type TronSigner } from './tron-signer';
export type {
  ChainAdapter,
  ChainLogger,
  ChainSource,
  ConfirmedDeposit,
  DepositBook,
  FoundTransfer,
  HotPayer,
  HotWalletBalance,
  PaymentFees,
  PollResult,
  PreparedPayment,
  SentReceipt,
  SignedPayment,
  SubmittedDeposit,
} from './types';
export { NATIVE_INDEX } from './types';
export { createWatcher, type Watcher, type WatcherOptions } from './watcher';
