import { CAUSES } from '@nexa/contract';
import { describe, expect, it } from 'vitest';
import { createMemoryBus } from '../src/kernel/bus';
import type { ModuleOwnership } from '../src/kernel/module';
import { OwnershipError, ownershipProblems, scopeBus } from '../src/kernel/ownership';
import { SYSTEM, scopeLedger } from '../src/ledger';
import { SPOT_OWNS } from '../src/modules/spot/module';
import { WALLET_OWNS } from '../src/modules/wallet/module';

describe('what each module may touch', () => {
  it('every record type of the contract has exactly one module, and the app refuses to start otherwise', () => {
    expect(ownershipProblems([{ domains: ['wallet'], owns: WALLET_OWNS }], ['deposit', 'x'])).toEqual([
      'cause x has no module',
    ]);
    expect(
      ownershipProblems(
        [
          { domains: ['wallet'], owns: WALLET_OWNS },
          { domains: ['copy'], owns: { ...WALLET_OWNS, causes: ['deposit'] } },
        ],
        Object.keys(CAUSES),
      ).filter((p) => p.includes('claimed')),
    ).toEqual(['cause deposit is claimed by wallet and copy']);
  });

  it('a module’s ledger refuses another domain’s cause and an undeclared system account, before writing', async () => {
    const owns: ModuleOwnership = { causes: ['transfer'], systemAccounts: [SYSTEM.fees], publishes: [] };
    let calls = 0;
    const fake = new Proxy(
      {},
      {
        get: () => async () => {
          calls++;
          return 1;
        },
      },
    ) as Parameters<typeof scopeLedger>[0];
    const ledger = scopeLedger(fake, 'wallet', owns);
    const tx = {} as Parameters<typeof ledger.transfer>[0];
    const user = { userId: 1, kind: 'spot', asset: 'USDT' } as const;
    await expect(
      ledger.transfer(tx, { cause: 'spot.order', ref: 'r', amount: 1n, from: user, to: user }),
    ).rejects.toThrow(OwnershipError);
    await expect(
      ledger.credit(tx, { cause: 'transfer', ref: 'r', amount: 1n, account: user, system: SYSTEM.deposits }),
    ).rejects.toThrow(/system account system:deposits/);
    await expect(ledger.systemAccount(tx, SYSTEM.rewards('team'), 'USDT')).rejects.toThrow(OwnershipError);
    expect(calls).toBe(0);
    await ledger.transfer(tx, { cause: 'transfer', ref: 'r', amount: 1n, from: user, to: user });
    await ledger.systemAccount(tx, SYSTEM.fees, 'USDT');
    expect(calls).toBe(2);
  });

  it('a system account prefix covers the accounts under it and no other', async () => {
    const owns: ModuleOwnership = {
      causes: ['transfer'],
      systemAccounts: ['system:rewards:'],
      publishes: [],
    };
    const fake = { systemAccount: async () => ({ id: 1 }) } as unknown as Parameters<typeof scopeLedger>[0];
    const ledger = scopeLedger(fake, 'teams', owns);
    const tx = {} as Parameters<typeof ledger.transfer>[0];
    await expect(ledger.systemAccount(tx, SYSTEM.rewards('team'), 'USDT')).resolves.toEqual({ id: 1 });
    await expect(ledger.systemAccount(tx, SYSTEM.fees, 'USDT')).rejects.toThrow(OwnershipError);
  });

  it('a module publishes only the events it declared, and hears every one', () => {
    const bus = createMemoryBus();
    const spotBus = scopeBus(bus, 'spot', SPOT_OWNS);
    const walletBus = scopeBus(bus, 'wallet', WALLET_OWNS);
    const heard: string[] = [];
    walletBus.subscribe('trade', (t) => heard.push(t.tradeId));
    const trade = { instId: 'BTC-USDT', tradeId: '7', price: '1', size: '1', side: 'buy', ts: 0 } as const;
    spotBus.publish('trade', trade);
    expect(() => walletBus.publish('trade', trade)).toThrow(OwnershipError);
    expect(heard).toEqual(['7']);
  });
});
