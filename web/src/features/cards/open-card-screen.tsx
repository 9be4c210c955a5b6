import { type ReactNode, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { NO_BODY, useApiQuery } from '../../api/hooks';
import { useBalances, useMoneyCall } from '../../hooks/money';
import { useTranslation } from '../../i18n';
import { compareAmounts, EXACT, ratePercent } from '../../lib/amounts';
import { routePath } from '../../paths';
import { useSession } from '../../session';
import { SubmitButton } from '../../ui/form';
import { ConfirmSheet, InfoRows } from '../../ui/sheet';
import { SignInPrompt } from '../../ui/sign-in-prompt';
import { EmptyState, ErrorState, ListSkeleton } from '../../ui/states';
import { showToast } from '../../ui/toast';
import { binPreview } from './cards-math';
import {
  AddressChoice,
  BinChoice,
  CARD_READS,
  type CardAddress,
  CardFace,
  KycBanner,
  USDT,
  useAddresses,
  useCardInfo,
} from './cards-parts';
import './cards.css';
import { useAssets } from '../../hooks/assets';

type Kind = 'virtual' | 'physical';

/** Where a physical card ships: my addresses to choose from, or a way to add the first one. */
function ShipTo({
  addresses,
  loading,
  value,
  onChange,
  error,
}: {
  readonly addresses: readonly CardAddress[];
  readonly loading: boolean;
  readonly value: number | null;
  readonly onChange: (id: number) => void;
  readonly error: string | null;
}): ReactNode {
  const { t } = useTranslation('cards');
  return (
    <section className="card cbox" aria-labelledby="ship-to-title">
      <div className="cbox__head">
        <h2 className="cbox__title" id="ship-to-title">
          {t('cards.open.shipTo')}
        </h2>
        {addresses.length > 0 ? (
          <Link className="cbox__link" to={routePath('address1')} data-testid="add-address">
            {t('cards.address.add')} ›
          </Link>
        ) : null}
      </div>
      {loading ? (
        <ListSkeleton rows={1} />
      ) : addresses.length > 0 ? (
        <AddressChoice addresses={addresses} value={value} onChange={onChange} />
      ) : (
        <Link className="cempty-link" to={routePath('address1')} data-testid="add-address">
          <span className="cempty-link__title">{t('cards.open.noAddress')}</span>
          <span className="cempty-link__action">{t('cards.address.add')} ›</span>
        </Link>
      )}
      {error ? (
        <p className="wf__error" role="alert">
          {error}
        </p>
      ) : null}
    </section>
  );
}

/** What opening costs (the fee, what is available, the top-up fee), whether it is affordable, and "Open". */
function OpenCost({
  kind,
  available,
  topupFeeRate,
  fee,
  test,
  short,
  disabled,
  onReview,
}: {
  readonly kind: Kind;
  /** A test card of the simulated issuer: free, and it pays nowhere. */
  readonly test: boolean;
  readonly available: string | null;
  readonly topupFeeRate: string | null;
  readonly fee: string | null;
  readonly short: boolean;
  readonly disabled: boolean;
  readonly onReview: () => void;
}): ReactNode {
  const { t } = useTranslation('cards');
  const registry = useAssets();
  return (
    <section className="card cbox" aria-labelledby="fee-title">
      <h2 className="cbox__title" id="fee-title">
        {t('cards.open.costTitle')}
      </h2>
      <InfoRows
        className="cbox__rows"
        rows={[
          {
            label: t('cards.available'),
            value: available === null ? '--' : `${registry.format(available, USDT)} ${USDT}`,
          },
          ...(topupFeeRate !== null
            ? [{ label: t('cards.open.topupFee'), value: `${ratePercent(topupFeeRate)}%` }]
            : []),
          {
            label: t('cards.open.fee'),
            value:
              fee !== null ? (
                <span data-testid="open-fee">
                  {test ? t('cards.test.free') : `${registry.format(fee, USDT, EXACT)} ${USDT}`}
                </span>
              ) : (
                '--'
              ),
            strong: true,
          },
        ]}
      />
      {short ? (
        <p className="wf__error" role="alert">
          {t('messages.insufficientBalance')}{' '}
          <Link className="cbox__link" to={routePath('deposit')}>
            {t('screens.deposit')} ›
          </Link>
        </p>
      ) : null}
      {test ? (
        <p className="ctest-note" data-testid="test-card-note">
          {t('cards.test.note')}
        </p>
      ) : null}
      <ul className="cfacts">
        {test ? (
          <li>{t(kind === 'virtual' ? 'cards.test.factVirtual' : 'cards.test.factPhysical')}</li>
        ) : (
          <li>{t(kind === 'virtual' ? 'cards.open.factVirtual1' : 'cards.open.factPhysical1')}</li>
        )}
        <li>{t(kind === 'virtual' ? 'cards.open.factVirtual2' : 'cards.open.factPhysical2')}</li>
      </ul>
      <SubmitButton disabled={disabled} onClick={onReview}>
        {t(kind === 'virtual' ? 'cards.open.submitVirtual' : 'cards.open.submitPhysical')}
      </SubmitButton>
    </section>
  );
}

/** The card about to be opened, as it will look (a test card says so on its face). */
function CardPreview({
  kind,
  bin,
  holder,
}: {
  readonly kind: Kind;
  readonly bin: { readonly bin: string; readonly brand: string; readonly test: boolean };
  readonly holder: string;
}): ReactNode {
  return (
    <div className="copen__preview">
      <CardFace
        card={{
          kind,
          brand: bin.brand,
          masked: binPreview(bin.bin),
          holder,
          expiry: 'MM/YY',
          status: 'active',
          test: bin.test,
        }}
        showStatus={false}
      />
    </div>
  );
}

/** The name the card's preview shows: the verified holder's, or a placeholder. */
function useHolderName(): string {
  const { t } = useTranslation('cards');
  const kyc = useApiQuery('/api/digitalAssets/showRealName', NO_BODY);
  return kyc.data?.kyc
    ? `${kyc.data.kyc.given_name} ${kyc.data.kyc.surname}`.toUpperCase()
    : t('cards.open.yourName');
}

/**
 * Open a card of one kind: choose its type (BIN) and see it as a card, (a physical one: where it ships), the
 * fee and what is available, then confirm; the new card opens.
 */
export function OpenCard({ kind }: { readonly kind: Kind }): ReactNode {
  const { t } = useTranslation('cards');
  const registry = useAssets();
  const navigate = useNavigate();
  const bins = useApiQuery('/api/visa/getVirtualCardBin', NO_BODY);
  const info = useCardInfo();
  const holder = useHolderName();
  const balances = useBalances();
  const addresses = useAddresses(kind === 'physical');
  const virtualCall = useMoneyCall('/api/visa/openVirtualCard', CARD_READS);
  const physicalCall = useMoneyCall('/api/visa/openRealCard', CARD_READS);
  const [picked, setPicked] = useState<string | null>(null);
  const [pickedAddress, setPickedAddress] = useState<number | null>(null);
  const [tried, setTried] = useState(false);

  if (!bins.data) {
    return bins.isError ? <ErrorState onRetry={() => void bins.refetch()} /> : <ListSkeleton rows={3} />;
  }
  const options = bins.data.list.filter((b) => b.kind === kind);
  if (options.length === 0) return <EmptyState title={t('cards.open.noBins')} />;
  const chosen = options.find((b) => b.bin === picked) ?? options[0] ?? null;
  const addressList = addresses.data?.list ?? [];
  const addressId = pickedAddress ?? addressList[0]?.id ?? null;
  const address = addressList.find((a) => a.id === addressId) ?? null;
  const available = balances.available(USDT, 'spot');
  const kycStatus = info.data?.kyc_status ?? null;
  const verified = kycStatus === 'approved';
  const short = chosen !== null && available !== null && compareAmounts(available, chosen.fee) < 0;
  const addressError =
    kind === 'physical' && tried && address === null ? t('cards.open.addressPrompt') : null;
  const busy = virtualCall.busy || physicalCall.busy;

  const review = () => {
    setTried(true);
    if (!chosen || !verified || short) return;
    if (kind === 'virtual') virtualCall.open({ bin: chosen.bin });
    else if (address) physicalCall.open({ bin: chosen.bin, address_id: address.id });
  };
  const confirm = async () => {
    const done = kind === 'virtual' ? await virtualCall.confirm() : await physicalCall.confirm();
    if (!done) return;
    showToast(t(kind === 'virtual' ? 'cards.open.doneVirtual' : 'cards.open.donePhysical'));
    navigate(`${routePath('cardholders1')}?id=${done.id}`, { replace: true });
  };
  const close = () => {
    virtualCall.close();
    physicalCall.close();
  };
  const sheetOpen = virtualCall.content !== null || physicalCall.content !== null;

  return (
    <div className="page page--tight">
      {kycStatus && !verified ? <KycBanner status={kycStatus} /> : null}
      {chosen ? <CardPreview kind={kind} bin={chosen} holder={holder} /> : null}
      <section className="card cbox" aria-labelledby="bin-title">
        <h2 className="cbox__title" id="bin-title">
          {t('cards.open.binLabel')}
        </h2>
        <BinChoice bins={options} value={chosen?.bin ?? null} onChange={setPicked} />
      </section>
      {kind === 'physical' ? (
        <ShipTo
          addresses={addressList}
          loading={addresses.isPending}
          value={addressId}
          onChange={setPickedAddress}
          error={addressError}
        />
      ) : null}
      <OpenCost
        kind={kind}
        available={available}
        topupFeeRate={info.data?.topup_fee_rate ?? null}
        fee={chosen?.fee ?? null}
        test={chosen?.test ?? false}
        short={short}
        disabled={busy || !verified || !chosen}
        onReview={review}
      />
      <ConfirmSheet
        visible={sheetOpen}
        title={t(kind === 'virtual' ? 'cards.open.confirmVirtual' : 'cards.open.confirmPhysical')}
        busy={busy}
        onClose={close}
        onConfirm={() => void confirm()}
        note={
          chosen?.test
            ? t('cards.test.note')
            : t(kind === 'virtual' ? 'cards.open.noteVirtual' : 'cards.open.notePhysical')
        }
        rows={
          chosen
            ? [
                { label: t('cards.open.type'), value: `${chosen.brand} · ${t(`cards.kind.${kind}`)}` },
                { label: 'BIN', value: chosen.bin },
                ...(kind === 'physical' && address
                  ? [{ label: t('cards.open.shipTo'), value: `${address.name}, ${address.city}` }]
                  : []),
                {
                  label: t('cards.open.fee'),
                  value: chosen.test
                    ? t('cards.test.free')
                    : `${registry.format(chosen.fee, USDT, EXACT)} ${USDT}`,
                  strong: true,
                },
              ]
            : []
        }
      />
    </div>
  );
}

/** Open virtual card (/openCard): choose a BIN, see the fee, confirm; the card is active at once. */
export default function OpenVirtualCardScreen(): ReactNode {
  const { t } = useTranslation('cards');
  const { token } = useSession();
  return token ? (
    <OpenCard kind="virtual" />
  ) : (
    <SignInPrompt title={t('cards.signInTitle')} body={t('cards.signInBody')} />
  );
}
