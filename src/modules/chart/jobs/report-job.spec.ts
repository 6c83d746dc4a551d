/**
 * The reading's job as a worker runs it: HTML text, or a PDF in base64; and the lane its cost gives it (the PDF
 * heavy, the page light: see modules/chart/jobs/costs.ts).
 */
import { readFileSync } from 'node:fs';
import * as path from 'node:path';
import { jobCost } from '../../queue/path/2-job-cost';
import type { ReportInput } from './payloads';
import { reportJob } from './report-job';

const RA = { birthdate: '1948-04-09', birthtime: '00:14', location: 'Montreal, Quebec, Canada', nodeType: 'true' as const };

describe('the reading job', () => {
  it('answers the page as text, in the language asked for', async () => {
    const html = await reportJob({ ...RA, meaning: 'es', format: 'html' });
    expect(html.startsWith('<!DOCTYPE html>\n<html lang="es" data-theme="auto"')).toBe(true);
    expect(html).toContain('<h2>Autoridad</h2>');
    expect(await reportJob({ ...RA, meaning: 'en', format: 'html', theme: 'dark' })).toContain('data-theme="dark"');
  });

  it("draws the bodygraph's column headers and caption in the reading's language (Ra Uru Hu: a 5/1 Manifestor, Splenic)", async () => {
    const read = (lang: string, name: string) =>
      JSON.parse(readFileSync(path.join(__dirname, '..', '..', '..', '..', 'data', 'meaning', lang, `${name}.json`), 'utf8')) as Record<
        string,
        { name: string }
      >;
    const html = await reportJob({ ...RA, meaning: 'de', format: 'html' });
    const captions = [...html.matchAll(/<text id="(?:dark-)?caption-(type|authority)"[^>]*>([^<]*)<\/text>/g)].map((m) => m[2]);
    // Both themes' drawings are in the page (the dark one's ids prefixed): the same caption twice.
    expect(captions).toEqual(
      [...Array(2)].flatMap(() => [`${read('de', 'types').Manifestor.name} · Profil 5/1`, `Autorität: ${read('de', 'authorities').Splenic.name}`]),
    );
    expect(html).toContain('>Persönlichkeit</text>');
    expect(html).not.toContain('>Personality</text>');
  });

  it('answers the PDF in base64', async () => {
    const pdf = Buffer.from(await reportJob({ ...RA, meaning: 'de', format: 'pdf' }), 'base64');
    expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    expect(pdf.subarray(-6).toString('latin1')).toMatch(/%%EOF\s*$/);
  });

  it('runs in the heavy lane as a PDF, in the light one as a page', () => {
    const input = (format: ReportInput['format']): ReportInput => ({ ...RA, meaning: 'en', format });
    expect(jobCost('report', input('pdf')).lane).toBe('heavy');
    expect(jobCost('report', input('html')).lane).toBe('light');
  });
});
