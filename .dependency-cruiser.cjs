// @ts-check
// The house's walls, checked on every `npm run lint` (dependency-cruiser reads this file; the sources it
// cruises are named in package.json's `lint:deps`). scripts/test/guards.test.ts plants a breach of each rule
// and expects the cruiser to name it.

// Loops between the server's folders that are allowed, each one edge of a loop as [from, to] with its reason
// (none today). Any other folder edge on a loop fails.
/** @type {Array<[string, string]>} */
const KNOWN_FOLDER_LOOPS = [];

/**
 * No loop between the server's folders (a file in A imports B while a file in B imports A, directly or
 * through other folders), except the known edges above: one rule for the folders with no known edge, one
 * per folder with known edges that allows those and nothing else.
 */
function folderLoopRules() {
  const exact = (folder) => `^${folder.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`;
  const known = [...new Set(KNOWN_FOLDER_LOOPS.map(([from]) => from))];
  const rule = (from, to) => ({
    name: 'no-folder-circular',
    comment: "No loop between the server's folders beyond the known ones (KNOWN_FOLDER_LOOPS).",
    severity: /** @type {const} */ ('error'),
    scope: /** @type {const} */ ('folder'),
    from,
    to: { ...to, circular: true },
  });
  return [
    rule({ path: '^server/src/', pathNot: known.map(exact).join('|') }, { path: '^server/src/' }),
    ...known.map((from) =>
      rule(
        { path: exact(from) },
        {
          path: '^server/src/',
          pathNot: KNOWN_FOLDER_LOOPS.filter(([f]) => f === from)
            .map(([, to]) => exact(to))
            .join('|'),
        },
      ),
    ),
  ];
}

/**
 * The walls between the parts of the house, one line of the table each: a file whose path matches `from`
 * imports no file whose path matches `to`, except one that matches `except` (where `$1` is what `from`'s
 * first group matched: the file's own module, feature or panel).
 * @type {Array<{ name: string; comment: string; from: string; to: string; except?: string }>}
 */
const WALLS = [
  {
    name: 'module-imports-module',
    comment:
      'A server module imports no other module (nor the composition root, its list or its ports): modules/ports.ts ' +
      'alone wires them, through ports. A sibling folder (`../wallet`) counts as much as a file in it.',
    from: '^server/src/modules/([^/]+)/',
    to: '^server/src/modules/',
    except: '^server/src/modules/$1/',
  },
  {
    name: 'infrastructure-imports-module',
    comment: 'The kernel and the ledger sit under every module: they import no module and no transport.',
    from: '^server/src/(kernel|ledger)/',
    to: '^server/src/(modules|transport)/',
  },
  {
    name: 'feature-imports-feature',
    comment:
      'A web feature imports no other feature: what two features need lives in ui/, hooks/, lib/ or api/.',
    from: '^web/src/features/([^/]+)/',
    to: '^web/src/features/',
    except: '^web/src/features/$1/',
  },
  {
    name: 'shared-imports-feature',
    comment:
      "What the web's features share (parts, hooks, pure helpers, the API and live clients, i18n, paths) " +
      'imports no feature and not the route table.',
    from: '^web/src/((ui|hooks|lib|api|live|i18n)/|paths\\.ts$)',
    to: '^web/src/(features/|routes\\.tsx$)',
  },
  {
    name: 'console-panel-imports-panel',
    comment:
      "The console's per-domain program panels import no other panel; what they share is in programs/common.tsx.",
    from: '^admin/src/screens/programs/([^/]+)\\.tsx$',
    to: '^admin/src/screens/programs/',
    except: '^admin/src/screens/programs/(common|$1)\\.tsx$',
  },
  {
    name: 'console-user-tab-imports-tab',
    comment:
      "A domain's tabs of the console's user page import no other domain's; they share the registry and ui/.",
    from: '^admin/src/screens/user-tabs/([^/]+)\\.tsx$',
    to: '^admin/src/screens/user-tabs/',
    except: '^admin/src/screens/user-tabs/(registry\\.ts|$1\\.tsx)$',
  },
  {
    name: 'console-parts-import-screen',
    comment: "The console's shared parts (ui/) import no screen.",
    from: '^admin/src/ui/',
    to: '^admin/src/screens/',
  },
  {
    name: 'client-imports-server',
    comment: 'The app and the console reach the server through the contract and HTTP only, never its code.',
    from: '^(web|admin)/',
    to: '^server/',
  },
  {
    name: 'clients-apart',
    comment: 'The app and the console share only the contract.',
    from: '^(web|admin)/',
    to: '^(web|admin)/',
    except: '^$1/',
  },
  {
    name: 'contract-imports-app',
    comment: 'The contract is the bottom layer: it imports nothing of the server, the app or the console.',
    from: '^contract/',
    to: '^(server|web|admin)/',
  },
];

/**
 * A wall of the table as the cruiser reads it.
 * @param {(typeof WALLS)[number]} wall
 */
function wallRule({ name, comment, from, to, except }) {
  return {
    name,
    comment,
    severity: /** @type {const} */ ('error'),
    from: { path: from },
    to: except === undefined ? { path: to } : { path: to, pathNot: except },
  };
}

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    ...WALLS.map(wallRule),
    {
      name: 'no-circular',
      comment: 'No import cycle between files.',
      severity: 'error',
      from: {},
      to: { circular: true },
    },
    ...folderLoopRules(),
  ],
  options: {
    // The four source trees; packages in node_modules are not followed (the contract is reached through
    // its workspace link and resolves to contract/src).
    includeOnly: '^(server|web|admin|contract)/src/',
    // Type-only imports count: a wall is a wall for types too.
    tsPreCompilationDeps: true,
    enhancedResolveOptions: {
      extensions: ['.ts', '.tsx', '.js', '.mjs', '.json'],
      exportsFields: ['exports'],
      conditionNames: ['import', 'require', 'node', 'default', 'types'],
    },
  },
};
