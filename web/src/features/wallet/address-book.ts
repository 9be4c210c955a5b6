import { isAddressFor } from './rules';

/** What the address book's form refuses before it asks the server: no label, or not an address of the network. */
export function addressFormProblems(f: { chain: string; label: string; address: string }) {
  return {
    label: f.label.trim() === '' ? ('required' as const) : null,
    address:
      f.address.trim() === ''
        ? ('required' as const)
        : isAddressFor(f.chain, f.address)
          ? null
          : ('invalid' as const),
  };
}
