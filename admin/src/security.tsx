import { Alert, Button, Card, Form, Input, QRCode, Result, Space, Steps, Typography } from 'antd';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { useAction, useConsole } from './console';

interface Setup {
  secret: string;
  otpauth_uri: string;
}

/**
 * Enrolling the second factor: the secret (and its otpauth URI, for an authenticator app), a first code to
 * confirm it, then the ten recovery codes, shown this once.
 */
export function Security(props: { onEnrolled: () => void }) {
  const { session } = useConsole();
  const [setup, setSetup] = useState<Setup | null>(null);
  const [codes, setCodes] = useState<string[] | null>(null);

  if (codes) return <RecoveryCodes codes={codes} onEnrolled={props.onEnrolled} />;

  if (session.secondFactor) {
    return (
      <Result
        status="success"
        title="Second factor enrolled"
        subTitle="You sign in with your password and a code from your authenticator app."
      />
    );
  }

  return (
    <Card title="Enrol a second factor" style={{ maxWidth: 760 }}>
      <Steps
        current={setup ? 1 : 0}
        items={[{ title: 'Secret' }, { title: 'Confirm a code' }, { title: 'Recovery codes' }]}
        style={{ marginBottom: 24 }}
      />
      {!setup ? <StartStep onSetup={setSetup} /> : <ConfirmStep setup={setup} onCodes={setCodes} />}
    </Card>
  );
}

/** The ten recovery codes, shown this once; "I have saved them" ends the enrolment. */
function RecoveryCodes(props: { codes: string[]; onEnrolled: () => void }) {
  const navigate = useNavigate();
  const { codes } = props;
  return (
    <Card title="Recovery codes" style={{ maxWidth: 720 }}>
      <Alert
        type="warning"
        showIcon
        message="Save these ten codes now: they are shown this once. Each signs you in once if your authenticator is lost."
        style={{ marginBottom: 16 }}
      />
      <div className="recovery-codes" data-testid="recovery-codes">
        {codes.map((c) => (
          <span key={c}>{c}</span>
        ))}
      </div>
      <Space style={{ marginTop: 24 }}>
        <Typography.Text copyable={{ text: codes.join('\n') }}>Copy all</Typography.Text>
        <Button
          type="primary"
          data-testid="codes-saved"
          onClick={() => {
            props.onEnrolled();
            navigate('/');
          }}
        >
          I have saved them
        </Button>
      </Space>
    </Card>
  );
}

/** The first step: Start asks the server for a new secret. */
function StartStep({ onSetup }: { onSetup: (setup: Setup) => void }) {
  const { call } = useConsole();
  const run = useAction();
  const [busy, setBusy] = useState(false);
  return (
    <Space direction="vertical">
      <Typography.Paragraph>
        Add this account to an authenticator app (TOTP, 6 digits, every 30 seconds). The secret is shown once
        you start.
      </Typography.Paragraph>
      <Button
        type="primary"
        loading={busy}
        data-testid="totp-start"
        onClick={async () => {
          setBusy(true);
          const s = await run(() => call('/admin/auth/totpSetup', {}));
          setBusy(false);
          if (s) onSetup(s);
        }}
      >
        Start
      </Button>
    </Space>
  );
}

/** The second step: the secret as a QR code and as text, and a first code to confirm it. */
function ConfirmStep({ setup, onCodes }: { setup: Setup; onCodes: (codes: string[]) => void }) {
  const { call } = useConsole();
  const run = useAction();
  const [busy, setBusy] = useState(false);
  return (
    <>
      <Typography.Paragraph>
        Scan this code with your authenticator app, or enter the secret below:
      </Typography.Paragraph>
      <QRCode
        value={setup.otpauth_uri}
        size={184}
        color="#000000"
        bgColor="#ffffff"
        errorLevel="M"
        data-testid="totp-qr"
        style={{ marginBottom: 16 }}
      />
      <Typography.Paragraph>
        <Typography.Text code copyable data-testid="totp-secret" style={{ fontSize: 16 }}>
          {setup.secret}
        </Typography.Text>
      </Typography.Paragraph>
      <Typography.Paragraph>
        <Typography.Text copyable className="mono" type="secondary">
          {setup.otpauth_uri}
        </Typography.Text>
      </Typography.Paragraph>
      <Form<{ code: string }>
        layout="inline"
        onFinish={async (v) => {
          setBusy(true);
          const done = await run(() => call('/admin/auth/totpConfirm', { code: v.code.trim() }));
          setBusy(false);
          if (done) onCodes(done.recovery_codes);
        }}
      >
        <Form.Item name="code" rules={[{ required: true, pattern: /^\d{6}$/, message: 'The 6-digit code' }]}>
          <Input
            placeholder="6-digit code"
            maxLength={6}
            data-testid="totp-code"
            autoComplete="one-time-code"
          />
        </Form.Item>
        <Button type="primary" htmlType="submit" loading={busy} data-testid="totp-confirm">
          Confirm
        </Button>
      </Form>
    </>
  );
}
