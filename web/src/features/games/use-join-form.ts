import { TX_HASH_PATTERN } from '@nexa/contract';
import { useRef, useState } from 'react';
import { useApiMutation } from '../../api/hooks';
import { useTranslation } from '../../i18n';
import { RequestIds } from '../../lib/request-id';
import { showToast } from '../../ui/toast';
import { checkCount, isClientSeed, newClientSeed, notAbove, timesCount } from './game-math';
import { GAME_READS, type Lobby, type RaceGroup, useCountMessage } from './game-parts';

/** How the principal is paid: from the USDT balance, or by a chain transfer named by its hash. */
export type Pay = 'balance' | 'chain';

/**
 * The join form: ticket count, how it is paid, the transfer's hash and the client seed, what is wrong with each
 * (said once typed in, or once the user tried to join), and the join itself under one request id per content.
 */
export function useJoinForm(
  group: RaceGroup,
  lobby: Lobby,
  onJoined: (groupId: number) => void,
  onClose: () => void,
) {
  const { t } = useTranslation('games');
  const countMessage = useCountMessage();
  const play = useApiMutation('/api/racer/play', { refreshes: GAME_READS });
  const requestIds = useRef<RequestIds | null>(null);
  requestIds.current ??= new RequestIds();
  const [count, setCount] = useState('');
  const [pay, setPay] = useState<Pay>('balance');
  const [txHash, setTxHash] = useState('');
  // A fresh random seed for each join (the sheet is made anew each time it opens).
  const [seed, setSeed] = useState(newClientSeed);
  const [tried, setTried] = useState(false);

  const n = Number(count);
  const principal = timesCount(lobby.ticket_price, Number.isInteger(n) ? n : 0);
  const countProblem = checkCount(count, lobby.max_tickets, lobby.tickets);
  const countError = countProblem ? countMessage(countProblem, lobby.max_tickets, lobby.tickets) : null;
  const fundsError =
    !countProblem && pay === 'balance' && !notAbove(principal, lobby.usdt)
      ? t('messages.insufficientBalance')
      : null;
  const hashError =
    pay !== 'chain'
      ? null
      : txHash === ''
        ? t('games.txHashPrompt')
        : TX_HASH_PATTERN.test(txHash)
          ? null
          : t('games.txHashInvalid');
  const seedError = isClientSeed(seed) ? null : t('games.clientSeedInvalid');
  const show = (e: string | null, typed: boolean) => (tried || typed ? e : null);

  const confirm = async () => {
    setTried(true);
    if (countError || fundsError || hashError || seedError || play.isPending) return;
    const content = {
      group_id: group.id,
      tickets: n,
      pay,
      client_seed: seed,
      ...(pay === 'chain' ? { tx_hash: txHash } : {}),
    };
    const request_id = requestIds.current?.forSubmission(content);
    try {
      const entry = await play.mutateAsync({ ...content, request_id });
      requestIds.current?.succeeded();
      showToast(t('messages.participateSuccess'));
      onJoined(entry.group_id);
      onClose();
    } catch {
      // The server's answer (not enough tickets, payment pending, group full…) is toasted by the query client.
    }
  };

  return {
    count,
    setCount,
    pay,
    setPay,
    txHash,
    setTxHash,
    seed,
    setSeed,
    /** The count as typed, as a number. */
    n,
    principal,
    countProblem,
    countError,
    fundsError,
    hashError,
    seedError,
    show,
    confirm,
    busy: play.isPending,
  };
}

export type JoinForm = ReturnType<typeof useJoinForm>;
