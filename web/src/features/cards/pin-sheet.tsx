import { useQueryClient } from '@tanstack/react-query';
import { type ReactNode, useId, useState } from 'react';
import { ApiFailure, callApi, reportCallFailure } from '../../api';
import { invalidateApi } from '../../api/hooks';
import { useTranslation } from '../../i18n';
import { useSession } from '../../session';
import { Field } from '../../ui/form';
import { ConfirmSheet } from '../../ui/sheet';
import { showToast } from '../../ui/toast';
import { pinProblem, pinWeakness, sixDigits } from './cards-math';
import type { CardDetail } from './cards-parts';
import { SignError, signFreshMessage } from './reveal';

/**
 * Set or change the PIN: typed twice, checked here for the obvious (six digits, not one digit six times or a
 * run), confirmed with a fresh wallet signature as showing the number is, sent once and forgotten at once
 * (the fields empty before the call; no query cache keeps it; never logged). The issuer's own refusal
 * (WeakPin) shows in the sheet.
 */
export function PinSheet({
  card,
  visible,
  onClose,
}: {
  readonly card: CardDetail;
  readonly visible: boolean;
  readonly onClose: () => void;
}): ReactNode {
  const { t } = useTranslation('cards');
  const { walletAddress } = useSession();
  const ids = useId();
  const client = useQueryClient();
  const [pin, setPin] = useState('');
  const [again, setAgain] = useState('');
  const [tried, setTried] = useState(false);
  const [busy, setBusy] = useState(false);
  const [refused, setRefused] = useState<string | null>(null);
  const problem = pinProblem(pin, again);
  // A weak PIN is said as soon as six digits are typed; the rest once the user tries to send.
  const weak = pinWeakness(pin);
  const pinError =
    weak !== null
      ? t(`cards.pin.problem.${weak}`)
      : tried && (problem === 'required' || problem === 'format')
        ? t(`cards.pin.problem.${problem}`)
        : refused;
  const againError = tried && problem === 'mismatch' ? t('cards.pin.problem.mismatch') : null;
  const clear = () => {
    setPin('');
    setAgain('');
    setTried(false);
  };
  const close = () => {
    if (busy) return;
    clear();
    setRefused(null);
    onClose();
  };
  const submit = async () => {
    setTried(true);
    if (problem || busy) return;
    if (!walletAddress) return;
    const chosen = pin;
    clear();
    setRefused(null);
    setBusy(true);
    try {
      // As for showing the number: a fresh sign-in message signed with the wallet, not the session alone.
      const signed = await signFreshMessage(walletAddress, t('cards.pin.statement'));
      await callApi('/api/visa/updatePin', { card_id: card.id, pin: chosen, ...signed });
      showToast(t(card.pin_set ? 'cards.pin.changed' : 'cards.pin.saved'));
      void invalidateApi(client, '/api/visa/cardDetail', '/api/visa/myCardList');
      onClose();
    } catch (error) {
      if (error instanceof SignError) {
        showToast(t(`cards.reveal.${error.kind}`));
        return;
      }
      if (error instanceof ApiFailure && error.is('WeakPin'))
        setRefused(error.body?.msg ?? t('cards.pin.problem.sequence'));
      reportCallFailure(error, { handles: ['WeakPin'] });
    } finally {
      setBusy(false);
    }
  };
  const pinInput = (
    id: string,
    value: string,
    set: (v: string) => void,
    placeholder: string,
    testId: string,
  ) => (
    <div className="wf__box">
      <input
        id={id}
        type="password"
        className="wf__input wf__input--code num"
        value={value}
        inputMode="numeric"
        pattern="[0-9]*"
        autoComplete="off"
        maxLength={6}
        placeholder={placeholder}
        data-testid={testId}
        onChange={(e) => {
          set(sixDigits(e.target.value));
          setRefused(null);
        }}
      />
    </div>
  );
  return (
    <ConfirmSheet
      visible={visible}
      title={t(card.pin_set ? 'cards.pin.change' : 'cards.pin.set')}
      busy={busy}
      onClose={close}
      onConfirm={() => void submit()}
      confirmText={t('cards.pin.submit')}
      rows={[]}
      note={t('cards.pin.note')}
    >
      <div className="csheet__fields">
        <Field label={t('cards.pin.new')} htmlFor={`${ids}-pin`} error={pinError}>
          {pinInput(`${ids}-pin`, pin, setPin, t('cards.pin.prompt'), 'pin-new')}
        </Field>
        <Field label={t('cards.pin.again')} htmlFor={`${ids}-again`} error={againError}>
          {pinInput(`${ids}-again`, again, setAgain, t('cards.pin.promptAgain'), 'pin-again')}
        </Field>
      </div>
    </ConfirmSheet>
  );
}
