import { LockOutlined, SafetyOutlined, UserOutlined } from '@ant-design/icons';
import { Alert, Button, Card, Form, Input, Typography } from 'antd';
import { useState } from 'react';
import { type AdminCall, ApiError } from './api';
import { failureText } from './console';
import type { OperatorSession } from './session';
import { toRoles } from './session';

interface Credentials {
  name: string;
  password: string;
}

/**
 * Sign-in: name and password; when the operator has a second factor, a second step asks for the 6-digit
 * code of their authenticator (or one of their recovery codes).
 */
export function SignIn(props: { call: AdminCall; onSignedIn: (s: OperatorSession) => void }) {
  const [step, setStep] = useState<'password' | 'code'>('password');
  const [creds, setCreds] = useState<Credentials | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  async function attempt(c: Credentials, totp?: string) {
    setBusy(true);
    setError(null);
    try {
      const data = await props.call('/admin/auth/login', { ...c, ...(totp ? { totp } : {}) });
      props.onSignedIn({
        token: data.token,
        name: c.name.trim(),
        roles: toRoles(data.roles),
        expiresAt: data.expires_at,
        secondFactor: data.second_factor,
      });
    } catch (e) {
      if (e instanceof ApiError && e.error === 'SecondFactorRequired' && !totp) {
        setCreds(c);
        setStep('code');
      } else setError(failureText(e));
    } finally {
      setBusy(false);
    }
  }

  return (
    <div className="signin">
      <Card style={{ width: 380 }} title="Nexa operator console">
        {error ? <Alert type="error" showIcon message={error} style={{ marginBottom: 16 }} /> : null}
        {step === 'password' ? (
          <Form<Credentials> layout="vertical" onFinish={(v) => attempt(v)} requiredMark={false}>
            <Form.Item name="name" label="Name" rules={[{ required: true, message: 'Enter your name' }]}>
              <Input prefix={<UserOutlined />} autoComplete="username" autoFocus data-testid="signin-name" />
            </Form.Item>
            <Form.Item
              name="password"
              label="Password"
              rules={[{ required: true, message: 'Enter your password' }]}
            >
              <Input.Password
                prefix={<LockOutlined />}
                autoComplete="current-password"
                data-testid="signin-password"
              />
            </Form.Item>
            <Button type="primary" htmlType="submit" block loading={busy}>
              Sign in
            </Button>
          </Form>
        ) : (
          <Form<{ code: string }>
            layout="vertical"
            onFinish={(v) => creds && attempt(creds, v.code.trim())}
            requiredMark={false}
          >
            <Typography.Paragraph>
              Enter the 6-digit code from your authenticator app, or one of your recovery codes.
            </Typography.Paragraph>
            <Form.Item
              name="code"
              label="Code"
              rules={[
                { required: true, message: 'Enter the code' },
                {
                  pattern: /^(\d{6}|[A-Za-z0-9]{5}-[A-Za-z0-9]{5})$/,
                  message: 'A 6-digit code or a recovery code (XXXXX-XXXXX)',
                },
              ]}
            >
              <Input
                prefix={<SafetyOutlined />}
                autoComplete="one-time-code"
                inputMode="text"
                autoFocus
                maxLength={11}
                data-testid="signin-code"
              />
            </Form.Item>
            <Button type="primary" htmlType="submit" block loading={busy}>
              Verify
            </Button>
            <Button
              type="link"
              block
              onClick={() => {
                setStep('password');
                setError(null);
              }}
            >
              Back
            </Button>
          </Form>
        )}
      </Card>
    </div>
  );
}
