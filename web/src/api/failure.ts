import type { ApiResponse, EndpointPath, ErrorName, RequestInput, ResponseData } from '@nexa/contract';
import type { ApiCall, ApiMiss } from './client';

/** A call that did not succeed: the server's answer, or why there was none. */
export class ApiFailure extends Error {
  /** The server's answer (a business error of the contract), or null when there was none. */
  readonly body: ApiResponse<unknown> | null;
  readonly miss: ApiMiss | null;
  constructor(answer: ApiResponse<unknown> | ApiMiss) {
    super(typeof answer === 'string' ? answer : answer.msg);
    this.name = 'ApiFailure';
    this.body = typeof answer === 'string' ? null : answer;
    this.miss = typeof answer === 'string' ? answer : null;
  }

  /** Whether the server answered with this error of the contract's catalogue. */
  is(name: ErrorName): boolean {
    return this.body?.error === name;
  }
}

/** Calls and returns the data, or throws ApiFailure. */
export async function callOrThrow<P extends EndpointPath>(
  api: ApiCall,
  path: P,
  body: RequestInput<P>,
): Promise<ResponseData<P>> {
  const answer = await api(path, body);
  if (typeof answer === 'string' || answer.code !== 200) throw new ApiFailure(answer);
  return answer.data;
}

/**
 * What a screen says about its calls' failures (the `meta` of a query or mutation): the errors it
 * shows in place itself (`'all'`: every answer of the server), so the one toast does not repeat them.
 */
export interface FailureMeta {
  readonly handles?: readonly ErrorName[] | 'all';
}

export interface FailureDeps {
  readonly toast: (message: string) => void;
  /** The localized "server error, try again later". */
  readonly serverErrorText: () => string;
}

/**
 * The one place a failed call is told to the user: the server's message as it sent it (already in the
 * user's language), "server error, try again later" when there was no answer, nothing when the session
 * ended (the page reloads) or when the screen handles that error itself.
 */
export function reportFailure(deps: FailureDeps, error: unknown, meta?: FailureMeta): void {
  if (!(error instanceof ApiFailure)) {
    deps.toast(deps.serverErrorText());
    return;
  }
  if (error.miss === 'signedOut') return;
  if (!error.body) {
    deps.toast(deps.serverErrorText());
    return;
  }
  const handles = meta?.handles;
  if (handles === 'all' || (error.body.error && handles?.includes(error.body.error as ErrorName))) return;
  if (error.body.msg) deps.toast(error.body.msg);
}

/** Reads are asked again when the network failed (a phone between cells), never on a business answer. */
export function shouldRetryRead(failureCount: number, error: unknown): boolean {
  return error instanceof ApiFailure && error.miss === 'unreachable' && failureCount < 3;
}
