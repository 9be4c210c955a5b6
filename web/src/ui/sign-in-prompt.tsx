import { Button } from 'antd-mobile';
import type { ReactNode } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { useTranslation } from '../i18n';
import { routePath } from '../paths';
import { IconUserCircle } from './icons';
import './sign-in-prompt.css';

interface SignInPromptProps {
  readonly title?: string;
  readonly body?: string;
  /** Compact: a card inside a screen rather than the whole body. */
  readonly compact?: boolean;
  /** In a narrow column (beside an order book): stacked and centred. */
  readonly narrow?: boolean;
}

/** Shown in place by screens that need a session; it never redirects. */
export function SignInPrompt({ title, body, compact, narrow }: SignInPromptProps): ReactNode {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const location = useLocation();
  return (
    <div
      className={
        compact
          ? `sign-in-prompt sign-in-prompt--compact card${narrow ? ' sign-in-prompt--narrow' : ''}`
          : 'sign-in-prompt'
      }
    >
      <div className="sign-in-prompt__icon" aria-hidden="true">
        <IconUserCircle />
      </div>
      <div className="sign-in-prompt__text">
        <p className="sign-in-prompt__title">{title ?? t('signInPrompt.title')}</p>
        <p className="sign-in-prompt__body">{body ?? t('signInPrompt.body')}</p>
      </div>
      <Button
        color="primary"
        className="sign-in-prompt__action"
        onClick={() => navigate(routePath('login'), { state: { from: location.pathname + location.search } })}
      >
        {t('signInPrompt.action')}
      </Button>
    </div>
  );
}
