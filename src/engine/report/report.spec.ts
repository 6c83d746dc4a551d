/**
 * The reading's content and its two renderings, from a real chart: every section in order with its heading in the
 * chosen language, every text escaped, the page self-contained (two inline drawings, distinct ids, nothing to
 * fetch), the PDF a PDF. The texts themselves are checked against data/meaning in test/report-chromium.e2e-spec.ts.
 */
import { renderBodygraph } from '../bodygraph';
import { annotateMeaning, meaningLibraries, MEANING_LANGUAGES, type MeaningLanguage } from '../meaning';
import { chartOf } from '../../modules/chart/jobs/chart-jobs';
import { presentAdvanced } from '../../modules/chart/jobs/present';
import { type AnnotatedChart, DARK_ID_PREFIX, inlineSvg, REPORT_STRINGS, renderReportHtml, renderReportPdf, reportModel, type ReportModel } from '.';

const RA = { birthdate: '1948-04-09', birthtime: '00:14', location: 'Montreal, Quebec, Canada', nodeType: 'true' as const };
const [chart, birth] = chartOf(RA);
const drawings = { light: renderBodygraph(chart, { theme: 'light', variables: true }), dark: renderBodygraph(chart, { theme: 'dark', variables: true }) };

function model(language: MeaningLanguage): ReportModel {
  const annotated = annotateMeaning(presentAdvanced(chart, birth), meaningLibraries()[language]) as unknown as AnnotatedChart;
  return reportModel(annotated, language);
}

describe('the reading', () => {
  it('has every section in order, headed in its language, for each language', () => {
    for (const language of MEANING_LANGUAGES) {
      const m = model(language);
      const s = REPORT_STRINGS[language];
      expect(m.sections.map((x) => x.id)).toEqual(['type', 'authority', 'profile', 'definition', 'centers', 'channels', 'gates', 'cross', 'variables']);
      expect(m.sections.map((x) => x.heading)).toEqual([
        s.type,
        s.authority,
        s.profile,
        s.definition,
        s.centers,
        s.channels,
        s.gates,
        s.incarnationCross,
        s.variables,
      ]);
      const lib = meaningLibraries()[language];
      expect(m.sections[0].items[0].title).toBe(lib.types.Manifestor.name);
      expect(m.sections[4].items).toHaveLength(9);
      expect(m.sections[6].groups!.map((g) => g.items.length)).toEqual([13, 13]);
      expect(m.sections[8].items).toHaveLength(4);
      expect(m.footer.licence).toContain('CC BY 4.0');
    }
  });

  it('has every UI string in every language, none empty, and the headings translated', () => {
    const keys = Object.keys(REPORT_STRINGS.en).sort();
    for (const language of MEANING_LANGUAGES) {
      const s = REPORT_STRINGS[language];
      expect(Object.keys(s).sort()).toEqual(keys);
      for (const [k, v] of Object.entries(s)) if (typeof v === 'string') expect([language, k, v.trim().length > 0]).toEqual([language, k, true]);
      if (language !== 'en') expect(s.title).not.toBe(REPORT_STRINGS.en.title);
    }
  });

  it('escapes every text it puts in the page', () => {
    const m = model('en');
    const hostile = '<script>alert("x")</script> & <img src=x onerror=alert(1)>';
    m.sections[0].items[0].paragraphs = [hostile];
    m.sections[0].items[0].title = hostile;
    m.subtitle = hostile;
    m.footer.birth[0][1] = hostile;
    const html = renderReportHtml(m, drawings, 'light');
    expect(html).not.toContain('<script');
    expect(html).not.toContain('<img');
    expect(html).toContain('&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; &lt;img src=x onerror=alert(1)&gt;');
  });

  it('is one self-contained page: both drawings inline with distinct ids, nothing to fetch', () => {
    const html = renderReportHtml(model('de'), drawings, 'auto');
    expect(html.startsWith('<!DOCTYPE html>\n<html lang="de"')).toBe(true);
    expect(html.match(/<svg[\s>]/g)).toHaveLength(2);
    expect(html).not.toContain('<?xml');
    const ids = [...html.matchAll(/\bid="([^"]+)"/g)].map((m) => m[1]);
    expect(new Set(ids).size).toBe(ids.length);
    expect(ids).toContain('center-Head');
    expect(ids).toContain(`${DARK_ID_PREFIX}center-Head`);
    // Every reference inside the page points into it; the only URLs are the SVG namespace's (an identifier, never fetched).
    for (const [, ref] of html.matchAll(/url\(#([^)]+)\)/g)) expect(ids).toContain(ref);
    expect(html).not.toMatch(/\s(src|href|action|srcset)=["'](?!#)/i);
    expect(html).not.toMatch(/url\((?!#)/);
    expect(html).not.toMatch(/@import|<link|<script/i);
    expect([...html.matchAll(/https?:\/\/[^\s"'<)]+/g)].map((m) => m[0]).filter((u) => u !== 'http://www.w3.org/2000/svg')).toEqual([
      'https://creativecommons.org/licenses/by/4.0/',
    ]);
  });

  it('prints light and follows the reader, or the theme asked for', () => {
    const auto = renderReportHtml(model('en'), drawings, 'auto');
    expect(auto).toContain('@media (prefers-color-scheme:dark)');
    expect(auto).toMatch(/@media print\{:root\{--bg:#ffffff/);
    const dark = renderReportHtml(model('en'), drawings, 'dark');
    expect(dark).not.toContain('prefers-color-scheme');
    expect(dark).toContain('data-theme="dark"');
    expect(dark).toMatch(/@media print\{:root\{--bg:#ffffff/);
  });

  it('inlines an SVG document without its prolog, ids and references renamed on request', () => {
    const svg = '<?xml version="1.0"?>\n<svg aria-labelledby="t d"><title id="t">x</title><pattern id="p"/><rect fill="url(#p)"/></svg>\n';
    expect(inlineSvg(svg)).toBe('<svg aria-labelledby="t d"><title id="t">x</title><pattern id="p"/><rect fill="url(#p)"/></svg>');
    expect(inlineSvg(svg, 'k-')).toBe('<svg aria-labelledby="k-t k-d"><title id="k-t">x</title><pattern id="k-p"/><rect fill="url(#k-p)"/></svg>');
  });

  it('makes a PDF of several pages', async () => {
    const pdf = await renderReportPdf(model('fr'), drawings.light);
    expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    const pages = pdf.toString('latin1').match(/\/Type \/Page\b/g) ?? [];
    expect(pages.length).toBeGreaterThanOrEqual(2);
  });
});
