// The buy page's sample: the form (fields named as the API names them), what went wrong with a submission, and the
// chart it gave (the bodygraph as data: images, which the pages' CSP allows, and the chart's main fields).
import { escapeHtml } from './html';
import { SAMPLE_FIELDS, type SampleField, type SampleValues } from './sample-form';

export const SAMPLE_PATH = '/buy/sample';

/** The chart's main fields, as /v1/chart names them. */
export interface SampleChart {
  type: string;
  strategy: string;
  authority: string;
  profile: string;
  definition: string;
  incarnationCross: string;
  definedCenters: string[];
  /** The place found for the birth: "Name, Region, Country", and its zone. */
  place: string;
  timezone: string;
}

export interface SampleResult {
  chart: SampleChart;
  /** The bodygraph's SVG documents, one per colour scheme. */
  svg: { light: string; dark: string };
}

/** What the sample part of /buy shows besides the form. */
export type SampleState =
  | { kind: 'form' }
  | { kind: 'result'; result: SampleResult }
  | { kind: 'invalid'; errors: Partial<Record<SampleField, string[]>>; general: string[]; suggestions?: string[] }
  | { kind: 'limited'; retryAfterSeconds: number }
  | { kind: 'unavailable'; retryAfterSeconds: number };

export interface SampleSection {
  /** A fresh form token for this client (sample-token.ts). */
  token: string;
  /** What the visitor typed last, shown back in the fields. */
  values?: SampleValues;
  state: SampleState;
  limits: { perMinute: number; perDay: number };
}

/**
 * Plain text fields with the format in the hint, not type="date"/"time" (whose typing and reading differ by browser
 * and locale) and no numeric keypad (it lacks the "-" and ":" on some phones). Birth date: autocomplete "bday", the
 * visitor's own birthday being the usual first try; time and place: off (no autofill token means a birth time or
 * place, and a home town would be a wrong guess).
 */
const LABELS: Record<SampleField, { label: string; hint: string; attributes: string }> = {
  birthdate: { label: 'Birth date', hint: 'YYYY-MM-DD, for example 1948-04-09', attributes: 'autocomplete="bday" maxlength="10"' },
  birthtime: {
    label: 'Birth time',
    hint: 'HH:MM, local time on a 24-hour clock, for example 00:14',
    attributes: 'autocomplete="off" maxlength="5"',
  },
  location: {
    label: 'Birth place',
    hint: '"City, Country" or "City, Region, Country", for example Montreal, Quebec, Canada',
    attributes: 'autocomplete="off" maxlength="200"',
  },
};

/** The sample part of /buy: heading, what it is, the outcome of the last submission (if any) and the form. */
export function renderSampleSection(s: SampleSection): string {
  const { perMinute, perDay } = s.limits;
  const limits = [perMinute > 0 ? `${perMinute} a minute` : '', perDay > 0 ? `${perDay} a day` : ''].filter(Boolean).join(' and ');
  return `<section id="sample" aria-labelledby="sample-heading">
<h2 id="sample-heading">Try it: a sample chart</h2>
<p>Enter a birth date, time and place to see its bodygraph and main fields, computed by this service as for a key, without one.${
    limits ? ` Samples are limited to ${limits} from one address.` : ''
  }</p>
${outcome(s)}${form(s)}
</section>`;
}

function outcome(s: SampleSection): string {
  const state = s.state;
  switch (state.kind) {
    case 'form':
      return '';
    case 'result':
      return result(state.result);
    case 'invalid': {
      const general = state.general.map((g) => `<p>${escapeHtml(g)}</p>`).join('');
      const summary = `<div class="notice" role="note" id="sample-problems"><p><strong>The sample was not computed: check the fields below.</strong></p>${general}</div>\n`;
      return summary + suggestions(s, state.suggestions ?? []);
    }
    case 'limited':
      return notice(
        'sample-limited',
        `<strong>Sample limit reached.</strong> This address has asked for as many samples as it may for now. Try again in ${seconds(state.retryAfterSeconds)}, or buy a key for unlimited use.`,
      );
    case 'unavailable':
      return notice(
        'sample-unavailable',
        `<strong>The service is busy.</strong> The sample could not be computed just now; try again in ${seconds(state.retryAfterSeconds)}.`,
      );
  }
}

function notice(id: string, html: string): string {
  return `<div class="notice" role="note" id="${id}"><p>${html}</p></div>\n`;
}

function seconds(n: number): string {
  const s = Math.max(1, Math.ceil(n));
  return `${s} second${s === 1 ? '' : 's'}`;
}

/** One small form per suggested place: it sends the same birth with that place. */
function suggestions(s: SampleSection, places: string[]): string {
  if (places.length === 0) return '';
  const date = escapeHtml(s.values?.birthdate ?? '');
  const time = escapeHtml(s.values?.birthtime ?? '');
  const items = places.map(
    (place) => `<li><form method="post" action="${SAMPLE_PATH}#sample">
<input type="hidden" name="token" value="${escapeHtml(s.token)}"><input type="hidden" name="birthdate" value="${date}"><input type="hidden" name="birthtime" value="${time}">
<button type="submit" name="location" value="${escapeHtml(place)}">${escapeHtml(place)}</button>
</form></li>`,
  );
  return `<h3 id="suggestions-heading">Did you mean one of these places?</h3>
<ul class="suggestions" aria-labelledby="suggestions-heading">
${items.join('\n')}
</ul>
`;
}

function form(s: SampleSection): string {
  const errors = s.state.kind === 'invalid' ? s.state.errors : {};
  const firstInvalid = SAMPLE_FIELDS.find((f) => errors[f]);
  const fields = SAMPLE_FIELDS.map((name) => {
    const { label, hint, attributes } = LABELS[name];
    const problems = errors[name];
    const error = problems ? `\n<p class="error" id="${name}-error">${problems.map(escapeHtml).join(' ')}</p>` : '';
    const describedBy = problems ? `${name}-hint ${name}-error` : `${name}-hint`;
    // Without a script, focus goes to the first field to fix: its label, hint and error are read out with it.
    const invalid = problems ? ` aria-invalid="true"${name === firstInvalid ? ' autofocus' : ''}` : '';
    return `<div class="field">
<label for="${name}">${label}</label>
<span class="hint" id="${name}-hint">${escapeHtml(hint)}</span>${error}
<input id="${name}" name="${name}" type="text" ${attributes} required aria-describedby="${describedBy}"${invalid} value="${escapeHtml(s.values?.[name] ?? '')}">
</div>`;
  }).join('\n');
  return `<form method="post" action="${SAMPLE_PATH}#sample" aria-labelledby="sample-heading">
<input type="hidden" name="token" value="${escapeHtml(s.token)}">
${fields}
<p><button type="submit">Show the sample chart</button></p>
</form>`;
}

function result(r: SampleResult): string {
  const c = r.chart;
  const rows: [string, string][] = [
    ['Type', c.type],
    ['Strategy', c.strategy],
    ['Authority', c.authority],
    ['Profile', c.profile],
    ['Definition', c.definition],
    ['Incarnation cross', c.incarnationCross],
    ['Defined centers', c.definedCenters.length ? c.definedCenters.join(', ') : 'none'],
    ['Birth place found', `${c.place} (${c.timezone})`],
  ];
  const light = dataUrl(r.svg.light);
  const dark = dataUrl(r.svg.dark);
  const size = svgSize(r.svg.light);
  const dimensions = size ? ` width="${size.width}" height="${size.height}"` : '';
  return `<section class="panel sample-result" id="sample-result" data-testid="sample-result" aria-labelledby="sample-result-heading">
<h3 id="sample-result-heading">The sample chart</h3>
<picture>
<source media="(prefers-color-scheme: dark)" srcset="${dark}">
<img class="bodygraph" src="${light}" alt="${escapeHtml(textAlternative(r.svg.light, c))}"${dimensions}>
</picture>
<dl class="chart-fields">
${rows.map(([name, value]) => `<dt>${name}</dt><dd data-field="${name.toLowerCase().replace(/ /g, '-')}">${escapeHtml(value)}</dd>`).join('\n')}
</dl>
<p class="muted">With a key, <code>POST /v1/chart</code> answers all of this and more (channels, gates, every activation) as JSON, and <code>POST /v1/chart/bodygraph</code> the drawing.</p>
</section>
`;
}

function dataUrl(svg: string): string {
  return `data:image/svg+xml;base64,${Buffer.from(svg, 'utf8').toString('base64')}`;
}

function svgSize(svg: string): { width: number; height: number } | undefined {
  const root = /<svg\b[^>]*>/.exec(svg)?.[0] ?? '';
  const width = /\swidth="(\d+(?:\.\d+)?)"/.exec(root)?.[1];
  const height = /\sheight="(\d+(?:\.\d+)?)"/.exec(root)?.[1];
  return width && height ? { width: Math.round(Number(width)), height: Math.round(Number(height)) } : undefined;
}

const XML_ENTITIES: Record<string, string> = { '&amp;': '&', '&lt;': '<', '&gt;': '>', '&quot;': '"', '&apos;': "'", '&#39;': "'" };

/** The drawing's own text alternative (its <title> and <desc>), read as plain text; the main fields if it has none. */
export function textAlternative(svg: string, c: SampleChart): string {
  const text = (tag: string) =>
    new RegExp(`<${tag} id="bodygraph-${tag}">([^<]*)</${tag}>`).exec(svg)?.[1].replace(/&(?:amp|lt|gt|quot|apos|#39);/g, (e) => XML_ENTITIES[e]);
  const title = text('title');
  const desc = text('desc');
  if (title && desc) return `${title}. ${desc}`;
  return `Bodygraph: ${c.type}, profile ${c.profile}, ${c.authority} authority; defined centers: ${c.definedCenters.join(', ') || 'none'}.`;
}
