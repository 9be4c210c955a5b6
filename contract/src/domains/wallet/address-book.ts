import { z } from 'zod';
import { live } from '../../endpoint';
import { zTime } from '../../schemas';
import { zTotpCode } from '../auth/confirm';

/** A saved withdrawal address (the address book). */
export const zSavedAddress = z.object({
  id: z.number().int(),
  /** The withdrawal's chain field ("evm", "tron", "bitcoin"). */
  chain: z.string(),
  /** The network's name as deposits and withdrawals show it ("ERC20"). */
  network: z.string(),
  address: z.string(),
  label: z.string(),
  created_at: zTime,
  /** From when a withdrawal to it is allowed (a new address waits, `withdraw.new_address_delay_h`). */
  usable_at: zTime,
});

/* The address book and whitelist mode: saved withdrawal addresses per network, only they when on. */
export const addressesEndpoint = live('wallet', {
  summary: 'My address book (saved withdrawal addresses, newest first) and whether only they may be used',
  extension: true,
  request: z.object({ chain: z.string().max(20).optional() }),
  data: z.object({
    list: z.array(zSavedAddress),
    /** Whitelist mode: withdrawals go only to saved addresses, once usable. */
    whitelist: z.boolean(),
    /** The networks an address may be saved for: chain and name. */
    networks: z.array(z.object({ chain: z.string(), network: z.string() })),
  }),
});
export const addAddressEndpoint = live('wallet', {
  summary: 'Save a withdrawal address with a label; usable after the waiting time, the user is told',
  extension: true,
  request: z.object({
    chain: z.string().max(20),
    address: z.string().trim().min(1).max(120),
    label: z.string().trim().min(1).max(40),
  }),
  data: zSavedAddress,
  errors: ['AddressBookFull', 'AddressExists'],
});
export const deleteAddressEndpoint = live('wallet', {
  summary: 'Remove a saved withdrawal address of mine',
  extension: true,
  request: z.object({
    id: z.coerce
      .number()
      .int()
      .positive()
      .max(2 ** 31 - 1),
  }),
  data: z.object({ deleted: z.number().int() }),
  errors: ['NotFound'],
});
export const setWhitelistEndpoint = live('wallet', {
  summary:
    'Turn whitelist mode on or off (off needs the authenticator code where enabled, and locks withdrawals)',
  extension: true,
  request: z.object({ on: z.boolean(), totp_code: zTotpCode.optional() }),
  data: z.object({ whitelist: z.boolean() }),
  errors: ['TotpRequired', 'TotpInvalid'],
});
