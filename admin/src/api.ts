import {
  type ClientConfig,
  createEnvelopeCodec,
  type EndpointPath,
  headerForLang,
  LANG_HEADER,
  type RequestInput,
  type ResponseData,
} from '@nexa/contract';

/** The calls the console may make: the operator calls, and nothing else. */
export type AdminPath = Extract<EndpointPath, `/admin/${string}`>;

/** The operator calls that page with `page` + `size` and answer `{ list, total }`. */
export type AdminListPath = {
  [P in AdminPath]: RequestInput<P> extends { page?: unknown; size?: unknown }
    ? ResponseData<P> extends { list: unknown[]; total: number }
      ? P
      : never
    : never;
}[AdminPath];

/** One row of a list call's answer. */
export type ListItem<P extends AdminListPath> = ResponseData<P> extends { list: (infer T)[] } ? T : never;

export const CODE_SUCCESS = 200;
export const CODE_SESSION_INVALID = 406;

/**
 * A call that brought no data: the server's answer (`code`, its `msg` to show, its symbolic `error`), or
 * `unreachable` (network down, an answer that does not open), or `signedOut` (the session ended).
 */
export class ApiError extends Error {
  constructor(
    readonly code: number,
    message: string,
    readonly error: string | undefined,
  ) {
    super(message);
    this.name = 'ApiError';
  }
  get signedOut(): boolean {
    return this.code === CODE_SESSION_INVALID;
  }
}

export interface AdminApiDeps {
  readonly config: ClientConfig;
  readonly fetch: typeof globalThis.fetch;
  readonly getToken: () => string | null;
  /** The session ended (406): the console goes back to sign-in. */
  readonly onSignedOut: () => void;
  readonly nowSeconds?: () => number;
}

export type AdminCall = <P extends AdminPath>(path: P, body: RequestInput<P>) => Promise<ResponseData<P>>;

/**
 * The one way the console talks to the server: POST, JSON, the operator token in `authorization`, request
 * protection (signed, sealed) when the deployment has it on. Only `/admin/` calls; anything but success
 * throws an ApiError carrying the server's message.
 */
export function createAdminApi(deps: AdminApiDeps): AdminCall {
  const codec = createEnvelopeCodec({ ...deps.config, now: deps.nowSeconds });

  const unreachable = () => new ApiError(0, 'The server could not be reached. Try again.', 'Unreachable');

  return async function call<P extends AdminPath>(path: P, body: RequestInput<P>): Promise<ResponseData<P>> {
    if (!path.startsWith('/admin/')) throw new ApiError(0, 'Not an operator call', 'NotAllowed');
    const token = deps.getToken();
    const headers: Record<string, string> = {
      'content-type': 'application/json',
      [LANG_HEADER]: headerForLang('en'),
    };
    if (token) headers.authorization = token;
    let response: Response;
    try {
      response = await deps.fetch(path, {
        method: 'POST',
        headers,
        body: await codec.encode((body ?? {}) as Record<string, unknown>),
      });
    } catch {
      throw unreachable();
    }
    const answer = await codec.decode(await response.text());
    if (!answer) throw unreachable();
    if (answer.code === CODE_SUCCESS) return answer.data as ResponseData<P>;
    if (answer.code === CODE_SESSION_INVALID) deps.onSignedOut();
    throw new ApiError(answer.code, answer.msg || `Error ${answer.code}`, answer.error);
  };
}
