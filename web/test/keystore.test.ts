import { describe, expect, it } from 'vitest';
import { decryptKeystore, encryptKeystore, KeystoreFailure, passwordProblem } from '../src/lib/keystore';

// The scrypt test vector of the Web3 Secret Storage definition (password "testpassword").
const VECTOR = {
  crypto: {
    cipher: 'aes-128-ctr',
    cipherparams: { iv: '83dbcc02d8ccb40e466191a123791e0e' },
    ciphertext: 'd172bf743a674da9cdad04534d56926ef8358534d458fffccd4e6ad2fbde479c',
    kdf: 'scrypt',
    kdfparams: {
      dklen: 32,
      n: 262144,
      p: 8,
      r: 1,
      salt: 'ab0c7876052600dd703518d6fc3fe8984592145b591fc8fb5c6d43190334ba19',
    },
    mac: '2103ac29920d71da29f15d75b4a16dbe95cfd7ff8faea1056c33131d846e3097',
  },
  id: '3198bc9c-6672-5ab3-d995-4942343ae5b6',
  version: 3,
};
const VECTOR_KEY = '0x7a28b5ba57c53603b0b07b56bba752f7784bf506fa95edc395f5cf6c7514fe9d';

const reason = async (p: Promise<unknown>) =>
  p.then(
    () => 'none',
    (e: unknown) => (e instanceof KeystoreFailure ? e.reason : 'other'),
  );

describe('keystore (Web3 Secret Storage v3)', () => {
  it('opens the definition’s scrypt test vector', async () => {
    expect(await decryptKeystore(JSON.stringify(VECTOR), 'testpassword')).toBe(VECTOR_KEY);
  }, 60_000);

  it('refuses a wrong password by the MAC', async () => {
    expect(await reason(decryptKeystore(JSON.stringify(VECTOR), 'testpassword!'))).toBe('password');
  }, 60_000);

  it('round-trips a key, and the file is v3 with scrypt and aes-128-ctr', async () => {
    const key = '0x4c0883a69102937d6231471b5dbb6204fe5129617082792ae468d01a3f362318';
    const file = await encryptKeystore(key, '0x2c7536E3605D9C16a7a3D7b1898e529396a65c23', 'Correct-Horse-9', {
      n: 1024,
      r: 8,
      p: 1,
    });
    expect(file.version).toBe(3);
    expect(file.crypto.kdf).toBe('scrypt');
    expect(file.crypto.cipher).toBe('aes-128-ctr');
    expect(file.address).toBe('2c7536e3605d9c16a7a3d7b1898e529396a65c23');
    expect(JSON.stringify(file)).not.toContain(key.slice(2));
    expect(await decryptKeystore(JSON.stringify(file), 'Correct-Horse-9')).toBe(key);
    expect(await reason(decryptKeystore(JSON.stringify(file), 'correct-horse-9'))).toBe('password');
  });

  it('refuses files that are not keystores or ask for too much work', async () => {
    expect(await reason(decryptKeystore('not json', 'x'))).toBe('format');
    expect(await reason(decryptKeystore(JSON.stringify({ version: 1 }), 'x'))).toBe('format');
    const heavy = {
      ...VECTOR,
      crypto: { ...VECTOR.crypto, kdfparams: { ...VECTOR.crypto.kdfparams, n: 2 ** 24, r: 8 } },
    };
    expect(await reason(decryptKeystore(JSON.stringify(heavy), 'x'))).toBe('unsupported');
  });

  it('asks for a password of ten characters of three kinds', () => {
    expect(passwordProblem('Ab1!')).toBe('short');
    expect(passwordProblem('abcdefghijkl')).toBe('simple');
    expect(passwordProblem('abcdefgh12')).toBe('simple');
    expect(passwordProblem('Abcdefgh12')).toBeNull();
  });
});
