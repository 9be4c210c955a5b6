// Draws the app's icons from the NEXA mark (the same drawing as web/src/ui/logo.tsx) and writes the PNGs the
// platforms ask for into web/public/icons/, plus the favicon SVG. Run after changing the mark:
//   node scripts/pwa-icons.mjs
// The outputs are committed; sharp (libvips) renders the SVG.
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';

const root = join(dirname(fileURLToPath(import.meta.url)), '..', 'web', 'public');
const LETTER = 'M19 45V19h6l14 17V19h6v26h-6L25 28v17z';
const GRADIENT =
  '<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#3e7bfa"/><stop offset="1" stop-color="#7a5cff"/></linearGradient></defs>';

/** The mark on its rounded tile (a launcher that masks nothing shows it as drawn). */
const rounded = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64"><title>NEXA</title>${GRADIENT}<rect width="64" height="64" rx="18" fill="url(#g)"/><path d="${LETTER}" fill="#fff"/></svg>`;

/** Full bleed: the platform cuts its own shape; the letter stays inside the central safe circle (80%). */
const fullBleed = (scale) => {
  const offset = (64 - 64 * scale) / 2;
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64">${GRADIENT}<rect width="64" height="64" fill="url(#g)"/><g transform="translate(${offset} ${offset}) scale(${scale})"><path d="${LETTER}" fill="#fff"/></g></svg>`;
};

const outputs = [
  { file: 'icons/icon-192.png', svg: rounded, size: 192 },
  { file: 'icons/icon-512.png', svg: rounded, size: 512 },
  { file: 'icons/icon-maskable-512.png', svg: fullBleed(0.7), size: 512 },
  // iOS rounds the corners itself and shows transparency as black.
  { file: 'icons/apple-touch-icon-180.png', svg: fullBleed(0.85), size: 180 },
  { file: 'icons/favicon-32.png', svg: rounded, size: 32 },
];

mkdirSync(join(root, 'icons'), { recursive: true });
for (const { file, svg, size } of outputs) {
  const png = await sharp(Buffer.from(svg), { density: Math.ceil((72 * size) / 64) })
    .resize(size, size)
    .png({ compressionLevel: 9 })
    .toBuffer();
  writeFileSync(join(root, file), png);
  console.log(`${file} ${size}×${size} ${png.length} B`);
}
writeFileSync(join(root, 'favicon.svg'), `${rounded}\n`);
