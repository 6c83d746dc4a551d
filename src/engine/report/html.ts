/**
 * The reading as one self-contained HTML page: CSS inline, the bodygraph inline as SVG (both themes' drawings, the
 * one shown chosen by CSS), no script, no external request. Every text is escaped. Light, dark or the reader's
 * preference (prefers-color-scheme); printing is always light, each section starting cleanly (print CSS).
 */
import { escapeXml } from '../bodygraph/xml';
import type { ReportItem, ReportModel } from './model';

/** `auto`: light unless the reader's system prefers dark. */
export type ReportTheme = 'light' | 'dark' | 'auto';

const esc = escapeXml;

/** Ids in the dark drawing get this prefix, so the page's two inline SVGs keep distinct ids. */
export const DARK_ID_PREFIX = 'dark-';

/** An SVG document as an inline element: no XML prolog; with `prefix`, its ids and references to them renamed. */
export function inlineSvg(svg: string, prefix = ''): string {
  let out = svg.replace(/^<\?xml[^>]*\?>\s*/, '').trim();
  if (prefix) {
    out = out
      .replace(/\bid="([^"]+)"/g, `id="${prefix}$1"`)
      .replace(/url\(#([^)]+)\)/g, `url(#${prefix}$1)`)
      .replace(/\bhref="#([^"]+)"/g, `href="#${prefix}$1"`)
      .replace(
        /\baria-labelledby="([^"]+)"/g,
        (_, ids: string) =>
          `aria-labelledby="${ids
            .split(' ')
            .map((id) => prefix + id)
            .join(' ')}"`,
      );
  }
  return out;
}

const LIGHT = '--bg:#ffffff;--fg:#1d1d1f;--muted:#55555c;--rule:#d9d9de;--card:#f6f6f8;--accent:#7a2e1f;';
const DARK = '--bg:#141417;--fg:#ececf0;--muted:#a9a9b3;--rule:#34343c;--card:#1d1d22;--accent:#f0a58f;';

function css(theme: ReportTheme): string {
  const show = (which: 'light' | 'dark') =>
    which === 'light' ? '.drawing .light{display:block}.drawing .dark{display:none}' : '.drawing .light{display:none}.drawing .dark{display:block}';
  const base =
    theme === 'dark'
      ? `:root{${DARK}color-scheme:dark}${show('dark')}`
      : theme === 'light'
        ? `:root{${LIGHT}color-scheme:light}${show('light')}`
        : `:root{${LIGHT}color-scheme:light dark}${show('light')}@media (prefers-color-scheme:dark){:root{${DARK}}${show('dark')}}`;
  return (
    base +
    '*{box-sizing:border-box}' +
    "html{background:var(--bg);color:var(--fg);font:16px/1.55 'DejaVu Sans','Segoe UI','Helvetica Neue',Helvetica,Arial,sans-serif}" +
    'body{margin:0 auto;max-width:46rem;padding:2rem 1.25rem 3rem}' +
    'h1{font-size:1.9rem;margin:0 0 .25rem;line-height:1.2}' +
    '.subtitle{color:var(--muted);margin:0 0 1.5rem}' +
    '.drawing{margin:0 auto 2rem;max-width:30rem}.drawing svg{width:100%;height:auto}' +
    'h2{font-size:1.35rem;color:var(--accent);border-bottom:1px solid var(--rule);padding-bottom:.2rem;margin:2.2rem 0 .8rem}' +
    'h3{font-size:1.1rem;margin:1.4rem 0 .4rem}' +
    'h4{font-size:1rem;margin:1rem 0 .2rem}' +
    '.item{margin:0 0 1rem;break-inside:avoid-page}' +
    '.item .sub{color:var(--muted);margin:0 0 .3rem;font-style:italic}' +
    'dl{display:grid;grid-template-columns:max-content 1fr;gap:.15rem 1rem;margin:.3rem 0 .6rem;padding:.6rem .8rem;background:var(--card);border-radius:6px}' +
    'dt{font-weight:bold}dd{margin:0}' +
    'p{margin:.3rem 0}' +
    'footer{margin-top:3rem;border-top:1px solid var(--rule);padding-top:1rem;color:var(--muted);font-size:.9rem}' +
    'footer dl{background:none;padding:0}' +
    `@media print{:root{${LIGHT}color-scheme:light}${show('light')}html{font-size:11pt}body{max-width:none;padding:0}` +
    'h2{break-after:avoid-page}h3,h4{break-after:avoid-page}section{break-before:auto}.drawing{break-after:page;max-width:14cm}footer{break-before:avoid}}' +
    '@page{margin:18mm 16mm}'
  );
}

function facts(list: [string, string][] | undefined): string {
  if (!list?.length) return '';
  return `<dl>${list.map(([k, v]) => `<dt>${esc(k)}</dt><dd>${esc(v)}</dd>`).join('')}</dl>`;
}

function item(i: ReportItem, level: 'h3' | 'h4'): string {
  return (
    `<div class="item"><${level}>${esc(i.title)}</${level}>` +
    (i.subtitle ? `<p class="sub">${esc(i.subtitle)}</p>` : '') +
    facts(i.facts) +
    i.paragraphs.map((p) => `<p>${esc(p)}</p>`).join('') +
    '</div>'
  );
}

/**
 * The page. `lightSvg` and `darkSvg` are the bodygraph drawn in each theme (standalone SVG documents, as the
 * renderer gives them); the dark one's ids are renamed (DARK_ID_PREFIX).
 */
export function renderReportHtml(model: ReportModel, drawings: { light: string; dark: string }, theme: ReportTheme = 'auto'): string {
  let body = `<header><h1>${esc(model.title)}</h1><p class="subtitle">${esc(model.subtitle)}</p></header>`;
  body +=
    `<figure class="drawing" id="bodygraph"><div class="light">${inlineSvg(drawings.light)}</div>` +
    `<div class="dark">${inlineSvg(drawings.dark, DARK_ID_PREFIX)}</div></figure>`;
  for (const section of model.sections) {
    body += `<section id="reading-${esc(section.id)}"><h2>${esc(section.heading)}</h2>`;
    body += section.items.map((i) => item(i, 'h3')).join('');
    for (const group of section.groups ?? []) body += `<h3>${esc(group.heading)}</h3>` + group.items.map((i) => item(i, 'h4')).join('');
    body += '</section>';
  }
  body += `<footer><h2>${esc(model.strings.birthData)}</h2>${facts(model.footer.birth)}<p class="licence">${esc(model.footer.licence)}</p></footer>`;
  return (
    `<!DOCTYPE html>\n<html lang="${esc(model.language)}" data-theme="${theme}"><head><meta charset="utf-8">` +
    '<meta name="viewport" content="width=device-width, initial-scale=1">' +
    // Nothing to fetch: a page saved or mailed stays whole, and a text that slipped through unescaped could not load anything.
    '<meta http-equiv="Content-Security-Policy" content="default-src \'none\'; style-src \'unsafe-inline\'; img-src data:">' +
    `<meta name="color-scheme" content="${theme === 'auto' ? 'light dark' : theme}">` +
    `<title>${esc(`${model.title} \u00B7 ${model.subtitle}`)}</title><style>${css(theme)}</style></head>` +
    `<body>${body}</body></html>\n`
  );
}
