import type { LiveArg } from '@nexa/contract';
import { readClientConfig, wsBaseUrl } from '@nexa/contract';
import { getToken, onSessionChange } from '../session';
import { LiveClient, liveUrl } from './client';
import { MarketStore } from './market-store';

export interface Live {
  readonly client: LiveClient;
  readonly store: MarketStore;
}

let live: Live | null = null;

/** The app's live feed: one socket, one store, made on first use. */
export function getLive(): Live {
  if (live) return live;
  const config = readClientConfig();
  // The feed's host: the page's own, its `web.` host, or the deployment's address for it.
  const base = wsBaseUrl(config.wsBase, window.location);
  let client: LiveClient | null = null;
  const store = new MarketStore({
    onResync: (instId) => client?.resubscribe({ channel: 'books', instId }),
  });
  client = new LiveClient({
    url: () => liveUrl(base, config.wsPath, getToken()),
    onPush: (push) => store.handle(push),
  });
  // The token rides on the socket's address: signing in or out opens a new socket.
  let token = getToken();
  onSessionChange(() => {
    const next = getToken();
    if (next === token) return;
    token = next;
    client?.reconnect();
  });
  live = { client, store };
  return live;
}

/** Holds a channel while a screen shows it. */
export function holdChannel(arg: LiveArg): () => void {
  return getLive().client.acquire(arg);
}
