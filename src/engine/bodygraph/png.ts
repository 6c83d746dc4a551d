/**
 * SVG → PNG with resvg (@resvg/resvg-js: Rust, its platform binary comes as an npm package, no download at
 * install). The drawings come with their text as glyph outlines (glyphs.ts), so resvg loads no font at all.
 *
 * The PNG itself is written here from resvg's pixels: resvg's own encoder (its default compression) took 27 ms of
 * an 800 px render on our machine; a plain encoder over zlib at level 1 takes 7–10 ms for a smaller file, and is
 * a screenful of code (PNG: signature, IHDR, IDAT, IEND, each chunk with its CRC-32).
 */
import type * as ResvgModule from '@resvg/resvg-js';
import { promisify } from 'node:util';
import { crc32, deflate, deflateSync } from 'node:zlib';

const deflateAsync = promisify(deflate);

let resvgModule: typeof ResvgModule | undefined;
/** resvg, loaded at its first use or by a worker's warm-up, as fontkit is (glyphs.ts): the API never loads its native library. */
export function resvg(): typeof ResvgModule {
  // eslint-disable-next-line @typescript-eslint/no-require-imports -- loaded when first needed, see above
  return (resvgModule ??= require('@resvg/resvg-js') as typeof ResvgModule);
}

const SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

function chunk(type: string, data: Buffer): Buffer {
  const out = Buffer.alloc(12 + data.length);
  out.writeUInt32BE(data.length, 0);
  out.write(type, 4, 'ascii');
  data.copy(out, 8);
  out.writeUInt32BE(crc32(out.subarray(4, 8 + data.length)), 8 + data.length);
  return out;
}

/**
 * RGBA pixels (straight alpha, row by row) → PNG (8-bit RGBA). Each row is written with filter 0 (none): the
 * drawings are flat colors, which zlib packs well as they are, and copying whole rows is far cheaper than
 * dropping the alpha byte of an opaque image (7 ms against 11 for an 800 px drawing).
 */
export function encodePng(rgba: Uint8Array, width: number, height: number): Buffer {
  const stride = width * 4 + 1;
  const raw = Buffer.alloc(stride * height); // byte 0 of each row: filter type 0
  for (let y = 0; y < height; y++) raw.set(rgba.subarray(y * width * 4, (y + 1) * width * 4), y * stride + 1);
  return pngFile(width, height, deflateSync(raw, { level: 1 }));
}

/** The PNG file around its compressed rows (8-bit RGBA). */
function pngFile(width: number, height: number, idat: Buffer): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 8; // bits per channel
  header[9] = 6; // color type: RGBA
  return Buffer.concat([SIGNATURE, chunk('IHDR', header), chunk('IDAT', idat), chunk('IEND', Buffer.alloc(0))]);
}

/**
 * resvg's pixels are premultiplied by alpha; PNG stores straight alpha. Opaque pixels (every one, on a themed
 * background) are the same either way; the semi-transparent edges of a transparent drawing are divided back.
 */
export function unpremultiply(rgba: Uint8Array): Uint8Array {
  for (let i = 0; i < rgba.length; i += 4) {
    const a = rgba[i + 3];
    if (a === 255 || a === 0) continue;
    rgba[i] = Math.min(255, Math.round((rgba[i] * 255) / a));
    rgba[i + 1] = Math.min(255, Math.round((rgba[i + 1] * 255) / a));
    rgba[i + 2] = Math.min(255, Math.round((rgba[i + 2] * 255) / a));
  }
  return rgba;
}

/** Rasterises an SVG (text already as outlines) to a PNG `width` px wide. */
export function svgToPng(svg: string, width: number, transparent = false): Buffer {
  const image = new (resvg().Resvg)(svg, { fitTo: { mode: 'width', value: width }, font: { loadSystemFonts: false } }).render();
  const pixels = transparent ? unpremultiply(image.pixels) : image.pixels;
  return encodePng(pixels, image.width, image.height);
}

/**
 * How long work lets the caller's event loop turn: `breathe` between pieces of JavaScript work, `offThread` around
 * work in libuv's thread pool (the worker's Slicer, jobs/slicer.ts, is one).
 */
export interface Yielding {
  breathe(): Promise<void>;
  offThread<T>(work: Promise<T>): Promise<T>;
}

/** Rows per band of the JavaScript passes over the pixels: about a millisecond of work each at 4,000 px wide. */
const BAND_ROWS = 64;

/**
 * The same PNG as `svgToPng`, byte for byte, without holding the event loop: resvg renders and zlib compresses in
 * libuv's thread pool, and the passes over the pixels (un-premultiplying, framing the rows) go in bands of rows.
 */
export async function svgToPngAsync(svg: string, width: number, transparent: boolean, yielding: Yielding): Promise<Buffer> {
  const image = await yielding.offThread(resvg().renderAsync(svg, { fitTo: { mode: 'width', value: width }, font: { loadSystemFonts: false } }));
  const rgba = image.pixels;
  const rowBytes = image.width * 4;
  if (transparent) {
    for (let y = 0; y < image.height; y += BAND_ROWS) {
      unpremultiply(rgba.subarray(y * rowBytes, Math.min(image.height, y + BAND_ROWS) * rowBytes));
      await yielding.breathe();
    }
  }
  const stride = rowBytes + 1;
  const raw = Buffer.alloc(stride * image.height); // byte 0 of each row: filter type 0
  for (let y = 0; y < image.height; y++) {
    raw.set(rgba.subarray(y * rowBytes, (y + 1) * rowBytes), y * stride + 1);
    if (y % BAND_ROWS === BAND_ROWS - 1) await yielding.breathe();
  }
  const idat = await yielding.offThread(deflateAsync(raw, { level: 1 }));
  return pngFile(image.width, image.height, idat);
}
