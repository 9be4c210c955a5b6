import { clientConfig } from '../../api';

/** Why the wallet did not sign: the user said no, no wallet holds the signed-in address, or it failed. */
export class SignError extends Error {
  readonly kind: 'rejected' | 'noWallet' | 'otherAccount' | 'failed';
  constructor(kind: SignError['kind']) {
    super(kind);
    this.name = 'SignError';
    this.kind = kind;
  }
}

/**
 * A fresh sign-in message (EIP-4361: this site, this chain, a new nonce, issued now) signed by the wallet the
 * user signed in with: the local wallet when this browser holds that address, else the injected one. The
 * server checks it as it checks a sign-in and uses its nonce up, so each one confirms one request.
 * viem loads with the first signature, not with the screen.
 */
export async function signFreshMessage(
  walletAddress: string,
  statement: string,
): Promise<{ message: string; sign_message: string }> {
  const wallet = await import('../../lib/wallet');
  const want = walletAddress.toLowerCase();
  try {
    const local = wallet.localWalletAddress();
    const signer =
      local?.toLowerCase() === want
        ? wallet.localSigner()
        : wallet.hasInjectedWallet()
          ? await wallet.injectedSigner()
          : null;
    if (!signer) throw new SignError('noWallet');
    if (signer.address.toLowerCase() !== want) throw new SignError('otherAccount');
    const message = wallet.signInMessage(signer.address, clientConfig.chainId, statement);
    return { message, sign_message: await signer.signMessage(message) };
  } catch (error) {
    if (error instanceof SignError) throw error;
    throw new SignError(wallet.isUserRejection(error) ? 'rejected' : 'failed');
  }
}
