import { Button, List } from 'antd-mobile';
import { type ReactNode, useEffect, useId, useState } from 'react';
import { useTranslation } from '../../i18n';
import { useSession } from '../../session';
import { Field, SubmitButton, TextInput } from '../../ui/form';
import { IconKey } from '../../ui/icons';
import { Sheet } from '../../ui/sheet';
import { showToast } from '../../ui/toast';

type BackupModule = typeof import('../../lib/wallet-backup');

/** The backup module (viem and the keystore's ciphers come with it), loaded once the screen is up. */
export function useBackupModule(): BackupModule | null {
  const [mod, setMod] = useState<BackupModule | null>(null);
  useEffect(() => {
    let live = true;
    void import('../../lib/wallet-backup').then((m) => {
      if (live) setMod(m);
    });
    return () => {
      live = false;
    };
  }, []);
  return mod;
}

/** The password for a new keystore file, typed twice; the file is saved once both agree and are strong. */
function BackupSheet({
  backup,
  onClose,
  onDone,
}: {
  readonly backup: BackupModule;
  readonly onClose: () => void;
  readonly onDone: () => void;
}): ReactNode {
  const { t } = useTranslation('account');
  const first = useId();
  const second = useId();
  const [password, setPassword] = useState('');
  const [again, setAgain] = useState('');
  const [tried, setTried] = useState(false);
  const [busy, setBusy] = useState(false);
  const problem = backup.passwordProblem(password);
  const passwordError = tried && problem ? t(`keyBackup.${problem}`) : null;
  const againError = tried && !problem && again !== password ? t('keyBackup.mismatch') : null;
  const save = async () => {
    setTried(true);
    if (problem || again !== password || busy) return;
    setBusy(true);
    try {
      const file = await backup.exportLocalKeystore(password);
      backup.downloadText(file.name, file.text);
      showToast(t('keyBackup.saved'));
      onDone();
    } catch {
      showToast(t('keyBackup.failed'));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Sheet visible title={t('keyBackup.title')} onClose={onClose}>
      {() => (
        <div className="sec__sheet" data-testid="key-backup-sheet">
          <p className="note">{t('keyBackup.explain')}</p>
          <Field
            label={t('keyBackup.password')}
            htmlFor={first}
            error={passwordError}
            hint={t('keyBackup.rule')}
          >
            <TextInput
              id={first}
              value={password}
              onChange={setPassword}
              placeholder={t('keyBackup.password')}
              secret
            />
          </Field>
          <Field label={t('keyBackup.again')} htmlFor={second} error={againError}>
            <TextInput
              id={second}
              value={again}
              onChange={setAgain}
              placeholder={t('keyBackup.again')}
              secret
            />
          </Field>
          <p className="note">{t('keyBackup.forget')}</p>
          <SubmitButton disabled={busy} onClick={() => void save()}>
            {busy ? t('keyBackup.working') : t('keyBackup.save')}
          </SubmitButton>
        </div>
      )}
    </Sheet>
  );
}

/**
 * The local wallet's backup on the Security page: shown while signed in with the key this browser holds,
 * with a reminder until a keystore file has been saved.
 */
export function KeyBackup(): ReactNode {
  const { t } = useTranslation('account');
  const { walletAddress } = useSession();
  const backup = useBackupModule();
  const [open, setOpen] = useState(false);
  const [, setSaved] = useState(0);
  if (!backup || !walletAddress) return null;
  const local = backup.localWalletAddress();
  if (!local || local.toLowerCase() !== walletAddress.toLowerCase()) return null;
  const done = backup.localWalletBackedUp();
  return (
    <>
      {done ? null : (
        <p className="sec__lock" role="alert" data-testid="key-backup-reminder">
          <IconKey /> {t('keyBackup.reminder')}
        </p>
      )}
      <List className="sec__list">
        <List.Item
          prefix={<IconKey />}
          description={done ? t('keyBackup.doneNote') : t('keyBackup.why')}
          extra={
            <Button
              size="small"
              color="primary"
              fill={done ? 'outline' : 'solid'}
              onClick={() => setOpen(true)}
            >
              {done ? t('keyBackup.redo') : t('keyBackup.start')}
            </Button>
          }
        >
          {t('keyBackup.title')}
        </List.Item>
      </List>
      {open ? (
        <BackupSheet
          backup={backup}
          onClose={() => setOpen(false)}
          onDone={() => {
            setOpen(false);
            setSaved((n) => n + 1);
          }}
        />
      ) : null}
    </>
  );
}
