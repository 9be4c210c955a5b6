/**
 * Withdrawals and transfers to another user are confirmed by a fresh EIP-712 signature of the account's wallet
 * and, where enabled, the authenticator's code (checked by the auth module through the confirm port). The check
 * reads only; the move uses the confirmation up in its own transaction.
 */
import { DomainError } from '../../kernel/errors';
import type { ConfirmExpect, ConfirmInput, ConfirmPort, ConfirmTicket } from '../../ports/confirm';
import type { WalletCtx } from './context';

export async function checkMove(
  ctx: WalletCtx,
  userId: number,
  input: ConfirmInput,
  want: ConfirmExpect,
): Promise<{ confirm: ConfirmPort; ticket: ConfirmTicket }> {
  // Without the port nothing could confirm a move, so nothing moves.
  if (!ctx.confirm) throw new DomainError('ConfirmationRequired');
  return { confirm: ctx.confirm, ticket: await ctx.confirm.check(userId, want, input) };
}

/**
 * The call's own fields, as its request id remembers them: a retry carries a new confirmation (the first one
 * is used up) and still gets its first answer.
 */
export function withoutConfirmation<T extends ConfirmInput>(body: T): Omit<T, 'confirm' | 'totp_code'> {
  const { confirm: _confirm, totp_code: _totp, ...own } = body;
  return own;
}
