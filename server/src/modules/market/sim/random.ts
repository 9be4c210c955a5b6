/** A source of uniform numbers in [0, 1): injected so that tests and benchmarks are repeatable. */
export type Random = () => number;

/** mulberry32: small, fast, seedable; good enough for a simulated market (not for secrets). */
export function seededRandom(seed: number): Random {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

/** A standard normal draw (Box–Muller). */
export function normal(random: Random): number {
  let u = random();
  while (u <= Number.EPSILON) u = random();
  const v = random();
  return Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * v);
}
