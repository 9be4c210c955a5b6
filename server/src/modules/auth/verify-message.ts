/**
 * A sign-in message (SIWE) checked: its fields, the signer is the address named, the configured domain and
 * chain, and its age within `auth.message_max_age_s` (a minute's skew allowed ahead). Answers its nonce.
 */
import { recoverMessageAddress } from 'viem';
import { parseSiweMessage } from 'viem/siwe';
import { DomainError, ValidationError } from '../../kernel/errors';
import type { AuthCtx, LoginInput } from './context';

export const FUTURE_SKEW_MS = 60_000;

/** The message's fields, or a refusal when it is not a complete sign-in message. */
function fieldsOf(message: string) {
  let fields: ReturnType<typeof parseSiweMessage>;
  try {
    fields = parseSiweMessage(message);
  } catch {
    throw new ValidationError('message', 'invalid_format');
  }
  const { address, domain, nonce, issuedAt, expirationTime, chainId, notBefore } = fields;
  if (!address || !domain || !nonce || !issuedAt || !chainId)
    throw new ValidationError('message', 'invalid_format');
  return { address, domain, nonce, issuedAt, expirationTime, chainId, notBefore };
}

export async function verifyMessage(
  ctx: AuthCtx,
  input: Pick<LoginInput, 'name' | 'message' | 'sign_message'>,
) {
  const { config, clock, settings } = ctx;
  const { address, domain, nonce, issuedAt, expirationTime, chainId, notBefore } = fieldsOf(input.message);
  if (address.toLowerCase() !== input.name) throw new DomainError('AddressMismatch');
  let signer: string;
  try {
    signer = await recoverMessageAddress({
      message: input.message,
      signature: input.sign_message as `0x${string}`,
    });
  } catch {
    throw new DomainError('BadSignature');
  }
  if (signer.toLowerCase() !== input.name) throw new DomainError('BadSignature');
  // The configured public host only: a request's Host header is the caller's to forge.
  if (!config.siweDomains.includes(domain) || chainId !== config.chainId)
    throw new DomainError('WrongDomain');
  const now = clock.now().getTime();
  const maxAgeMs = (await settings.get('auth.message_max_age_s')) * 1000;
  const issued = issuedAt.getTime();
  if (Number.isNaN(issued) || now - issued > maxAgeMs || issued - now > FUTURE_SKEW_MS) {
    throw new DomainError('StaleMessage');
  }
  if (expirationTime && expirationTime.getTime() <= now) throw new DomainError('StaleMessage');
  if (notBefore && notBefore.getTime() > now + FUTURE_SKEW_MS) throw new DomainError('StaleMessage');
  return { nonce };
}
