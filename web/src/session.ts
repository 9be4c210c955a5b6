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
