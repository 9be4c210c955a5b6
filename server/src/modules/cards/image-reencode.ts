/**
 * Uploaded images decoded and encoded again off the event loop. The work runs in sharp (libvips), on the
 * thread pool under Node, never on the thread that answers calls: a large image costs its owner a wait, not
 * every user. Each image is bounded before a pixel is decoded (its header's width × height against the
 * pixel limit, which bounds the memory its pixels take) and while it is decoded (a time limit, after which
 * libvips stops). Decoding streams rows (`sequentialRead`) and keeps no cache, so an image holds little more
 * than a strip of rows at once. A queue lets a few images be worked on at a time; more wait their turn, and
 * past a bound are refused at once rather than held in memory. Only the pixels survive: no EXIF, no
 * location, no ICC or text chunks, no trailing data.
 */
import sharp, { type Metadata } from 'sharp';

// No image stays cached between uploads; one libvips thread per image (the queue decides how many at once).
sharp.cache(false);
sharp.concurrency(1);

export type ImageType = 'image/jpeg' | 'image/png';

export interface ImageLimits {
  /** Width × height the image may have. */
  readonly maxPixels: number;
  /** Seconds the decode and encode may take before they are stopped. */
  readonly timeoutS: number;
}

/** Why an image was refused (the upload answers 422 with it). */
export class ImageRefused extends Error {}

const PNG_END = Buffer.from([0, 0, 0, 0, 0x49, 0x45, 0x4e, 0x44, 0xae, 0x42, 0x60, 0x82]);
const JPEG_END = Buffer.from([0xff, 0xd9]);

/** Refuses, before any decoding, a cut-off file and a PNG whose header declares too many pixels. */
export function checkWhole(bytes: Buffer, type: ImageType, maxPixels: number): void {
  // A whole file ends with its end marker (PNG's IEND chunk, JPEG's EOI): a cut-off one is refused.
  const end = type === 'image/png' ? PNG_END : JPEG_END;
  let tail = bytes.length;
  if (type === 'image/jpeg') while (tail > 0 && bytes[tail - 1] === 0) tail--;
  if (tail < end.length || !bytes.subarray(tail - end.length, tail).equals(end))
    throw new ImageRefused('cut off');
  if (type === 'image/png') {
    if (bytes.length < 24) throw new ImageRefused('cut off');
    // Width and height sit in the IHDR chunk: refuse a pixel bomb before decoding it.
    if (bytes.readUInt32BE(16) * bytes.readUInt32BE(20) > maxPixels)
      throw new ImageRefused('too many pixels');
  }
}

/** Decodes and encodes again on libvips' threads: only the pixels survive. Rejects anything unsound. */
export async function reencodeImage(bytes: Buffer, type: ImageType, limits: ImageLimits): Promise<Buffer> {
  checkWhole(bytes, type, limits.maxPixels);
  const image = sharp(bytes, {
    // Refused from the header, before decoding, for JPEG as for PNG.
    limitInputPixels: limits.maxPixels,
    sequentialRead: true,
    failOn: 'error',
  }).timeout({ seconds: Math.max(1, Math.ceil(limits.timeoutS)) });
  let meta: Metadata;
  try {
    meta = await image.metadata();
  } catch (err) {
    throw refusal(err);
  }
  const expected = type === 'image/png' ? 'png' : 'jpeg';
  if (meta.format !== expected || (meta.pages ?? 1) > 1)
    throw new ImageRefused('not the declared image type');
  if ((meta.width ?? 0) * (meta.height ?? 0) > limits.maxPixels) throw new ImageRefused('too many pixels');
  try {
    return type === 'image/png'
      ? await image.png({ compressionLevel: 6 }).toBuffer()
      : await image.jpeg({ quality: 90 }).toBuffer();
  } catch (err) {
    throw refusal(err);
  }
}

/** What libvips said, as a refusal an upload answers. */
function refusal(err: unknown): ImageRefused {
  const text = err instanceof Error ? err.message : String(err);
  if (/timeout/i.test(text)) return new ImageRefused('took too long');
  if (/pixel limit/i.test(text)) return new ImageRefused('too many pixels');
  return new ImageRefused('not a readable image');
}

/**
 * At most `concurrency` images at a time and at most `maxWaiting` more in line ('full': refuse), and one at a
 * time per user: a user's next images wait for the earlier ones (a form's slots picked one after another),
 * at most `perUser` of them in all ('busy': refuse).
 */
export function createImageQueue(opts: { concurrency: () => number; maxWaiting: number; perUser: number }) {
  let running = 0;
  const waiting: Array<() => void> = [];
  const lines = new Map<number, { count: number; tail: Promise<void> }>();

  const release = () => {
    running--;
    const next = waiting.shift();
    if (next) {
      running++;
      next();
    }
  };

  /** Runs `work` for the user in turn; 'busy' when the user has too many in line, 'full' when the line is. */
  async function run<T>(userId: number, work: () => Promise<T>): Promise<T | 'busy' | 'full'> {
    const mine = lines.get(userId);
    if (mine && mine.count >= opts.perUser) return 'busy';
    if (running >= opts.concurrency() && waiting.length >= opts.maxWaiting) return 'full';
    const line = mine ?? { count: 0, tail: Promise.resolve() };
    line.count++;
    lines.set(userId, line);
    const before = line.tail;
    let done = () => {};
    line.tail = new Promise<void>((resolve) => {
      done = resolve;
    });
    try {
      await before;
      if (running < opts.concurrency()) running++;
      else await new Promise<void>((resolve) => waiting.push(resolve));
      try {
        return await work();
      } finally {
        release();
      }
    } finally {
      done();
      line.count--;
      if (line.count === 0) lines.delete(userId);
    }
  }

  return {
    run,
    /** Images being worked on now and waiting their turn; users with images in line, and all their images. */
    stats: () => ({
      running,
      waiting: waiting.length,
      users: lines.size,
      lined: [...lines.values()].reduce((n, l) => n + l.count, 0),
    }),
  };
}

export type ImageQueue = ReturnType<typeof createImageQueue>;
