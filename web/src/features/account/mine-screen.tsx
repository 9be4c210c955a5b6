import { maskAddress } from '@nexa/contract';
import { Button, Dialog, List, Skeleton, Switch } from 'antd-mobile';
import { type ReactNode, useState } from 'react';
import { useNavigate } from 'react-router';
import { api } from '../../api';
import { NO_BODY, useApiQuery } from '../../api/hooks';
import { LANG_NATIVE_NAMES, useLang, useTranslation } from '../../i18n';
import { routePath, type ScreenName } from '../../paths';
import { clearSession, useSession } from '../../session';
import { copyText } from '../../ui/copy';
import {
  IconBell,
  IconCard,
  IconChart,
  IconCopy,
  IconDevice,
  IconExchange,
  IconGlobe,
  IconInfo,
  IconInvite,
  IconLink,
  IconLock,
  IconMiner,
  IconNft,
  IconNode,
  IconQuestion,
  IconRecords,
  IconShield,
  IconSpeaker,
  IconStar,
  IconStore,
  IconTokenMarket,
  IconUserCircle,
} from '../../ui/icons';
import { setTheme, setUpDown, useAppearance } from '../../ui/settings';
import { SignInPrompt } from '../../ui/sign-in-prompt';
import { ErrorState } from '../../ui/states';
import { showToast } from '../../ui/toast';
import './mine.css';

/** A stable two-color avatar drawn from the address. */
function avatarStyle(address: string): { background: string } {
  const hex = address.replace(/^0x/, '').padEnd(12, '0');
  const a = Number.parseInt(hex.slice(0, 6), 16) % 360;
  const b = (a + 40 + (Number.parseInt(hex.slice(6, 12), 16) % 120)) % 360;
  return { background: `linear-gradient(135deg, hsl(${a} 70% 55%), hsl(${b} 70% 45%))` };
}

function CopyButton({ text, label }: { readonly text: string; readonly label: string }): ReactNode {
  return (
    <button
      type="button"
      className="round-btn copy-btn"
      onClick={() => void copyText(text)}
      aria-label={label}
    >
      <IconCopy />
    </button>
  );
}

function Profile(): ReactNode {
  const { t } = useTranslation('account');
  const { data, isPending, isError, refetch } = useApiQuery('/api/user/info', NO_BODY);
  if (isPending) {
    return (
      <div className="profile card">
        <Skeleton.Title animated />
        <Skeleton.Paragraph animated lineCount={2} />
      </div>
    );
  }
  if (isError || !data) {
    return (
      <div className="profile card">
        <ErrorState onRetry={() => void refetch()} />
      </div>
    );
  }
  return (
    <div className="profile card">
      <div className="profile__head">
        <div className="profile__avatar" style={avatarStyle(data.address)} aria-hidden="true" />
        <div className="profile__who">
          <div className="profile__address-row">
            <span className="profile__address num">{maskAddress(data.address, 6, 4)}</span>
            <CopyButton text={data.address} label={t('mine.copyAddress')} />
          </div>
          <div className="profile__meta">
            <span className="profile__uid num">
              {t('mine.uid')} {data.uid}
            </span>
            <span className="profile__level num">{t('mine.level', { level: data.level })}</span>
          </div>
        </div>
      </div>
      <div className="profile__invite">
        <div className="profile__invite-text">
          <span className="profile__invite-label">{t('mine.invitationCode')}</span>
          <span className="profile__invite-code num">{data.invite_code}</span>
        </div>
        <Button
          size="small"
          color="primary"
          fill="outline"
          className="profile__copy"
          onClick={() => void copyText(data.invite_code)}
          aria-label={t('mine.copyCode')}
        >
          {t('common.copy')}
        </Button>
      </div>
    </div>
  );
}

/** The signed-in account's own settings: its notifications and its devices. */
function AccountEntries(): ReactNode {
  const { t } = useTranslation('account');
  const navigate = useNavigate();
  return (
    <>
      <List.Item prefix={<IconBell />} onClick={() => navigate(routePath('notices'))} arrowIcon>
        {t('devices.notices')}
      </List.Item>
      <List.Item prefix={<IconDevice />} onClick={() => navigate(routePath('devices'))} arrowIcon>
        {t('screens.devices')}
      </List.Item>
      <List.Item prefix={<IconShield />} onClick={() => navigate(routePath('security'))} arrowIcon>
        {t('screens.security')}
      </List.Item>
    </>
  );
}

interface MenuEntry {
  readonly to: ScreenName;
  readonly icon: ReactNode;
  readonly extra?: ReactNode;
}

/**
 * Signing out after a confirmation; signed in with the key this browser holds and never saved to a file, the
 * confirmation says what would be lost and leads to the backup instead.
 */
function useSignOut(walletAddress: string | null, setLeaving: (on: boolean) => void) {
  const { t } = useTranslation('account');
  const navigate = useNavigate();
  return async () => {
    // Signed in with the key this browser holds and never saved to a file: say what would be lost.
    const { localKeyAtRisk } = await import('../../lib/wallet-backup');
    const atRisk = localKeyAtRisk(walletAddress);
    const ok = await Dialog.confirm({
      content: atRisk ? t('mine.signOutLoseKey') : t('mine.signOutConfirm'),
      confirmText: t('mine.signOut'),
      cancelText: atRisk ? t('mine.backUpFirst') : t('common.cancel'),
    });
    if (!ok) {
      if (atRisk) navigate(routePath('security'));
      return;
    }
    setLeaving(true);
    try {
      await api('/api/auth/logout', {});
    } finally {
      clearSession();
      setLeaving(false);
      showToast(t('messages.signedOut'));
    }
  };
}

export default function MineScreen(): ReactNode {
  const { t } = useTranslation('account');
  const navigate = useNavigate();
  const { token, walletAddress } = useSession();
  const lang = useLang();
  const appearance = useAppearance();
  const [leaving, setLeaving] = useState(false);

  const menu: readonly MenuEntry[] = [
    { to: 'me1', icon: <IconGlobe />, extra: LANG_NATIVE_NAMES[lang] },
    { to: 'me2', icon: <IconInfo /> },
    { to: 'me3', icon: <IconSpeaker /> },
    { to: 'me4', icon: <IconQuestion /> },
    { to: 'me5', icon: <IconLink /> },
    { to: 'realName', icon: <IconUserCircle /> },
    { to: 'cardholders', icon: <IconCard /> },
    { to: 'store', icon: <IconStore /> },
    { to: 'order', icon: <IconRecords /> },
    { to: 'neuRecharge', icon: <IconExchange /> },
    { to: 'tokenMarket', icon: <IconTokenMarket /> },
    { to: 'node', icon: <IconNode /> },
    { to: 'nft', icon: <IconNft /> },
    { to: 'miner', icon: <IconMiner /> },
    { to: 'privatePlacement', icon: <IconStar /> },
    { to: 'node2', icon: <IconLock /> },
    { to: 'node3', icon: <IconChart /> },
    { to: 'node7', icon: <IconShield /> },
    { to: 'invite', icon: <IconInvite /> },
  ];

  const signOut = useSignOut(walletAddress, setLeaving);

  return (
    <div className="mine">
      <div className="mine__top">
        {token ? (
          <Profile />
        ) : (
          <SignInPrompt compact title={t('mine.guestTitle')} body={t('mine.guestBody')} />
        )}
      </div>

      <h2 className="mine__heading">{t('mine.services')}</h2>
      <List className="mine__list">
        {menu.map((m) => (
          <List.Item
            key={m.to}
            prefix={m.icon}
            extra={m.extra}
            onClick={() => navigate(routePath(m.to))}
            arrowIcon
          >
            {t(`screens.${m.to}`)}
          </List.Item>
        ))}
      </List>

      <h2 className="mine__heading">{t('mine.settings')}</h2>
      <List className="mine__list">
        {token ? <AccountEntries /> : null}
        <List.Item
          extra={
            <Switch
              checked={appearance.theme === 'dark'}
              onChange={(on) => setTheme(on ? 'dark' : 'light')}
              aria-label={t('mine.darkMode')}
            />
          }
        >
          {t('mine.darkMode')}
        </List.Item>
        <List.Item
          description={
            <span className="updown">
              <span>{t('mine.upDownHint')}</span>
              <span className="updown__sample">
                <span className="up num">▲ +2.15%</span>
                <span className="down num">▼ −1.08%</span>
              </span>
            </span>
          }
          extra={
            <Switch
              checked={appearance.upDown === 'red-up'}
              onChange={(on) => setUpDown(on ? 'red-up' : 'green-up')}
              aria-label={t('mine.redUp')}
            />
          }
        >
          {t('mine.redUp')}
        </List.Item>
      </List>

      {token ? (
        <div className="mine__signout">
          <Button block fill="outline" loading={leaving} disabled={leaving} onClick={() => void signOut()}>
            {t('mine.signOut')}
          </Button>
        </div>
      ) : null}
    </div>
  );
}
