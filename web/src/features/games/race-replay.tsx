import { type ReactNode, type RefObject, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from '../../i18n';
import { type Entrant, useEntrantText } from './game-parts';
import { planReplay } from './replay-math';
import { inJoinOrder } from './verify';

const LANE_H = 30;
const PAD_Y = 10;
const LABEL_W = 26;
const RUNOFF_W = 34;
const RACER_W = 24;
const RACER_H = 14;

interface Colors {
  readonly lane: string;
  readonly laneAlt: string;
  readonly line: string;
  readonly text: string;
  readonly dim: string;
  readonly mine: string;
  readonly gold: string;
  readonly silver: string;
  readonly bronze: string;
}

function readColors(el: Element): Colors {
  const css = getComputedStyle(el);
  const v = (name: string, fallback: string) => css.getPropertyValue(name).trim() || fallback;
  return {
    lane: v('--color-surface-2', '#1e2329'),
    laneAlt: v('--color-surface-3', '#2b3139'),
    line: v('--color-text-3', '#848e9c'),
    text: v('--color-text', '#eaecef'),
    dim: v('--color-text-3', '#848e9c'),
    mine: v('--color-brand', '#3e7bfa'),
    gold: '#f0b90b',
    silver: '#aab4c0',
    bronze: '#c9804a',
  };
}

/** A racer's own hue, from its place in the join order (the user's racer wears the brand color). */
function hueOf(index: number): number {
  return (index * 137.508 + 20) % 360;
}

/** A color with an alpha: `#rrggbb` or an `hsl(h s% l%)` the racers wear. */
function withAlpha(color: string, alpha: number): string {
  const hex = /^#([0-9a-f]{6})$/i.exec(color);
  if (hex?.[1]) {
    const n = Number.parseInt(hex[1], 16);
    return `rgba(${(n >> 16) & 255}, ${(n >> 8) & 255}, ${n & 255}, ${alpha})`;
  }
  return color.startsWith('hsl(') ? color.replace(')', ` / ${alpha})`) : color;
}

function roundRect(ctx: CanvasRenderingContext2D, x: number, y: number, w: number, h: number, r: number) {
  ctx.beginPath();
  ctx.moveTo(x + r, y);
  ctx.arcTo(x + w, y, x + w, y + h, r);
  ctx.arcTo(x + w, y + h, x, y + h, r);
  ctx.arcTo(x, y + h, x, y, r);
  ctx.arcTo(x, y, x + w, y, r);
  ctx.closePath();
}

type ReplayPlan = ReturnType<typeof planReplay>;

/** What one frame is drawn from: the canvas, its size, the lanes, the plan, the colors, the user's label. */
interface Scene {
  readonly ctx: CanvasRenderingContext2D;
  readonly width: number;
  readonly height: number;
  readonly lanes: readonly Entrant[];
  readonly plan: ReplayPlan;
  readonly colors: Colors;
  readonly youLabel: string;
  /** Written behind each demo racer's car ("Demo"), once there is room for it past the lane's label. */
  readonly demoLabel: string;
}

/** The lanes (mine tinted), each labelled with its join order, or its rank in a medal once across the line. */
function drawLanes({ ctx, width, lanes, plan, colors }: Scene, t_ms: number): void {
  ctx.textBaseline = 'middle';
  lanes.forEach((e, i) => {
    const y = PAD_Y + i * LANE_H;
    ctx.fillStyle = i % 2 ? colors.laneAlt : colors.lane;
    ctx.fillRect(0, y, width, LANE_H);
    if (e.mine) {
      ctx.globalAlpha = 0.16;
      ctx.fillStyle = colors.mine;
      ctx.fillRect(0, y, width, LANE_H);
      ctx.globalAlpha = 1;
    }
    // The lane's label: its join order, then the rank in a medal once its racer is across the line.
    const cy = y + LANE_H / 2;
    if (plan.position(i, t_ms) >= 1 && e.rank !== null) {
      ctx.fillStyle =
        e.rank === 1
          ? colors.gold
          : e.rank === 2
            ? colors.silver
            : e.rank === 3
              ? colors.bronze
              : colors.laneAlt;
      ctx.beginPath();
      ctx.arc(LABEL_W / 2, cy, 9, 0, Math.PI * 2);
      ctx.fill();
      ctx.fillStyle = e.rank <= 3 ? '#1e2329' : colors.text;
      ctx.font = '700 11px system-ui, sans-serif';
    } else {
      ctx.fillStyle = e.mine ? colors.mine : colors.dim;
      ctx.font = '600 11px system-ui, sans-serif';
    }
    ctx.textAlign = 'center';
    ctx.fillText(
      String(plan.position(i, t_ms) >= 1 && e.rank !== null ? e.rank : e.join_order),
      LABEL_W / 2,
      cy + 0.5,
    );
  });
}

/** The start line (dashed) and the finish line (checkered). */
function drawLines({ ctx, height, colors }: Scene, x0: number, x1: number): void {
  ctx.strokeStyle = colors.line;
  ctx.globalAlpha = 0.5;
  ctx.setLineDash([3, 3]);
  ctx.beginPath();
  ctx.moveTo(x0 + 0.5, PAD_Y);
  ctx.lineTo(x0 + 0.5, height - PAD_Y);
  ctx.stroke();
  ctx.setLineDash([]);
  ctx.globalAlpha = 1;
  const sq = 4;
  for (let y = PAD_Y, row = 0; y < height - PAD_Y; y += sq, row++) {
    for (let c = 0; c < 2; c++) {
      ctx.fillStyle = (row + c) % 2 ? '#f5f5f5' : '#111';
      ctx.fillRect(x1 + c * sq, y, sq, Math.min(sq, height - PAD_Y - y));
    }
  }
}

/** The racers: a trail, the body, a windscreen, and "you" by the user's. */
function drawRacers(
  { ctx, lanes, plan, colors, youLabel, demoLabel }: Scene,
  t_ms: number,
  x0: number,
  track: number,
): void {
  lanes.forEach((e, i) => {
    const p = plan.position(i, t_ms);
    const y = PAD_Y + i * LANE_H + (LANE_H - RACER_H) / 2;
    const nose = x0 + p * track;
    const x = nose - RACER_W;
    const body = e.mine ? colors.mine : `hsl(${hueOf(i)} 62% 52%)`;
    const speed = plan.position(i, t_ms) - plan.position(i, t_ms - 120);
    if (speed > 0.001 && p < 1) {
      const trail = Math.min(60, speed * track * 3);
      const grad = ctx.createLinearGradient(x - trail, 0, x, 0);
      grad.addColorStop(0, withAlpha(body, 0));
      grad.addColorStop(1, withAlpha(body, e.mine ? 0.6 : 0.4));
      ctx.fillStyle = grad;
      ctx.fillRect(x - trail, y + 3, trail, RACER_H - 6);
    }
    if (e.mine) {
      ctx.shadowColor = colors.mine;
      ctx.shadowBlur = 10;
    }
    ctx.fillStyle = body;
    roundRect(ctx, x, y, RACER_W, RACER_H, 5);
    ctx.fill();
    ctx.shadowBlur = 0;
    // A windscreen, so the racers read as cars heading right.
    ctx.fillStyle = 'rgba(255,255,255,0.75)';
    ctx.fillRect(x + RACER_W - 8, y + 3, 3, RACER_H - 6);
    if (e.mine) {
      ctx.fillStyle = colors.mine;
      ctx.font = '700 9px system-ui, sans-serif';
      ctx.textAlign = 'right';
      ctx.fillText(youLabel, x - 3, y + RACER_H / 2);
    } else if (e.demo) {
      ctx.font = '600 9px system-ui, sans-serif';
      if (x - 3 - ctx.measureText(demoLabel).width > LABEL_W) {
        ctx.fillStyle = colors.dim;
        ctx.textAlign = 'right';
        ctx.fillText(demoLabel, x - 3, y + RACER_H / 2);
      }
    }
  });
}

/** One frame of the replay at `t_ms`: lanes, start and finish lines, racers. */
function drawFrame(scene: Scene, t_ms: number): void {
  const { ctx, width, height } = scene;
  const x0 = LABEL_W + RACER_W;
  const x1 = width - RUNOFF_W;
  const track = x1 - x0;
  ctx.clearRect(0, 0, width, height);
  drawLanes(scene, t_ms);
  drawLines(scene, x0, x1);
  drawRacers(scene, t_ms, x0, track);
}

/**
 * The replay's drawing loop: sizes the canvas to its box at the screen's pixel density, draws each frame with
 * requestAnimationFrame until the plan's end (then `setDone(true)`), redraws when the box's width changes;
 * starts again when `run` changes.
 */
function useReplayLoop({
  canvas,
  wrap,
  run,
  plan,
  lanes,
  height,
  youLabel,
  demoLabel,
  setDone,
}: {
  readonly canvas: RefObject<HTMLCanvasElement | null>;
  readonly wrap: RefObject<HTMLDivElement | null>;
  readonly run: number;
  readonly plan: ReplayPlan;
  readonly lanes: readonly Entrant[];
  readonly height: number;
  readonly youLabel: string;
  readonly demoLabel: string;
  readonly setDone: (done: boolean) => void;
}): void {
  // biome-ignore lint/correctness/useExhaustiveDependencies: canvas and wrap are element refs, setDone a state setter
  useEffect(() => {
    const el = canvas.current;
    const box = wrap.current;
    if (!el || !box || run < 0) return undefined;
    const ctx = el.getContext('2d');
    if (!ctx) return undefined;
    const colors = readColors(box);
    let width = 0;
    let frame = 0;
    let start: number | null = null;
    setDone(false);

    const size = () => {
      const dpr = Math.min(3, window.devicePixelRatio || 1);
      width = box.clientWidth;
      el.width = Math.round(width * dpr);
      el.height = Math.round(height * dpr);
      el.style.width = `${width}px`;
      el.style.height = `${height}px`;
      ctx.setTransform(dpr, 0, 0, dpr, 0, 0);
    };

    const draw = (t_ms: number) =>
      drawFrame({ ctx, width, height, lanes, plan, colors, youLabel, demoLabel }, t_ms);

    const tick = (now: number) => {
      start ??= now;
      const t_ms = now - start;
      draw(Math.min(t_ms, plan.duration_ms));
      if (t_ms < plan.duration_ms) frame = requestAnimationFrame(tick);
      else setDone(true);
    };

    size();
    draw(0);
    frame = requestAnimationFrame(tick);
    const observer = new ResizeObserver(() => {
      if (box.clientWidth !== width) {
        size();
        draw(start === null ? 0 : Math.min(performance.now() - start, plan.duration_ms));
      }
    });
    observer.observe(box);
    return () => {
      cancelAnimationFrame(frame);
      observer.disconnect();
    };
  }, [run, plan, lanes, height, youLabel, demoLabel]);
}

/**
 * The race replayed on a canvas: every entrant a racer in its lane (join order), their motion drawn from the
 * revealed seed so the same race always looks the same, crossing the line in the recorded rank order with the
 * result's gaps. About 8 s, drawn with requestAnimationFrame at the screen's pixel density; the user's racer
 * is highlighted, each demo racer's marked "Demo".
 */
export function RaceReplay({
  seed,
  entrants,
}: {
  readonly seed: string;
  readonly entrants: readonly Entrant[];
}): ReactNode {
  const { t } = useTranslation('games');
  const nameOf = useEntrantText();
  const wrap = useRef<HTMLDivElement>(null);
  const canvas = useRef<HTMLCanvasElement>(null);
  const [run, setRun] = useState(0);
  const [done, setDone] = useState(false);
  const lanes = useMemo(() => inJoinOrder(entrants.filter((e) => e.rank !== null)), [entrants]);
  const plan = useMemo(
    () =>
      planReplay(
        seed,
        lanes.map((e) => ({ key: e.entry_id, rank: e.rank ?? 0, behind_ms: e.finish_ms })),
      ),
    [seed, lanes],
  );
  const youLabel = t('games.you');
  const demoLabel = t('games.demo');
  const height = PAD_Y * 2 + lanes.length * LANE_H;

  useReplayLoop({ canvas, wrap, run, plan, lanes, height, youLabel, demoLabel, setDone });

  const podium = [...lanes].sort((a, b) => (a.rank ?? 0) - (b.rank ?? 0)).slice(0, 3);
  return (
    <section className="card box greplay" data-testid="replay">
      <div className="box__head">
        <h2 className="gh">{t('games.replayTitle')}</h2>
        <span className="gmuted num">
          {t('games.seconds', { count: Math.round(plan.duration_ms / 1000) })}
        </span>
      </div>
      <div className="greplay__track" ref={wrap}>
        <canvas
          ref={canvas}
          role="img"
          aria-label={t('games.replayLabel', {
            order: podium.map((e) => `${e.rank}. ${nameOf(e)}`).join(', '),
          })}
          height={height}
        />
      </div>
      <div className="row row--between row--3 greplay__foot">
        <span className="gmuted" data-testid="replay-state" data-done={done}>
          {done ? t('games.replayDone') : t('games.replayRunning')}
        </span>
        <button
          type="button"
          className="gbtn gbtn--primary"
          onClick={() => setRun((r) => r + 1)}
          data-testid="replay-again"
        >
          {t('games.replayAgain')}
        </button>
      </div>
    </section>
  );
}
