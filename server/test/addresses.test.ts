import { HDKey, privateKeyToAccount } from 'viem/accounts';
import { describe, expect, it } from 'vitest';
import {
  addressOf,
  base58check,
  base58checkDecode,
  createAddressDeriver,
  isAddressOf,
  segwitV0Address,
} from '../src/modules/wallet/chain/addresses';

// The public key of private key 1 (the curve's generator), compressed.
const G = Buffer.from('0279be667ef9dcbbac55a06295ce870b07029bfcdb2dce28d959f2815b16f81798', 'hex');

describe('deposit address forms', () => {
  it('derives the well-known addresses of private key 1', () => {
    expect(addressOf('evm', G)).toBe('0x7e5f4552091a69125d5dfcb7b8c2659029395bdf');
    // BIP 173's example: P2WPKH of the generator.
    expect(addressOf('bitcoin', G)).toBe('bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4');
    // Tron's form is 0x41 and the same 20 bytes as the EVM address, in base58check.
    const tron = addressOf('tron', G);
    expect(tron.startsWith('T')).toBe(true);
    expect(base58checkDecode(tron)?.toString('hex')).toBe('417e5f4552091a69125d5dfcb7b8c2659029395bdf');
    // The same key's EVM address agrees with viem's own derivation.
    const viem = privateKeyToAccount(`0x${'0'.repeat(63)}1`).address.toLowerCase();
    expect(addressOf('evm', G)).toBe(viem);
  });

  it('encodes base58check and bech32 as their references do', () => {
    // Tron's zero address.
    expect(base58check(Buffer.from(`41${'00'.repeat(20)}`, 'hex'))).toBe(
      'T9yD14Nj9j7xAB4dbGeiX9h8unkKHxuWwb',
    );
    // Leading zero bytes become leading ones (Bitcoin's zero key hash, version 0).
    expect(base58check(Buffer.alloc(21))).toBe('1111111111111111111114oLvT2');
    expect(segwitV0Address('bc', Buffer.from('751e76e8199196d454941c45d1b3a323f1433bd6', 'hex'))).toBe(
      'bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4',
    );
  });

  it('checks forms and checksums', () => {
    expect(isAddressOf('tron', 'T9yD14Nj9j7xAB4dbGeiX9h8unkKHxuWwb')).toBe(true);
    expect(isAddressOf('tron', 'T9yD14Nj9j7xAB4dbGeiX9h8unkKHxuWwc')).toBe(false);
    expect(isAddressOf('bitcoin', 'bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4')).toBe(true);
    expect(isAddressOf('bitcoin', 'bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t5')).toBe(false);
    expect(isAddressOf('evm', '0x7e5f4552091a69125d5dfcb7b8c2659029395bdf')).toBe(true);
    expect(isAddressOf('evm', '0x7e5f')).toBe(false);
  });

  it('derives one stable address per user and family, distinct across users and families', () => {
    const root = HDKey.fromMasterSeed(Buffer.alloc(32, 7));
    const xpub = root.derive("m/44'/60'/0'").publicExtendedKey;
    const derive = createAddressDeriver(xpub);
    const seen = new Set<string>();
    for (const family of ['evm', 'tron', 'bitcoin'] as const) {
      for (const user of [1, 2, 3, 1000]) {
        const a = derive(family, user);
        expect(derive(family, user)).toBe(a);
        expect(isAddressOf(family, a)).toBe(true);
        seen.add(a);
      }
    }
    expect(seen.size).toBe(12);
    // The EVM branch is m/0/<user>, the one the chain watcher derives.
    const child = root.derive("m/44'/60'/0'").deriveChild(0).deriveChild(2);
    expect(derive('evm', 2)).toBe(addressOf('evm', child.publicKey ?? new Uint8Array()));
    expect(() => createAddressDeriver(root.privateExtendedKey)).toThrow(/public key/);
    expect(() => derive('evm', -1)).toThrow();
  });
});
