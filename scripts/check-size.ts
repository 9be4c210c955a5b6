// Size limits, checked on every `npm run lint`: no source file above 600 lines and no function above 120.
//
// What counts:
// - Source files are the `.ts` and `.tsx` files under server/src, web/src, admin/src and contract/src.
//   A file's size is its number of lines.
// - A function is a function declaration or expression, an arrow function, a method, a constructor or an
//   accessor. Its size is its full span, from its first token to its last line: a function nested in
//   another counts in its own size and in its parent's too (the parent is that long to read).
// - A declarative table is not a function to measure: an arrow whose body is an object or array literal
//   (`(lang) => ({ … })`), or a function whose body is only `return` of such a literal. A table
//   stays subject to its file's limit.
//
// scripts/size-allow.json lists each offender that is allowed for now, with a one-line reason. The check
// fails on an offender it does not list, and on a listed entry that no longer offends (so the list only
// shrinks). Functions are named by their path of enclosing names (`createFutures.placeOrder`; a callback
// by the call it is handed to, `transaction(…)`), so an entry survives edits around it.
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';

export const MAX_FILE_LINES = 600;
export const MAX_FUNCTION_LINES = 120;
export const SOURCE_DIRS = ['server/src', 'web/src', 'admin/src', 'contract/src'];

export interface FunctionSize {
  /** The function's path of enclosing names, unique in its file (a repeated path gets ` #2`, ` #3`, …). */
  name: string;
  /** The line it starts on (1-based). */
  line: number;
  lines: number;
}

export interface FileSize {
  /** Relative to the repository root, with `/`. */
  path: string;
  lines: number;
  functions: FunctionSize[];
}

/** The allow-list's shape: a reason per file path and per `path:function name`. */
export interface AllowList {
  files: Record<string, string>;
  functions: Record<string, string>;
}

export interface Offender {
  /** `path` for a file, `path:name` for a function. */
  key: string;
  kind: 'file' | 'function';
  lines: number;
}

export interface Verdict {
  offenders: Offender[];
  /** Offenders the list does not name. */
  unlisted: Offender[];
  /** Listed entries that do not offend (any more), with their kind. */
  stale: { key: string; kind: 'file' | 'function' }[];
  /** Offenders the list names. */
  allowed: Offender[];
}

function lineCount(text: string): number {
  if (text.length === 0) return 0;
  const n = text.split('\n').length;
  return text.endsWith('\n') ? n - 1 : n;
}

function isLiteralTable(e: ts.Expression): boolean {
  let x = e;
  while (ts.isParenthesizedExpression(x) || ts.isAsExpression(x) || ts.isSatisfiesExpression(x))
    x = x.expression;
  return ts.isObjectLiteralExpression(x) || ts.isArrayLiteralExpression(x);
}

/** A function that only states a table: `=> ({ … })`, or a body that is only `return { … }`. */
function isTable(fn: ts.SignatureDeclaration): boolean {
  const body = (fn as { body?: ts.ConciseBody }).body;
  if (!body) return false;
  if (!ts.isBlock(body)) return isLiteralTable(body);
  const [only, ...rest] = body.statements;
  return rest.length === 0 && only !== undefined && ts.isReturnStatement(only) && only.expression
    ? isLiteralTable(only.expression)
    : false;
}

function propertyName(name: ts.PropertyName | ts.BindingName, sf: ts.SourceFile): string {
  if (ts.isIdentifier(name) || ts.isPrivateIdentifier(name)) return name.text;
  if (ts.isStringLiteral(name) || ts.isNumericLiteral(name)) return name.text;
  return name.getText(sf);
}

/** The last name of a call's callee: `tx.transaction(…)` → `transaction`. */
function calleeName(call: ts.CallExpression | ts.NewExpression, sf: ts.SourceFile): string {
  let e: ts.Expression = call.expression;
  while (ts.isCallExpression(e) || ts.isNonNullExpression(e) || ts.isParenthesizedExpression(e))
    e = e.expression;
  if (ts.isPropertyAccessExpression(e)) return e.name.text;
  if (ts.isIdentifier(e)) return e.text;
  return e.getText(sf).slice(0, 30);
}

/** What a reader would call the function: its declared name, the name it is bound to, or the call it is handed to. */
function functionName(fn: ts.SignatureDeclaration, sf: ts.SourceFile): string {
  if (fn.name) return propertyName(fn.name, sf);
  if (ts.isConstructorDeclaration(fn)) return 'constructor';
  let node: ts.Node = fn;
  let parent = node.parent;
  while (parent && (ts.isParenthesizedExpression(parent) || ts.isAsExpression(parent))) {
    node = parent;
    parent = parent.parent;
  }
  if (!parent) return '<anonymous>';
  if (ts.isVariableDeclaration(parent) || ts.isPropertyAssignment(parent) || ts.isPropertyDeclaration(parent))
    return propertyName(parent.name, sf);
  if (ts.isCallExpression(parent) || ts.isNewExpression(parent)) {
    // A wrapper such as memo(function Name() {}) or useCallback(() => …) bound to a name reads as that name.
    const outer = parent.parent;
    if (outer && ts.isVariableDeclaration(outer)) return propertyName(outer.name, sf);
    return `${calleeName(parent, sf)}(…)`;
  }
  if (ts.isExportAssignment(parent)) return 'default';
  if (ts.isBinaryExpression(parent) && parent.right === node) return parent.left.getText(sf).slice(0, 40);
  return '<anonymous>';
}

/** Measures one source text: its lines and every function's full span. */
export function measureSource(path: string, text: string): FileSize {
  const kind = path.endsWith('.tsx') ? ts.ScriptKind.TSX : ts.ScriptKind.TS;
  const sf = ts.createSourceFile(path, text, ts.ScriptTarget.Latest, true, kind);
  const functions: FunctionSize[] = [];
  const seen = new Map<string, number>();
  const lineOf = (pos: number) => sf.getLineAndCharacterOfPosition(pos).line + 1;

  const visit = (node: ts.Node, scope: string[]): void => {
    if (ts.isFunctionLike(node) && 'body' in node && node.body) {
      const own = functionName(node, sf);
      const path2 = [...scope, own];
      if (!isTable(node)) {
        const base = path2.join('.');
        const n = (seen.get(base) ?? 0) + 1;
        seen.set(base, n);
        const start = lineOf(node.getStart(sf));
        functions.push({
          name: n === 1 ? base : `${base} #${n}`,
          line: start,
          lines: lineOf(node.end) - start + 1,
        });
      }
      ts.forEachChild(node, (child) => visit(child, path2));
      return;
    }
    ts.forEachChild(node, (child) => visit(child, scope));
  };
  visit(sf, []);
  return { path, lines: lineCount(text), functions };
}

/** Compares the measured files with the allow-list. */
export function judge(files: FileSize[], allow: AllowList): Verdict {
  const offenders: Offender[] = [];
  for (const f of files) {
    if (f.lines > MAX_FILE_LINES) offenders.push({ key: f.path, kind: 'file', lines: f.lines });
    for (const fn of f.functions)
      if (fn.lines > MAX_FUNCTION_LINES)
        offenders.push({ key: `${f.path}:${fn.name}`, kind: 'function', lines: fn.lines });
  }
  const listed = (o: Offender) => (o.kind === 'file' ? allow.files : allow.functions)[o.key] !== undefined;
  const offending = new Set(offenders.map((o) => `${o.kind} ${o.key}`));
  const stale = [
    ...Object.keys(allow.files).map((key) => ({ key, kind: 'file' as const })),
    ...Object.keys(allow.functions).map((key) => ({ key, kind: 'function' as const })),
  ].filter((e) => !offending.has(`${e.kind} ${e.key}`));
  return {
    offenders,
    unlisted: offenders.filter((o) => !listed(o)),
    allowed: offenders.filter(listed),
    stale,
  };
}

function sourceFiles(root: string, dir: string): string[] {
  const out: string[] = [];
  const walk = (d: string) => {
    for (const entry of readdirSync(d, { withFileTypes: true })) {
      const p = join(d, entry.name);
      if (entry.isDirectory()) walk(p);
      else if (/\.tsx?$/.test(entry.name)) out.push(p);
    }
  };
  walk(join(root, dir));
  return out;
}

export function measureTree(root: string): FileSize[] {
  return SOURCE_DIRS.flatMap((dir) => sourceFiles(root, dir))
    .sort()
    .map((file) => measureSource(relative(root, file).split(sep).join('/'), readFileSync(file, 'utf8')));
}

function main(): void {
  const root = fileURLToPath(new URL('..', import.meta.url));
  const allowPath = join(root, 'scripts/size-allow.json');
  const allow = JSON.parse(readFileSync(allowPath, 'utf8')) as AllowList;
  const v = judge(measureTree(root), allow);
  for (const o of v.unlisted)
    console.log(
      `${o.key}: ${o.lines} lines, above the limit of ${o.kind === 'file' ? MAX_FILE_LINES : MAX_FUNCTION_LINES} for a ${o.kind}`,
    );
  for (const s of v.stale)
    console.log(
      `${s.key}: listed in scripts/size-allow.json but no longer above the ${s.kind} limit; remove it`,
    );
  const files = v.allowed.filter((o) => o.kind === 'file').length;
  const biggest = [...v.allowed]
    .sort((a, b) => b.lines - a.lines)
    .slice(0, 5)
    .map((o) => `${o.key} (${o.lines})`);
  console.log(
    `size limits: ${v.allowed.length} allowed offenders (${files} files above ${MAX_FILE_LINES} lines, ` +
      `${v.allowed.length - files} functions above ${MAX_FUNCTION_LINES}); biggest: ${biggest.join(', ')}`,
  );
  if (v.unlisted.length > 0 || v.stale.length > 0) {
    console.log(`${v.unlisted.length} offenders not allowed, ${v.stale.length} stale allow-list entries`);
    process.exit(1);
  }
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) main();
