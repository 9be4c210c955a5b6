import { App } from 'antd';
import { createContext, type ReactNode, useCallback, useContext } from 'react';
import { type AdminCall, type AdminPath, ApiError } from './api';
import type { OperatorSession } from './session';

/** What every screen of the console reaches: the operator, the calls, the role gate. */
export interface ConsoleContext {
  readonly session: OperatorSession;
  readonly call: AdminCall;
  /** Whether the operator's roles may make the call (what they cannot make is hidden). */
  readonly can: (path: AdminPath) => boolean;
  /** Whether the operator may open a screen of the console (its path, with or without a query). */
  readonly mayOpen: (screen: string) => boolean;
  readonly signOut: () => void;
}

const Ctx = createContext<ConsoleContext | null>(null);

export function ConsoleProvider(props: { value: ConsoleContext; children: ReactNode }) {
  return <Ctx.Provider value={props.value}>{props.children}</Ctx.Provider>;
}

export function useConsole(): ConsoleContext {
  const c = useContext(Ctx);
  if (!c) throw new Error('useConsole outside the console');
  return c;
}

/** The words to show for a failed call: the server's message, or why nothing came back. */
export function failureText(e: unknown): string {
  if (e instanceof ApiError) return e.message;
  return e instanceof Error ? e.message : 'Something went wrong';
}

/**
 * Runs an action and tells how it went: the success words, or the server's message. Answers whether it
 * succeeded (a session that ended sends the console back to sign-in on its own).
 */
export function useAction() {
  const { message } = App.useApp();
  return useCallback(
    async <T,>(work: () => Promise<T>, done?: string): Promise<T | null> => {
      try {
        const out = await work();
        if (done) message.success(done);
        return out;
      } catch (e) {
        if (!(e instanceof ApiError && e.signedOut)) message.error(failureText(e));
        return null;
      }
    },
    [message],
  );
}
