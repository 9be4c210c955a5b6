/**
 * A call's checked body as it travels to the writers' instance. The contract's fields hand handlers bigints
 * (amounts in minor units, the units of an exact decimal), which JSON cannot carry: each goes as its decimal
 * text, its place listed beside the body, and is a bigint again on arrival, so the handler there gets exactly
 * the body the transport checked here.
 */
type Key = string | number;

export interface BodyWire {
  readonly json: unknown;
  /** Where the bigints were, each as the keys from the body down to it. */
  readonly bigints: readonly (readonly Key[])[];
}

export function bodyToWire(body: unknown): BodyWire {
  const bigints: Key[][] = [];
  const walk = (value: unknown, path: Key[]): unknown => {
    if (typeof value === 'bigint') {
      bigints.push(path);
      return value.toString();
    }
    if (Array.isArray(value)) return value.map((v, i) => walk(v, [...path, i]));
    if (value !== null && typeof value === 'object' && !(value instanceof Date)) {
      const out: Record<string, unknown> = {};
      for (const [k, v] of Object.entries(value)) out[k] = walk(v, [...path, k]);
      return out;
    }
    return value;
  };
  return { json: walk(body, []), bigints };
}

export function bodyFromWire(wire: BodyWire): unknown {
  let root = wire.json;
  for (const path of wire.bigints) {
    const last = path.at(-1);
    if (last === undefined) {
      root = BigInt(root as string);
      continue;
    }
    let at = root as Record<Key, unknown>;
    for (const key of path.slice(0, -1)) at = at[key] as Record<Key, unknown>;
    at[last] = BigInt(at[last] as string);
  }
  return root;
}
