/**
 * The node and miner screens' background music, synthesized with the Web Audio API (no file to load): a slow,
 * quiet pentatonic arpeggio over a soft pad. Loaded only when the user turns the music on.
 */
const NOTES = [261.63, 293.66, 329.63, 392.0, 440.0, 523.25];
const PATTERN = [0, 2, 4, 3, 1, 4, 5, 2];

export interface Music {
  stop(): void;
}

export function startMusic(): Music {
  const ctx = new AudioContext();
  const master = ctx.createGain();
  master.gain.value = 0.06;
  const filter = ctx.createBiquadFilter();
  filter.type = 'lowpass';
  filter.frequency.value = 1800;
  filter.connect(master);
  master.connect(ctx.destination);

  // A soft pad under the arpeggio.
  const pad = ctx.createOscillator();
  const padGain = ctx.createGain();
  pad.type = 'sine';
  pad.frequency.value = 130.81;
  padGain.gain.value = 0.25;
  pad.connect(padGain).connect(filter);
  pad.start();

  let step = 0;
  const note = () => {
    const freq = NOTES[PATTERN[step % PATTERN.length] ?? 0] ?? 261.63;
    step++;
    const t = ctx.currentTime;
    const osc = ctx.createOscillator();
    const env = ctx.createGain();
    osc.type = 'triangle';
    osc.frequency.value = freq;
    env.gain.setValueAtTime(0, t);
    env.gain.linearRampToValueAtTime(0.5, t + 0.04);
    env.gain.exponentialRampToValueAtTime(0.001, t + 0.9);
    osc.connect(env).connect(filter);
    osc.start(t);
    osc.stop(t + 1);
  };
  const timer = window.setInterval(note, 450);
  // A page opened with the music on waits for the first touch (browsers start sound only after one).
  const resume = () => void ctx.resume();
  window.addEventListener('pointerdown', resume, { once: true });
  return {
    stop() {
      window.clearInterval(timer);
      window.removeEventListener('pointerdown', resume);
      void ctx.close();
    },
  };
}
