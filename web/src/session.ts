import { useSyncExternalStore } from 'react';
import { readStored, STORAGE_KEYS, writeStored } from './lib/storage';

/** The signed-in state: token and wallet address, kept in localStorage (spec sections 3 and 9). */
export interface Session {
  readonly token: string | null;
  readonly walletAddress: string | null;
}

let current: Session = {
  token: readStored(STORAGE_KEYS.token),
  walletAddress: readStored(STORAGE_KEYS.walletAddress),
};
const listeners = new Set<() => void>();

function emit(): void {
  for (const l of listeners) l();
}

export function getSession(): Session {
  return current;
}

export function getToken(): string | null {
  return current.token;
}

export function signIn(token: string, walletAddress: string): void {
  writeStored(STORAGE_KEYS.token, token);
  writeStored(STORAGE_KEYS.walletAddress, walletAddress);
  current = { token, walletAddress };
  emit();
}

/**
 * A random id of this browser, made once and kept (signing out keeps it): the server tells the user of a
 * sign-in from a device it has not seen on the account. It names nothing about the user.
 */
export function deviceId(): string {
  const known = readStored(STORAGE_KEYS.deviceId);
  if (known && /^[A-Za-z0-9_-]{16,64}$/.test(known)) return known;
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  const made = Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
  writeStored(STORAGE_KEYS.deviceId, made);
  return made;
}

export function clearSession(): void {
  writeStored(STORAGE_KEYS.token, null);
  writeStored(STORAGE_KEYS.walletAddress, null);
  current = { token: null, walletAddress: null };
  emit();
}

/** Calls the listener whenever the session changes (sign-in, sign-out, another tab). */
export function onSessionChange(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useSession(): Session {
  return useSyncExternalStore(onSessionChange, getSession, getSession);
}

// Another tab signing in or out changes this one too.
if (typeof window !== 'undefined') {
  window.addEventListener('storage', (e) => {
    if (e.key !== STORAGE_KEYS.token && e.key !== STORAGE_KEYS.walletAddress) return;
    current = {
      token: readStored(STORAGE_KEYS.token),
      walletAddress: readStored(STORAGE_KEYS.walletAddress),
    };
    emit();
  });
}
