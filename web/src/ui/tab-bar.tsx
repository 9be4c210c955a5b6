import type { ReactNode } from 'react';
import { NavLink } from 'react-router';
import { useTranslation } from '../i18n';
import { routePath, type ScreenName } from '../paths';
import { IconCopyTrade, IconHome, IconTrade, IconUser, IconWallet } from './icons';
import './tab-bar.css';

const TAB_ITEMS: readonly {
  name: ScreenName;
  label: 'tabs.home' | 'tabs.trade' | 'tabs.copy' | 'tabs.wallet' | 'tabs.me';
  icon: ReactNode;
}[] = [
  { name: 'home', label: 'tabs.home', icon: <IconHome /> },
  { name: 'trade', label: 'tabs.trade', icon: <IconTrade /> },
  { name: 'copy', label: 'tabs.copy', icon: <IconCopyTrade /> },
  { name: 'wallet', label: 'tabs.wallet', icon: <IconWallet /> },
  { name: 'me', label: 'tabs.me', icon: <IconUser /> },
];

/** Bottom tabs: Home, Trade, Copy, Wallet, Mine; `lit` is the tab of the screen shown. */
export function TabBar({ lit }: { readonly lit?: ScreenName }): ReactNode {
  const { t } = useTranslation();
  return (
    <nav className="tab-bar" aria-label="tabs">
      {TAB_ITEMS.map((tab) => (
        <NavLink
          key={tab.name}
          to={routePath(tab.name)}
          className={({ isActive }) =>
            isActive || tab.name === lit ? 'tab-bar__item tab-bar__item--active' : 'tab-bar__item'
          }
        >
          <span className="tab-bar__icon" aria-hidden="true">
            {tab.icon}
          </span>
          <span className="tab-bar__label">{t(tab.label)}</span>
        </NavLink>
      ))}
    </nav>
  );
}
