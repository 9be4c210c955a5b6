import { Button } from 'antd-mobile';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { HOME_PATH } from '../paths';
import './coming-soon.css';
import { IconClock } from './icons';
import { useCurrentRoute } from './route-context';

/** The honest body of every screen that is not built yet, titled with its own screen name. */
export default function ComingSoon(): ReactNode {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const route = useCurrentRoute();
  const screen = t(`screens.${route.name}`);
  return (
    <section className="coming-soon">
      <div className="coming-soon__badge" aria-hidden="true">
        <IconClock />
      </div>
      <h2 className="coming-soon__title">{t('comingSoon.title')}</h2>
      <p className="coming-soon__body">{t('comingSoon.body', { screen })}</p>
      {route.tab ? null : (
        <Button
          color="primary"
          fill="outline"
          className="coming-soon__action"
          onClick={() => navigate(HOME_PATH)}
        >
          {t('comingSoon.action')}
        </Button>
      )}
    </section>
  );
}
