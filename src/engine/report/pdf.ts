/**
 * The reading as a PDF (A4), drawn with pdfkit, the bodygraph with svg-to-pdfkit from the same SVG the HTML
 * inlines (vector, not a picture of it). Text in DejaVu Sans (data/fonts, embedded as subsets), which carries every
 * accent and typographic quote of the five languages and the planet glyphs. Printable: light, black on white.
 *
 * Between items it lets the caller's event loop turn (Yielding, as the PNG rasteriser does): a reading is tens of
 * milliseconds of JavaScript.
 */
import { readFileSync } from 'node:fs';
import * as path from 'node:path';
import type PDFKitDocument from 'pdfkit';
import { FONT_DIR } from '../bodygraph/glyphs';
import type { Yielding } from '../bodygraph/png';
import type { ReportItem, ReportModel } from './model';

type SvgToPdf = (doc: PDFKit.PDFDocument, svg: string, x: number, y: number, options: Record<string, unknown>) => void;
let pdfModules: { PDFDocument: typeof PDFKitDocument; SVGtoPDF: SvgToPdf } | undefined;
/**
 * pdfkit and svg-to-pdfkit (which ships no types: one function), loaded at the first PDF or by a worker's warm-up, as
 * fontkit is (bodygraph/glyphs.ts): the API process writes none.
 */
export function pdfLibraries(): { PDFDocument: typeof PDFKitDocument; SVGtoPDF: SvgToPdf } {
  /* eslint-disable @typescript-eslint/no-require-imports -- loaded when first needed, see above */
  return (pdfModules ??= { PDFDocument: require('pdfkit') as typeof PDFKitDocument, SVGtoPDF: require('svg-to-pdfkit') as SvgToPdf });
  /* eslint-enable @typescript-eslint/no-require-imports */
}

let fonts: { regular: Buffer; bold: Buffer } | undefined;
function fontFiles(): { regular: Buffer; bold: Buffer } {
  return (fonts ??= { regular: readFileSync(path.join(FONT_DIR, 'DejaVuSans.ttf')), bold: readFileSync(path.join(FONT_DIR, 'DejaVuSans-Bold.ttf')) });
}

const INK = '#1d1d1f';
const MUTED = '#55555c';
const ACCENT = '#7a2e1f';
const RULE = '#d9d9de';
const MARGIN = 56;
/** The drawing's width on the first page, pt (its height follows the SVG's aspect ratio). */
const DRAWING_WIDTH = 330;

const noYield: Yielding = { breathe: () => Promise.resolve(), offThread: (work) => work };

/** The PDF's bytes. `svg` is the bodygraph in the light theme, as the renderer gives it. */
export async function renderReportPdf(model: ReportModel, svg: string, yielding: Yielding = noYield): Promise<Buffer> {
  const { regular, bold } = fontFiles();
  const { PDFDocument, SVGtoPDF } = pdfLibraries();
  const doc = new PDFDocument({
    size: 'A4',
    margin: MARGIN,
    bufferPages: true,
    lang: model.language,
    displayTitle: true,
    info: { Title: `${model.title} \u00B7 ${model.subtitle}`, Subject: model.footer.licence, Creator: 'hd-chart-api' },
  });
  const chunks: Buffer[] = [];
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('data', (c: Buffer) => chunks.push(c));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  doc.registerFont('body', regular);
  doc.registerFont('bold', bold);
  const width = doc.page.width - 2 * MARGIN;
  const bottom = () => doc.page.height - MARGIN;
  /** A heading never sits alone at the foot of a page. */
  const room = (pt: number) => {
    if (doc.y + pt > bottom()) doc.addPage();
  };

  doc.font('bold').fontSize(22).fillColor(INK).text(model.title, { width });
  doc.moveDown(0.2).font('body').fontSize(11).fillColor(MUTED).text(model.subtitle, { width });
  const svgHeight = (() => {
    const m = /viewBox="0 0 ([\d.]+) ([\d.]+)"/.exec(svg);
    return m ? (DRAWING_WIDTH * Number(m[2])) / Number(m[1]) : DRAWING_WIDTH * 1.52;
  })();
  SVGtoPDF(doc, svg, MARGIN + (width - DRAWING_WIDTH) / 2, doc.y + 24, {
    width: DRAWING_WIDTH,
    height: svgHeight,
    fontCallback: (_family: string, isBold: boolean) => (isBold ? 'bold' : 'body'),
  });
  await yielding.breathe();

  const item = async (i: ReportItem, titleSize: number) => {
    room(60);
    doc.font('bold').fontSize(titleSize).fillColor(INK).text(i.title, { width });
    if (i.subtitle) doc.font('body').fontSize(10).fillColor(MUTED).text(i.subtitle, { width });
    for (const [k, v] of i.facts ?? []) {
      doc.font('bold').fontSize(10).fillColor(INK).text(`${k}${model.strings.colon}`, { width, continued: true }).font('body').text(v);
    }
    doc.font('body').fontSize(10).fillColor(INK);
    for (const p of i.paragraphs) doc.moveDown(0.25).text(p, { width, lineGap: 1.5 });
    doc.moveDown(0.7);
    await yielding.breathe();
  };

  for (const [n, section] of model.sections.entries()) {
    if (n === 0) doc.addPage();
    else room(110);
    doc.moveDown(0.4).font('bold').fontSize(15).fillColor(ACCENT).text(section.heading, { width });
    doc
      .moveTo(MARGIN, doc.y + 2)
      .lineTo(MARGIN + width, doc.y + 2)
      .lineWidth(0.6)
      .strokeColor(RULE)
      .stroke();
    doc.moveDown(0.6);
    for (const i of section.items) await item(i, 11.5);
    for (const group of section.groups ?? []) {
      room(90);
      doc.font('bold').fontSize(13).fillColor(INK).text(group.heading, { width });
      doc.moveDown(0.4);
      for (const i of group.items) await item(i, 10.5);
    }
  }

  room(120);
  doc.moveDown(1).font('bold').fontSize(13).fillColor(ACCENT).text(model.strings.birthData, { width });
  doc.moveDown(0.3);
  for (const [k, v] of model.footer.birth)
    doc.font('bold').fontSize(9.5).fillColor(MUTED).text(`${k}${model.strings.colon}`, { width, continued: true }).font('body').text(v);
  doc.moveDown(0.5).font('body').fontSize(9).fillColor(MUTED).text(model.footer.licence, { width });

  // Page numbers, below the text area (the margin is lifted while they are written, so no page is added).
  const range = doc.bufferedPageRange();
  for (let p = range.start; p < range.start + range.count; p++) {
    doc.switchToPage(p);
    const keep = doc.page.margins.bottom;
    doc.page.margins.bottom = 0;
    doc
      .font('body')
      .fontSize(8)
      .fillColor(MUTED)
      .text(`${p + 1} / ${range.count}`, MARGIN, doc.page.height - MARGIN / 2 - 4, { width, align: 'center', lineBreak: false });
    doc.page.margins.bottom = keep;
  }
  doc.end();
  return done;
}
