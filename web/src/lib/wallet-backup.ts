import { getAddress, type Hex } from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import { decryptKeystore, encryptKeystore, KeystoreFailure, keystoreFileName } from './keystore';
import { readStored, STORAGE_KEYS, writeStored } from './storage';

/*
 * The local wallet's backup: its key saved as an encrypted keystore file the user downloads, and the key
 * put back from such a file. The key stays in this browser; nothing here calls the server.
 */

function storedKey(): Hex | null {
  const key = readStored(STORAGE_KEYS.localWalletKey);
  return key && /^0x[0-9a-fA-F]{64}$/.test(key) ? (key as Hex) : null;
}

/** Whether the local wallet this browser holds has been saved to a file (false when it holds none). */
export function localWalletBackedUp(): boolean {
  const key = storedKey();
  if (!key) return false;
  return readStored(STORAGE_KEYS.localWalletBackup) === privateKeyToAccount(key).address;
}

/** Whether signing out or clearing this browser's data would lose a key no file holds. */
export function localKeyAtRisk(signedInAddress: string | null): boolean {
  const key = storedKey();
  if (!key || !signedInAddress) return false;
  const address = privateKeyToAccount(key).address;
  return address.toLowerCase() === signedInAddress.toLowerCase() && !localWalletBackedUp();
}

/** The local wallet's key as a keystore file (its name and text), marked as backed up once made. */
export async function exportLocalKeystore(password: string): Promise<{ name: string; text: string }> {
  const key = storedKey();
  if (!key) throw new KeystoreFailure('format');
  const address = privateKeyToAccount(key).address;
  const file = await encryptKeystore(key, address, password);
  writeStored(STORAGE_KEYS.localWalletBackup, address);
  return { name: keystoreFileName(address, new Date()), text: JSON.stringify(file) };
}

/** Hands the browser a file to save. */
export function downloadText(name: string, text: string): void {
  const url = URL.createObjectURL(new Blob([text], { type: 'application/json' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  link.rel = 'noopener';
  document.body.appendChild(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/** Reads a keystore file and makes its key this browser's local wallet; returns the wallet's address. */
export async function restoreLocalWallet(text: string, password: string): Promise<`0x${string}`> {
  const key = await decryptKeystore(text, password);
  const address = privateKeyToAccount(key).address;
  writeStored(STORAGE_KEYS.localWalletKey, key);
  // The file it came from is a backup of this key.
  writeStored(STORAGE_KEYS.localWalletBackup, getAddress(address));
  return address;
}

/** The address a keystore file names, if any (shown before the password is asked for). */
export function keystoreAddress(text: string): `0x${string}` | null {
  try {
    const parsed: unknown = JSON.parse(text);
    const address = (parsed as { address?: unknown } | null)?.address;
    return typeof address === 'string' && /^(0x)?[0-9a-fA-F]{40}$/.test(address)
      ? getAddress(address.startsWith('0x') ? address : `0x${address}`)
      : null;
  } catch {
    return null;
  }
}

export { KeystoreFailure, passwordProblem } from './keystore';

/** The address of the local wallet this browser holds, if any. */
export function localWalletAddress(): `0x${string}` | null {
  const key = storedKey();
  return key ? privateKeyToAccount(key).address : null;
}
