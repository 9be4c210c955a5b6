import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

/*
 * The theme's colors against WCAG AA, computed from the CSS variables of web/src/ui/theme.css as the
 * browser would resolve them: every text color on every background text sits on, in both themes and both
 * up/down settings. Body text needs 4.5:1; every pair here is held to it, since any of these colors may
 * be set at 11–14 px.
 */

const THEME = readFileSync(join(import.meta.dirname, '../src/ui/theme.css'), 'utf8');
const AA_BODY = 4.5;

/** The custom properties of the rule whose selector list is exactly `selector`. */
function variables(selector: string): Record<string, string> {
  const text = THEME.replace(/\/\*[\s\S]*?\*\//g, '');
  for (const m of text.matchAll(/([^{}]+)\{([^{}]*)\}/g)) {
    const selectors = (m[1] ?? '').split(',').map((s) => s.trim());
    if (!selectors.includes(selector)) continue;
    const out: Record<string, string> = {};
    for (const d of (m[2] ?? '').matchAll(/(--[\w-]+)\s*:\s*([^;]+);/g))
      out[d[1] ?? ''] = (d[2] ?? '').trim();
    return out;
  }
  throw new Error(`theme.css has no rule for ${selector}`);
}

type Theme = 'dark' | 'light';
type UpDown = 'green-up' | 'red-up';

/** The variables in force for a theme and an up/down setting, as the cascade lays them. */
function palette(theme: Theme, upDown: UpDown): (name: string) => string {
  const vars = {
    ...variables(':root:root'),
    ...variables(`:root:root[data-theme="${theme}"]`),
    ...variables(`:root:root[data-updown="${upDown}"]`),
  };
  const resolve = (name: string, depth = 0): string => {
    const value = vars[name];
    if (value === undefined) throw new Error(`${name} is not set in the ${theme} theme`);
    const ref = /^var\((--[\w-]+)\)$/.exec(value);
    if (!ref) return value;
    if (depth > 10) throw new Error(`${name} refers in a circle`);
    return resolve(ref[1] ?? '', depth + 1);
  };
  return resolve;
}

interface Rgba {
  readonly r: number;
  readonly g: number;
  readonly b: number;
  readonly a: number;
}

function parseColor(value: string): Rgba {
  const hex = /^#([0-9a-f]{3}|[0-9a-f]{6})$/i.exec(value)?.[1];
  if (hex) {
    const full = hex.length === 3 ? [...hex].map((c) => c + c).join('') : hex;
    const n = Number.parseInt(full, 16);
    return { r: (n >> 16) & 255, g: (n >> 8) & 255, b: n & 255, a: 1 };
  }
  const rgb = /^rgba?\(\s*([\d.]+)\s*,\s*([\d.]+)\s*,\s*([\d.]+)\s*(?:,\s*([\d.]+)\s*)?\)$/.exec(value);
  if (rgb) {
    return {
      r: Number(rgb[1]),
      g: Number(rgb[2]),
      b: Number(rgb[3]),
      a: rgb[4] === undefined ? 1 : Number(rgb[4]),
    };
  }
  throw new Error(`not a color: ${value}`);
}

/** `top` laid over an opaque `under` (what the eye sees of a translucent color). */
function over(top: Rgba, under: Rgba): Rgba {
  const mix = (t: number, u: number) => t * top.a + u * (1 - top.a);
  return { r: mix(top.r, under.r), g: mix(top.g, under.g), b: mix(top.b, under.b), a: 1 };
}

/** A color at `share` (0–1) over another: CSS's `color-mix(in srgb, color share, transparent)` laid on it. */
function tint(color: Rgba, share: number, under: Rgba): Rgba {
  return over({ ...color, a: share }, under);
}

function luminance({ r, g, b }: Rgba): number {
  const channel = (c: number) => {
    const s = c / 255;
    return s <= 0.04045 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * channel(r) + 0.7152 * channel(g) + 0.0722 * channel(b);
}

function contrast(a: Rgba, b: Rgba): number {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (hi + 0.05) / (lo + 0.05);
}

/** Every text color of the theme. */
const TEXTS = [
  '--color-text',
  '--color-text-2',
  '--color-text-3',
  '--color-text-4',
  '--color-up',
  '--color-down',
  '--color-brand',
  '--color-warning',
] as const;
/** The backgrounds text sits on: the page, cards and sheets, inputs and chips. */
const BACKGROUNDS = ['--color-bg', '--color-surface', '--color-surface-2'] as const;
/** Fills that carry text (buttons, change pills, badges), each with --color-on-fill on it. */
const FILLS = ['--color-up-fill', '--color-down-fill', '--color-brand-fill'] as const;

interface Pair {
  readonly what: string;
  readonly ratio: number;
}

function pairs(theme: Theme, upDown: UpDown): Pair[] {
  const v = palette(theme, upDown);
  const color = (name: string) => parseColor(v(name));
  const bg = color('--color-bg');
  const solid = (name: string) => over(color(name), bg);
  const out: Pair[] = [];
  for (const text of TEXTS) {
    for (const back of BACKGROUNDS) {
      out.push({ what: `${text} on ${back}`, ratio: contrast(color(text), solid(back)) });
    }
  }
  // A flat change pill and a status chip: secondary text on the raised fill.
  out.push({
    what: '--color-text-2 on --color-surface-3',
    ratio: contrast(color('--color-text-2'), solid('--color-surface-3')),
  });
  for (const fill of FILLS) {
    out.push({ what: `--color-on-fill on ${fill}`, ratio: contrast(color('--color-on-fill'), solid(fill)) });
  }
  // A status chip in the brand's soft tint, on a card.
  out.push({
    what: '--color-brand on --color-brand-soft over --color-surface',
    ratio: contrast(color('--color-brand'), over(color('--color-brand-soft'), solid('--color-surface'))),
  });
  // Prices over their depth bar, up/down and warning chips: the color on 18% of itself (the book's bars take 14%).
  for (const text of ['--color-up', '--color-down', '--color-warning']) {
    for (const back of ['--color-bg', '--color-surface']) {
      out.push({
        what: `${text} on its 18% tint over ${back}`,
        ratio: contrast(color(text), tint(color(text), 0.18, solid(back))),
      });
    }
  }
  return out;
}

describe('the theme meets WCAG AA contrast', () => {
  for (const theme of ['dark', 'light'] as const) {
    for (const upDown of ['green-up', 'red-up'] as const) {
      it(`${theme} theme, ${upDown}: every text color reads at 4.5:1 on its backgrounds`, () => {
        const list = pairs(theme, upDown);
        expect(list.length).toBeGreaterThan(30);
        const failing = list.filter((p) => p.ratio < AA_BODY).map((p) => `${p.what}: ${p.ratio.toFixed(2)}`);
        expect(failing).toEqual([]);
      });
    }
  }

  it('computes the ratios WCAG gives for known pairs', () => {
    const white = parseColor('#ffffff');
    expect(contrast(white, parseColor('#000000'))).toBeCloseTo(21, 5);
    expect(contrast(white, white)).toBe(1);
    // WCAG's own example: #767676 on white is the lightest grey at 4.5:1.
    expect(contrast(parseColor('#767676'), white)).toBeCloseTo(4.54, 2);
    // Half-transparent black over white is #808080.
    expect(over(parseColor('rgba(0, 0, 0, 0.5)'), white).r).toBeCloseTo(127.5, 5);
  });
});
