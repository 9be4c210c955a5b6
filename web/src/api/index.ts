import type { EndpointPath, RequestInput, ResponseData } from '@nexa/contract';
import { readClientConfig } from '@nexa/contract';
import { langHeader, t as shellText } from '../i18n';
import { clearSession, getToken } from '../session';
import { showToast } from '../ui/toast';
import { apiBase } from './address';
import { createApiClient } from './client';
import { callOrThrow, type FailureDeps, type FailureMeta, reportFailure } from './failure';
import { createQueryClient } from './query-client';

export const clientConfig = readClientConfig();

/** The app's API client: `api(path, body)`, typed by the contract table. */
export const api = createApiClient({
  config: clientConfig,
  baseUrl: apiBase(),
  fetch: (input, init) => globalThis.fetch(input, init),
  getToken,
  clearToken: clearSession,
  langHeader,
  reload: () => window.location.reload(),
});

/** One call outside a query: the data, or ApiFailure thrown. */
export function callApi<P extends EndpointPath>(path: P, body: RequestInput<P>): Promise<ResponseData<P>> {
  return callOrThrow(api, path, body);
}

export { apiAddress } from './address';
export { ApiFailure } from './failure';

const failureDeps: FailureDeps = {
  toast: (message) => showToast(message),
  serverErrorText: () => shellText('messages.serverError'),
};

/** The app's query client: failures toasted once, reads retried on a flaky network (query-client.ts). */
export const queryClient = createQueryClient(failureDeps);

/** Tells the user of a failed call made outside a query or mutation (sign-in, sign-out). */
export function reportCallFailure(error: unknown, meta?: FailureMeta): void {
  reportFailure(failureDeps, error, meta);
}

export { CODE_SESSION_INVALID, CODE_SUCCESS } from './client';
