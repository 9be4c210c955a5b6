import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Abi, Hex } from 'viem';

/** solc-js: the compiler ships inside the package (soljson.js, WebAssembly); nothing is downloaded. */
const solc = createRequire(import.meta.url)('solc') as {
  compile(input: string): string;
  version(): string;
};

interface SolcOutput {
  errors?: { severity: string; formattedMessage: string }[];
  contracts?: Record<string, Record<string, { abi: Abi; evm: { bytecode: { object: string } } }>>;
}

export interface Compiled {
  readonly abi: Abi;
  readonly bytecode: Hex;
  readonly compiler: string;
}

/** Compiles `TestUSDT.sol` (beside this file) with the pinned solc package. */
export function compileTestUsdt(): Compiled {
  const source = readFileSync(new URL('./TestUSDT.sol', import.meta.url), 'utf8');
  const input = {
    language: 'Solidity',
    sources: { 'TestUSDT.sol': { content: source } },
    settings: {
      optimizer: { enabled: true, runs: 200 },
      outputSelection: { '*': { '*': ['abi', 'evm.bytecode.object'] } },
    },
  };
  const output = JSON.parse(solc.compile(JSON.stringify(input))) as SolcOutput;
  const errors = (output.errors ?? []).filter((e) => e.severity === 'error');
  if (errors.length > 0) throw new Error(errors.map((e) => e.formattedMessage).join('\n'));
  const contract = output.contracts?.['TestUSDT.sol']?.TestUSDT;
  if (!contract) throw new Error('TestUSDT missing from the compiler output');
  return { abi: contract.abi, bytecode: `0x${contract.evm.bytecode.object}`, compiler: solc.version() };
}

/** Compiles `TestPair.sol` (beside this file): a minimal liquidity pair for the LP reader's tests. */
export function compileTestPair(): Compiled {
  const source = readFileSync(new URL('./TestPair.sol', import.meta.url), 'utf8');
  const input = {
    language: 'Solidity',
    sources: { 'TestPair.sol': { content: source } },
    settings: {
      optimizer: { enabled: true, runs: 200 },
      outputSelection: { '*': { '*': ['abi', 'evm.bytecode.object'] } },
    },
  };
  const output = JSON.parse(solc.compile(JSON.stringify(input))) as SolcOutput;
  const errors = (output.errors ?? []).filter((e) => e.severity === 'error');
  if (errors.length > 0) throw new Error(errors.map((e) => e.formattedMessage).join('\n'));
  const contract = output.contracts?.['TestPair.sol']?.TestPair;
  if (!contract) throw new Error('TestPair missing from the compiler output');
  return { abi: contract.abi, bytecode: `0x${contract.evm.bytecode.object}`, compiler: solc.version() };
}
