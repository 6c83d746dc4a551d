/**
 * A PDF's text as a reader's tools see it: pdf-parse (pdf.js) in a child Node process (pdf-text.mjs says why), so
 * the tests read what the document says, not what the code meant to write.
 */
import { execFileSync } from 'node:child_process';
import { join } from 'node:path';

export interface PdfText {
  pages: number;
  /** Each page's text, lines as pdf.js finds them. */
  texts: string[];
}

export function pdfText(pdf: Buffer): PdfText {
  const out = execFileSync(process.execPath, [join(__dirname, 'pdf-text.mjs')], { input: pdf, encoding: 'utf8', timeout: 30_000, maxBuffer: 64 << 20 });
  return JSON.parse(out) as PdfText;
}

/** Text to compare across line breaks and pdf.js's Unicode normalisation: NFKC, every run of white space one space. */
export function flat(text: string): string {
  return text.normalize('NFKC').replace(/\s+/g, ' ').trim();
}
