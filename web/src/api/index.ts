import { readClientConfig } from '../config';
import { i18next, langHeader } from '../i18n';
import { clearSession, getToken } from '../session';
import { showToast } from '../ui/toast';
import { createApiClient } from './client';

export const clientConfig = readClientConfig();

/** The app's API client: `api(path, body)`, typed by the contract table. */
export const api = createApiClient({
  config: clientConfig,
  fetch: (input, init) => globalThis.fetch(input, init),
  getToken,
  clearToken: clearSession,
  langHeader,
  toast: (message) => showToast(message),
  serverErrorText: () => i18next.t('messages.serverError'),
  reload: () => window.location.reload(),
});

export { CODE_SESSION_INVALID, CODE_SUCCESS } from './client';
