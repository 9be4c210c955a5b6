import { type ReactNode, useId } from 'react';
import { NO_BODY, useApiQuery } from '../../api/hooks';
import { useAssets } from '../../hooks/assets';
import { useTranslation } from '../../i18n';
import { EXACT } from '../../lib/amounts';
import { AmountInput, Field, Segments, TextInput } from '../../ui/form';
import { HashText } from '../../ui/money';
import { ConfirmSheet } from '../../ui/sheet';
import { newClientSeed, sanitizeCount, sanitizeSeed } from './game-math';
import type { Lobby, RaceGroup } from './game-parts';
import { type JoinForm, useJoinForm } from './use-join-form';

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

/** How the principal is paid, and what that takes: the balance it comes from, or the address and the hash. */
function PayFields({
  form,
  lobby,
  principalText,
}: {
  readonly form: JoinForm;
  readonly lobby: Lobby;
  readonly principalText: string;
}): ReactNode {
  const { t } = useTranslation('games');
  const registry = useAssets();
  const ids = useId();
  return (
    <>
      <div className="row row--between gjoin__pay">
        <span className="wf__label">{t('games.pay')}</span>
        {lobby.chain.enabled ? (
          <Segments
            label={t('games.pay')}
            value={form.pay}
            onChange={form.setPay}
            options={[
              { value: 'balance', label: t('games.payBalance') },
              { value: 'chain', label: t('games.payChain') },
            ]}
          />
        ) : (
          <span className="gjoin__fixed">{t('games.payBalance')}</span>
        )}
      </div>
      {form.pay === 'balance' ? (
        <p className="gjoin__muted gjoin__balance">
          {t('games.balanceLine', { amount: registry.format(lobby.usdt, 'USDT') })}
        </p>
      ) : (
        <>
          <ChainAddress network={lobby.chain.network} amount={principalText} />
          <Field
            htmlFor={`${ids}-tx`}
            label={t('games.txHash')}
            error={form.show(form.hashError, form.txHash !== '')}
          >
            <TextInput
              id={`${ids}-tx`}
              value={form.txHash}
              onChange={(v) => form.setTxHash(v.trim())}
              placeholder={t('games.txHashPrompt')}
              maxLength={66}
              mono
            />
          </Field>
        </>
      )}
    </>
  );
}

/** The join form's fields: ticket count, payment, client seed (a new one on a tap). */
function JoinFields({
  form,
  lobby,
  principalText,
}: {
  readonly form: JoinForm;
  readonly lobby: Lobby;
  readonly principalText: string;
}): ReactNode {
  const { t } = useTranslation('games');
  const ids = useId();
  return (
    <div className="gjoin">
      <Field
        htmlFor={`${ids}-count`}
        label={t('games.count')}
        error={
          form.show(form.countError, form.count !== '' && form.countProblem !== 'required') ??
          form.show(form.fundsError, form.count !== '')
        }
        extra={t('games.countNotEnough', { have: lobby.tickets })}
      >
        <AmountInput
          id={`${ids}-count`}
          value={form.count}
          onChange={(v) => form.setCount(sanitizeCount(v))}
          placeholder={t('prompts.ticketCount')}
          onMax={() => form.setCount(String(Math.max(1, Math.min(lobby.tickets, lobby.max_tickets))))}
        />
      </Field>
      <PayFields form={form} lobby={lobby} principalText={principalText} />
      <Field
        htmlFor={`${ids}-seed`}
        label={t('games.clientSeed')}
        error={form.show(form.seedError, form.seed !== '')}
        hint={t('games.clientSeedHint')}
      >
        <TextInput
          id={`${ids}-seed`}
          value={form.seed}
          onChange={(v) => form.setSeed(sanitizeSeed(v))}
          placeholder={t('games.clientSeedPrompt')}
          maxLength={64}
          mono
          suffix={
            <button type="button" className="gjoin__reseed" onClick={() => form.setSeed(newClientSeed())}>
              {t('games.newSeed')}
            </button>
          }
        />
      </Field>
    </div>
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
  const form = useJoinForm(group, lobby, onJoined, onClose);
  const counted = form.n > 0 && !form.countProblem;
  return (
    <ConfirmSheet
      visible={visible}
      title={t('games.joinTitle', { id: group.id })}
      busy={form.busy}
      onClose={onClose}
      onConfirm={() => void form.confirm()}
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
              {counted ? `${registry.format(form.principal, 'USDT', EXACT)} USDT` : '--'}
            </span>
          ),
          strong: true,
        },
      ]}
    >
      <JoinFields
        form={form}
        lobby={lobby}
        principalText={counted ? registry.format(form.principal, 'USDT', EXACT) : '--'}
      />
    </ConfirmSheet>
  );
}
