import type { AccountKind, EndpointPath, RequestInput, ResponseData } from '@nexa/contract';
import { useEffect, useRef, useState } from 'react';
import { reportCallFailure } from '../api';
import { type ApiFailure, useApiMutation, useApiQuery } from '../api/hooks';
import { useTranslation } from '../i18n';
import { type ConfirmFields, ConfirmSignError, signConfirmation } from '../lib/confirm';
import { RequestIds } from '../lib/request-id';
import { useSession } from '../session';
import { showToast } from '../ui/toast';

const ALL_ACCOUNTS = {};

/** Balances of every asset and account (one call), with lookups. */
export function useBalances() {
  const query = useApiQuery('/api/finance/userFinance', ALL_ACCOUNTS);
  const list = query.data?.list;
  const find = (asset: string, account: AccountKind) =>
    list?.find((b) => b.asset === asset && b.account === account);
  /** Available amount; "0" for an asset the account does not hold, null while unknown. */
  const available = (asset: string, account: AccountKind): string | null =>
    list ? (find(asset, account)?.available ?? '0') : null;
  return { ...query, find, available };
}

/** The calls that move money, each with a `request_id`. */
type MoneyPath = {
  [P in EndpointPath]: RequestInput<P> extends { request_id?: string } ? P : never;
}[EndpointPath];

type Content<P extends MoneyPath> = Omit<RequestInput<P>, 'request_id'>;

/**
 * One money-moving form: `open(content)` shows the confirmation sheet with a request id (reused
 * for a retry of the same content), `confirm()` sends it once (a second tap while in flight does
 * nothing), and afterwards the balances and the given lists are refreshed.
 */
export function useMoneyCall<P extends MoneyPath>(
  path: P,
  refresh: readonly EndpointPath[],
  /** For a call confirmed by a wallet signature: what it names (signed at `confirm`, a fresh nonce each time). */
  confirmWith?: (content: Content<P>) => ConfirmFields,
) {
  const { t } = useTranslation();
  const { walletAddress } = useSession();
  const [signing, setSigning] = useState(false);
  const mutation = useApiMutation(path, {
    refreshes: ['/api/finance/userFinance', '/api/assets/moneyRecord', ...refresh],
  });
  const ids = useRef<RequestIds | null>(null);
  ids.current ??= new RequestIds();
  const [content, setContent] = useState<Content<P> | null>(null);
  const [requestId, setRequestId] = useState<string | null>(null);

  const open = (next: Content<P>) => {
    setRequestId(ids.current?.forSubmission(next) ?? null);
    setContent(next);
  };
  const close = () => setContent(null);

  const confirm = async (onFailure?: (failure: ApiFailure) => void): Promise<ResponseData<P> | null> => {
    if (!content || !requestId || mutation.isPending || signing) return null;
    try {
      let confirm = {};
      if (confirmWith) {
        setSigning(true);
        try {
          confirm = { confirm: await signConfirmation(walletAddress ?? '', confirmWith(content)) };
        } catch (e) {
          // The nonce's call failed (not a mutation, so not toasted by the query client): said here.
          if (!(e instanceof ConfirmSignError)) reportCallFailure(e);
          throw e;
        } finally {
          setSigning(false);
        }
      }
      const body = { ...content, ...confirm, request_id: requestId } as RequestInput<P>;
      const data = await mutation.mutateAsync(body);
      ids.current?.succeeded();
      setContent(null);
      return data;
    } catch (e) {
      // The wallet did not sign: said here. A server's answer is toasted by the query client. Either way the
      // sheet stays open for a retry with the same id.
      if (e instanceof ConfirmSignError) showToast(t(`confirmMove.${e.kind}`));
      else if (!signing) onFailure?.(e as ApiFailure);
      return null;
    }
  };

  return {
    content,
    requestId,
    open,
    close,
    confirm,
    busy: mutation.isPending || signing,
    /** The wallet is asked to sign. */
    signing,
    error: mutation.error,
  };
}

/** Re-renders every `tick_ms` while `active`, for countdowns; returns the current time. */
export function useNow(active: boolean, tick_ms = 250): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (!active) return;
    setNow(Date.now());
    const timer = setInterval(() => setNow(Date.now()), tick_ms);
    return () => clearInterval(timer);
  }, [active, tick_ms]);
  return now;
}

/** A value that follows `value` once it has stopped changing for `delay_ms`. */
export function useDebounced<T>(value: T, delay_ms: number): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), delay_ms);
    return () => clearTimeout(timer);
  }, [value, delay_ms]);
  return settled;
}
