/**
 * A parse remembered by its text: for the few texts (fee rates, bands, minimums) the order path parses again
 * for every order. Bounded: past `limit` distinct texts it starts over, so odd inputs cannot grow it.
 */
export function memoByText<T>(parse: (text: string) => T, limit = 1024): (text: string) => T {
  const known = new Map<string, T>();
  return (text) => {
    if (known.has(text)) return known.get(text) as T;
    const v = parse(text);
    if (known.size >= limit) known.clear();
    known.set(text, v);
    return v;
  };
}
