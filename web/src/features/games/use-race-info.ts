import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { invalidateApi, useApiQuery } from '../../api/hooks';
import { useNow } from '../../hooks/money';
import { GAME_READS, isLive, LIVE_MS } from './game-parts';

/**
 * One race and its entrants, asked again every 2 s while it fills or runs (and while not known yet); a race
 * that is not found is the caller's to say (it is not toasted).
 */
export function useRaceInfo(id: number) {
  const [live, setLive] = useState(true);
  const q = useApiQuery(
    '/api/racer/racerInfo',
    { id },
    { ...(live ? { refetchInterval_ms: LIVE_MS } : {}), handles: ['RaceNotFound'] },
  );
  const nowLive = q.data ? isLive(q.data.group.status) : true;
  if (nowLive !== live) setLive(nowLive);
  return { q, live: nowLive };
}

/**
 * The race I am in: its info as above, and the clock it is shown by (ticking while it fills or runs). Once it
 * settles (or expires), balances, tickets and records changed: they are asked for again.
 */
export function useLiveRace(id: number) {
  const client = useQueryClient();
  const { q, live } = useRaceInfo(id);
  useEffect(() => {
    if (!live) void invalidateApi(client, ...GAME_READS);
  }, [live, client]);
  const now = useNow(live, 500);
  return { q, live, now };
}
