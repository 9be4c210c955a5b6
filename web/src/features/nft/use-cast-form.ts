import type { ResponseData } from '@nexa/contract';
import { useState } from 'react';
import { useMoneyCall } from '../../hooks/money';
import { useTranslation } from '../../i18n';
import { showToast } from '../../ui/toast';

export type Collection = ResponseData<'/v1/nft/collections'>['list'][number];
export type Cast = ResponseData<'/api/cast/cast'>;

const REFRESH = [
  '/api/assets/getNum',
  '/api/assets/nftRecord',
  '/v1/nft/collections',
  '/v1/nft/orders',
] as const;

/**
 * The cast form: the collection chosen (the first until one is), the name a nameplate takes, the casts of
 * quota to buy, the NFT last cast; each of the cast and the quota purchase confirmed in a sheet.
 */
export function useCastForm(collections: readonly Collection[] | undefined) {
  const { t } = useTranslation('nft');
  const cast = useMoneyCall('/api/cast/cast', REFRESH);
  const buy = useMoneyCall('/api/assets/addNum', REFRESH);
  const [chosen, setChosen] = useState<number | null>(null);
  const [name, setName] = useState('');
  const [count, setCount] = useState(1);
  const [tried, setTried] = useState(false);
  const [made, setMade] = useState<Cast | null>(null);
  const c = collections?.find((x) => x.id === (chosen ?? collections[0]?.id));
  const nameProblem = c?.kind === 'nameplate' && !name.trim() ? t('nft.namePrompt') : null;
  const review = () => {
    setTried(true);
    if (!c || nameProblem) return;
    cast.open({ collection_id: c.id, ...(c.kind === 'nameplate' ? { name: name.trim() } : {}) });
  };
  const confirmCast = () =>
    void cast.confirm().then((done) => {
      if (!done) return;
      setMade(done);
      setName('');
      setTried(false);
      showToast(t('nft.castToast'));
    });
  const confirmQuota = () =>
    void buy.confirm().then((done) => {
      if (done) showToast(t('nft.quotaToast'));
    });
  return {
    /** The collection chosen. */
    c,
    setChosen,
    name,
    setName,
    nameShown: tried ? nameProblem : null,
    count,
    setCount,
    made,
    review,
    cast,
    confirmCast,
    buy,
    confirmQuota,
  };
}

export type CastForm = ReturnType<typeof useCastForm>;
