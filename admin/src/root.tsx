import { readClientConfig } from '@nexa/contract';
import { App } from 'antd';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { mayCall } from './access';
import { createAdminApi } from './api';
import { type ConsoleContext, ConsoleProvider } from './console';
import { ROUTES } from './routes';
import { currentToken, loadSession, type OperatorSession, saveSession } from './session';
import { Shell } from './shell';
import { SignIn } from './sign-in';

/** Longest wait a timer takes; a session's end further off is checked again then. */
const MAX_TIMER_MS = 2 ** 31 - 1;

/** The console: sign-in until there is a session, then the screens; back to sign-in when it ends. */
export function Root() {
  const { message } = App.useApp();
  const [session, setSession] = useState<OperatorSession | null>(loadSession);
  const messageRef = useRef(message);
  messageRef.current = message;

  const end = useCallback((why?: string) => {
    saveSession(null);
    setSession(null);
    if (why) messageRef.current.warning(why);
  }, []);

  const call = useMemo(
    () =>
      createAdminApi({
        config: readClientConfig(),
        fetch: (input, init) => fetch(input, init),
        getToken: currentToken,
        onSignedOut: () => end('Your session has ended. Please sign in again.'),
      }),
    [end],
  );

  // The session's end (`expires_at`) sends the console back to sign-in.
  useEffect(() => {
    if (!session) return;
    const left = Date.parse(session.expiresAt) - Date.now();
    const timer = setTimeout(
      () => {
        if (Date.parse(session.expiresAt) <= Date.now())
          end('Your session has expired. Please sign in again.');
        else setSession({ ...session });
      },
      Math.max(0, Math.min(left, MAX_TIMER_MS)),
    );
    return () => clearTimeout(timer);
  }, [session, end]);

  const signIn = useCallback((s: OperatorSession) => {
    saveSession(s);
    setSession(s);
  }, []);

  const ctx = useMemo<(ConsoleContext & { enrolled: () => void }) | null>(() => {
    if (!session) return null;
    return {
      session,
      call,
      can: (path) => mayCall(session.roles, path),
      mayOpen: (screen) => {
        const path = screen.split('?')[0] ?? screen;
        return ROUTES.some((r) => r.path === path && mayCall(session.roles, r.endpoint));
      },
      signOut: () => {
        call('/admin/auth/logout', {})
          .catch(() => undefined)
          .finally(() => end());
      },
      enrolled: () => signIn({ ...session, secondFactor: true }),
    };
  }, [session, call, end, signIn]);

  if (!ctx) return <SignIn call={call} onSignedIn={signIn} />;
  return (
    <ConsoleProvider value={ctx}>
      <Shell onEnrolled={ctx.enrolled} />
    </ConsoleProvider>
  );
}
