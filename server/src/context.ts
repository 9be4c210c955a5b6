import type { EndpointPath, Lang, LivePath, RequestOutput, ResponseData } from '@nexa/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { Clock } from './clock';
import type { Config } from './config';
import type { OperatorUser } from './modules/admin';
import type { Mailer } from './modules/auth/mailer';
import type { SettingsService } from './modules/settings';
import type { Store } from './store';
import type { RateLimiter } from './transport/rate-limit';

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
}

export interface Ctx<P extends EndpointPath> {
  readonly body: RequestOutput<P>;
  readonly lang: Lang;
  readonly ip: string;
  readonly user: AuthUser | null;
  /** The caller; throws SessionInvalid when there is none (never happens on calls that need a token). */
  me(): AuthUser;
  /** The operator calling an operator call; throws SessionInvalid when there is none. */
  op(): OperatorUser;
}

export type Handler<P extends EndpointPath> = (ctx: Ctx<P>) => Promise<ResponseData<P>>;

/** One handler per live call: a live call without one does not compile. */
export type Handlers = { [P in LivePath]: Handler<P> };
