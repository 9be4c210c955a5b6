import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { useTranslation } from '../../i18n';
import { routePath, type ScreenName } from '../../paths';
import {
  IconCard,
  IconDeposit,
  IconGame,
  IconInvite,
  IconMiner,
  IconNode,
  IconStore,
  IconWithdraw,
} from '../../ui/icons';

type QuickKey = 'deposit' | 'withdraw' | 'invite' | 'node' | 'miner' | 'game' | 'store' | 'cards';

const ENTRIES: readonly { key: QuickKey; to: ScreenName; icon: ReactNode }[] = [
  { key: 'deposit', to: 'deposit', icon: <IconDeposit /> },
  { key: 'withdraw', to: 'withdraw', icon: <IconWithdraw /> },
  { key: 'invite', to: 'invite', icon: <IconInvite /> },
  { key: 'node', to: 'node', icon: <IconNode /> },
  { key: 'miner', to: 'miner', icon: <IconMiner /> },
  { key: 'game', to: 'game', icon: <IconGame /> },
  { key: 'store', to: 'store', icon: <IconStore /> },
  { key: 'cards', to: 'cardholders', icon: <IconCard /> },
];

export function QuickEntries(): ReactNode {
  const { t } = useTranslation('home');
  return (
    <nav className="quick">
      {ENTRIES.map((e) => (
        <Link key={e.key} to={routePath(e.to)} className="tile">
          <span className="tile__icon" aria-hidden="true">
            {e.icon}
          </span>
          <span className="tile__label">{t(`home.quick.${e.key}`)}</span>
        </Link>
      ))}
    </nav>
  );
}
