// @vitest-environment jsdom
import { confirmTypedData } from '@nexa/contract';
import { recoverTypedDataAddress } from 'viem';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { codeShape } from '../src/features/account/security-screen';
import { addressFormProblems } from '../src/features/wallet/address-book';
import { ConfirmSignError, signConfirmation } from '../src/lib/confirm';
import { STORAGE_KEYS, writeStored } from '../src/lib/storage';

/*
 * Confirming a withdrawal or a transfer in the app: the form's checks before anything is sent (the address
 * book's label and address, the authenticator's code) and the EIP-712 signature the confirm step makes with
 * the wallet the user signed in with, over a nonce the server issued.
 */

const issued: Array<{ action: string }> = [];
vi.mock('../src/api/index', async (importOriginal) => {
  const original = await importOriginal<typeof import('../src/api/index')>();
  return {
    ...original,
    callApi: async (path: string, body: { action: string }) => {
      if (path !== '/api/auth/confirmNonce') throw new Error(`unexpected call ${path}`);
      issued.push(body);
      return {
        nonce: 'N0nceN0nceN0nceN0nce',
        expires_at: new Date().toISOString(),
        domain: { name: 'Nexa', version: '1', chainId: 1 },
      };
    },
  };
});

vi.mock('../src/api/meta', async () => {
  const { endpoints } = await import('@nexa/contract');
  return {
    endpointMeta: (path: keyof typeof endpoints) => {
      const e = endpoints[path];
      return { auth: e.auth, list: e.list, pageSize: e.pageSize };
    },
  };
});

describe('the confirm step signs what the sheet showed', () => {
  const key = generatePrivateKey();
  const account = privateKeyToAccount(key);
  beforeEach(() => {
    localStorage.clear();
    issued.length = 0;
  });

  it('signs the action, asset, amount, destination and the issued nonce with the local wallet', async () => {
    writeStored(STORAGE_KEYS.localWalletKey, key);
    const fields = {
      action: 'withdraw',
      asset: 'USDT',
      amount: '50',
      destination: `0x${'ab'.repeat(20)}`,
    } as const;
    const c = await signConfirmation(account.address, fields);
    expect(issued).toEqual([{ action: 'withdraw' }]);
    expect(c).toMatchObject({ ...fields, nonce: 'N0nceN0nceN0nceN0nce' });
    const signer = await recoverTypedDataAddress({
      ...confirmTypedData(1, c),
      signature: c.signature as `0x${string}`,
    });
    expect(signer).toBe(account.address);
  });

  it('says why when no wallet of this browser holds the signed-in address', async () => {
    writeStored(STORAGE_KEYS.localWalletKey, key);
    const other = privateKeyToAccount(generatePrivateKey()).address;
    const failed = signConfirmation(other, {
      action: 'transfer',
      asset: 'USDT',
      amount: '1',
      destination: 'x',
    });
    await expect(failed).rejects.toBeInstanceOf(ConfirmSignError);
    await expect(failed).rejects.toMatchObject({ kind: 'noWallet' });
    expect(issued).toEqual([]);
  });
});

describe("the forms' own checks", () => {
  it('asks for a label and an address of the network', () => {
    expect(addressFormProblems({ chain: 'evm', label: '', address: '' })).toEqual({
      label: 'required',
      address: 'required',
    });
    expect(
      addressFormProblems({ chain: 'evm', label: 'Cold', address: 'TLa2f6VPqDgRE67v1736s7bJ8Ray5wYjU7' }),
    ).toEqual({
      label: null,
      address: 'invalid',
    });
    expect(addressFormProblems({ chain: 'evm', label: 'Cold', address: `0x${'cd'.repeat(20)}` })).toEqual({
      label: null,
      address: null,
    });
  });

  it('takes six digits, and a recovery code only where one may disable the authenticator', () => {
    expect(codeShape('123456', false)).toBe(true);
    expect(codeShape('12345', false)).toBe(false);
    expect(codeShape('ABCDE-FGHIJ', false)).toBe(false);
    expect(codeShape('ABCDE-FGHIJ', true)).toBe(true);
    expect(codeShape('ABCDE-FGH1J', true)).toBe(false);
  });
});
