import {
  type ApiResponse,
  BOOK_HEADER,
  bookHint,
  type ClientConfig,
  createEnvelopeCodec,
  type EndpointPath,
  LANG_HEADER,
  type RequestInput,
  type ResponseData,
} from '@nexa/contract';

/** Everything the client touches outside itself, so tests can hand in fakes. */
export interface ApiClientDeps {
  readonly config: ClientConfig;
  /** What comes before a call's path: `''` for the page's own host, else the API's address (api/address.ts). */
  readonly baseUrl?: string;
  readonly fetch: typeof globalThis.fetch;
  readonly getToken: () => string | null;
  readonly clearToken: () => void;
  /** Value of the `lang` header (`headerForLang` of the current language). */
  readonly langHeader: () => string;
  readonly reload: () => void;
  readonly nowSeconds?: () => number;
}

/**
 * A call that brought no answer to show: `unreachable` (network down, HTTP error, an answer that does not
 * open) or `signedOut` (the session ended; the page reloads signed out).
 */
export type ApiMiss = 'unreachable' | 'signedOut';

export type ApiCall = <P extends EndpointPath>(
  path: P,
  body: RequestInput<P>,
) => Promise<ApiResponse<ResponseData<P>> | ApiMiss>;

export const CODE_SUCCESS = 200;
export const CODE_SESSION_INVALID = 406;

/**
 * The one way the web app talks to the server (spec sections 7 and 8):
 * POST, JSON, `authorization` and `lang` headers, request protection when the deployment has it on.
 * It shows nothing itself: the query layer toasts what a screen does not handle (api/failure.ts).
 */
export function createApiClient(deps: ApiClientDeps): ApiCall {
  const codec = createEnvelopeCodec({ ...deps.config, now: deps.nowSeconds });

  return async function api<P extends EndpointPath>(
    path: P,
    body: RequestInput<P>,
  ): Promise<ApiResponse<ResponseData<P>> | ApiMiss> {
    const token = deps.getToken();
    const headers: Record<string, string> = {
      'content-type': 'application/json',
      [LANG_HEADER]: deps.langHeader(),
    };
    if (token) headers.authorization = token;
    const book = bookHint((body ?? {}) as Record<string, unknown>);
    if (book) headers[BOOK_HEADER] = book;

    let response: Response;
    try {
      response = await deps.fetch(`${deps.baseUrl ?? ''}${path}`, {
        method: 'POST',
        headers,
        body: await codec.encode((body ?? {}) as Record<string, unknown>),
      });
    } catch {
      return 'unreachable';
    }
    if (response.status !== 200) return 'unreachable';

    const answer = await codec.decode(await response.text());
    if (!answer) return 'unreachable';

    if (answer.code === CODE_SUCCESS) return answer as ApiResponse<ResponseData<P>>;
    if (answer.code === CODE_SESSION_INVALID) {
      if (deps.getToken()) {
        deps.clearToken();
        deps.reload();
      }
      return 'signedOut';
    }
    return answer as ApiResponse<ResponseData<P>>;
  };
}
