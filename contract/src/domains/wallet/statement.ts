/**
 * A month's account statement and its CSV: every change of the user's available balances in a calendar
 * month of their time zone, with the balance after it, and each account's opening and closing balance.
 */
import { z } from 'zod';
import { live } from '../../endpoint';
import { zCsvFile, zStatementMonth, zTimeZone } from '../../exports';

const zStatementRequest = z.object({ month: zStatementMonth, tz: zTimeZone });

export const zStatementAccount = z.object({
  asset: z.string(),
  account: z.string(),
  opening: z.string(),
  credits: z.string(),
  debits: z.string(),
  closing: z.string(),
});

export const statementEndpoint = live('wallet', {
  summary:
    "A month's statement in my time zone: each account's available balance at the month's start and end, and what came in and went out",
  extension: true,
  request: zStatementRequest,
  data: z.object({
    month: z.string(),
    tz: z.string(),
    /** The month's first and last instant (ISO), in UTC. */
    from: z.string(),
    to: z.string(),
    accounts: z.array(zStatementAccount),
    lines: z.number().int(),
  }),
  errors: ['RateLimited'],
});

export const statementCsvEndpoint = live('wallet', {
  summary:
    "A month's balance changes as CSV in my language and time zone: time, account, asset, type, amount, balance after, reference",
  extension: true,
  request: zStatementRequest,
  data: zCsvFile,
  errors: ['RateLimited'],
});
