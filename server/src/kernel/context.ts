import type { EndpointPath, Lang, LivePath, RequestOutput, ResponseData } from '@nexa/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../config';
import type { Store } from '../store';
import type { AssetRegistry } from './assets';
import type { Clock } from './clock';
import type { Mailer } from './mailer';
import type { Outbox } from './outbox';
import type { RateLimiter } from './rate-limit';
import type { SettingsService } from './settings';

export type { OperatorRole } from '@nexa/contract';

export interface OperatorUser {
  readonly id: number;
  readonly name: string;
  readonly roles: readonly string[];
  /** The session the call came with (logout revokes it). */
  readonly sessionId: number;
  /** A confirmed second factor (TOTP). */
  readonly secondFactor: boolean;
}

/** The signed-in caller, as the transport resolved it from the token. */
export interface AuthUser {
  readonly id: number;
  readonly uid: string;
  readonly address: string;
  readonly sessionId: number;
}

/** Shared machinery handed to every module and handler. */
export interface AppDeps {
  readonly config: Config;
  readonly store: Store;
  readonly clock: Clock;
  readonly limiter: RateLimiter;
  readonly log: FastifyBaseLogger;
  readonly mailer: Mailer;
  readonly settings: SettingsService;
  readonly assets: AssetRegistry;
  /** Events that move money in reaction to others: written with their cause, delivered by event id. */
  readonly outbox: Outbox;
}

export interface Ctx<P extends EndpointPath> {
  readonly body: RequestOutput<P>;
  readonly lang: Lang;
  readonly ip: string;
  /** The caller's User-Agent (at most 400 characters; "" without one): what the devices screen names. */
  readonly userAgent: string;
  readonly user: AuthUser | null;
  /** The operator calling, when the transport resolved one (what `op()` answers, without throwing). */
  readonly operator?: OperatorUser | null;
  /** The caller; throws SessionInvalid when there is none (never happens on calls that need a token). */
  me(): AuthUser;
  /** The operator calling an operator call; throws SessionInvalid when there is none. */
  op(): OperatorUser;
}

export type Handler<P extends EndpointPath> = (ctx: Ctx<P>) => Promise<ResponseData<P>>;

/** One handler per live call: a live call without one does not compile. */
export type Handlers = { [P in LivePath]: Handler<P> };
