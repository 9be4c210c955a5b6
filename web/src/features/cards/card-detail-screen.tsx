import { Button } from 'antd-mobile';
import { type ReactNode, useEffect, useId, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { ApiFailure, callApi, reportCallFailure } from '../../api';
import { useApiMutation, useApiQuery } from '../../api/hooks';
import { useBalances, useMoneyCall, useNow } from '../../hooks/money';
import { useTranslation } from '../../i18n';
import { EXACT, ratePercent } from '../../lib/amounts';
import { routePath } from '../../paths';
import { useSession } from '../../session';
import { AmountField, useAmountField } from '../../ui/amount-field';
import { copyText } from '../../ui/copy';
import { Field, SubmitButton } from '../../ui/form';
import {
  IconCopy,
  IconDeposit,
  IconEye,
  IconEyeOff,
  IconKey,
  IconStore,
  IconSwapVertical,
} from '../../ui/icons';
import { RecordsSection } from '../../ui/records-section';
import { ConfirmSheet, InfoRows } from '../../ui/sheet';
import { SignInPrompt } from '../../ui/sign-in-prompt';
import { ErrorState, MissingState, ScreenSkeleton } from '../../ui/states';
import { showToast } from '../../ui/toast';
import { REVEAL_MS, secondsLeft, sixDigits, topupSplit } from './cards-math';
import {
  CARD_READS,
  type CardDetail,
  CardFace,
  type CardInfo,
  cardName,
  type Revealed,
  SpendRow,
  USDT,
  useCardInfo,
} from './cards-parts';
import { SignError, signFreshMessage } from './reveal';
import './cards.css';
import { useAssets } from '../../hooks/assets';
import { PinSheet } from './pin-sheet';
import { PurchaseSheet } from './purchase-sheet';
import { ReplaceSheet } from './replace-sheet';

const TOPUP_ID = 'card-topup';

/** What the issuer still does with a card: show its number, set its PIN (active, or shipped and not yet activated). */
const usable = (card: CardDetail) => card.status === 'active' || card.status === 'shipped';
/** A card that can be replaced: any but one still applying or already replaced. */
const replaceable = (card: CardDetail) => usable(card) || card.status === 'frozen';

/**
 * The card face with "Show number": the user signs a fresh sign-in message with their wallet, the issuer's
 * number and CVV show for 30 s and hide again. They live in this component's state only (not in a query
 * cache), and go when it hides or the screen closes.
 */
function RevealableFace({ card }: { readonly card: CardDetail }): ReactNode {
  const { t } = useTranslation('cards');
  const { walletAddress } = useSession();
  const [revealed, setRevealed] = useState<(Revealed & { until: number }) | null>(null);
  const [step, setStep] = useState<'idle' | 'signing' | 'loading'>('idle');
  const now = useNow(revealed !== null, 250);
  const left = revealed ? secondsLeft(revealed.until, now) : 0;

  useEffect(() => {
    if (!revealed) return;
    const timer = setTimeout(() => setRevealed(null), Math.max(0, revealed.until - Date.now()));
    return () => clearTimeout(timer);
  }, [revealed]);

  const show = async () => {
    if (step !== 'idle' || !walletAddress) return;
    setStep('signing');
    try {
      const signed = await signFreshMessage(walletAddress, t('cards.reveal.statement'));
      setStep('loading');
      const data = await callApi('/v1/visa/reveal', { card_id: card.id, ...signed });
      setRevealed({ number: data.number, cvv: data.cvv, expiry: data.expiry, until: Date.now() + REVEAL_MS });
    } catch (error) {
      if (error instanceof SignError) showToast(t(`cards.reveal.${error.kind}`));
      else reportCallFailure(error);
    } finally {
      setStep('idle');
    }
  };

  return (
    <section className="cdetail__face" aria-label={cardName(card)}>
      <CardFace card={card} revealed={revealed} />
      {usable(card) ? (
        <div className="creveal">
          {revealed ? (
            <>
              <span className="fill creveal__left num" data-testid="reveal-countdown">
                {t('cards.reveal.hidesIn', { seconds: left })}
              </span>
              <button
                type="button"
                className="creveal__btn"
                onClick={() => void copyText(revealed.number)}
                data-testid="copy-number"
              >
                <IconCopy /> {t('cards.reveal.copy')}
              </button>
              <button
                type="button"
                className="creveal__btn"
                onClick={() => setRevealed(null)}
                data-testid="hide-number"
              >
                <IconEyeOff /> {t('cards.reveal.hide')}
              </button>
            </>
          ) : (
            <>
              <span className="fill creveal__left">{t('cards.reveal.why')}</span>
              <Button
                size="small"
                color="primary"
                fill="outline"
                className="creveal__show"
                loading={step !== 'idle'}
                loadingText={step === 'signing' ? t('cards.reveal.signing') : t('common.loading')}
                onClick={() => void show()}
                data-testid="show-number"
              >
                <IconEye /> {t('cards.reveal.show')}
              </Button>
            </>
          )}
        </div>
      ) : null}
    </section>
  );
}

/** Where a physical card is on its way: applied, shipped (tracking), active. */
function PhysicalProgress({ card }: { readonly card: CardDetail }): ReactNode {
  const { t } = useTranslation('cards');
  const steps = ['applying', 'shipped', 'active'] as const;
  const at = steps.indexOf(card.status as (typeof steps)[number]);
  return (
    <section className="card cbox" aria-labelledby="card-progress-title" data-testid="physical-progress">
      <h2 className="cbox__title" id="card-progress-title">
        {t('cards.progress.title')}
      </h2>
      <ol className="csteps">
        {steps.map((s, i) => (
          <li
            key={s}
            className={
              i < at
                ? 'csteps__item csteps__item--done'
                : i === at
                  ? 'csteps__item csteps__item--on'
                  : 'csteps__item'
            }
            aria-current={i === at ? 'step' : undefined}
          >
            <span className="csteps__dot" aria-hidden="true" />
            <span className="csteps__label">{t(`cards.progress.${s}`)}</span>
          </li>
        ))}
      </ol>
      {card.tracking ? (
        <p className="note">
          {t('cards.progress.tracking')} <span className="num cbox__strong">{card.tracking}</span>
        </p>
      ) : null}
      {card.status === 'applying' ? <p className="note">{t('cards.progress.applyingNote')}</p> : null}
    </section>
  );
}

/** A shipped physical card is activated with the 6-digit code of the letter that came with it. */
function Activate({ card }: { readonly card: CardDetail }): ReactNode {
  const { t } = useTranslation('cards');
  const id = useId();
  const [code, setCode] = useState('');
  const [tried, setTried] = useState(false);
  const activate = useApiMutation('/api/visa/active', {
    refreshes: CARD_READS,
    handles: ['BadActivationCode'],
  });
  const problem =
    code === '' ? t('cards.activate.prompt') : code.length !== 6 ? t('cards.activate.format') : null;
  const bad = activate.error?.is('BadActivationCode') ? (activate.error.body?.msg ?? null) : null;
  const submit = () => {
    setTried(true);
    if (problem || activate.isPending) return;
    activate.mutate(
      { card_id: card.id, code },
      {
        onSuccess: () => {
          showToast(t('cards.activate.done'));
          setCode('');
          setTried(false);
        },
      },
    );
  };
  return (
    <section className="card cbox" aria-labelledby="card-activate-title" data-testid="activate">
      <h2 className="cbox__title" id="card-activate-title">
        {t('cards.activate.title')}
      </h2>
      <p className="note">{t('cards.activate.body')}</p>
      {card.demo_code ? (
        <p className="cdemo-code" data-testid="demo-code">
          <span>{t('cards.activate.demoCode')}</span>
          <span className="cdemo-code__value num">{card.demo_code}</span>
        </p>
      ) : null}
      <Field label={t('cards.activate.code')} htmlFor={id} error={(tried ? problem : null) ?? bad}>
        <div className="wf__box">
          <input
            id={id}
            className="wf__input wf__input--code num"
            value={code}
            inputMode="numeric"
            autoComplete="one-time-code"
            maxLength={6}
            placeholder={t('cards.activate.prompt')}
            onChange={(e) => {
              setCode(sixDigits(e.target.value));
              activate.reset();
            }}
          />
        </div>
      </Field>
      <SubmitButton disabled={activate.isPending} onClick={submit}>
        {t('cards.activate.submit')}
      </SubmitButton>
    </section>
  );
}

/** A card that can no longer be used: replaced (leads to the new one) or frozen. */
function OffNote({ card }: { readonly card: CardDetail }): ReactNode {
  const { t } = useTranslation('cards');
  return (
    <section className="card cbox cbox--muted" data-testid="card-off">
      <p className="note">{t(card.status === 'replaced' ? 'cards.off.replaced' : 'cards.off.frozen')}</p>
      {card.replaced_by ? (
        <Link
          className="cbox__link"
          to={`${routePath('cardholders1')}?id=${card.replaced_by}`}
          data-testid="to-new-card"
        >
          {t('cards.off.toNew')} ›
        </Link>
      ) : null}
    </section>
  );
}

/** Top up from the USDT spot account: the fee is taken from the amount, the rest reaches the card. */
function TopUp({ card, info }: { readonly card: CardDetail; readonly info: CardInfo }): ReactNode {
  const { t } = useTranslation('cards');
  const registry = useAssets();
  const balances = useBalances();
  const [tried, setTried] = useState(false);
  const amount = useAmountField({
    prompt: 'prompts.amount',
    asset: USDT,
    available: balances.available(USDT, 'spot'),
    min: info.topup_min,
    tried,
  });
  const call = useMoneyCall('/api/visa/recharge', CARD_READS);
  const split = topupSplit(amount.value, info.topup_fee_rate);
  const rate = `${ratePercent(info.topup_fee_rate)}%`;
  const review = () => {
    setTried(true);
    if (amount.problem) return;
    call.open({ card_id: card.id, amount: amount.value });
  };
  const confirm = async () => {
    const done = await call.confirm();
    if (!done) return;
    showToast(t('cards.topup.done', { amount: registry.format(done.received, USDT, EXACT), asset: USDT }));
    amount.reset();
    setTried(false);
  };
  const sent = call.content ? topupSplit(call.content.amount, info.topup_fee_rate) : null;
  return (
    <section className="card cbox" id={TOPUP_ID} aria-labelledby="card-topup-title">
      <h2 className="cbox__title" id="card-topup-title">
        {t('cards.topup.title')}
      </h2>
      <AmountField field={amount} />
      <InfoRows
        rows={[
          {
            label: t('cards.topup.feeRate', { rate }),
            value: split ? `${registry.format(split.fee, USDT, EXACT)} ${USDT}` : '--',
          },
          {
            label: t('cards.topup.minimum'),
            value: `${registry.format(info.topup_min, USDT, EXACT)} ${USDT}`,
          },
          {
            label: t('cards.topup.arrives'),
            value: (
              <span data-testid="topup-arrives">
                {split ? `${registry.format(split.received, USDT, EXACT)} ${USDT}` : '--'}
              </span>
            ),
            strong: true,
          },
        ]}
      />
      <SubmitButton disabled={call.busy} onClick={review}>
        {t('cards.topup.submit')}
      </SubmitButton>
      <ConfirmSheet
        visible={call.content !== null}
        title={t('cards.topup.confirmTitle')}
        busy={call.busy}
        onClose={call.close}
        onConfirm={() => void confirm()}
        rows={
          call.content && sent
            ? [
                { label: t('cards.topup.toCard'), value: cardName(card) },
                { label: t('cards.topup.from'), value: t('cards.topup.spot') },
                {
                  label: t('cards.topup.amount'),
                  value: `${registry.format(call.content.amount, USDT, EXACT)} ${USDT}`,
                },
                {
                  label: t('cards.topup.feeRate', { rate }),
                  value: `${registry.format(sent.fee, USDT, EXACT)} ${USDT}`,
                },
              ]
            : []
        }
      >
        {sent ? (
          <p className="sheet__hero">
            <span className="sheet__hero-label">{t('cards.topup.arrives')}</span>
            <span className="sheet__hero-value num">
              {registry.format(sent.received, USDT, EXACT)} {USDT}
            </span>
          </p>
        ) : null}
      </ConfirmSheet>
    </section>
  );
}

type Sheet = 'pin' | 'replace' | 'purchase' | null;

function Actions({
  card,
  info,
  onOpen,
}: {
  readonly card: CardDetail;
  readonly info: CardInfo;
  readonly onOpen: (sheet: Exclude<Sheet, null>) => void;
}): ReactNode {
  const { t } = useTranslation('cards');
  const toTopUp = () => {
    const box = document.getElementById(TOPUP_ID);
    box?.scrollIntoView({ behavior: 'smooth', block: 'start' });
    box?.querySelector('input')?.focus({ preventScroll: true });
  };
  const active = card.status === 'active';
  return (
    <nav className="cactions" aria-label={t('cards.actions')}>
      {active ? (
        <button type="button" className="tile cactions__item" onClick={toTopUp} data-testid="action-topup">
          <span className="icon-disc cactions__icon" aria-hidden="true">
            <IconDeposit />
          </span>
          <span className="tile__label">{t('cards.topup.title')}</span>
        </button>
      ) : null}
      {usable(card) ? (
        <button
          type="button"
          className="tile cactions__item"
          onClick={() => onOpen('pin')}
          data-testid="action-pin"
        >
          <span className="icon-disc cactions__icon" aria-hidden="true">
            <IconKey />
          </span>
          <span className="tile__label">{t(card.pin_set ? 'cards.pin.change' : 'cards.pin.set')}</span>
        </button>
      ) : null}
      <button
        type="button"
        className="tile cactions__item"
        onClick={() => onOpen('replace')}
        data-testid="action-replace"
      >
        <span className="icon-disc cactions__icon" aria-hidden="true">
          <IconSwapVertical />
        </span>
        <span className="tile__label">{t('cards.replace.action')}</span>
      </button>
      {active && info.simulated ? (
        <button
          type="button"
          className="tile cactions__item"
          onClick={() => onOpen('purchase')}
          data-testid="action-purchase"
        >
          <span className="icon-disc cactions__icon" aria-hidden="true">
            <IconStore />
          </span>
          <span className="tile__label">{t('cards.purchase.action')}</span>
        </button>
      ) : null}
    </nav>
  );
}

function Detail({ id }: { readonly id: number }): ReactNode {
  const { t } = useTranslation('cards');
  const registry = useAssets();
  const q = useApiQuery('/api/visa/cardDetail', { card_id: id }, { handles: ['CardNotFound'] });
  const info = useCardInfo();
  const [sheet, setSheet] = useState<Sheet>(null);
  if (!q.data) {
    if (q.error instanceof ApiFailure && q.error.is('CardNotFound'))
      return <MissingState title={t('cards.notFound')} back="/cardholders" />;
    return q.isError ? <ErrorState onRetry={() => void q.refetch()} /> : <ScreenSkeleton />;
  }
  const card = q.data;
  const active = card.status === 'active';
  const off = card.status === 'frozen' || card.status === 'replaced';
  return (
    <div className="page page--tight cdetail" data-testid="card-detail" data-status={card.status}>
      <RevealableFace key={card.id} card={card} />
      <dl className="card cbox cstrip">
        <div className="cstrip__item">
          <dt>{t('cards.cardBalance')}</dt>
          <dd className="num" data-testid="detail-balance">
            {registry.format(card.balance, USDT)} <small>{USDT}</small>
          </dd>
        </div>
        <div className="cstrip__item">
          <dt>{t('cards.held')}</dt>
          <dd className="num">
            {registry.format(card.held, USDT)} <small>{USDT}</small>
          </dd>
        </div>
      </dl>
      {card.kind === 'physical' && (card.status === 'applying' || card.status === 'shipped') ? (
        <PhysicalProgress card={card} />
      ) : null}
      {card.status === 'shipped' ? <Activate card={card} /> : null}
      {off ? <OffNote card={card} /> : null}
      {replaceable(card) && info.data ? (
        <>
          <Actions card={card} info={info.data} onOpen={setSheet} />
          {active ? <TopUp card={card} info={info.data} /> : null}
          {usable(card) ? (
            <PinSheet card={card} visible={sheet === 'pin'} onClose={() => setSheet(null)} />
          ) : null}
          <ReplaceSheet
            card={card}
            info={info.data}
            visible={sheet === 'replace'}
            onClose={() => setSheet(null)}
          />
          {active && info.data.simulated ? (
            <PurchaseSheet card={card} visible={sheet === 'purchase'} onClose={() => setSheet(null)} />
          ) : null}
        </>
      ) : null}
      <div className="cdetail__records">
        <RecordsSection
          texts={{
            title: t('cards.recentSpending'),
            emptyTitle: t('cards.noSpending'),
            emptyBody: t('cards.noSpendingBody'),
          }}
          path="/api/visa/consumeList"
          filters={{ card_id: card.id }}
          renderItem={(s) => <SpendRow s={s} />}
        >
          <Link className="csection__link" to={routePath('card')}>
            {t('cards.allRecords')} ›
          </Link>
        </RecordsSection>
      </div>
    </div>
  );
}

/** Card detail (/cardholders1?id=): the card, show its number, balance, top up, PIN, replace, activate, spending. */
export default function CardDetailScreen(): ReactNode {
  const { t } = useTranslation('cards');
  const { token } = useSession();
  const [params] = useSearchParams();
  const id = Number(params.get('id'));
  if (!token) return <SignInPrompt title={t('cards.signInTitle')} body={t('cards.signInBody')} />;
  if (!Number.isInteger(id) || id <= 0) return <MissingState noId back="/cardholders" />;
  return <Detail key={id} id={id} />;
}
