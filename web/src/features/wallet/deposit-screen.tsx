import { Button, Skeleton } from 'antd-mobile';
import { type ReactNode, useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useApiMutation, useApiQuery } from '../../api/hooks';
import type { PagedItem } from '../../api/paging';
import { useSession } from '../../session';
import { AmountField, useAmountField } from '../../ui/amount-field';
import { copyText } from '../../ui/copy';
import { Field, SubmitButton, TextInput } from '../../ui/form';
import { IconCopy, IconInfo } from '../../ui/icons';
import { AssetIcon, HashText, Money, RecordRow, StatusTag } from '../../ui/money';
import { RecordsSection } from '../../ui/records-section';
import { SignInPrompt } from '../../ui/sign-in-prompt';
import { ErrorState } from '../../ui/states';
import { showToast } from '../../ui/toast';
import { chainLabel, DEFAULT_CHAIN, isTxHash } from './rules';
import './wallet-screens.css';

// The deposit address the server answers is USDT's on the contract's default chain.
const ASSET = 'USDT';
const CHAIN = DEFAULT_CHAIN;
const ADDRESS_REQUEST = { chain: CHAIN };
const NO_FILTERS = {};
const MANUAL_CHAIN = 'manual';

type Deposit = PagedItem<'/v1/recharge/list'>;

/** The server's chain id as shown; deposits an operator confirms carry the chain `manual`. */
function useNetworkLabel(): (chain: string) => string {
  const { t } = useTranslation('wallet');
  return (chain) => (chain === MANUAL_CHAIN ? t('deposit.manualNetwork') : chainLabel(chain));
}

/** The address as a QR code, drawn by the `qrcode` package loaded with the first address shown. */
function AddressQr({ address }: { readonly address: string }): ReactNode {
  const { t } = useTranslation('wallet');
  const [src, setSrc] = useState<string | null>(null);
  useEffect(() => {
    let live = true;
    void import('qrcode')
      .then((m) =>
        m.toDataURL(address, {
          margin: 1,
          width: 360,
          errorCorrectionLevel: 'M',
          color: { dark: '#000000', light: '#ffffff' },
        }),
      )
      .then((url) => {
        if (live) setSrc(url);
      })
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, [address]);
  return (
    <div className="qr">
      {src ? (
        <img className="qr__img" src={src} alt={t('deposit.qrAlt')} width={180} height={180} />
      ) : (
        <Skeleton animated className="qr__placeholder" />
      )}
    </div>
  );
}

function ChainAddress({
  address,
  confirmations,
}: {
  readonly address: string;
  readonly confirmations: number;
}): ReactNode {
  const { t } = useTranslation('wallet');
  return (
    <section className="wform__card deposit-address">
      <AddressQr address={address} />
      <p className="deposit-address__label">
        {t('deposit.addressLabel', { asset: ASSET, chain: chainLabel(CHAIN) })}
      </p>
      <p className="deposit-address__value num">{address}</p>
      <Button
        block
        color="primary"
        fill="outline"
        className="deposit-address__copy"
        onClick={() => void copyText(address)}
      >
        <IconCopy /> {t('deposit.copyAddress')}
      </Button>
      <ul className="notes">
        <li>{t('deposit.noteOnly', { asset: ASSET, chain: chainLabel(CHAIN) })}</li>
        <li>{t('deposit.noteConfirmations', { count: confirmations })}</li>
      </ul>
    </section>
  );
}

/** Report a deposit by its transaction hash (and, when an operator confirms deposits, its amount). */
function ReportForm({ operator, chain }: { readonly operator: boolean; readonly chain: string }): ReactNode {
  const { t } = useTranslation('wallet');
  const report = useApiMutation('/api/recharge/recharge', {
    refreshes: ['/v1/recharge/list', '/api/finance/userFinance'],
  });
  const hashId = useId();
  const [hash, setHash] = useState('');
  const [tried, setTried] = useState(false);
  const [touchedHash, setTouchedHash] = useState(false);
  const amount = useAmountField({ prompt: 'prompts.depositAmount', asset: ASSET, tried });

  const hashProblem = hash.trim() === '' ? 'required' : isTxHash(hash) ? null : 'invalid';
  const amountProblem = operator ? amount.problem : null;
  const hashError =
    (tried || touchedHash) && hashProblem
      ? hashProblem === 'required'
        ? t('deposit.txHashPrompt')
        : t('deposit.txHashInvalid')
      : null;

  const submit = async () => {
    setTried(true);
    if (hashProblem || amountProblem || report.isPending) return;
    try {
      await report.mutateAsync({
        asset: ASSET,
        chain,
        tx_hash: hash.trim(),
        ...(operator ? { amount: amount.value } : {}),
      });
      showToast(t('messages.submitSuccess'));
      setHash('');
      amount.reset();
      setTried(false);
      setTouchedHash(false);
    } catch {
      // Toasted by the query client (not found, block processing…); the form keeps what was typed.
    }
  };

  return (
    <section className="wform__card">
      <h2 className="wform__title">{operator ? t('deposit.operatorTitle') : t('deposit.reportTitle')}</h2>
      <p className="wform__lead">{operator ? t('deposit.operatorBody') : t('deposit.reportBody')}</p>
      <Field label={t('deposit.txHash')} htmlFor={hashId} error={hashError}>
        <TextInput
          id={hashId}
          value={hash}
          onChange={(v) => setHash(v.trim())}
          onBlur={() => setTouchedHash(true)}
          placeholder={t('deposit.txHashPrompt')}
          maxLength={66}
          mono
        />
      </Field>
      {operator ? <AmountField field={amount} /> : null}
      <SubmitButton disabled={report.isPending} onClick={() => void submit()}>
        {report.isPending ? t('common.loading') : t('deposit.reportSubmit')}
      </SubmitButton>
    </section>
  );
}

function DepositRow({ d, required }: { readonly d: Deposit; readonly required: number | null }): ReactNode {
  const { t } = useTranslation('wallet');
  const networkLabel = useNetworkLabel();
  const details: { label: string; value: ReactNode; tone?: 'danger' }[] = [
    { label: t('walletForm.txHash'), value: <HashText value={d.tx_hash} /> },
  ];
  if (d.status === 'pending' && d.confirmations !== null) {
    details.push({
      label: t('deposit.confirmations'),
      value: required ? `${d.confirmations}/${required}` : String(d.confirmations),
    });
  }
  if (d.status === 'failed' && d.reason)
    details.push({ label: t('walletForm.reason'), value: d.reason, tone: 'danger' });
  return (
    <RecordRow
      title={`${d.asset} · ${networkLabel(d.chain)}`}
      amount={<Money value={d.amount} asset={d.asset} sign />}
      time={d.time}
      tag={<StatusTag status={d.status} />}
      details={details}
    />
  );
}

function Deposit(): ReactNode {
  const { t } = useTranslation('wallet');
  const networkLabel = useNetworkLabel();
  const receive = useApiQuery('/api/withdraw/receiveUsdt', ADDRESS_REQUEST);
  const info = receive.data;
  const operator = info?.mode === 'operator' || (info !== undefined && !info.address);

  return (
    <>
      <div className="wform">
        <section className="wform__card wform__pair">
          <Field label={t('walletForm.asset')}>
            <div className="wf__static">
              <AssetIcon asset={ASSET} size={24} />
              {ASSET}
            </div>
          </Field>
          <Field label={t('walletForm.network')}>
            <div className="wf__static">{networkLabel(info?.chain ?? CHAIN)}</div>
          </Field>
        </section>

        {receive.isPending ? (
          <section className="wform__card">
            <Skeleton animated className="qr__placeholder qr__placeholder--center" />
            <Skeleton.Paragraph animated lineCount={3} />
          </section>
        ) : receive.isError || !info ? (
          <section className="wform__card">
            <ErrorState onRetry={() => void receive.refetch()} />
          </section>
        ) : operator ? (
          <section className="wform__card wform__notice">
            <IconInfo className="wform__notice-icon" />
            <p>{t('deposit.operatorNotice')}</p>
          </section>
        ) : info.address ? (
          <ChainAddress address={info.address} confirmations={info.confirmations} />
        ) : null}

        {info ? <ReportForm operator={operator} chain={info.chain} /> : null}
      </div>

      <RecordsSection
        texts={{
          title: t('deposit.records'),
          emptyTitle: t('deposit.emptyTitle'),
          emptyBody: t('deposit.emptyBody'),
        }}
        path="/v1/recharge/list"
        filters={NO_FILTERS}
        renderItem={(d) => <DepositRow d={d} required={info?.mode === 'chain' ? info.confirmations : null} />}
      />
    </>
  );
}

/** Deposit: the address and QR code (or operator confirmation), a report by tx hash, the records. */
export default function DepositScreen(): ReactNode {
  const { token } = useSession();
  return token ? <Deposit /> : <SignInPrompt />;
}
