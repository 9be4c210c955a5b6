export { createEvmChain, type EvmChainOptions, type EvmTokenOptions } from './evm';
export type {
  ChainAdapter,
  ChainLogger,
  ConfirmedDeposit,
  HotWalletBalance,
  OnConfirmed,
  PollResult,
  SubmittedDeposit,
} from './types';
