import { maskAddress } from '@nexa/contract';
import { Dialog } from 'antd-mobile';
import { type ReactNode, useId, useState } from 'react';
import { useTranslation } from '../../i18n';
import { Field, SubmitButton, TextInput } from '../../ui/form';
import { Sheet } from '../../ui/sheet';
import { showToast } from '../../ui/toast';

type BackupModule = typeof import('../../lib/wallet-backup');

/** Largest file taken (a v3 keystore is about half a kilobyte). */
const MAX_FILE_BYTES = 64 * 1024;

/**
 * Puts a keystore file's key back as this browser's local wallet: the file and its password, decrypted here.
 * A different local wallet without a backup is replaced only after the user agrees to lose it.
 */
export function RestoreSheet({
  onClose,
  onRestored,
}: {
  readonly onClose: () => void;
  readonly onRestored: (address: string) => void;
}): ReactNode {
  const { t } = useTranslation('auth');
  const fileId = useId();
  const passwordId = useId();
  const [text, setText] = useState<string | null>(null);
  const [named, setNamed] = useState<string | null>(null);
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const pick = async (file: File | undefined) => {
    setError(null);
    setText(null);
    setNamed(null);
    if (!file) return;
    if (file.size > MAX_FILE_BYTES) {
      setError(t('restore.format'));
      return;
    }
    const content = await file.text();
    const backup: BackupModule = await import('../../lib/wallet-backup');
    setText(content);
    setNamed(backup.keystoreAddress(content));
  };

  const restore = async () => {
    if (busy) return;
    if (text === null) return setError(t('restore.noFile'));
    if (!password) return setError(t('restore.password_'));
    setBusy(true);
    setError(null);
    try {
      const backup: BackupModule = await import('../../lib/wallet-backup');
      const current = backup.localWalletAddress();
      if (
        current &&
        (!named || named.toLowerCase() !== current.toLowerCase()) &&
        !backup.localWalletBackedUp()
      ) {
        const ok = await Dialog.confirm({
          content: t('restore.replace'),
          confirmText: t('restore.submit'),
          cancelText: t('restore.cancel'),
        });
        if (!ok) return;
      }
      const address = await backup.restoreLocalWallet(text, password);
      showToast(t('restore.done', { address: maskAddress(address) }));
      onRestored(address);
    } catch (failure) {
      const reason = (failure as { reason?: unknown } | null)?.reason;
      setError(
        reason === 'password'
          ? t('restore.wrong')
          : reason === 'unsupported'
            ? t('restore.unsupported')
            : t('restore.format'),
      );
    } finally {
      setBusy(false);
    }
  };

  return (
    <Sheet visible title={t('restore.title')} onClose={onClose}>
      {() => (
        <div className="login__restore" data-testid="restore-sheet">
          <p className="login__hint">{t('restore.explain')}</p>
          <Field
            label={t('restore.file')}
            htmlFor={fileId}
            hint={named ? t('restore.fileFor', { address: maskAddress(named, 8, 6) }) : null}
          >
            <input
              id={fileId}
              type="file"
              accept=".json,application/json,text/plain"
              className="login__file"
              onChange={(e) => void pick(e.target.files?.[0])}
            />
          </Field>
          <Field label={t('restore.password')} htmlFor={passwordId} error={error}>
            <TextInput
              id={passwordId}
              value={password}
              onChange={(v) => {
                setPassword(v);
                setError(null);
              }}
              placeholder={t('restore.password')}
              secret
            />
          </Field>
          <SubmitButton disabled={busy} onClick={() => void restore()}>
            {busy ? t('restore.working') : t('restore.submit')}
          </SubmitButton>
        </div>
      )}
    </Sheet>
  );
}

/** The way to a backup file under the wallet choice, and its sheet. */
export function RestoreEntry({
  busy,
  onRestored,
}: {
  readonly busy: boolean;
  readonly onRestored: () => void;
}): ReactNode {
  const { t } = useTranslation('auth');
  const [open, setOpen] = useState(false);
  return (
    <>
      <p className="login__hint">
        <button
          type="button"
          className="login__use"
          disabled={busy}
          onClick={() => setOpen(true)}
          data-testid="restore-open"
        >
          {t('restore.open')}
        </button>
      </p>
      {open ? (
        <RestoreSheet
          onClose={() => setOpen(false)}
          onRestored={() => {
            setOpen(false);
            onRestored();
          }}
        />
      ) : null}
    </>
  );
}
