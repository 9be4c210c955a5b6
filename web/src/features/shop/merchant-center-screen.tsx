import { formatDate } from '@nexa/contract';
import { Button, Skeleton, TextArea } from 'antd-mobile';
import { type ReactNode, useId, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { ApiFailure, useApiMutation } from '../../api/hooks';
import { useMoneyCall } from '../../hooks/money';
import { useTranslation } from '../../i18n';
import { EXACT, ratePercent } from '../../lib/amounts';
import { routePath } from '../../paths';
import { Field, TextInput } from '../../ui/form';
import { IconChart, IconClock, IconRecords, IconRight } from '../../ui/icons';
import { ConfirmSheet, InfoRows } from '../../ui/sheet';
import { ErrorState } from '../../ui/states';
import { showToast } from '../../ui/toast';
import { IconBox, IconCrown, IconEdit, IconMerchant, IconStack, IconTruck } from './shop-icons';
import { covers, merchantStage, vipActive } from './shop-math';
import {
  BottomBar,
  type Merchant,
  MerchantStatusChip,
  SHOP_READS,
  type ShopConfig,
  type ShopInfo,
  ShopLink,
  SignedIn,
  USDT,
  useShopConfig,
  useShopInfo,
} from './shop-parts';
import './shop.css';
import { useAssets } from '../../hooks/assets';

/** "Shop balance 120.00 USDT · Recharge ›": what a fee is paid from, and the way to top it up. */
function PaysFrom({ info }: { readonly info: ShopInfo }): ReactNode {
  const { t } = useTranslation('shop');
  const registry = useAssets();
  return (
    <div className="spays">
      <span className="spays__text">
        {t('shop.merchant.paysFrom')}{' '}
        <span className="num spays__amount" data-testid="center-balance">
          {registry.format(info.balance, USDT)} {USDT}
        </span>
      </span>
      <Link to={routePath('order2')} className="slinkbtn">
        {t('shop.wallet.recharge')}
        <IconRight />
      </Link>
    </div>
  );
}

/** The form's bottom button: apply for the fee, or top up first when the shop wallet does not cover it. */
function ApplyBar({
  enough,
  busy,
  fee,
  onReview,
}: {
  readonly enough: boolean;
  readonly busy: boolean;
  readonly fee: string;
  readonly onReview: () => void;
}): ReactNode {
  const { t } = useTranslation('shop');
  const navigate = useNavigate();
  return (
    <BottomBar>
      {enough ? (
        <Button
          block
          color="primary"
          size="large"
          className="sbar__btn"
          disabled={busy}
          onClick={onReview}
          data-testid="apply-merchant"
        >
          {t('shop.merchant.apply', { fee })}
        </Button>
      ) : (
        <Button
          block
          color="primary"
          size="large"
          className="sbar__btn"
          onClick={() => navigate(routePath('order2'))}
          data-testid="apply-recharge"
        >
          {t('shop.wallet.recharge')}
        </Button>
      )}
    </BottomBar>
  );
}

/** No merchant account yet (or a rejected one): the application, its fee, then operators review it. */
function ApplyForm({
  info,
  config,
  rejected,
}: {
  readonly info: ShopInfo;
  readonly config: ShopConfig;
  readonly rejected: Merchant | null;
}): ReactNode {
  const { t } = useTranslation('shop');
  const registry = useAssets();
  const ids = useId();
  const [name, setName] = useState(rejected?.name ?? '');
  const [intro, setIntro] = useState(rejected?.intro ?? '');
  const [tried, setTried] = useState(false);
  const call = useMoneyCall('/api/shop/openMerchant', SHOP_READS);
  const shopInfo = useShopInfo();
  const nameError =
    name.trim() === ''
      ? t('shop.merchant.prompt.name')
      : name.trim().length < 2
        ? t('shop.merchant.nameShort')
        : null;
  const enough = covers(info.balance, config.merchant_fee);
  const fee = registry.format(config.merchant_fee, USDT, EXACT);
  const review = () => {
    setTried(true);
    if (nameError || !enough) return;
    call.open({ name: name.trim(), intro: intro.trim() });
  };
  const confirm = async () => {
    let refused = false;
    const done = await call.confirm((e) => {
      refused = e instanceof ApiFailure && (e.is('MerchantExists') || e.is('MerchantState'));
    });
    if (done) showToast(t('shop.merchant.applied'));
    if (!refused) return;
    // Already a merchant (approved meanwhile, or in another tab): the center shows where it stands instead,
    // with "Open my shop" when it is approved.
    call.close();
    const fresh = await shopInfo.refetch();
    if (fresh.data?.merchant?.status === 'approved') showToast(t('shop.merchant.alreadyApproved'));
  };
  return (
    <>
      <section className="card sbox" aria-labelledby="apply-title" data-testid="apply-form">
        <h2 className="sbox__title" id="apply-title">
          {t('shop.merchant.applyTitle')}
        </h2>
        <p className="wform__lead">{t('shop.merchant.applyLead', { fee })}</p>
        <Field label={t('shop.merchant.name')} htmlFor={`${ids}-name`} error={tried ? nameError : null}>
          <TextInput
            id={`${ids}-name`}
            value={name}
            onChange={setName}
            placeholder={t('shop.merchant.prompt.name')}
            maxLength={40}
          />
        </Field>
        <Field label={t('shop.merchant.intro')} htmlFor={`${ids}-intro`} hint={t('shop.merchant.introHint')}>
          <div className="wf__box sarea">
            <TextArea
              id={`${ids}-intro`}
              value={intro}
              onChange={setIntro}
              placeholder={t('shop.merchant.prompt.intro')}
              maxLength={300}
              autoSize={{ minRows: 3, maxRows: 6 }}
              showCount
            />
          </div>
        </Field>
        <InfoRows
          rows={[
            {
              label: t('shop.merchant.fee'),
              value: `${fee} ${USDT}`,
              strong: true,
            },
          ]}
        />
        <PaysFrom info={info} />
        {!enough ? (
          <p className="note snote--danger" role="alert">
            {t('shop.merchant.feeShort', { fee })}
          </p>
        ) : null}
      </section>
      <ApplyBar enough={enough} busy={call.busy} fee={fee} onReview={review} />
      <ConfirmSheet
        visible={call.content !== null}
        title={t('shop.merchant.applyConfirm')}
        busy={call.busy}
        onClose={call.close}
        onConfirm={() => void confirm()}
        note={t('shop.merchant.reviewNote')}
        rows={[
          { label: t('shop.merchant.name'), value: call.content?.name ?? '' },
          {
            label: t('shop.merchant.fee'),
            value: `${fee} ${USDT}`,
            strong: true,
          },
          { label: t('shop.confirm.payWith'), value: t('shop.wallet.shopWallet') },
        ]}
      />
    </>
  );
}

/** The merchant's status in words, with what comes next. */
function StatusCard({ m }: { readonly m: Merchant }): ReactNode {
  const { t } = useTranslation('shop');
  return (
    <section className="card sbox sstatus" data-testid="merchant-stage" data-stage={m.status}>
      <div className="row row--3">
        <span className="icon-disc sstatus__icon" aria-hidden="true">
          {m.status === 'pending' ? <IconClock /> : <IconMerchant />}
        </span>
        <span className="fill col">
          <span className="sstatus__name">{m.name}</span>
          <span className="sstatus__since num">{t('shop.since', { date: formatDate(m.created_at) })}</span>
        </span>
        <MerchantStatusChip status={m.status} />
      </div>
      <p className="sstatus__note">{t(`shop.merchant.stage.${m.status}`)}</p>
      {m.reason && (m.status === 'rejected' || m.status === 'suspended') ? (
        <p className="note snote--danger">{t('shop.merchant.reason', { reason: m.reason })}</p>
      ) : null}
    </section>
  );
}

/** An active merchant's ways: goods, orders, stock, sales, settlements, release orders, profile, storefront. */
function Tools({ m, info }: { readonly m: Merchant; readonly info: ShopInfo }): ReactNode {
  const { t } = useTranslation('shop');
  const registry = useAssets();
  return (
    <>
      <dl className="card sbox sfigs sfigs--3">
        <div className="sfig">
          <dt>{t('shop.figure.products')}</dt>
          <dd className="num">{m.products}</dd>
        </div>
        <div className="sfig">
          <dt>{t('shop.figure.sales')}</dt>
          <dd className="num">{m.sales}</dd>
        </div>
        <div className="sfig">
          <dt>{t('shop.figure.turnover')}</dt>
          <dd className="num">
            {registry.format(m.turnover, USDT, EXACT)}
            <small> {USDT}</small>
          </dd>
        </div>
      </dl>
      <nav className="card link-rows" aria-label={t('shop.merchant.tools')}>
        <ShopLink to="storeMyItem1" icon={<IconBox />} testId="to-goods" />
        <ShopLink
          to="order1"
          icon={<IconTruck />}
          testId="to-merchant-orders"
          extra={
            info.to_ship > 0 ? (
              <span className="sbadge">{t('shop.merchant.toShip', { n: info.to_ship })}</span>
            ) : undefined
          }
        />
        <ShopLink to="orderList" icon={<IconClock />} testId="to-release" />
        <ShopLink to="storeMyItem3" icon={<IconStack />} testId="to-stock" />
        <ShopLink to="storeMyItem4" icon={<IconChart />} testId="to-sales" />
        <ShopLink to="storeMyItem5" icon={<IconRecords />} testId="to-settlements" />
        <ShopLink to="storeInfo" icon={<IconEdit />} testId="to-store-info" />
        <ShopLink to="storeHome" search={`?id=${m.id}`} icon={<IconMerchant />} testId="to-my-storefront" />
      </nav>
    </>
  );
}

/** VIP: until when, what it gives, its fee; open or extend it from the shop wallet. */
function VipCard({ info, config }: { readonly info: ShopInfo; readonly config: ShopConfig }): ReactNode {
  const { t } = useTranslation('shop');
  const registry = useAssets();
  const call = useMoneyCall('/api/shop/openVip', SHOP_READS);
  const active = vipActive(info.vip_until, Date.now());
  const enough = covers(info.balance, config.vip_fee);
  const confirm = async () => {
    const done = await call.confirm();
    if (done) showToast(t('shop.vip.done', { date: formatDate(done.vip_until) }));
  };
  return (
    <section
      className={active ? 'card sbox svip svip--on' : 'card sbox svip'}
      data-testid="vip-card"
      data-active={active}
    >
      <div className="row row--3">
        <span className="icon-disc svip__icon" aria-hidden="true">
          <IconCrown />
        </span>
        <span className="fill col">
          <span className="svip__title">{t('shop.vip.title')}</span>
          <span className="svip__state num" data-testid="vip-until">
            {active && info.vip_until
              ? t('shop.vip.until', { date: formatDate(info.vip_until) })
              : t('shop.vip.none')}
          </span>
        </span>
        <Button
          size="small"
          color="primary"
          fill={active ? 'outline' : 'solid'}
          className="svip__btn"
          disabled={call.busy || !enough}
          onClick={() => call.open({})}
          data-testid="open-vip"
        >
          {active ? t('shop.vip.extend') : t('shop.vip.open')}
        </Button>
      </div>
      <p className="svip__note">
        {t('shop.vip.benefit', { fee: registry.format(config.vip_fee, USDT, EXACT), days: config.vip_days })}
      </p>
      {!enough ? (
        <p className="note">{t('shop.vip.short', { fee: registry.format(config.vip_fee, USDT, EXACT) })}</p>
      ) : null}
      <ConfirmSheet
        visible={call.content !== null}
        title={active ? t('shop.vip.extendTitle') : t('shop.vip.openTitle')}
        busy={call.busy}
        onClose={call.close}
        onConfirm={() => void confirm()}
        note={t('shop.vip.sheetNote', { days: config.vip_days })}
        rows={[
          {
            label: t('shop.vip.fee'),
            value: `${registry.format(config.vip_fee, USDT, EXACT)} ${USDT}`,
            strong: true,
          },
          { label: t('shop.confirm.payWith'), value: t('shop.wallet.shopWallet') },
        ]}
      />
    </section>
  );
}

/** Approved: one step left, opening the shop for business. */
function Activate(): ReactNode {
  const { t } = useTranslation('shop');
  const activate = useApiMutation('/api/shop/activate', { refreshes: SHOP_READS });
  const go = async () => {
    if (activate.isPending) return;
    try {
      await activate.mutateAsync({});
      showToast(t('shop.merchant.activated'));
    } catch {
      // toasted by the query client
    }
  };
  return (
    <BottomBar>
      <Button
        block
        color="primary"
        size="large"
        className="sbar__btn"
        loading={activate.isPending}
        disabled={activate.isPending}
        onClick={() => void go()}
        data-testid="activate"
      >
        {t('shop.merchant.activate')}
      </Button>
    </BottomBar>
  );
}

function Center(): ReactNode {
  const { t } = useTranslation('shop');
  const registry = useAssets();
  const navigate = useNavigate();
  const info = useShopInfo();
  const config = useShopConfig();
  const i = info.data;
  const c = config.data;
  if (!i || !c) {
    if (info.isError || config.isError)
      return (
        <ErrorState
          onRetry={() => {
            void info.refetch();
            void config.refetch();
          }}
        />
      );
    return (
      <div className="page page--tight shop">
        <section className="card sbox" aria-busy="true">
          <Skeleton.Title animated />
          <Skeleton.Paragraph animated lineCount={3} />
        </section>
      </div>
    );
  }
  const m = i.merchant;
  const stage = merchantStage(m);
  return (
    <div className="page page--tight shop" data-testid="merchant-center" data-stage={stage}>
      {m ? <StatusCard m={m} /> : null}
      {stage === 'none' || stage === 'rejected' ? <ApplyForm info={i} config={c} rejected={m} /> : null}
      {stage === 'active' && m ? <Tools m={m} info={i} /> : null}
      {stage === 'pending' ? (
        <section className="card sbox">
          <InfoRows
            rows={[
              {
                label: t('shop.merchant.feePaid'),
                value: `${registry.format(c.merchant_fee, USDT, EXACT)} ${USDT}`,
              },
              { label: t('shop.merchant.next'), value: t('shop.merchant.nextActivate') },
            ]}
          />
        </section>
      ) : null}
      <VipCard info={i} config={c} />
      <p className="note snote--center">
        {t('shop.merchant.terms', {
          fee: `${ratePercent(c.platform_fee_rate)}%`,
          days: c.auto_confirm_days,
        })}
      </p>
      {stage === 'approved' ? <Activate /> : null}
      {stage === 'active' ? (
        <BottomBar>
          <Button
            block
            color="primary"
            size="large"
            className="sbar__btn"
            onClick={() => navigate(routePath('storeMyItem2'))}
            data-testid="add-goods"
          >
            {t('shop.goods.add')}
          </Button>
        </BottomBar>
      ) : null}
    </div>
  );
}

/**
 * Merchant center (/store1): apply for a merchant account (its fee, then review), wait for review, open the
 * approved shop, then run it (goods, orders, stock, sales, settlements); VIP for anyone, opened or extended.
 */
export default function MerchantCenterScreen(): ReactNode {
  return <SignedIn>{() => <Center />}</SignedIn>;
}
