import { Button } from 'antd-mobile';
import { type ReactNode, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { NO_BODY, useApiMutation } from '../../api/hooks';
import { useTranslation } from '../../i18n';
import { routePath } from '../../paths';
import { PagedList } from '../../ui/paged-list';
import { ConfirmSheet } from '../../ui/sheet';
import { showToast } from '../../ui/toast';
import { IconEdit, IconTrash } from './shop-icons';
import { AddressText, BottomBar, type ShopAddress, SignedIn } from './shop-parts';
import './shop.css';

function Addresses(): ReactNode {
  const { t } = useTranslation('shop');
  const navigate = useNavigate();
  const [deleting, setDeleting] = useState<ShopAddress | null>(null);
  const del = useApiMutation('/api/shop/delAddress', { refreshes: ['/api/shop/addressList'] });
  const confirmDelete = async () => {
    if (!deleting || del.isPending) return;
    try {
      await del.mutateAsync({ id: deleting.id });
      showToast(t('shop.address.deleted'));
      setDeleting(null);
    } catch {
      // Toasted by the query client; the sheet stays for a retry.
    }
  };
  return (
    <>
      <div className="page page--tight shop shop--list">
        <p className="slead">{t('shop.address.lead')}</p>
        <PagedList
          path="/api/shop/addressList"
          filters={NO_BODY}
          itemKey={(a) => a.id}
          skeletonRows={3}
          emptyTitle={t('shop.address.empty')}
          emptyBody={t('shop.address.emptyBody')}
          className="slist"
          renderItem={(a) => (
            <article className="card saddr-row" data-testid="address-row" data-id={a.id}>
              <div className="saddr-row__text">
                {a.is_default ? (
                  <span className="schip schip--brand">{t('shop.address.default')}</span>
                ) : null}
                <AddressText a={a} />
              </div>
              <div className="saddr-row__actions">
                <Link
                  to={`${routePath('address3')}?id=${a.id}`}
                  className="sicon-btn"
                  aria-label={t('shop.address.editOne', { name: a.name })}
                  data-testid="address-edit"
                >
                  <IconEdit />
                </Link>
                <button
                  type="button"
                  className="sicon-btn sicon-btn--danger"
                  aria-label={t('shop.address.deleteOne', { name: a.name })}
                  onClick={() => setDeleting(a)}
                  data-testid="address-delete"
                >
                  <IconTrash />
                </button>
              </div>
            </article>
          )}
        />
      </div>
      <BottomBar>
        <Button
          block
          color="primary"
          size="large"
          className="sbar__btn"
          onClick={() => navigate(routePath('address3'))}
          data-testid="address-add"
        >
          {t('shop.address.add')}
        </Button>
      </BottomBar>
      <ConfirmSheet
        visible={deleting !== null}
        title={t('shop.address.deleteTitle')}
        busy={del.isPending}
        onClose={() => setDeleting(null)}
        onConfirm={() => void confirmDelete()}
        confirmText={t('shop.address.delete')}
        confirmTone="down"
        rows={[]}
      >
        {deleting ? (
          <div className="sheet__rows saddr-sheet">
            <AddressText a={deleting} />
          </div>
        ) : null}
      </ConfirmSheet>
    </>
  );
}

/** Shop addresses (/address2): where my orders ship; edit one, delete one (confirmed), add one. */
export default function AddressesScreen(): ReactNode {
  return <SignedIn>{() => <Addresses />}</SignedIn>;
}
