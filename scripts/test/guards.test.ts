// The import walls (.dependency-cruiser.cjs) catch each kind of breach: every breach is planted as a
// temporary file in the real tree, the cruiser runs exactly as `npm run lint:deps` runs it, and each planted
// file must be named with the rule it breaks. The files are removed whatever happens.
import { spawnSync } from 'node:child_process';
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const root = fileURLToPath(new URL('../..', import.meta.url));
const tag = `planted-guard-${process.pid}`;

interface Plant {
  /** The planted file, relative to the repository root. */
  file: string;
  text: string;
  rule: string;
  /**
   * Who the cruiser may name as the breach's origin, when not the file itself: its folder for a folder
   * loop, either file of a loop between files (the report names a loop once).
   */
  from?: string[];
}

const plants: Plant[] = [
  // A sibling module's folder (resolved to its index.ts): the breach the old regex guard missed.
  {
    file: `server/src/modules/earn/${tag}-a.ts`,
    text: "import '../market/candles';\n",
    rule: 'module-imports-module',
  },
  {
    file: `server/src/modules/earn/${tag}-b.ts`,
    text: "import '../wallet/tables';\n",
    rule: 'module-imports-module',
  },
  {
    file: `server/src/modules/earn/${tag}-c.ts`,
    text: "import '../index';\n",
    rule: 'module-imports-module',
  },
  {
    file: `server/src/kernel/${tag}.ts`,
    text: "import '../modules/wallet/tables';\n",
    rule: 'infrastructure-imports-module',
  },
  {
    file: `server/src/ledger/${tag}.ts`,
    text: "import '../transport/redact';\n",
    rule: 'infrastructure-imports-module',
  },
  { file: `web/src/features/earn/${tag}.ts`, text: "import '../wallet';\n", rule: 'feature-imports-feature' },
  { file: `web/src/ui/${tag}.ts`, text: "import '../features/wallet';\n", rule: 'shared-imports-feature' },
  { file: `web/src/lib/${tag}.ts`, text: "import '../routes';\n", rule: 'shared-imports-feature' },
  {
    file: `admin/src/screens/programs/${tag}.tsx`,
    text: "import './earn';\n",
    rule: 'console-panel-imports-panel',
  },
  {
    file: `admin/src/screens/user-tabs/${tag}.tsx`,
    text: "import './wallet';\n",
    rule: 'console-user-tab-imports-tab',
  },
  { file: `admin/src/ui/${tag}.ts`, text: "import '../screens/kyc';\n", rule: 'console-parts-import-screen' },
  {
    file: `web/src/api/${tag}.ts`,
    text: "import '../../../server/src/kernel/clock';\n",
    rule: 'client-imports-server',
  },
  {
    file: `admin/src/${tag}.ts`,
    text: "import '../../server/src/kernel/errors';\n",
    rule: 'client-imports-server',
  },
  { file: `admin/src/${tag}-web.ts`, text: "import '../../web/src/lib/amounts';\n", rule: 'clients-apart' },
  {
    file: `contract/src/${tag}.ts`,
    text: "import '../../server/src/kernel/clock';\n",
    rule: 'contract-imports-app',
  },
  // A loop between two files.
  ...['a', 'b'].map((side) => ({
    file: `server/src/engine/${tag}-${side}.ts`,
    text: `import './${tag}-${side === 'a' ? 'b' : 'a'}';\n`,
    rule: 'no-circular',
    from: [`server/src/engine/${tag}-a.ts`, `server/src/engine/${tag}-b.ts`],
  })),
  // A loop between two folders: the transport already imports the store.
  {
    file: `server/src/store/${tag}.ts`,
    text: "import '../transport/redact';\n",
    rule: 'no-folder-circular',
    from: ['server/src/store'],
  },
  // A new loop through a folder that has a known one (kernel <-> ledger) is still caught: the chain
  // already imports the kernel.
  {
    file: `server/src/kernel/${tag}-chain.ts`,
    text: "import '../chain/addresses';\n",
    rule: 'no-folder-circular',
    from: ['server/src/kernel'],
  },
];

interface Violation {
  rule: string;
  from: string;
}

/**
 * Runs the cruiser exactly as `npm run lint:deps` does and reads its report: one line
 * `error <rule>: <from> → <to>` per breach (a loop goes on over the next lines).
 */
function cruise(): { violations: Violation[]; status: number | null; output: string } {
  const pkg = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as {
    scripts: Record<string, string>;
  };
  const [, ...args] = (pkg.scripts['lint:deps'] ?? '').split(/\s+/);
  const bin = join(root, 'node_modules/dependency-cruiser/bin/dependency-cruise.mjs');
  const run = spawnSync(process.execPath, [bin, ...args], { cwd: root, encoding: 'utf8' });
  const output = `${run.stdout}${run.stderr}`;
  const violations = [...output.matchAll(/^\s*error (\S+): (\S+) →/gm)].map((m) => ({
    rule: m[1] ?? '',
    from: m[2] ?? '',
  }));
  return { violations, status: run.status, output };
}

describe('the import walls', () => {
  it('name every planted breach with its rule', () => {
    let result: ReturnType<typeof cruise>;
    try {
      for (const p of plants) writeFileSync(join(root, p.file), p.text);
      result = cruise();
    } finally {
      for (const p of plants) rmSync(join(root, p.file), { force: true });
    }
    expect(result.status, result.output).not.toBe(0);
    for (const p of plants) {
      const from = p.from ?? [p.file];
      const named = result.violations.filter((v) => from.includes(v.from) && v.rule === p.rule);
      expect(named, `${p.file} should break ${p.rule}`).not.toHaveLength(0);
    }
    // Nothing but the plants breaks a wall (a planted folder loop also shows from the other folders on it).
    const others = result.violations.filter((v) => !v.from.includes(tag) && v.rule !== 'no-folder-circular');
    expect(others).toEqual([]);
  });
});
