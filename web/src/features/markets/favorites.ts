import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { NO_BODY, useApiMutation, useApiQuery } from '../../api/hooks';
import { readStored, STORAGE_KEYS, writeStored } from '../../lib/storage';
import { useSession } from '../../session';

/**
 * Favourite markets. Signed in, they are the account's (`/v1/market/favorites`), so they follow the user to
 * every device; signed out, this browser keeps them, and the next sign-in moves them to the account.
 */

/** Most favourites kept in this browser (the server's list is bounded by the instruments it lists). */
const MAX_LOCAL = 100;
const INST_ID = /^[A-Z0-9]{2,10}-[A-Z0-9]{2,10}(-SWAP)?$/;

/** The stored list, read defensively: only instrument ids, each once, at most MAX_LOCAL. */
export function parseFavorites(text: string | null): string[] {
  if (!text) return [];
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return [];
  }
  if (!Array.isArray(value)) return [];
  const out: string[] = [];
  for (const v of value)
    if (typeof v === 'string' && INST_ID.test(v) && !out.includes(v) && out.length < MAX_LOCAL) out.push(v);
  return out;
}

/** The list with `instId` starred (added at the end) or unstarred. */
export function withFavorite(list: readonly string[], instId: string, on: boolean): string[] {
  const rest = list.filter((id) => id !== instId);
  return on ? [...rest, instId].slice(-MAX_LOCAL) : rest;
}

const QUERY_KEY = ['api', '/v1/market/favorites', '*', NO_BODY] as const;

export interface Favorites {
  readonly list: readonly string[];
  /** False until the account's list arrived (signed in). */
  readonly ready: boolean;
  has(instId: string): boolean;
  toggle(instId: string): void;
}

export function useFavorites(): Favorites {
  const { token } = useSession();
  const client = useQueryClient();
  const [local, setLocal] = useState(() => parseFavorites(readStored(STORAGE_KEYS.favorites)));
  const remote = useApiQuery('/v1/market/favorites', NO_BODY, { enabled: Boolean(token), anyLanguage: true });
  const save = useApiMutation('/v1/market/setFavorite', { refreshes: ['/v1/market/favorites'] });
  const { mutateAsync } = save;

  // Signed in with stars kept in this browser: they move to the account once, then the browser forgets them.
  const moving = useRef(false);
  useEffect(() => {
    if (!token || !remote.data || local.length === 0 || moving.current) return;
    moving.current = true;
    const missing = local.filter((id) => !remote.data.list.includes(id));
    // One after another, so the account keeps the order they were starred in; one refused (no longer listed)
    // does not stop the others.
    const moved = missing.reduce<Promise<unknown>>(
      (prev, instId) => prev.then(() => mutateAsync({ instId, on: true }).catch(() => undefined)),
      Promise.resolve(),
    );
    void moved.then(() => {
      writeStored(STORAGE_KEYS.favorites, null);
      setLocal([]);
      moving.current = false;
    });
  }, [token, remote.data, local, mutateAsync]);

  const list = token ? (remote.data?.list ?? []) : local;
  const toggle = useCallback(
    (instId: string) => {
      const on = !list.includes(instId);
      if (!token) {
        const next = withFavorite(local, instId, on);
        writeStored(STORAGE_KEYS.favorites, JSON.stringify(next));
        setLocal(next);
        return;
      }
      // Shown at once; the answer (the account's whole list) replaces it, a failure puts the list back.
      client.setQueryData(QUERY_KEY, { list: withFavorite(list, instId, on) });
      mutateAsync({ instId, on }).then(
        (answer) => client.setQueryData(QUERY_KEY, answer),
        () => undefined,
      );
    },
    [token, list, local, client, mutateAsync],
  );
  return useMemo(
    () => ({ list, ready: !token || remote.data !== undefined, has: (id) => list.includes(id), toggle }),
    [list, token, remote.data, toggle],
  );
}
