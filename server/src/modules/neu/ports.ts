/**
 * What the NEU line is wired to, one port each: NEU staking (the earn module's staking line `neu`), NEU machines
 * (the mining module's line `neu`), the wallet's flows for the line's assets and the referral team's kept
 * figures. The app builds each from the module that owns it.
 */
import type { ExactDecimal, RequestOutput, ResponseData } from '@nexa/contract';
import type { ConfirmInput } from '../../ports/confirm';

type PledgeOrder = ResponseData<'/api/neuPledge/getOrder'>;

/** NEU staking: the earn module's staking line `neu`. */
export interface NeuStakingPort {
  info(): Promise<ResponseData<'/api/neuPledge/pledgeInfo'>>;
  stake(userId: number, body: RequestOutput<'/api/neuPledge/balanceGetOrder'>): Promise<PledgeOrder>;
  operate(
    userId: number,
    body: { id: number; action: 'redeem' | 'renew' | 'no_renew'; request_id?: string | undefined },
  ): Promise<PledgeOrder>;
  list(
    userId: number,
    q: RequestOutput<'/api/neuPledge/pledgeList'>,
  ): Promise<ResponseData<'/api/neuPledge/pledgeList'>>;
  order(userId: number, id: number): Promise<PledgeOrder>;
  /** NEU staked in orders in progress, everyone's. */
  staked(): Promise<string>;
  ranking(
    userId: number,
    q: RequestOutput<'/api/neu/rankingList'>,
  ): Promise<ResponseData<'/api/neu/rankingList'>>;
}

/** NEU machines: the mining module's line `neu`. */
export interface NeuMachinesPort {
  catalogue(q: { page: number; size: number }): Promise<ResponseData<'/api/machine/list'>>;
  buy(
    userId: number,
    body: RequestOutput<'/api/neu/buyMachine'>,
  ): Promise<ResponseData<'/api/neu/buyMachine'>>;
  orders(
    userId: number,
    q: { page: number; size: number; status?: 'running' | 'expired' | undefined },
  ): Promise<{ list: ResponseData<'/api/neu/buyMachine'>[]; total: number }>;
  power(userId: number): Promise<ResponseData<'/api/machine/machinePowerInfo'>>;
  periods(userId: number, q: { page: number; size: number }): Promise<ResponseData<'/api/neu/periodList'>>;
  /** The quota granted per unit paid, as text. */
  quotaPerPay(): Promise<string>;
}

/** The wallet's flows, for the line's assets. */
export interface NeuWalletPort {
  withdraw(
    userId: number,
    body: {
      asset: string;
      chain: string;
      address: string;
      amount: ExactDecimal;
      request_id?: string | undefined;
    } & ConfirmInput,
  ): Promise<ResponseData<'/api/neu/withdrawalNeu'>>;
  transfer(
    userId: number,
    body: {
      to: string;
      asset: string;
      amount: ExactDecimal;
      remark: string;
      request_id?: string | undefined;
    } & ConfirmInput,
  ): Promise<ResponseData<'/api/neu/spaQuotaTransfer'>>;
  transfers(
    userId: number,
    f: { direction?: 'in' | 'out' | undefined; symbol: string },
    p: { page: number; size: number },
  ): Promise<{ list: ResponseData<'/api/neu/spaQuotaTransfer'>[]; total: number }>;
  exchangeInfo(
    userId: number,
    q: { from?: string; to?: string; amount?: ExactDecimal; page: number; page_num: number },
    only: string,
  ): Promise<ResponseData<'/api/exchange/getExchangeInfo'>>;
  exchange(
    userId: number,
    body: RequestOutput<'/api/neu/getNeuExchangeOrder'>,
  ): Promise<ResponseData<'/api/neu/getNeuExchangeOrder'>>;
  /** USDT per unit of an asset, 18 decimals, from the one price source (null without a price). */
  priceUsdt18(symbol: string): Promise<bigint | null>;
}

/** The referral team's kept figures. */
export interface NeuTeamPort {
  list(userId: number, q: { page: number; size: number }): Promise<ResponseData<'/v1/user/teamList'>>;
  summary(userId: number): Promise<ResponseData<'/api/user/smarInvitation'>>;
}
