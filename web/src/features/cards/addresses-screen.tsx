import { Button } from 'antd-mobile';
import type { ReactNode } from 'react';
import { Link, useNavigate } from 'react-router';
import { NO_BODY } from '../../api/hooks';
import { useTranslation } from '../../i18n';
import { routePath } from '../../paths';
import { useSession } from '../../session';
import { PagedList } from '../../ui/paged-list';
import { SignInPrompt } from '../../ui/sign-in-prompt';
import { AddressText } from './cards-parts';
import './cards.css';

function Addresses(): ReactNode {
  const { t } = useTranslation('cards');
  const navigate = useNavigate();
  return (
    <div className="caddress-screen">
      <p className="caddress-screen__lead">{t('cards.address.lead')}</p>
      <PagedList
        path="/api/visa/addressList"
        filters={NO_BODY}
        itemKey={(a) => a.id}
        emptyTitle={t('cards.address.empty')}
        emptyBody={t('cards.address.emptyBody')}
        className="caddress-list"
        renderItem={(a) => (
          <article className="caddr caddr--row" data-testid="address-row">
            <span className="fill lines">
              <AddressText a={a} />
            </span>
            <Link
              className="caddr__edit"
              to={`${routePath('address1')}?id=${a.id}`}
              data-testid="address-edit"
              aria-label={t('cards.address.editOne', { name: a.name })}
            >
              {t('cards.address.edit')}
            </Link>
          </article>
        )}
      />
      <div className="caddress-screen__foot">
        <Button
          block
          color="primary"
          size="large"
          onClick={() => navigate(routePath('address1'))}
          data-testid="address-add"
        >
          {t('cards.address.add')}
        </Button>
      </div>
    </div>
  );
}

/** Card addresses (/address): where physical cards ship; each can be edited, and a new one added. */
export default function AddressesScreen(): ReactNode {
  const { t } = useTranslation('cards');
  const { token } = useSession();
  return token ? <Addresses /> : <SignInPrompt title={t('cards.signInTitle')} body={t('cards.signInBody')} />;
}
