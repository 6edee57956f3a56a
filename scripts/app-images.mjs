// The app's icons and its default share card, made by the build from web/public/favicon.svg and the share card's
// drawing (worker/lib/share-card/card-svg.ts), so no generated binary is kept in the repository.
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { initWasm, Resvg } from "@resvg/resvg-wasm";
import sharp from "sharp";

const require = createRequire(import.meta.url);
/** The mark's own colour: the apple-touch-icon is filled with it, as iOS shows no transparency. */
const MARK_COLOUR = "#4f46e5";

const iconPng = (svg, size) =>
  sharp(svg, { density: Math.ceil((72 * size) / 64) })
    .resize(size, size)
    .png()
    .toBuffer();

/**
 * The maskable icon (a launcher crops it to a circle, a squircle or a rounded square): the mark at 70 % on a square of
 * its own colour, so the letter stays inside the safe zone (the middle 80 %) whatever the shape.
 */
async function maskablePng(svg, size) {
  const mark = Math.round(size * 0.7);
  const offset = Math.round((size - mark) / 2);
  return sharp({ create: { width: size, height: size, channels: 4, background: MARK_COLOUR } })
    .composite([{ input: await iconPng(svg, mark), left: offset, top: offset }])
    .removeAlpha()
    .png()
    .toBuffer();
}

/** An .ico holding PNG images (Windows Vista and every browser read those), one directory entry each. */
function icoFile(pngs) {
  const header = Buffer.alloc(6 + 16 * pngs.length);
  header.writeUInt16LE(1, 2);
  header.writeUInt16LE(pngs.length, 4);
  let offset = header.length;
  pngs.forEach(({ size, png }, i) => {
    const entry = 6 + 16 * i;
    header.writeUInt8(size % 256, entry);
    header.writeUInt8(size % 256, entry + 1);
    header.writeUInt16LE(1, entry + 4);
    header.writeUInt16LE(32, entry + 6);
    header.writeUInt32LE(png.length, entry + 8);
    header.writeUInt32LE(offset, entry + 12);
    offset += png.length;
  });
  return Buffer.concat([header, ...pngs.map(({ png }) => png)]);
}

let resvgReady;

/** The share card's SVG as a PNG, in the Inter the Worker draws it with. */
async function cardPng(svg) {
  resvgReady ??= initWasm(readFileSync(require.resolve("@resvg/resvg-wasm/index_bg.wasm")));
  await resvgReady;
  const font = readFileSync(require.resolve("@expo-google-fonts/inter/700Bold/Inter_700Bold.ttf"));
  return Buffer.from(
    new Resvg(svg, { font: { fontBuffers: [font], defaultFontFamily: "Inter", loadSystemFonts: false } }).render().asPng(),
  );
}

/**
 * The files, by their path under the site's root: favicon.ico (16, 32 and 48 px), apple-touch-icon.png (180 px,
 * opaque), icon-192.png, icon-512.png and icon-512-maskable.png (the web app manifest's) and og-default.png (the app's share card, 1200x630).
 */
export async function appImages(faviconPath, defaultCardSvg) {
  const favicon = readFileSync(faviconPath);
  const icoSizes = await Promise.all([16, 32, 48].map(async (size) => ({ size, png: await iconPng(favicon, size) })));
  const touch = await sharp(await iconPng(favicon, 180))
    .flatten({ background: MARK_COLOUR })
    .removeAlpha()
    .png()
    .toBuffer();
  return new Map([
    ["favicon.ico", icoFile(icoSizes)],
    ["apple-touch-icon.png", touch],
    ["icon-192.png", await iconPng(favicon, 192)],
    ["icon-512.png", await iconPng(favicon, 512)],
    ["icon-512-maskable.png", await maskablePng(favicon, 512)],
    ["og-default.png", await cardPng(defaultCardSvg)],
  ]);
}
