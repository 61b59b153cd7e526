#!/usr/bin/env node
// The installed app's icons, drawn from the logo mark (public/images/logo-mark.svg) with sharp; run
// `npm run icons -w @cloud9/frontend` after changing the mark and commit the PNGs it writes:
// - icon-192.png, icon-512.png: the mark on a rounded sky tile ("any" purpose; the manifest, notifications);
// - icon-maskable-512.png: the mark inside the maskable safe zone (the middle 80 %) on a full-bleed sky square;
// - apple-touch-icon.png (180 px): opaque, as iOS fills transparency with black;
// - badge-96.png: the mark's outline in white on transparency (Android draws a notification badge from its alpha).
import { readFileSync } from 'node:fs';
import * as path from 'node:path';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';

const images = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../public/images');
// The mark's drawing spans x 4–66, y 4–53 of its 64 × 64 box: a square box around it centres it.
const mark = readFileSync(path.join(images, 'logo-mark.svg'), 'utf8').replace('viewBox="0 0 64 64"', 'viewBox="1 -5.5 68 68"');
/** The clouds theme's page colour (theme.css --sky-100) behind the mark. */
const TILE = '#e6f3ff';

/** The mark's SVG as a PNG `size` px wide. */
const markPng = (svg, size) => sharp(Buffer.from(svg), { density: (72 * size) / 68 }).resize(size, size).png().toBuffer();

/** The mark, `scale` of the side, centred on a `size` px square of `background` (rounded by `radius`, 0 for full bleed). */
async function tile(size, scale, radius, file) {
  const inner = Math.round(size * scale);
  const background = Buffer.from(
    `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}"><rect width="${size}" height="${size}" rx="${radius * size}" fill="${TILE}"/></svg>`,
  );
  await sharp(background)
    .composite([{ input: await markPng(mark, inner), top: Math.round((size - inner) / 2), left: Math.round((size - inner) / 2) }])
    .png({ compressionLevel: 9 })
    .toFile(path.join(images, file));
}

await tile(192, 0.86, 0.2, 'icon-192.png');
await tile(512, 0.86, 0.2, 'icon-512.png');
await tile(512, 0.66, 0, 'icon-maskable-512.png');
await tile(180, 0.8, 0, 'apple-touch-icon.png');
// The badge: every shape of the mark white, the "9" cut out of the cloud.
const white = mark
  .replace(/fill="url\(#sky\)"/g, 'fill="#fff"')
  .replace(/fill="#f2b705"/g, 'fill="#fff"')
  .replace(/<text([^>]*)fill="#fff"/, '<text$1fill="#000"');
const badge = await sharp(await markPng(white, 96)).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
// Black (the cut-out "9") becomes transparent; white stays.
const { data, info } = badge;
for (let i = 0; i < data.length; i += 4) if (data[i] < 128) data[i + 3] = 0;
await sharp(data, { raw: info }).png({ compressionLevel: 9 }).toFile(path.join(images, 'badge-96.png'));
console.log('wrote icon-192.png, icon-512.png, icon-maskable-512.png, apple-touch-icon.png, badge-96.png');
