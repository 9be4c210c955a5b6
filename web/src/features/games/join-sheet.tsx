import { TX_HASH_PATTERN } from '@nexa/contract';
import { type ReactNode, useId, useRef, useState } from 'react';
import { useApiMutation, useApiQuery } from '../../api/hooks';
import { useAssets } from '../../hooks/assets';
import { useTranslation } from '../../i18n';
import { EXACT } from '../../lib/amounts';
import { RequestIds } from '../../lib/request-id';
import { AmountInput, Field, Segments, TextInput } from '../../ui/form';
import { HashText } from '../../ui/money';
import { ConfirmSheet } from '../../ui/sheet';
import { showToast } from '../../ui/toast';
import {
  checkCount,
  isClientSeed,
  newClientSeed,
  notAbove,
  sanitizeCount,
  sanitizeSeed,
  timesCount,
} from './game-math';
import { GAME_READS, type Lobby, NO_BODY, type RaceGroup, useCountMessage } from './game-parts';

type Pay = 'balance' | 'chain';

/** My USDT deposit address on the network the race takes chain payments on. */
function ChainAddress({
  network,
  amount,
}: {
  readonly network: string | null;
  readonly amount: string;
}): ReactNode {
  const { t } = useTranslation('games');
  const q = useApiQuery('/api/recharge/networks', NO_BODY);
  if (!q.data) {
    return <p className="gjoin__muted">{q.isError ? t('common.errorTitle') : t('common.loading')}</p>;
  }
  const usdtNets = q.data.list.filter((n) => n.asset === 'USDT' && n.address);
  const n =
    usdtNets.find((x) => network !== null && (x.network === network || x.chain === network)) ?? usdtNets[0];
  if (!n?.address) return <p className="gjoin__muted">{t('games.noAddress')}</p>;
  return (
    <>
      <p className="gjoin__muted">{t('games.chainSend', { amount, network: n.network })}</p>
      <div className="gjoin__address">
        <span className="gjoin__address-label">{t('games.depositAddress', { network: n.network })}</span>
        <HashText value={n.address} head={10} tail={8} />
      </div>
    </>
  );
}

/**
 * Join the open group: ticket count, the principal it locks, how it is paid, and the client seed. Made anew
 * (`key`) each time it opens, so each join gets a fresh random seed and request id.
 */
export function JoinSheet({
  group,
  lobby,
  visible,
  onClose,
  onJoined,
}: {
  readonly group: RaceGroup;
  readonly lobby: Lobby;
  readonly visible: boolean;
  readonly onClose: () => void;
  readonly onJoined: (groupId: number) => void;
}): ReactNode {
  const { t } = useTranslation('games');
  const registry = useAssets();
  const countMessage = useCountMessage();
  const ids = useId();
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

  return (
    <ConfirmSheet
      visible={visible}
      title={t('games.joinTitle', { id: group.id })}
      busy={play.isPending}
      onClose={onClose}
      onConfirm={() => void confirm()}
      confirmText={t('games.join')}
      note={t('games.principalNote')}
      rows={[
        { label: t('games.myTickets'), value: String(lobby.tickets) },
        {
          label: t('games.ticketPrice'),
          value: `${registry.format(lobby.ticket_price, 'USDT', EXACT)} USDT`,
        },
        {
          label: t('games.principal'),
          value: (
            <span data-testid="join-principal">
              {n > 0 && !countProblem ? `${registry.format(principal, 'USDT', EXACT)} USDT` : '--'}
            </span>
          ),
          strong: true,
        },
      ]}
    >
      <div className="gjoin">
        <Field
          htmlFor={`${ids}-count`}
          label={t('games.count')}
          error={
            show(countError, count !== '' && countProblem !== 'required') ?? show(fundsError, count !== '')
          }
          extra={t('games.countNotEnough', { have: lobby.tickets })}
        >
          <AmountInput
            id={`${ids}-count`}
            value={count}
            onChange={(v) => setCount(sanitizeCount(v))}
            placeholder={t('prompts.ticketCount')}
            onMax={() => setCount(String(Math.max(1, Math.min(lobby.tickets, lobby.max_tickets))))}
          />
        </Field>
        <div className="row row--between gjoin__pay">
          <span className="wf__label">{t('games.pay')}</span>
          {lobby.chain.enabled ? (
            <Segments
              label={t('games.pay')}
              value={pay}
              onChange={setPay}
              options={[
                { value: 'balance', label: t('games.payBalance') },
                { value: 'chain', label: t('games.payChain') },
              ]}
            />
          ) : (
            <span className="gjoin__fixed">{t('games.payBalance')}</span>
          )}
        </div>
        {pay === 'balance' ? (
          <p className="gjoin__muted gjoin__balance">
            {t('games.balanceLine', { amount: registry.format(lobby.usdt, 'USDT') })}
          </p>
        ) : (
          <>
            <ChainAddress
              network={lobby.chain.network}
              amount={n > 0 && !countProblem ? registry.format(principal, 'USDT', EXACT) : '--'}
            />
            <Field htmlFor={`${ids}-tx`} label={t('games.txHash')} error={show(hashError, txHash !== '')}>
              <TextInput
                id={`${ids}-tx`}
                value={txHash}
                onChange={(v) => setTxHash(v.trim())}
                placeholder={t('games.txHashPrompt')}
                maxLength={66}
                mono
              />
            </Field>
          </>
        )}
        <Field
          htmlFor={`${ids}-seed`}
          label={t('games.clientSeed')}
          error={show(seedError, seed !== '')}
          hint={t('games.clientSeedHint')}
        >
          <TextInput
            id={`${ids}-seed`}
            value={seed}
            onChange={(v) => setSeed(sanitizeSeed(v))}
            placeholder={t('games.clientSeedPrompt')}
            maxLength={64}
            mono
            suffix={
              <button type="button" className="gjoin__reseed" onClick={() => setSeed(newClientSeed())}>
                {t('games.newSeed')}
              </button>
            }
          />
        </Field>
      </div>
    </ConfirmSheet>
  );
}
