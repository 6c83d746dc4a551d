// The text of a PDF, page by page, with pdf-parse (Mozilla's pdf.js underneath). An ES module run as its own Node
// process (test/helpers/pdf.ts): pdf.js loads its worker with a dynamic import(), which jest's CommonJS runtime
// refuses without --experimental-vm-modules. Reads the PDF from stdin, writes {"pages": n, "texts": [...]} to stdout.
import { PDFParse } from 'pdf-parse';

const chunks = [];
for await (const chunk of process.stdin) chunks.push(chunk);
const parser = new PDFParse({ data: new Uint8Array(Buffer.concat(chunks)) });
try {
  const result = await parser.getText();
  process.stdout.write(JSON.stringify({ pages: result.total, texts: result.pages.map((p) => p.text) }));
} finally {
  await parser.destroy();
}
