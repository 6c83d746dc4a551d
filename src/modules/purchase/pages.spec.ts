import { createHash } from 'node:crypto';
import { keyedOperations, OPERATION_GROUPS, OPERATIONS, type Operation } from '../operations/operations';
import { escapeHtml, formatPrice, PAGE_CSP, renderBuyPage, renderHomePage, renderRevealPage, RevealState } from './pages';
import { renderSampleRefusal, type SampleRefusalKind } from './sample-pages';
import type { SampleResult, SampleSection, SampleState } from './sample-view';

const KEY = 'hdk_' + 'A1b2-C3d4_'.repeat(4) + 'xyz'; // hdk_ + 43 base64url characters
const URL = 'https://api.example.com';
const USD = { amount: 5000, currency: 'usd' };

const STATES: RevealState[] = [
  { kind: 'revealed', key: KEY, email: 'buyer@example.com', publicUrl: URL },
  { kind: 'pending', refreshSeconds: 3 },
  { kind: 'already-shown', email: 'buyer@example.com', publicUrl: URL },
  { kind: 'not-paid' },
  { kind: 'refused' },
  { kind: 'revoked', reason: 'refunded' },
  { kind: 'not-found' },
  { kind: 'too-many', retryAfterSeconds: 42 },
  { kind: 'invalid' },
  { kind: 'disabled' },
];

const SVG = (theme: string) =>
  `<?xml version="1.0" encoding="UTF-8"?>\n<svg xmlns="http://www.w3.org/2000/svg" width="600" height="720" viewBox="0 0 100 120" role="img">` +
  `<title id="bodygraph-title">Human Design bodygraph: Manifestor &amp; co</title><desc id="bodygraph-desc">Type: Manifestor. Theme ${theme}.</desc></svg>`;
const RESULT: SampleResult = {
  chart: {
    type: 'Manifestor',
    strategy: 'To Inform',
    authority: 'Splenic',
    profile: '5/1',
    definition: 'Single Definition',
    incarnationCross: 'Left Angle Cross of the Clarion 1',
    definedCenters: ['Ajna', 'Throat', 'G', 'Heart', 'Spleen'],
    place: 'Montréal, Quebec, Canada',
    timezone: 'America/Toronto',
  },
  svg: { light: SVG('light'), dark: SVG('dark') },
};
const VALUES = { birthdate: '1948-04-09', birthtime: '00:14', location: 'Montreal, Quebec, Canada' };
const TOKEN = 'v1.1700000000.' + 'A'.repeat(43);
const section = (state: SampleState, values = VALUES): SampleSection => ({ token: TOKEN, values, state, limits: { perMinute: 10, perDay: 100 } });
const SAMPLE_STATES: SampleState[] = [
  { kind: 'form' },
  { kind: 'result', result: RESULT },
  { kind: 'invalid', errors: { birthdate: ['birthdate must be a real calendar date, YYYY-MM-DD'] }, general: [] },
  {
    kind: 'invalid',
    errors: { location: ['No place called "Montrel" was found.'] },
    general: [],
    suggestions: ['Montreal, Quebec, Canada', 'Montréal-Est, Quebec, Canada'],
  },
  { kind: 'limited', retryAfterSeconds: 42 },
  { kind: 'unavailable', retryAfterSeconds: 2 },
];
const buyWithSample = (state: SampleState, values = VALUES) =>
  renderBuyPage({ price: USD, enabled: true, sample: section(state, values), state: `buy-sample-${state.kind}` });
const REFUSALS: SampleRefusalKind[] = ['token-invalid', 'token-expired', 'unsupported-type', 'too-large', 'bad-body'];

const PAGES: [string, string][] = [
  ['buy', renderBuyPage({ price: USD, enabled: true })],
  ['buy-disabled', renderBuyPage({ price: USD, enabled: false })],
  ...SAMPLE_STATES.map((st): [string, string] => [`buy-sample-${st.kind}`, buyWithSample(st)]),
  ...REFUSALS.map((kind): [string, string] => [`sample-${kind}`, renderSampleRefusal(kind)]),
  ...STATES.map((s): [string, string] => [s.kind, renderRevealPage(s)]),
  ['home', renderHomePage({ publicUrl: URL })],
];

const count = (haystack: string, needle: string) => haystack.split(needle).length - 1;
/** Every start tag; escaped text holds no '<', so these are real elements only. */
const tags = (html: string) => html.match(/<[a-z][^>]*>/gi) ?? [];
const inlineTexts = (html: string, tag: 'style' | 'script') => [...html.matchAll(new RegExp(`<${tag}>([\\s\\S]*?)</${tag}>`, 'g'))].map((m) => m[1]);
const hashOf = (text: string) => `sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}`;
const cspSource = (directive: string) => PAGE_CSP.match(new RegExp(`${directive} '([^']+)'`))?.[1];

describe('escapeHtml', () => {
  it('escapes the five HTML-significant characters', () => {
    expect(escapeHtml(`a&b<c>d"e'f`)).toBe('a&amp;b&lt;c&gt;d&quot;e&#39;f');
    expect(escapeHtml('plain text')).toBe('plain text');
  });
});

describe('formatPrice', () => {
  it('uses the currency’s own number of fraction digits', () => {
    expect(formatPrice({ amount: 5000, currency: 'usd' })).toBe('$50.00');
    expect(formatPrice({ amount: 5000, currency: 'eur' })).toBe('€50.00');
    expect(formatPrice({ amount: 5000, currency: 'jpy' })).toBe('¥5,000');
    expect(formatPrice({ amount: 1999, currency: 'usd' })).toBe('$19.99');
  });
});

describe.each(PAGES)('%s page', (state, html) => {
  it('is a complete, accessible document', () => {
    expect(html.startsWith('<!doctype html>\n<html lang="en">')).toBe(true);
    expect(html).toContain('<meta charset="utf-8">');
    expect(html).toContain('<meta name="viewport" content="width=device-width, initial-scale=1">');
    expect(html).toMatch(/<title>[^<]*\S[^<]*<\/title>/);
    expect(count(html, '<h1>')).toBe(1);
    expect(count(html, '<main ')).toBe(1);
    expect(html).toContain(`<main data-state="${state}">`);
    expect(html.trimEnd().endsWith('</html>')).toBe(true);
  });

  it('loads nothing external and has no inline handlers or style attributes', () => {
    for (const tag of tags(html)) {
      expect(tag).not.toMatch(/\s(src|href|action)\s*=\s*["']?\s*(https?:|\/\/)/i);
      expect(tag).not.toMatch(/\son[a-z]+\s*=/i);
      expect(tag).not.toMatch(/\sstyle\s*=/i);
    }
    expect(html).not.toMatch(/<link\b/i);
  });

  it('has one inline style and scripts whose hashes are the ones PAGE_CSP allows', () => {
    const styles = inlineTexts(html, 'style');
    expect(styles).toHaveLength(1);
    expect(hashOf(styles[0])).toBe(cspSource('style-src'));
    for (const script of inlineTexts(html, 'script')) expect(hashOf(script)).toBe(cspSource('script-src'));
    expect(count(html, '<script')).toBe(inlineTexts(html, 'script').length); // no <script src=…>
  });

  if (state !== 'revealed') {
    it('shows no key', () => expect(html).not.toContain('hdk_'));
  }
});

describe('PAGE_CSP', () => {
  it('allows only the hashed inline style and script, Stripe checkout and self', () => {
    expect(PAGE_CSP).toMatch(
      /^default-src 'none'; style-src 'sha256-[A-Za-z0-9+/]{43}='; script-src 'sha256-[A-Za-z0-9+/]{43}='; img-src data:; form-action 'self' https:\/\/checkout\.stripe\.com; base-uri 'none'; frame-ancestors 'none'$/,
    );
  });
});

describe('colour contrast', () => {
  const css = inlineTexts(PAGES[0][1], 'style')[0];
  const vars = (block: string) => Object.fromEntries([...block.matchAll(/--([a-z-]+):(#[0-9a-f]{6})/g)].map((m) => [m[1], m[2]]));
  const light = vars(css.match(/^:root\{[^}]*\}/)![0]);
  const dark = vars(css.match(/prefers-color-scheme:dark\)\{:root\{[^}]*\}/)![0]);
  const luminance = (hex: string) => {
    const [r, g, b] = [1, 3, 5].map((i) => {
      const c = parseInt(hex.slice(i, i + 2), 16) / 255;
      return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
    });
    return 0.2126 * r + 0.7152 * g + 0.0722 * b;
  };
  const ratio = (a: string, b: string) => {
    const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x);
    return (hi + 0.05) / (lo + 0.05);
  };
  // [text, background] pairs actually used by the stylesheet.
  const TEXT_PAIRS = [
    ['fg', 'bg'],
    ['muted', 'bg'],
    ['accent', 'bg'],
    ['on-accent', 'accent'],
    ['fg', 'panel'],
    ['muted', 'panel'],
    ['fg', 'warn-bg'],
  ];

  it.each([
    ['light', light],
    ['dark', dark],
  ])('is at least 4.5:1 for text in the %s scheme', (_name, scheme) => {
    for (const name of ['fg', 'bg', 'muted', 'accent', 'on-accent', 'panel', 'warn-bg', 'focus']) expect(scheme[name]).toBeDefined();
    const tooLow = TEXT_PAIRS.filter(([fg, bg]) => ratio(scheme[fg], scheme[bg]) < 4.5);
    expect(tooLow).toEqual([]);
    expect(ratio(scheme.focus, scheme.bg)).toBeGreaterThanOrEqual(3); // non-text focus ring
    // Non-text: the form fields' border, and the thicker border of a field to fix (both on the page's background).
    expect(ratio(scheme.border, scheme.bg)).toBeGreaterThanOrEqual(3);
    expect(ratio(scheme['warn-line'], scheme.bg)).toBeGreaterThanOrEqual(3);
  });
});

describe('buy page', () => {
  it('offers the key with a single checkout form and the price', () => {
    const html = renderBuyPage({ price: USD, enabled: true });
    expect(count(html, '<form')).toBe(1);
    expect(html).toContain('<form method="post" action="/v1/purchase/checkout">');
    expect(count(html, '<button')).toBe(1);
    expect(html).toMatch(/<button type="submit"[^>]*>Buy a key for \$50\.00<\/button>/);
    expect(html).toContain('Stripe');
    for (const path of ['/v1/chart<', '/v1/chart/advanced', '/v1/chart/composite', '/v1/chart/transit', '/v1/chart/bodygraph']) {
      expect(html).toContain(path);
    }
    expect(html).toMatch(/never expires/);
    expect(html).toMatch(/unlimited/i);
  });

  it('shows the price in the currency’s own format', () => {
    expect(renderBuyPage({ price: { amount: 5000, currency: 'jpy' }, enabled: true })).toContain('Buy a key for ¥5,000');
  });

  it('has no form or button when purchases are disabled', () => {
    const html = renderBuyPage({ price: USD, enabled: false });
    expect(html).not.toContain('<form');
    expect(html).not.toContain('<button');
    expect(html).toContain('Purchases are not open on this server');
  });
});

describe('reveal page', () => {
  const revealed = renderRevealPage(STATES[0]);

  it('shows the key exactly twice: the #api-key element and the curl example', () => {
    expect(count(revealed, KEY)).toBe(2);
    expect(revealed).toMatch(new RegExp(`<code id="api-key" data-testid="api-key"[^>]*>${KEY}</code>`));
    const curl = revealed.match(/<pre><code id="curl-example">([^<]*)<\/code><\/pre>/)?.[1];
    expect(curl).toBe(
      `curl -X POST ${URL}/v1/chart -H &#39;HD-Api-Key: ${KEY}&#39; -H &#39;Content-Type: application/json&#39; ` +
        `-d &#39;{&quot;birthdate&quot;:&quot;1990-05-15&quot;,&quot;birthtime&quot;:&quot;14:30&quot;,&quot;location&quot;:&quot;London, United Kingdom&quot;}&#39;`,
    );
  });

  it('has copy buttons, a live region, the once-only warning, the buyer and rotation', () => {
    expect(revealed).toContain('<button type="button" data-copy="api-key">Copy key</button>');
    expect(revealed).toMatch(/<button type="button" data-copy="curl-example">[^<]+<\/button>/);
    expect(revealed).toMatch(/<[^>]+id="copy-status"[^>]*aria-live="polite"/);
    expect(inlineTexts(revealed, 'script')).toHaveLength(1);
    expect(inlineTexts(revealed, 'script')[0]).toContain('navigator.clipboard');
    expect(revealed).toMatch(/shown only this once/);
    expect(revealed).toContain('Purchased by <strong>buyer@example.com</strong>');
    expect(revealed).toContain(`curl -X POST ${URL}/v1/keys/rotate -H &#39;HD-Api-Key: YOUR_KEY&#39;`);
  });

  it('drops trailing slashes from the public URL', () => {
    const html = renderRevealPage({ kind: 'revealed', key: KEY, publicUrl: `${URL}//` });
    expect(html).toContain(`${URL}/v1/chart `);
    expect(html).not.toContain(`${URL}//v1`);
    expect(html).not.toContain('Purchased by');
  });

  it('escapes hostile keys and emails', () => {
    const script = '<script>alert(1)</script>';
    const img = '"><img src=x onerror=alert(1)>';
    for (const html of [
      renderRevealPage({ kind: 'revealed', key: script, email: img, publicUrl: URL }),
      renderRevealPage({ kind: 'revealed', key: img, email: script, publicUrl: URL }),
      renderRevealPage({ kind: 'already-shown', email: script + img, publicUrl: URL }),
      renderRevealPage({ kind: 'revoked', reason: script + img }),
    ]) {
      expect(html).not.toContain(script);
      expect(html).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
      expect(html).not.toContain('<img');
      expect(html).toContain('&quot;&gt;&lt;img src=x onerror=alert(1)&gt;');
    }
  });

  it('pending refreshes itself after the given seconds and links to refresh now', () => {
    const html = renderRevealPage({ kind: 'pending', refreshSeconds: 7 });
    expect(html).toMatch(/<head>[\s\S]*<meta http-equiv="refresh" content="7">[\s\S]*<\/head>/);
    expect(html).toContain('<a href="">Refresh now</a>');
    expect(html).toContain('Confirming your payment…');
  });

  it('only the pending page refreshes', () => {
    for (const [state, html] of PAGES) {
      expect([state, html.includes('http-equiv="refresh"')]).toEqual([state, state === 'pending']);
    }
  });

  it('says the right thing in each other state', () => {
    const shown = renderRevealPage({ kind: 'already-shown', email: 'b@example.com', publicUrl: `${URL}/` });
    expect(shown).toMatch(/cannot be shown again/);
    expect(shown).toContain(`curl -X POST ${URL}/v1/keys/rotate -H &#39;HD-Api-Key: YOUR_KEY&#39;`);
    expect(shown).toContain('b@example.com');
    expect(shown).toContain('Contact the seller');
    expect(shown).not.toContain('/keys/recover');
    const recoverable = renderRevealPage({ kind: 'already-shown', email: 'b@example.com', publicUrl: URL, recovery: true });
    expect(recoverable).toContain('<a href="/keys/recover">Get a new key by email</a>');
    expect(recoverable).not.toContain('Contact the seller');

    const notPaid = renderRevealPage({ kind: 'not-paid' });
    expect(notPaid).toMatch(/nothing was charged/);
    expect(notPaid).toContain('href="/buy"');

    expect(renderRevealPage({ kind: 'revoked', reason: 'disputed' })).toContain('<strong>disputed</strong>');
    expect(renderRevealPage({ kind: 'not-found' })).toContain('href="/buy"');
    const invalid = renderRevealPage({ kind: 'invalid' });
    expect(invalid).toMatch(/malformed/);
    expect(invalid).toContain('href="/buy"');
    expect(renderRevealPage({ kind: 'disabled' })).toContain('Purchases are not open on this server');
    expect(renderRevealPage({ kind: 'too-many', retryAfterSeconds: 42 })).toMatch(/Too many requests[\s\S]*Try again in 42 seconds/);
  });
});

describe('the buy page', () => {
  it('counts the operations a key opens: the 17 keyed /v1 routes a caller uses', () => {
    // Counted by hand from the README's list: 6 charts, 3 drawings, the reading, 4 through time, batch, places, and
    // the reference item (the one reference route that is an MCP tool).
    const html = renderBuyPage({ price: USD, enabled: true });
    expect(html).toContain('unlimited use of all 19 operations');
    expect(html).not.toContain('five operations');
  });

  it('links to lost-key recovery only where recovery is on', () => {
    expect(renderBuyPage({ price: USD, enabled: true })).not.toContain('/keys/recover');
    expect(renderBuyPage({ price: USD, enabled: true, recovery: true })).toContain('<a href="/keys/recover">Get a new one by email</a>');
  });

  it('points to the typed client this server serves, enabled or not', () => {
    for (const enabled of [true, false])
      expect(renderBuyPage({ price: USD, enabled })).toContain('<a href="/sdk/typescript.tgz"><code>/sdk/typescript.tgz</code></a>');
  });
});

describe('home page', () => {
  const html = renderHomePage({ publicUrl: URL });

  it('links the buy page, the docs, llms.txt, MCP and health', () => {
    const hrefs = [...html.matchAll(/<a href="([^"]+)">/g)].map((m) => m[1]);
    expect(hrefs).toEqual(expect.arrayContaining(['/buy', '/docs', '/docs-json', '/llms.txt', '/health', '/sdk/typescript.tgz']));
    expect(html).toContain('<code>POST /mcp</code>');
  });

  it('says how to install the typed client from this server (npm install <PUBLIC_URL>/sdk/typescript.tgz)', () => {
    expect(html).toContain(`<pre><code>npm install ${URL}/sdk/typescript.tgz</code></pre>`);
  });

  it('shows a curl example with the public URL and a placeholder key, escaped', () => {
    expect(html).toContain(`curl ${URL}/v1/chart -H &#39;HD-Api-Key: YOUR_KEY&#39;`);
    expect(html).toContain('&lt;key&gt;'); // "Authorization: Bearer <key>" as text, not a tag
  });

  it('lists the operations with which need no key', () => {
    expect(html).toContain('<code>POST /v1/chart</code>');
    expect(html).toMatch(/<code>GET \/api\/advice<\/code>[^<]*<span class="muted">\(no key\)<\/span>/);
    expect(html).not.toContain('/v1/purchase/webhook');
  });
});

describe('what the key gives (from the operation registry)', () => {
  const keyed = keyedOperations();
  const pages = [renderBuyPage({ price: USD, enabled: true }), renderBuyPage({ price: USD, enabled: false }), buyWithSample({ kind: 'form' })];

  it('lists every operation that needs a key, with its method, path and summary, under its group', () => {
    expect(keyed.length).toBeGreaterThanOrEqual(20);
    for (const html of pages) {
      for (const op of keyed) {
        const group = html.indexOf(`<h3 id="group-${op.group}">${escapeHtml(OPERATION_GROUPS[op.group].title)}</h3>`);
        const item = html.indexOf(`<li><code>${op.method} ${op.path}</code>: `, group);
        expect([op.id, group >= 0, item > group]).toEqual([op.id, true, true]);
        // Its item lies within its group's list (before the next heading).
        expect([op.id, html.indexOf('<h3', group + 1) > item]).toEqual([op.id, true]);
        const summary = escapeHtml(op.summary).replace(/`([^`]+)`/g, '<code>$1</code>');
        expect([op.id, html.slice(item).startsWith(`<li><code>${op.method} ${op.path}</code>: ${summary}`)]).toEqual([op.id, true]);
      }
    }
  });

  it('has every group that has an operation, in the registry order, and names MCP tools and the typed client', () => {
    const html = pages[0];
    const headings = [...html.matchAll(/<h3 id="group-([a-z]+)">/g)].map((m) => m[1]);
    expect(headings).toEqual([...Object.keys(OPERATION_GROUPS).filter((g) => keyed.some((op) => op.group === g)), 'clients']);
    for (const op of keyed.filter((o) => o.tool)) expect(html).toContain(`(MCP tool <code>${op.tool!.name}</code>)`);
    expect(html).toContain('<code>POST /mcp</code>');
    expect(html).toContain('<a href="/sdk/typescript.tgz">');
  });

  it('lists no route that needs no key: the advice and the purchase itself', () => {
    const html = pages[0];
    for (const op of Object.values(OPERATIONS as Record<string, Operation>).filter((o) => o.group === 'free' || o.group === 'purchase')) {
      expect([op.path, html.includes(`<code>${op.method} ${op.path}</code>`)]).toEqual([op.path, false]);
    }
  });

  it('covers every operation a key opens (KEYED_OPERATION_COUNT)', () => {
    const counted = keyed.filter((op) => op.path.startsWith('/v1/') && (op.tool || op.queued));
    expect(pages[0]).toContain(`unlimited use of all ${counted.length} operations`);
  });
});

describe('the sample form on /buy', () => {
  const html = buyWithSample({ kind: 'form' }, { birthdate: '', birthtime: '', location: '' });
  const sampleForm = html.slice(html.indexOf('<section id="sample"'));

  it('is a plain urlencoded POST to /buy/sample with the fields named as in the API and a hidden token', () => {
    expect(count(html, '<form')).toBe(2); // the Buy button's and the sample's
    expect(sampleForm).toContain('<form method="post" action="/buy/sample#sample"');
    expect(sampleForm).not.toContain('enctype'); // the default: application/x-www-form-urlencoded
    expect(sampleForm).toContain(`<input type="hidden" name="token" value="${TOKEN}">`);
    for (const name of ['birthdate', 'birthtime', 'location']) {
      expect(sampleForm).toMatch(new RegExp(`<label for="${name}">[^<]+</label>`));
      expect(sampleForm).toMatch(new RegExp(`<span class="hint" id="${name}-hint">[^<]+</span>`));
      expect(sampleForm).toMatch(new RegExp(`<input id="${name}" name="${name}" type="text" [^>]*required aria-describedby="${name}-hint" value="">`));
    }
    expect(sampleForm).toMatch(/<input id="birthdate"[^>]*autocomplete="bday"/);
    expect(sampleForm).toMatch(/<input id="location"[^>]*autocomplete="off"/);
    expect(sampleForm).toMatch(/<button type="submit">Show the sample chart<\/button>/);
    expect(html).toContain('<a href="#sample">Try a sample chart first</a>');
    expect(sampleForm).toContain('limited to 10 a minute and 100 a day from one address');
  });

  it('marks the fields to fix, links their errors and puts focus on the first', () => {
    const invalid = buyWithSample({ kind: 'invalid', errors: { birthtime: ['bad time'], location: ['bad place'] }, general: ['This form has no field "x".'] });
    expect(invalid).toMatch(/<p class="error" id="birthtime-error">bad time<\/p>/);
    expect(invalid).toMatch(/<input id="birthtime"[^>]*aria-describedby="birthtime-hint birthtime-error" aria-invalid="true" autofocus/);
    expect(invalid).toMatch(/<input id="location"[^>]*aria-describedby="location-hint location-error" aria-invalid="true" value/);
    expect(count(invalid, 'autofocus')).toBe(1);
    expect(invalid).toContain('This form has no field &quot;x&quot;.');
    expect(invalid).toContain(`value="${VALUES.birthdate}"`); // what was typed stays
  });

  it('offers each suggested place as a button that sends the same birth with it', () => {
    const html = buyWithSample(SAMPLE_STATES[3]);
    expect(count(html, '<form')).toBe(2 + 2);
    expect(html).toContain('<button type="submit" name="location" value="Montréal-Est, Quebec, Canada">Montréal-Est, Quebec, Canada</button>');
    expect(html).toMatch(/<input type="hidden" name="birthdate" value="1948-04-09"><input type="hidden" name="birthtime" value="00:14">/);
  });

  it('shows the result: the bodygraph for both schemes as data: images with a text alternative, and the main fields', () => {
    const html = buyWithSample({ kind: 'result', result: RESULT });
    const base64 = (svg: string) => Buffer.from(svg, 'utf8').toString('base64');
    expect(html).toContain(`<source media="(prefers-color-scheme: dark)" srcset="data:image/svg+xml;base64,${base64(RESULT.svg.dark)}">`);
    expect(html).toContain(`<img class="bodygraph" src="data:image/svg+xml;base64,${base64(RESULT.svg.light)}"`);
    expect(html).toContain('alt="Human Design bodygraph: Manifestor &amp; co. Type: Manifestor. Theme light."');
    expect(html).toContain('width="600" height="720"');
    for (const [name, value] of [
      ['type', 'Manifestor'],
      ['strategy', 'To Inform'],
      ['authority', 'Splenic'],
      ['profile', '5/1'],
      ['definition', 'Single Definition'],
      ['incarnation-cross', 'Left Angle Cross of the Clarion 1'],
      ['defined-centers', 'Ajna, Throat, G, Heart, Spleen'],
    ]) {
      expect(html).toContain(`<dd data-field="${name}">${value}</dd>`);
    }
  });

  it('says when the limit is reached, and when the service is busy, with the seconds to wait', () => {
    expect(buyWithSample({ kind: 'limited', retryAfterSeconds: 42 })).toMatch(/Sample limit reached\.[\s\S]*Try again in 42 seconds/);
    expect(buyWithSample({ kind: 'unavailable', retryAfterSeconds: 1 })).toMatch(/The service is busy\.[\s\S]*try again in 1 second\./);
  });

  it('escapes what the visitor typed, the messages, the suggestions and the chart', () => {
    const evil = '"><img src=x onerror=alert(1)><script>alert(2)</script>';
    const pages = [
      buyWithSample(
        { kind: 'invalid', errors: { location: [evil] }, general: [evil], suggestions: [evil] },
        { birthdate: evil, birthtime: evil, location: evil },
      ),
      buyWithSample({ kind: 'result', result: { ...RESULT, chart: { ...RESULT.chart, type: evil, place: evil, definedCenters: [evil] } } }),
    ];
    for (const html of pages) {
      expect(html).not.toContain('<img src=x');
      expect(html).not.toContain('<script>alert');
      expect(html).toContain('&quot;&gt;&lt;img src=x onerror=alert(1)&gt;&lt;script&gt;alert(2)&lt;/script&gt;');
    }
  });

  it('the refusals say what to do and link back to the form', () => {
    for (const kind of REFUSALS) {
      const html = renderSampleRefusal(kind);
      expect(html).toContain('<a href="/buy#sample">');
      expect(html).not.toContain('<form');
    }
    expect(renderSampleRefusal('token-expired')).toMatch(/10 minutes/);
    expect(renderSampleRefusal('unsupported-type')).toMatch(/application\/x-www-form-urlencoded/);
  });
});
