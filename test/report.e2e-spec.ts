/**
 * POST /v1/chart/report end to end (API and worker processes, real Redis): the PDF as a reader's tools read it
 * (pdf-parse), its texts compared with data/meaning read here on its own; the HTML's headers; the input errors.
 * The page in a browser: test/report-chromium.e2e-spec.ts.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { flat, pdfText } from './helpers/pdf';
import { post, RunningService, startService, TEST_API_KEY } from './helpers/service';

const RA = { birthdate: '1948-04-09', birthtime: '00:14', location: 'Montreal, Quebec, Canada' };
const MEANING = join(__dirname, '..', 'data', 'meaning');
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- the library's JSON as it is on disk
const library = (language: string, file: string): any => JSON.parse(readFileSync(join(MEANING, language, `${file}.json`), 'utf8'));

async function postBytes(baseUrl: string, body: object): Promise<{ status: number; type: string; bytes: Buffer }> {
  const res = await fetch(`${baseUrl}/v1/chart/report`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'HD-Api-Key': TEST_API_KEY },
    body: JSON.stringify(body),
  });
  return { status: res.status, type: res.headers.get('content-type') ?? '', bytes: Buffer.from(await res.arrayBuffer()) };
}

describe('POST /v1/chart/report (API and worker processes)', () => {
  let svc: RunningService;
  beforeAll(async () => {
    svc = await startService();
  }, 120_000);
  afterAll(async () => svc?.stop());

  it.each(['de', 'fr'])('answers a PDF in %s: several pages, the type, profile and authority texts of the library', async (language) => {
    const res = await postBytes(svc.baseUrl, { ...RA, meaning: language, format: 'pdf' });
    expect(res.status).toBe(200);
    expect(res.type).toBe('application/pdf');
    expect(res.bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    const pdf = pdfText(res.bytes);
    expect(pdf.pages).toBeGreaterThanOrEqual(2);
    const text = flat(pdf.texts.join('\n'));
    // Ra Uru Hu: Manifestor, 5/1, Splenic (the README's first example)
    const type = library(language, 'types').Manifestor;
    const profile = library(language, 'profiles').profiles['5/1'];
    const authority = library(language, 'authorities').Splenic;
    for (const t of [type.name, type.strategy, type.description, profile.name, profile.description, authority.name, authority.description]) {
      expect(text).toContain(flat(t));
    }
    expect(text).toContain('CC BY 4.0');
    expect(text).toContain('Montréal');
  });

  it('answers the page as UTF-8 HTML, English by default, and the same bytes again', async () => {
    const a = await post(svc.baseUrl, '/v1/chart/report', RA);
    expect(a.status).toBe(200);
    expect(a.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(a.text.startsWith('<!DOCTYPE html>\n<html lang="en" data-theme="auto"')).toBe(true);
    expect(a.text).toContain(library('en', 'types').Manifestor.description.replace(/&/g, '&amp;').replace(/'/g, '&apos;').replace(/"/g, '&quot;'));
    const b = await post(svc.baseUrl, '/v1/chart/report', { ...RA, meaning: 'en', format: 'html' });
    expect(b.text).toBe(a.text);
    const dark = await post(svc.baseUrl, '/v1/chart/report', { ...RA, theme: 'dark' });
    expect(dark.text).toContain('data-theme="dark"');
  });

  it.each([
    [{ format: 'docx' }, 'VALIDATION_FAILED', 'format'],
    [{ format: 'png' }, 'VALIDATION_FAILED', 'format'],
    [{ theme: 'blue' }, 'VALIDATION_FAILED', 'theme'],
    [{ meaning: 'xx' }, 'UNSUPPORTED_LANGUAGE', 'meaning'],
  ])('refuses %j with 400 %s', async (extra, code, field) => {
    const res = await post(svc.baseUrl, '/v1/chart/report', { ...RA, ...extra });
    expect(res.status).toBe(400);
    expect(res.body.error.code).toBe(code);
    expect(JSON.stringify(res.body.error.details)).toContain(field);
  });

  it('refuses bad birth data as every chart operation does', async () => {
    const res = await post(svc.baseUrl, '/v1/chart/report', { ...RA, birthdate: '2023-02-30', format: 'pdf' });
    expect(res.status).toBe(400);
    expect(res.body.error.code).toBe('INVALID_DATE');
  });
});
