/**
 * The app's screens as its features declare them, read from the source without running it: each
 * feature's index.ts names its routes and the module each route's `load` imports. The build uses it for the
 * screens' preload lists; the browser tests for the paths every page is loaded at.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { parseAst } from 'vite';
import { type AstNode, isNode } from '../../scripts/vite-plugins';

/** Where the route table's screens are: for each route's name, the module its `load` imports (the screen). */
export function routeModules(root: string): Map<string, string> {
  const features = join(root, 'src/features');
  const routes = new Map<string, string>();
  const visit = (node: unknown, file: string): void => {
    if (Array.isArray(node)) {
      for (const child of node) visit(child, file);
      return;
    }
    if (!isNode(node)) return;
    if (node.type === 'ObjectExpression') {
      const props = (node.properties as AstNode[]).filter((p) => p.type === 'Property');
      const prop = (key: string) => props.find((p) => isNode(p.key) && p.key.name === key)?.value;
      const name = prop('name');
      const load = prop('load');
      if (isNode(name) && typeof name.value === 'string' && isNode(load)) {
        const source = importSource(load);
        if (source) {
          const base = join(dirname(file), source);
          const found = ['.tsx', '.ts'].map((ext) => base + ext).find((f) => existsSync(f));
          if (found) routes.set(name.value, found);
        }
      }
    }
    for (const [key, value] of Object.entries(node)) if (key !== 'type') visit(value, file);
  };
  for (const feature of readdirSync(features)) {
    const file = join(features, feature, 'index.ts');
    if (existsSync(file)) visit(parseAst(readFileSync(file, 'utf8'), { lang: 'ts' }), file);
  }
  return routes;
}

/** The module a route's `load` imports (`() => import('./home-screen')`, possibly wrapped). */
function importSource(node: AstNode): string | null {
  if (node.type === 'ImportExpression' && isNode(node.source) && typeof node.source.value === 'string') {
    return node.source.value;
  }
  for (const [key, value] of Object.entries(node)) {
    if (key === 'type') continue;
    for (const child of Array.isArray(value) ? value : [value]) {
      const found = isNode(child) ? importSource(child) : null;
      if (found) return found;
    }
  }
  return null;
}

/** The paths of the app's screens (`/home`, `/trade`, …), in the features' order. */
export function routePaths(root: string): string[] {
  return [...routeModules(root).keys()].map((name) => `/${name}`);
}
