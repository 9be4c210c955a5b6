import { type ConfirmAction, type Confirmation, confirmTypedData } from '@nexa/contract';
import { callApi } from '../api';

/** Why the wallet did not sign: the user said no, no wallet holds the signed-in address, or it failed. */
export class ConfirmSignError extends Error {
  readonly kind: 'rejected' | 'noWallet' | 'otherAccount' | 'failed';
  constructor(kind: ConfirmSignError['kind']) {
    super(kind);
    this.name = 'ConfirmSignError';
    this.kind = kind;
  }
}

/** What a confirmation names: the call's own fields, as the confirm sheet showed them. */
export interface ConfirmFields {
  readonly action: ConfirmAction;
  readonly asset: string;
  readonly amount: string;
  readonly destination: string;
}

/**
 * A withdrawal's, a transfer's or a large purchase's confirmation: a one-time nonce from the server, then the
 * EIP-712 message naming the action, asset, amount and destination, signed by the wallet the user signed in
 * with (the local wallet when this browser holds that address, else the injected one, which asks the user).
 * viem loads with the first signature, not with the screen.
 */
export async function signConfirmation(walletAddress: string, fields: ConfirmFields): Promise<Confirmation> {
  const wallet = await import('./wallet');
  const want = walletAddress.toLowerCase();
  const local = wallet.localWalletAddress();
  const signer =
    local?.toLowerCase() === want
      ? wallet.localSigner()
      : wallet.hasInjectedWallet()
        ? await wallet.injectedSigner().catch((error: unknown) => {
            throw new ConfirmSignError(wallet.isUserRejection(error) ? 'rejected' : 'failed');
          })
        : null;
  if (!signer) throw new ConfirmSignError('noWallet');
  if (signer.address.toLowerCase() !== want) throw new ConfirmSignError('otherAccount');
  // A server answer (a refused nonce) is not the wallet's failure: it goes to the caller as it is.
  const issued = await callApi('/api/auth/confirmNonce', { action: fields.action });
  const message = { ...fields, nonce: issued.nonce };
  try {
    const signature = await signer.signTypedData(confirmTypedData(issued.domain.chainId, message));
    return { ...message, signature };
  } catch (error) {
    throw new ConfirmSignError(wallet.isUserRejection(error) ? 'rejected' : 'failed');
  }
}
