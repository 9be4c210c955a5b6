import type { confirmTypedData } from '@nexa/contract';
import { getAddress, type Hex, toHex } from 'viem';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { createSiweMessage } from 'viem/siwe';
import { readStored, STORAGE_KEYS, writeStored } from './storage';

/*
 * The user's wallets and the EIP-4361 sign-in message: signing in (features/auth) and signing again to
 * confirm who asks (a card's number, features/cards); EIP-712 confirmations of money moves (lib/confirm.ts). viem comes with this module: import it lazily.
 */

/** Something that can sign the sign-in message for an address. */
export interface WalletSigner {
  readonly address: `0x${string}`;
  signMessage(message: string): Promise<Hex>;
  /** Signs EIP-712 typed data (a confirmation of a money move). */
  signTypedData(data: ConfirmTypedData): Promise<Hex>;
}

/** The typed data of a confirmation (the contract's `confirmTypedData`). */
export type ConfirmTypedData = ReturnType<typeof confirmTypedData>;

interface Eip1193Provider {
  request(args: { method: string; params?: unknown[] }): Promise<unknown>;
}

function injectedProvider(): Eip1193Provider | null {
  const eth = (window as unknown as { ethereum?: unknown }).ethereum;
  if (typeof eth === 'object' && eth !== null && typeof (eth as Eip1193Provider).request === 'function') {
    return eth as Eip1193Provider;
  }
  return null;
}

export function hasInjectedWallet(): boolean {
  return injectedProvider() !== null;
}

/** An injected EIP-1193 wallet (MetaMask, OKX Wallet…): asks for the account, signs with personal_sign. */
export async function injectedSigner(): Promise<WalletSigner> {
  const provider = injectedProvider();
  if (!provider) throw new Error('no injected wallet');
  const accounts = await provider.request({ method: 'eth_requestAccounts' });
  const first = Array.isArray(accounts) ? accounts[0] : undefined;
  if (typeof first !== 'string') throw new Error('no account');
  const address = getAddress(first);
  return {
    address,
    signMessage: async (message) => {
      const signature = await provider.request({
        method: 'personal_sign',
        params: [toHex(message), address],
      });
      if (typeof signature !== 'string' || !signature.startsWith('0x')) throw new Error('bad signature');
      return signature as Hex;
    },
    signTypedData: async (data) => {
      const types = { EIP712Domain: EIP712_DOMAIN, ...data.types };
      const signature = await provider.request({
        method: 'eth_signTypedData_v4',
        params: [address, JSON.stringify({ ...data, types })],
      });
      if (typeof signature !== 'string' || !signature.startsWith('0x')) throw new Error('bad signature');
      return signature as Hex;
    },
  };
}

/** The domain fields a confirmation's typed data has (EIP-712 names them for `eth_signTypedData_v4`). */
const EIP712_DOMAIN = [
  { name: 'name', type: 'string' },
  { name: 'version', type: 'string' },
  { name: 'chainId', type: 'uint256' },
];

function storedLocalKey(): Hex | null {
  const key = readStored(STORAGE_KEYS.localWalletKey);
  return key && /^0x[0-9a-fA-F]{64}$/.test(key) ? (key as Hex) : null;
}

/** The address of the local wallet, if this browser holds one. */
export function localWalletAddress(): `0x${string}` | null {
  const key = storedLocalKey();
  return key ? privateKeyToAccount(key).address : null;
}

/** The built-in local wallet: a key created once and kept in this browser's localStorage. */
export function localSigner(): WalletSigner {
  let key = storedLocalKey();
  if (!key) {
    key = generatePrivateKey();
    writeStored(STORAGE_KEYS.localWalletKey, key);
  }
  const account = privateKeyToAccount(key);
  return {
    address: account.address,
    signMessage: (message) => account.signMessage({ message }),
    signTypedData: (data) => account.signTypedData(data),
  };
}

const NONCE_ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

/** 16 random alphanumerics (bytes of 248 and above are drawn again, so every character is equally likely). */
export function randomNonce(length = 16): string {
  let out = '';
  while (out.length < length) {
    for (const b of crypto.getRandomValues(new Uint8Array(length))) {
      if (b < 248 && out.length < length) out += NONCE_ALPHABET[b % 62];
    }
  }
  return out;
}

/** The EIP-4361 message for this site. */
export function signInMessage(address: `0x${string}`, chainId: number, statement: string): string {
  return createSiweMessage({
    domain: window.location.host,
    address: getAddress(address),
    statement,
    uri: window.location.origin,
    version: '1',
    chainId,
    nonce: randomNonce(),
    issuedAt: new Date(),
  });
}

/** True for a wallet's "user rejected the request" (EIP-1193 code 4001). */
export function isUserRejection(error: unknown): boolean {
  return typeof error === 'object' && error !== null && (error as { code?: unknown }).code === 4001;
}
