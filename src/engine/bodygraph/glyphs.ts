/**
 * Text as outlines, for the PNG: the rasteriser then needs no font at all, and every machine draws the same
 * letters — DejaVu Sans (regular and bold, data/fonts/, Bitstream Vera licence) read once with fontkit. A glyph's
 * outline is cached by code point; a string is its glyphs side by side by their advance widths (no kerning, which
 * DejaVu Sans barely uses for digits and these few words).
 */
import * as path from 'path';
import type * as Fontkit from 'fontkit';
import { escapeXml } from './xml';

export const FONT_DIR = path.resolve(__dirname, '..', '..', '..', 'data', 'fonts');

type Command = { command: string; args: number[] };

interface Glyph {
  /** Outline commands in font units (y up). */
  commands: Command[];
  advance: number;
}

interface Face {
  unitsPerEm: number;
  glyph(codePoint: number): Glyph;
}

let fontkitModule: typeof Fontkit | undefined;
/**
 * fontkit (and the brotli decoder it brings), loaded at its first use or by a worker's warm-up (modules/chart/jobs
 * chart-jobs.ts warmUp): the API process, which draws nothing, never loads it (with resvg and pdfkit, 19 MB of its RSS).
 */
export function fontkit(): typeof Fontkit {
  // eslint-disable-next-line @typescript-eslint/no-require-imports -- loaded when first needed, see above
  return (fontkitModule ??= require('fontkit') as typeof Fontkit);
}

function loadFace(file: string): Face {
  const font = fontkit().openSync(path.join(FONT_DIR, file)) as unknown as {
    unitsPerEm: number;
    glyphForCodePoint(cp: number): { advanceWidth: number; path: { commands: Command[] } };
  };
  const cache = new Map<number, Glyph>();
  return {
    unitsPerEm: font.unitsPerEm,
    glyph(cp: number) {
      let g = cache.get(cp);
      if (!g) {
        const glyph = font.glyphForCodePoint(cp);
        g = { commands: glyph.path.commands, advance: glyph.advanceWidth };
        cache.set(cp, g);
      }
      return g;
    },
  };
}

let faces: { regular: Face; bold: Face } | undefined;
function face(bold: boolean): Face {
  faces ??= { regular: loadFace('DejaVuSans.ttf'), bold: loadFace('DejaVuSans-Bold.ttf') };
  return bold ? faces.bold : faces.regular;
}

const LETTER: Record<string, string> = { moveTo: 'M', lineTo: 'L', quadraticCurveTo: 'Q', bezierCurveTo: 'C', closePath: 'Z' };

export interface TextStyle {
  x: number;
  y: number;
  size: number;
  anchor: 'start' | 'middle' | 'end';
  bold?: boolean;
  /** Baseline shift in em (the gate numbers sit 0.36 em below their circle's center). */
  dyEm?: number;
  /** Set on the element; omit to inherit (the planet rows take theirs from their group). */
  fill?: string;
  /** Other attributes (id, class, data-*), written as they are. */
  attrs?: string;
}

function r1(v: number): number {
  return Math.round(v * 10) / 10;
}

/** A string's outline at one size, relative to its start on the baseline; cached (gate.line values repeat). */
const runs = new Map<string, { d: string; width: number }>();

function run(content: string, size: number, bold: boolean): { d: string; width: number } {
  const key = `${bold ? 'b' : 'r'}${size}|${content}`;
  let r = runs.get(key);
  if (r) return r;
  const f = face(bold);
  const k = size / f.unitsPerEm;
  let x = 0;
  let d = '';
  for (const ch of content) {
    const g = f.glyph(ch.codePointAt(0)!);
    for (const c of g.commands) {
      d += LETTER[c.command];
      for (let i = 0; i < c.args.length; i += 2) d += `${i ? ' ' : ''}${r1(x + c.args[i] * k)} ${r1(-c.args[i + 1] * k)}`;
    }
    x += g.advance * k;
  }
  r = { d, width: x };
  if (runs.size > 50_000) runs.clear();
  runs.set(key, r);
  return r;
}

/**
 * The text drawn as glyph outlines: one path for the whole string (a tenth of a user unit is far below a pixel at
 * any size we draw), moved to where the <text> would start.
 */
export function textOutline(content: string, style: TextStyle): string {
  const { d, width } = run(content, style.size, Boolean(style.bold));
  const x = style.anchor === 'start' ? style.x : style.anchor === 'middle' ? style.x - width / 2 : style.x - width;
  const y = style.y + (style.dyEm ?? 0) * style.size;
  return `<path${style.attrs ? ` ${style.attrs}` : ''}${style.fill ? ` fill="${style.fill}"` : ''} aria-label="${escapeXml(content)}" transform="translate(${r1(x)} ${r1(y)})" d="${d}"/>`;
}
