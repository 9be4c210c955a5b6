import { useState } from 'react';
import { useNavigate } from 'react-router';
import { NO_BODY, useApiMutation, useApiQuery } from '../../api/hooks';
import { useTranslation } from '../../i18n';
import { routePath } from '../../paths';
import { showToast } from '../../ui/toast';
import { isTracking } from './shop-math';
import { SHOP_READS, type ShopOrder } from './shop-parts';

/**
 * The shipping form: the logistics company (from the list the server knows) and the tracking number, what
 * is wrong with each (said once the number was left, or once the user tried), and the shipment confirmed in
 * a sheet; once shipped, the order's detail.
 */
export function useShipForm(o: ShopOrder) {
  const { t } = useTranslation('shop');
  const navigate = useNavigate();
  const companies = useApiQuery('/api/shop/companyList', NO_BODY);
  const [company, setCompany] = useState<string | null>(null);
  const [tracking, setTracking] = useState('');
  const [tried, setTried] = useState(false);
  const [touched, setTouched] = useState(false);
  const [sheet, setSheet] = useState(false);
  const deliver = useApiMutation('/api/shop/orderDelivery', { refreshes: SHOP_READS });
  const list = companies.data?.list ?? [];
  const companyName = list.find((c) => c.code === company)?.name ?? null;

  const companyError = company === null ? t('shop.ship.prompt.company') : null;
  const trackingError =
    tracking.trim() === ''
      ? t('shop.ship.prompt.tracking')
      : isTracking(tracking)
        ? null
        : t('shop.ship.trackingInvalid');

  const review = () => {
    setTried(true);
    if (companyError || trackingError) return;
    setSheet(true);
  };
  const ship = async () => {
    if (!company || deliver.isPending) return;
    try {
      await deliver.mutateAsync({ order_id: o.id, company, tracking: tracking.trim() });
    } catch {
      setSheet(false);
      return; // toasted by the query client
    }
    setSheet(false);
    showToast(t('shop.ship.done'));
    navigate(`${routePath('orderDetail')}?id=${o.id}`, { replace: true });
  };

  return {
    /** The logistics companies to pick from. */
    list,
    company,
    setCompany,
    companyName,
    tracking,
    setTracking,
    setTouched,
    companyShown: tried ? companyError : null,
    trackingShown: tried || touched ? trackingError : null,
    review,
    /** The confirmation sheet is open. */
    sheet,
    setSheet,
    ship,
    busy: deliver.isPending,
  };
}

export type ShipFormState = ReturnType<typeof useShipForm>;
