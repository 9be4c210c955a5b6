import { Alert, Input, Modal, Typography } from 'antd';
import { type ReactNode, useCallback, useState } from 'react';

export interface ConfirmOptions {
  readonly title: string;
  /** What will happen, in plain words (amounts, who, what the user sees). */
  readonly summary: ReactNode;
  readonly okText: string;
  /** The fewest characters the reason takes. */
  readonly minLength?: number;
  readonly danger?: boolean;
  /** Runs with the typed reason; answers whether it went through (the modal stays open otherwise). */
  readonly action: (reason: string) => Promise<boolean>;
}

/** Opens the confirmation (what `useConfirmWithReason` answers as `ask`), for the parts a screen hands it to. */
export type AskConfirm = (o: ConfirmOptions) => void;

const MIN_REASON = 5;

/**
 * Anything that moves money or locks a user asks for a typed reason (sent with the call where the call takes
 * one: the user reads it) and says what will happen before it does. `ask(options)` opens it; render `element` once in the screen.
 */
export function useConfirmWithReason(): { ask: AskConfirm; element: ReactNode } {
  const [open, setOpen] = useState<ConfirmOptions | null>(null);
  const [reason, setReason] = useState('');
  const [busy, setBusy] = useState(false);
  const ask = useCallback((o: ConfirmOptions) => {
    setReason('');
    setOpen(o);
  }, []);
  const min = open?.minLength ?? MIN_REASON;
  const ok = reason.trim().length >= min;
  const element = open ? (
    <Modal
      open
      title={open.title}
      okText={open.okText}
      okButtonProps={{ danger: open.danger, disabled: !ok, id: 'confirm-ok' }}
      confirmLoading={busy}
      onCancel={() => !busy && setOpen(null)}
      onOk={async () => {
        if (!ok) return;
        setBusy(true);
        try {
          if (await open.action(reason.trim())) setOpen(null);
        } finally {
          setBusy(false);
        }
      }}
      destroyOnHidden
    >
      <Alert
        type={open.danger ? 'warning' : 'info'}
        showIcon
        message={open.summary}
        style={{ marginBottom: 16 }}
      />
      <Typography.Text strong>Reason</Typography.Text>
      <Input.TextArea
        data-testid="confirm-reason"
        autoFocus
        rows={3}
        maxLength={200}
        showCount
        value={reason}
        onChange={(e) => setReason(e.target.value)}
        placeholder={min > 0 ? `At least ${min} characters` : 'Optional'}
      />
      {!ok && reason.length > 0 ? (
        <Typography.Text type="danger">At least {min} characters</Typography.Text>
      ) : null}
    </Modal>
  ) : null;
  return { ask, element };
}
