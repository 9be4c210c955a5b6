import { NEU_ASSET, SPA_ASSET } from '@nexa/contract';
import { type ReactNode, useState } from 'react';
import { NO_BODY, useApiQuery } from '../../api/hooks';
import type { PagedItem } from '../../api/paging';
import { useAssets } from '../../hooks/assets';
import { useBalances, useMoneyCall } from '../../hooks/money';
import { useTranslation } from '../../i18n';
import { EXACT } from '../../lib/amounts';
import { AmountField, useAmountField } from '../../ui/amount-field';
import { Segments, SubmitButton } from '../../ui/form';
import { Money, RecordRow } from '../../ui/money';
import { TransferRecords } from '../../ui/money-records';
import { RecordsSection } from '../../ui/records-section';
import { ConfirmSheet, InfoRows } from '../../ui/sheet';
import { showToast } from '../../ui/toast';
import { TotpField, useTotpField } from '../../ui/totp-field';
import { TransferFields, TransferSheet, useRecipientField } from '../../ui/transfer-fields';
import { spaToNeu } from './neu-math';

type Mode = 'transfer' | 'exchange';

const TERMS = { page: 1, size: 1 };

type SpaExchange = PagedItem<'/api/neu/spaExchangeList'>;

/** Give SPA quota to another user by address or UID: free, at least the wallet's transfer minimum. */
function TransferForm(): ReactNode {
  const { t } = useTranslation('neu');
  const registry = useAssets();
  const balances = useBalances();
  const rules = useApiQuery('/api/withdraw/list', TERMS);
  const transferMin = rules.data?.transfer_min ?? null;
  // Confirmed by a fresh signature of the account's wallet (and the authenticator's code where enabled).
  const call = useMoneyCall(
    '/api/neu/spaQuotaTransfer',
    ['/api/neu/spaQuotaTransferList', '/api/neu/uinfo'],
    (c) => ({
      action: 'transfer',
      asset: SPA_ASSET,
      amount: c.amount,
      destination: c.to,
    }),
  );
  const [remark, setRemark] = useState('');
  const [tried, setTried] = useState(false);
  const recipient = useRecipientField(tried);
  const totp = useTotpField(tried);
  const amount = useAmountField({
    prompt: 'prompts.amount',
    asset: SPA_ASSET,
    available: balances.available(SPA_ASSET, 'spot'),
    ...(transferMin ? { min: transferMin } : {}),
    tried,
  });

  const review = () => {
    setTried(true);
    if (!transferMin || recipient.problem || recipient.found.state === 'looking' || amount.problem) return;
    if (totp.problem) return;
    call.open({ to: recipient.value.trim(), amount: amount.value, remark: remark.trim(), ...totp.body() });
  };
  const confirm = async () => {
    const done = await call.confirm();
    if (!done) return;
    showToast(t('neu.spa.transferred'));
    recipient.reset();
    setRemark('');
    amount.reset();
    setTried(false);
  };
  return (
    <>
      <TransferFields
        recipient={recipient}
        amount={amount}
        remark={remark}
        onRemark={setRemark}
        foundTestId="neu-recipient-found"
      />
      <TotpField field={totp} />
      <InfoRows
        rows={[
          { label: t('neu.fee'), value: t('neu.free') },
          {
            label: t('neu.minimum'),
            value: transferMin ? `${registry.format(transferMin, SPA_ASSET, EXACT)} ${SPA_ASSET}` : '--',
          },
        ]}
      />
      <SubmitButton disabled={call.busy || !transferMin} onClick={review}>
        {t('neu.spa.transferSubmit')}
      </SubmitButton>
      <TransferSheet
        call={call}
        recipient={recipient}
        onConfirm={() => void confirm()}
        rows={(content) => [
          {
            label: t('neu.amount'),
            value: `${registry.format(content.amount, SPA_ASSET, EXACT)} ${SPA_ASSET}`,
            strong: true,
          },
          { label: t('neu.fee'), value: t('neu.free') },
        ]}
        texts={{
          title: t('neu.spa.transferConfirm'),
          irreversible: t('neu.spa.irreversible'),
        }}
      />
    </>
  );
}

/** The SPA quota given and received. */
function SpaTransferRecords(): ReactNode {
  const { t } = useTranslation('neu');
  return (
    <TransferRecords
      path="/api/neu/spaQuotaTransferList"
      rowTestId="neu-spa-transfer-row"
      texts={{
        title: t('neu.spa.transferRecords'),
        emptyTitle: t('neu.spa.noTransfers'),
        emptyBody: t('neu.spa.noTransfersBody'),
        direction: t('neu.spa.direction'),
        all: t('neu.all'),
        in: t('neu.spa.in'),
        out: t('neu.spa.out'),
        from: (who) => t('neu.spa.from', { who }),
        to: (who) => t('neu.spa.to', { who }),
      }}
    />
  );
}

function ExchangeRow({ x }: { readonly x: SpaExchange }): ReactNode {
  const { t } = useTranslation('neu');
  const registry = useAssets();
  return (
    <div data-testid="neu-spa-exchange-row">
      <RecordRow
        title={`${SPA_ASSET} → ${NEU_ASSET}`}
        amount={<Money value={x.neu} asset={NEU_ASSET} sign />}
        amountTone="up"
        time={x.created_at}
        details={[
          { label: t('neu.spa.spent'), value: <Money value={`-${x.spa}`} asset={SPA_ASSET} /> },
          {
            label: t('neu.rate'),
            value: `1 ${SPA_ASSET} = ${registry.format(x.rate, SPA_ASSET, EXACT)} ${NEU_ASSET}`,
          },
        ]}
      />
    </div>
  );
}

/** SPA quota for NEU at the operators' rate, at least their minimum; what arrives shown before confirming. */
function ExchangeForm(): ReactNode {
  const { t } = useTranslation('neu');
  const registry = useAssets();
  const balances = useBalances();
  const terms = useApiQuery('/api/neu/spaExchangeList', TERMS);
  const call = useMoneyCall('/api/neu/spaExchange', ['/api/neu/spaExchangeList', '/api/neu/uinfo']);
  const [tried, setTried] = useState(false);
  const rate = terms.data?.rate ?? null;
  const amount = useAmountField({
    prompt: 'prompts.amount',
    asset: SPA_ASSET,
    available: balances.available(SPA_ASSET, 'spot'),
    ...(terms.data ? { min: terms.data.min } : {}),
    tried,
  });
  const out =
    rate && amount.problem === null ? spaToNeu(amount.value, rate, registry.scale(NEU_ASSET)) : null;
  const review = () => {
    setTried(true);
    if (!rate || amount.problem) return;
    call.open({ amount: amount.value });
  };
  const confirm = async () => {
    const done = await call.confirm();
    if (!done) return;
    showToast(t('neu.spa.exchanged', { amount: registry.format(done.neu, NEU_ASSET), asset: NEU_ASSET }));
    amount.reset();
    setTried(false);
  };
  return (
    <>
      <AmountField field={amount} />
      <InfoRows
        rows={[
          {
            label: t('neu.rate'),
            value: rate ? `1 ${SPA_ASSET} = ${registry.format(rate, SPA_ASSET, EXACT)} ${NEU_ASSET}` : '--',
          },
          {
            label: t('neu.minimum'),
            value: terms.data ? `${registry.format(terms.data.min, SPA_ASSET)} ${SPA_ASSET}` : '--',
          },
          {
            label: t('neu.youReceive'),
            value: (
              <span data-testid="neu-spa-out">
                {out ? `${registry.format(out, NEU_ASSET)} ${NEU_ASSET}` : '--'}
              </span>
            ),
            strong: true,
          },
        ]}
      />
      <SubmitButton disabled={call.busy || !rate} onClick={review}>
        {t('neu.spa.exchangeSubmit')}
      </SubmitButton>
      <p className="neu-foot">{t('neu.spa.exchangeNote')}</p>
      <ConfirmSheet
        visible={call.content !== null}
        title={t('neu.spa.exchangeConfirm')}
        busy={call.busy}
        onClose={call.close}
        onConfirm={() => void confirm()}
        rows={
          call.content && rate
            ? [
                {
                  label: t('neu.spa.spent'),
                  value: `${registry.format(call.content.amount, SPA_ASSET, EXACT)} ${SPA_ASSET}`,
                },
                {
                  label: t('neu.rate'),
                  value: `1 ${SPA_ASSET} = ${registry.format(rate, SPA_ASSET, EXACT)} ${NEU_ASSET}`,
                },
                {
                  label: t('neu.youReceive'),
                  value: `${registry.format(spaToNeu(call.content.amount, rate, registry.scale(NEU_ASSET)) ?? '0', NEU_ASSET)} ${NEU_ASSET}`,
                  strong: true,
                },
              ]
            : []
        }
        note={t('neu.spa.exchangeNote')}
      />
    </>
  );
}

/** The SPA quota: give it to another user, or exchange it for NEU; with the records of each. */
export function SpaPanel(): ReactNode {
  const { t } = useTranslation('neu');
  const registry = useAssets();
  const [mode, setMode] = useState<Mode>('transfer');
  const balances = useBalances();
  const spa = balances.available(SPA_ASSET, 'spot');
  return (
    <>
      <div className="page page--no-bottom">
        <section className="card box neu-card">
          <div className="box__head">
            <Segments
              label={t('neu.spaQuota')}
              value={mode}
              onChange={setMode}
              options={[
                { value: 'transfer', label: t('neu.spa.transfer') },
                { value: 'exchange', label: t('neu.spa.exchange') },
              ]}
            />
            <span className="neu-card__aside num" data-testid="neu-spa-balance">
              {spa === null ? '--' : `${registry.format(spa, SPA_ASSET)} ${SPA_ASSET}`}
            </span>
          </div>
          {mode === 'transfer' ? <TransferForm /> : <ExchangeForm />}
        </section>
      </div>
      {mode === 'transfer' ? (
        <SpaTransferRecords />
      ) : (
        <RecordsSection
          texts={{
            title: t('neu.spa.exchangeRecords'),
            emptyTitle: t('neu.spa.noExchanges'),
            emptyBody: t('neu.spa.noExchangesBody'),
          }}
          path="/api/neu/spaExchangeList"
          filters={NO_BODY}
          renderItem={(x) => <ExchangeRow x={x} />}
        />
      )}
    </>
  );
}
