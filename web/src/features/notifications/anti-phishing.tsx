import { ANTI_PHISHING_PATTERN } from '@nexa/contract';
import { type ReactNode, useState } from 'react';
import { useApiMutation, useApiQuery } from '../../api/hooks';
import { useTranslation } from '../../i18n';
import { Field, TextInput } from '../../ui/form';
import { ConfirmSheet } from '../../ui/sheet';
import { showToast } from '../../ui/toast';

const REFRESHES = ['/api/notice/settings'] as const;

/**
 * The anti-phishing code at the head of the notices: shown when chosen (every email carries it too), with the
 * way to choose, change or remove it. A message that lacks it, or shows another, is not from the platform.
 */
export function AntiPhishing(): ReactNode {
  const { t } = useTranslation('notifications');
  const settings = useApiQuery('/api/notice/settings', {});
  const save = useApiMutation('/api/notice/setAntiPhishing', { refreshes: REFRESHES });
  const [editing, setEditing] = useState(false);
  const [code, setCode] = useState('');
  const [tried, setTried] = useState(false);
  const current = settings.data?.anti_phishing ?? null;
  const valid = ANTI_PHISHING_PATTERN.test(code.trim());
  const submit = (value: string | null) =>
    save.mutate(
      { code: value },
      {
        onSuccess: () => {
          showToast(value === null ? t('phishing.removed') : t('phishing.saved'));
          setEditing(false);
          setCode('');
          setTried(false);
        },
      },
    );
  if (!settings.data) return null;
  return (
    <div className="phishing" data-testid="anti-phishing">
      <p className="phishing__line">
        {current === null ? (
          <span className="phishing__none">{t('phishing.none')}</span>
        ) : (
          <span data-testid="anti-phishing-code">{t('notices.phishing', { code: current })}</span>
        )}
      </p>
      <div className="phishing__actions">
        <button
          type="button"
          className="phishing__btn"
          onClick={() => setEditing(true)}
          data-testid="phishing-set"
        >
          {current === null ? t('phishing.set') : t('phishing.change')}
        </button>
        {current === null ? null : (
          <button
            type="button"
            className="phishing__btn phishing__btn--quiet"
            disabled={save.isPending}
            onClick={() => submit(null)}
          >
            {t('phishing.remove')}
          </button>
        )}
      </div>
      <ConfirmSheet
        visible={editing}
        title={t('phishing.title')}
        rows={[]}
        note={t('phishing.note')}
        busy={save.isPending}
        confirmText={t('phishing.save')}
        onClose={() => setEditing(false)}
        onConfirm={() => {
          setTried(true);
          if (valid) submit(code.trim());
        }}
      >
        <Field
          label={t('phishing.label')}
          htmlFor="anti-phishing-input"
          error={tried && !valid ? t('phishing.invalid') : null}
          hint={t('phishing.hint')}
        >
          <TextInput
            id="anti-phishing-input"
            value={code}
            onChange={setCode}
            placeholder={t('phishing.placeholder')}
            maxLength={20}
          />
        </Field>
      </ConfirmSheet>
    </div>
  );
}
