import type { ResponseData } from '@nexa/contract';
import { App } from 'antd';
import { useCallback } from 'react';
import { ApiError } from '../api';
import { failureText, useConsole } from '../console';

// What the settings screen shares with the screens over some of its settings (instruments): the setting's
// shape, its history's address, and saving one.

export type Setting = ResponseData<'/admin/settings/list'>[number];

/** A setting's domain: the part of its key before the first dot. */
export const domainOf = (key: string) => key.split('.')[0] ?? key;

/** A value as one line of text (JSON for the structured ones). */
export function valueText(v: unknown): string {
  return typeof v === 'string' ? v : JSON.stringify(v);
}

/** The audit log opened on one setting's changes. */
export const historyPath = (key: string) => `/audit?subject=${encodeURIComponent(`setting:${key}`)}`;

/**
 * Changes a setting with a reason: the answer, or null with the server's refusal shown on the form's field
 * (the value's or the reason's) or as a message.
 */
export function useSetSetting() {
  const { call } = useConsole();
  const { message } = App.useApp();
  return useCallback(
    async (
      body: { key: string; value: unknown; reason: string },
      onFieldError?: (field: 'value' | 'reason', text: string) => void,
    ): Promise<Setting | null> => {
      try {
        const out = await call('/admin/settings/set', body);
        message.success(`${body.key} saved`);
        return out;
      } catch (e) {
        if (e instanceof ApiError && e.signedOut) return null;
        const text = failureText(e);
        if (onFieldError && e instanceof ApiError && e.error === 'ValidationFailed') {
          onFieldError(/reason/i.test(text) ? 'reason' : 'value', text);
        } else message.error(text);
        return null;
      }
    },
    [call, message],
  );
}
