/** localStorage that never throws (private mode, disabled storage, tests without a DOM). */
function store(): Storage | null {
  try {
    return globalThis.localStorage ?? null;
  } catch {
    return null;
  }
}

export function readStored(key: string): string | null {
  try {
    return store()?.getItem(key) ?? null;
  } catch {
    return null;
  }
}

export function writeStored(key: string, value: string | null): void {
  try {
    const s = store();
    if (!s) return;
    if (value === null) s.removeItem(key);
    else s.setItem(key, value);
  } catch {
    // Storage full or blocked: the value lives for this page only.
  }
}

/** Keys the app keeps in localStorage. `token` and `lang` are fixed by the spec. */
export const STORAGE_KEYS = {
  token: 'token',
  walletAddress: 'walletAddress',
  lang: 'lang',
  theme: 'theme',
  upDown: 'upDown',
  localWalletKey: 'localWalletKey',
  /** The local wallet's address when its key was last saved to a keystore file (no file, no value). */
  localWalletBackup: 'localWalletBackup',
  hideBalances: 'hideBalances',
  showZeroBalances: 'showZeroBalances',
  deviceId: 'deviceId',
  /** Markets starred while signed out (moved to the account at the next sign-in). */
  favorites: 'favorites',
} as const;
