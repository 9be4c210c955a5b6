import { z } from 'zod';
import { live } from '../../endpoint';
import { zInstId, zTicker } from '../../market';

/** Market data: candles and tickers of every instrument. */
export const marketEndpoints = {
  '/v1/market/candles': live('market', {
    summary: 'Candles of an instrument, oldest first: [open time ms, open, high, low, close, volume]',
    auth: false,
    extension: true,
    request: z.object({
      instId: zInstId,
      bar: z.enum(['1m', '5m', '15m', '30m', '1H', '4H', '1D', '1W', '3W']).default('1m'),
      limit: z.coerce.number().int().min(1).max(1000).default(300),
    }),
    data: z.array(z.tuple([z.number().int(), z.string(), z.string(), z.string(), z.string(), z.string()])),
  }),
  '/v1/market/tickers': live('market', {
    summary: 'Tickers of every spot instrument from its trades of the last 24 hours',
    auth: false,
    extension: true,
    request: z.object({}),
    data: z.object({ list: z.array(zTicker) }),
  }),
} as const;
