/**
 * An operator call's declared access, applied by the transport before the handler runs: a second factor
 * where required, one of the roles (an admin holds all), for calls that change something at most
 * `admin.actions_per_minute` a minute, and for money no approval while a new money role cools down.
 */
import type { OperatorAccess } from '@nexa/contract';
import type { OperatorUser } from '../../kernel/context';
import { DomainError } from '../../kernel/errors';
import type { AdminCtx } from './context';
import { refuseWhileCooling } from './four-eyes';

export async function authorize(ctx: AdminCtx, op: OperatorUser, access: OperatorAccess): Promise<void> {
  const { config, settings, limiter, clock } = ctx;
  if (access.secondFactor && config.operator2fa === 'required' && !op.secondFactor) {
    throw new DomainError('SecondFactorRequired');
  }
  const admin = op.roles.includes('admin');
  if (access.roles.length > 0 && !admin && !access.roles.some((r) => op.roles.includes(r))) {
    throw new DomainError('Forbidden');
  }
  if (access.acts) {
    const perMinute = await settings.get('admin.actions_per_minute');
    if (!(await limiter.hit(`admin-act:${op.id}`, perMinute, 60_000, clock.now().getTime()))) {
      throw new DomainError('RateLimited');
    }
  }
  // A money role approves money only after its cooldown (the bootstrap's and the demo's are exempt).
  if (access.money) await refuseWhileCooling(ctx, op.id);
}
