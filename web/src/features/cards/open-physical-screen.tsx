import type { ReactNode } from 'react';
import { useTranslation } from '../../i18n';
import { useSession } from '../../session';
import { SignInPrompt } from '../../ui/sign-in-prompt';
import { OpenCard } from './open-card-screen';

/** Apply physical card (/openCard1): a BIN, the shipping address, the fee, confirm; it ships, then activates. */
export default function OpenPhysicalCardScreen(): ReactNode {
  const { t } = useTranslation('cards');
  const { token } = useSession();
  return token ? (
    <OpenCard kind="physical" />
  ) : (
    <SignInPrompt title={t('cards.signInTitle')} body={t('cards.signInBody')} />
  );
}
