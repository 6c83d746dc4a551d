// HTML for the service's pages (GET /, GET /buy and its sample, GET /purchase/success): plain functions, no framework.
// The buy page's parts are beside it: what a key gives (buy-features.ts) and the sample (sample-view.ts, sample-pages.ts).
// Every page shares ONE inline style and (where needed) ONE inline script, so PAGE_CSP can allow
// exactly those two texts by hash and nothing else; everything dynamic goes through escapeHtml.
import { createHash } from 'node:crypto';
import { Operation, OPERATIONS } from '../operations/operations';
import { renderKeyFeatures } from './buy-features';
import { escapeHtml } from './html';
import { renderSampleSection, type SampleSection } from './sample-view';

/** A price in minor units (cents, yen…) with a lowercase ISO 4217 currency code. */
export interface Price {
  amount: number;
  currency: string;
}

export type RevealState =
  | { kind: 'revealed'; key: string; email?: string; publicUrl: string }
  | { kind: 'pending'; refreshSeconds: number }
  /** `recovery`: lost keys can be recovered by email here (/keys/recover), so the page links to it. */
  | { kind: 'already-shown'; email?: string; publicUrl: string; recovery?: boolean }
  | { kind: 'not-paid' }
  | { kind: 'refused' }
  | { kind: 'revoked'; reason: string }
  | { kind: 'not-found' }
  | { kind: 'too-many'; retryAfterSeconds: number }
  | { kind: 'invalid' }
  | { kind: 'disabled' };

export { escapeHtml };

/** Minor units -> display text; the fraction digits come from Intl so zero-decimal currencies (JPY) work. */
export function formatPrice(p: Price): string {
  const format = new Intl.NumberFormat('en', { style: 'currency', currency: p.currency.toUpperCase() });
  const digits = format.resolvedOptions().maximumFractionDigits ?? 2;
  return format.format(p.amount / 10 ** digits);
}

// Colours are chosen for >= 4.5:1 contrast of every text/background pair in both schemes
// (pages.spec.ts recomputes the ratios from these variables).
const STYLE = `:root{color-scheme:light dark;--bg:#ffffff;--fg:#1a1d21;--muted:#4a5260;--accent:#1d4ed8;--on-accent:#ffffff;--panel:#f3f4f6;--border:#8a929e;--warn-bg:#fff4e0;--warn-line:#b45309;--focus:#1d4ed8}
@media (prefers-color-scheme:dark){:root{--bg:#111317;--fg:#e8eaed;--muted:#aab2bd;--accent:#93b4ff;--on-accent:#111317;--panel:#1c1f25;--border:#5c6470;--warn-bg:#2a2110;--warn-line:#f0b429;--focus:#93b4ff}}
*{box-sizing:border-box}
body{margin:0;background:var(--bg);color:var(--fg);font:1rem/1.6 system-ui,-apple-system,"Segoe UI",Roboto,"Helvetica Neue",Arial,sans-serif}
main{max-width:42rem;margin:0 auto;padding:2.5rem 1.25rem 4rem}
h1{font-size:1.8rem;line-height:1.2;margin:0 0 1rem}
h2{font-size:1.15rem;margin:2rem 0 .5rem}
a{color:var(--accent);text-underline-offset:.15em}
code,pre{font-family:ui-monospace,SFMono-Regular,Menlo,Consolas,"Liberation Mono",monospace;font-size:.92em}
pre{background:var(--panel);border:1px solid var(--border);border-radius:.5rem;padding:.75rem 1rem;margin:.5rem 0;white-space:pre-wrap;overflow-wrap:anywhere}
.eyebrow,.muted{color:var(--muted)}
.eyebrow{margin:0 0 .25rem;font-size:.9rem;letter-spacing:.04em;text-transform:uppercase}
.price{font-size:2.4rem;font-weight:700;margin:.5rem 0 1rem}
.price span{font-size:1rem;font-weight:400;color:var(--muted)}
.features{padding-left:1.25rem}
.features li{margin:.4rem 0}
.panel{background:var(--panel);border:1px solid var(--border);border-radius:.5rem;padding:1rem 1.25rem;margin:1rem 0}
.panel h2{margin-top:0}
.secret{display:block;font-size:1.05rem;user-select:all;overflow-wrap:anywhere;word-break:break-all}
.notice{background:var(--warn-bg);border-left:4px solid var(--warn-line);border-radius:.25rem;padding:.75rem 1rem;margin:1rem 0}
.notice p{margin:0}
button{font:inherit;cursor:pointer;border-radius:.4rem;padding:.5rem 1rem;border:1px solid var(--border);background:var(--bg);color:var(--fg)}
button.primary{background:var(--accent);color:var(--on-accent);border-color:var(--accent);font-size:1.1rem;font-weight:600;padding:.75rem 1.5rem}
button[data-copy]{display:none}
.can-copy button[data-copy]{display:inline-block}
.status{min-height:1.6em;margin:.25rem 0;color:var(--muted)}
:focus-visible{outline:3px solid var(--focus);outline-offset:2px}
.field{margin:.75rem 0}
.field label{display:block;font-weight:600;margin:0 0 .25rem}
.field input{font:inherit;width:100%;max-width:24rem;padding:.45rem .6rem;border:1px solid var(--border);border-radius:.4rem;background:var(--bg);color:var(--fg)}
.field .hint{display:block;font-size:.9rem;color:var(--muted)}
.error{color:var(--fg);background:var(--warn-bg);border-left:4px solid var(--warn-line);padding:.5rem .75rem;border-radius:.25rem}
.field input[aria-invalid=true]{border:2px solid var(--warn-line)}
h3{font-size:1.02rem;margin:1.5rem 0 .25rem}
h3+p.muted{margin:0}
.suggestions{list-style:none;padding:0}
.suggestions li{margin:.4rem 0}
.sample-result img{display:block;width:100%;max-width:30rem;height:auto;margin:0 auto 1rem}
.chart-fields{display:grid;grid-template-columns:max-content 1fr;gap:.2rem 1rem;margin:0 0 1rem}
.chart-fields dt{font-weight:600}
.chart-fields dd{margin:0}
`;

// Progressive enhancement only: copy buttons stay hidden (CSS above) unless the clipboard API
// exists; the key itself is always selectable text. Listeners are attached here because the
// CSP forbids inline handlers. Clearing the status first makes a second "Copied" announce again.
const SCRIPT = `(function () {
  var clipboard = navigator.clipboard;
  if (!clipboard) return;
  document.documentElement.classList.add('can-copy');
  var status = document.getElementById('copy-status');
  function say(text) {
    if (!status) return;
    status.textContent = '';
    setTimeout(function () { status.textContent = text; }, 100);
  }
  document.querySelectorAll('button[data-copy]').forEach(function (button) {
    button.addEventListener('click', function () {
      var source = document.getElementById(button.getAttribute('data-copy'));
      if (!source) return;
      clipboard.writeText(source.textContent).then(
        function () { say('Copied'); },
        function () { say('Copy failed: select the text and copy it yourself'); }
      );
    });
  });
})();`;

const sha256 = (text: string) => `'sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}'`;

/** Content-Security-Policy for every page here: only our own style and script texts may run.
 *  form-action lists Stripe because the checkout POST answers with a redirect to it. */
export const PAGE_CSP = [
  "default-src 'none'",
  `style-src ${sha256(STYLE)}`,
  `script-src ${sha256(SCRIPT)}`,
  'img-src data:',
  "form-action 'self' https://checkout.stripe.com",
  "base-uri 'none'",
  "frame-ancestors 'none'",
].join('; ');

export function page(o: { title: string; state: string; body: string; head?: string; script?: boolean }): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
${o.head ?? ''}<title>${escapeHtml(o.title)} · Human Design API</title>
<style>${STYLE}</style>
</head>
<body>
<main data-state="${escapeHtml(o.state)}">
<p class="eyebrow">Human Design API</p>
${o.body}
</main>
${o.script ? `<script>${SCRIPT}</script>\n` : ''}</body>
</html>
`;
}

export const BUY_AGAIN = '<p><a href="/buy">Go to the key purchase page</a></p>';
export const NO_INDEX = '<meta name="robots" content="noindex">\n';

/** What a key gives: the registry does not change while the process runs, so it is rendered once. */
const KEY_FEATURES = renderKeyFeatures();

/**
 * GET /buy (and the answers of POST /buy/sample): what a key gives (from the operation registry), the price and the
 * Buy button, and the sample form with the outcome of the last sample. Without purchases there is no form at all.
 */
export function renderBuyPage(opts: { price: Price; enabled: boolean; sample?: SampleSection; state?: string; recovery?: boolean }): string {
  const price = escapeHtml(formatPrice(opts.price));
  const features = KEY_FEATURES;
  const body = opts.enabled
    ? `<h1>Your Human Design API key</h1>
<p class="price">${price} <span>one-time payment</span></p>
<form method="post" action="/v1/purchase/checkout">
<button type="submit" class="primary">Buy a key for ${price}</button>
</form>
<p class="muted">Payment is handled by Stripe; your card details never reach this server. After payment your key is shown once, on the next page, so have a password manager or secret store ready.</p>
${opts.recovery ? '<p class="muted">Bought a key and lost it? <a href="/keys/recover">Get a new one by email</a>.</p>\n' : ''}${opts.sample ? '<p><a href="#sample">Try a sample chart first</a>, without a key.</p>\n' : ''}${features}${opts.sample ? `\n${renderSampleSection(opts.sample)}` : ''}`
    : `<h1>Your Human Design API key</h1>
<div class="notice" role="note"><p><strong>Purchases are not open on this server.</strong></p></div>
${features}`;
  return page({ title: 'Buy an API key', state: opts.state ?? (opts.enabled ? 'buy' : 'buy-disabled'), body });
}

/** The rotation call; the key is always the YOUR_KEY placeholder so the real key appears only twice on a page. */
function rotateCurl(publicUrl: string): string {
  return `<pre><code>${escapeHtml(`curl -X POST ${publicUrl}/v1/keys/rotate -H 'HD-Api-Key: YOUR_KEY'`)}</code></pre>`;
}

export function renderRevealPage(state: RevealState): string {
  switch (state.kind) {
    case 'revealed': {
      const url = state.publicUrl.replace(/\/+$/, '');
      const key = escapeHtml(state.key);
      const curl = escapeHtml(
        `curl -X POST ${url}/v1/chart -H 'HD-Api-Key: ${state.key}' -H 'Content-Type: application/json' ` +
          `-d '{"birthdate":"1990-05-15","birthtime":"14:30","location":"London, United Kingdom"}'`,
      );
      const body = `<h1>Here is your API key</h1>
${state.email ? `<p>Purchased by <strong>${escapeHtml(state.email)}</strong></p>\n` : ''}<div class="notice" role="note"><p><strong>This key is shown only this once.</strong> It is not stored in clear anywhere, so it cannot be shown again. Store it now in a password manager or secret store before you leave this page.</p></div>
<section class="panel" aria-labelledby="key-label">
<h2 id="key-label">Your API key</h2>
<code id="api-key" data-testid="api-key" class="secret">${key}</code>
<p><button type="button" data-copy="api-key">Copy key</button></p>
</section>
<p id="copy-status" class="status" role="status" aria-live="polite"></p>
<h2>Try it</h2>
<p>Send the key in the <code>HD-Api-Key</code> header of any operation:</p>
<pre><code id="curl-example">${curl}</code></pre>
<p><button type="button" data-copy="curl-example">Copy command</button></p>
<h2>If the key leaks</h2>
<p>Rotate it: <code>POST ${escapeHtml(url)}/v1/keys/rotate</code> with the key in the <code>HD-Api-Key</code> header answers a new key and revokes the old one at once.</p>
${rotateCurl(url)}`;
      return page({ title: 'Your API key', state: state.kind, body, head: NO_INDEX, script: true });
    }
    case 'pending': {
      // Guard against NaN/0/negative config so the page never reloads in a tight loop.
      const seconds = Number.isFinite(state.refreshSeconds) ? Math.max(1, Math.round(state.refreshSeconds)) : 5;
      const body = `<h1>Confirming your payment…</h1>
<p role="status">Your payment is being confirmed. This page refreshes itself every ${seconds} second${seconds === 1 ? '' : 's'} and shows your key as soon as the payment is confirmed; keep it open.</p>
<p><a href="">Refresh now</a></p>`;
      return page({ title: 'Confirming your payment', state: state.kind, body, head: `${NO_INDEX}<meta http-equiv="refresh" content="${seconds}">\n` });
    }
    case 'already-shown': {
      const url = state.publicUrl.replace(/\/+$/, '');
      const email = state.email ? ` (<strong>${escapeHtml(state.email)}</strong>)` : '';
      const body = `<h1>This key was already shown</h1>
<p>The API key for this purchase was already shown once. It is not stored in clear anywhere, so it cannot be shown again.</p>
<h2>You still have the key</h2>
<p>To replace it with a new one, rotate it; the answer holds the new key and the old one stops working:</p>
${rotateCurl(url)}
<h2>You lost the key</h2>
${
  state.recovery
    ? `<p><a href="/keys/recover">Get a new key by email</a>: a link sent to the email address used for the purchase${email} makes a new key and shows it once.</p>`
    : `<p>Contact the seller of this API with the email address used for the purchase${email}.</p>`
}`;
      return page({ title: 'Key already shown', state: state.kind, body, head: NO_INDEX });
    }
    case 'not-paid':
      return page({
        title: 'Payment not completed',
        state: state.kind,
        head: NO_INDEX,
        body: `<h1>Payment not completed</h1>
<p>The payment was not completed, so nothing was charged for this session and no key was made.</p>
${BUY_AGAIN}`,
      });
    case 'refused':
      return page({
        title: 'No key for this payment',
        state: state.kind,
        head: NO_INDEX,
        body: `<h1>No key for this payment</h1>
<p>This payment does not match the price of a key, so no key was made. Contact the seller of this API with the email address used for the purchase; they can see why and refund it.</p>`,
      });
    case 'revoked':
      return page({
        title: 'Key revoked',
        state: state.kind,
        head: NO_INDEX,
        body: `<h1>This key was revoked</h1>
<p>The API key from this purchase was revoked and no longer works. Reason: <strong>${escapeHtml(state.reason)}</strong>.</p>`,
      });
    case 'not-found':
      return page({
        title: 'Purchase not found',
        state: state.kind,
        head: NO_INDEX,
        body: `<h1>Purchase not found</h1>
<p>There is no purchase with this reference. Check that you opened the whole link you were sent back to after payment.</p>
${BUY_AGAIN}`,
      });
    case 'too-many':
      return page({
        title: 'Too many requests',
        state: state.kind,
        head: NO_INDEX,
        body: `<h1>Too many requests</h1>
<p>Too many unknown purchase references were looked up from your address. Try again in ${escapeHtml(String(Math.ceil(state.retryAfterSeconds)))} seconds.</p>`,
      });
    case 'invalid':
      return page({
        title: 'Invalid link',
        state: state.kind,
        head: NO_INDEX,
        body: `<h1>This link is not valid</h1>
<p>The link is malformed: the session reference in it is not valid.</p>
${BUY_AGAIN}`,
      });
    case 'disabled':
      return page({
        title: 'Purchases closed',
        state: state.kind,
        head: NO_INDEX,
        body: `<h1>Purchases are closed</h1>
<div class="notice" role="note"><p><strong>Purchases are not open on this server.</strong></p></div>`,
      });
    default: {
      const unknown: never = state;
      throw new Error(`unknown reveal state ${JSON.stringify(unknown)}`);
    }
  }
}

/** GET /: what the service is and where everything is; the same facts as HTML and, for Accept: application/json, as this object. */
export interface ServiceIndex {
  name: string;
  description: string;
  auth: string;
  /** Where to go: a browser opens the GET ones; `/mcp` is an endpoint for MCP clients (POST). */
  links: { rel: string; method: 'GET' | 'POST'; href: string; title: string }[];
  operations: { method: string; path: string; summary: string; key: boolean }[];
}

/** Routes of the registry that need no key (the advice and the purchase's own). */
const PUBLIC_PATHS = /^\/api\/advice|^\/v1\/purchase\//;

export function serviceIndex(): ServiceIndex {
  return {
    name: 'Human Design chart API',
    description:
      'Human Design charts ("bodygraphs") from a birth date, time and place: charts, composites, transits, groups, drawings (SVG, PNG), ' +
      'charts through time, place search, and a small advice API. Positions from the Swiss Ephemeris; places and time zones resolved offline.',
    auth: 'Send your API key in the HD-Api-Key header (or Authorization: Bearer <key>). The advice routes need none.',
    links: [
      { rel: 'buy', method: 'GET', href: '/buy', title: 'Buy an API key' },
      { rel: 'recover', method: 'GET', href: '/keys/recover', title: 'Lost your key? A new one by email (where the server sends mail)' },
      { rel: 'docs', method: 'GET', href: '/docs', title: 'API reference (OpenAPI, try it out in the browser)' },
      { rel: 'openapi', method: 'GET', href: '/docs-json', title: 'The OpenAPI 3.1 document (JSON)' },
      { rel: 'llms', method: 'GET', href: '/llms.txt', title: 'A plain-text guide for AI agents, MCP included' },
      { rel: 'mcp', method: 'POST', href: '/mcp', title: 'MCP server for AI agents (Streamable HTTP, stateless, the same key)' },
      { rel: 'sdk', method: 'GET', href: '/sdk/typescript.tgz', title: 'The typed TypeScript client (@hd-chart-api/client): npm install this URL' },
      { rel: 'health', method: 'GET', href: '/health', title: 'Health (readiness)' },
    ],
    operations: Object.values(OPERATIONS as Record<string, Operation>)
      .filter((op) => op.path !== '/v1/purchase/webhook')
      .map((op) => ({ method: op.method, path: op.path, summary: op.summary, key: !PUBLIC_PATHS.test(op.path) })),
  };
}

export function renderHomePage(opts: { publicUrl: string }): string {
  const index = serviceIndex();
  const url = opts.publicUrl.replace(/\/+$/, '');
  const curl = `curl ${url}/v1/chart -H 'HD-Api-Key: YOUR_KEY' -H 'Content-Type: application/json' \\\n  -d '{"birthdate":"1948-04-09","birthtime":"00:14","location":"Montreal, Quebec, Canada"}'`;
  const links = index.links
    .map((l) =>
      l.method === 'GET'
        ? `<li><a href="${escapeHtml(l.href)}">${escapeHtml(l.title)}</a> <code>${escapeHtml(l.href)}</code></li>`
        : `<li>${escapeHtml(l.title)}: <code>${l.method} ${escapeHtml(l.href)}</code></li>`,
    )
    .join('\n');
  const operations = index.operations
    .map((op) => `<li><code>${op.method} ${escapeHtml(op.path)}</code>: ${escapeHtml(op.summary)}${op.key ? '' : ' <span class="muted">(no key)</span>'}</li>`)
    .join('\n');
  const body = `<p class="eyebrow">API</p>
<h1>${escapeHtml(index.name)}</h1>
<p>${escapeHtml(index.description)}</p>
<nav aria-labelledby="links-heading">
<h2 id="links-heading">Start here</h2>
<ul class="features">
${links}
</ul>
</nav>
<h2>Try it</h2>
<p>${escapeHtml(index.auth)}</p>
<pre><code>${escapeHtml(curl)}</code></pre>
<p>From TypeScript, the typed client installs from this server (it is not on the npm registry):</p>
<pre><code>${escapeHtml(`npm install ${url}/sdk/typescript.tgz`)}</code></pre>
<h2>Operations</h2>
<ul class="features">
${operations}
</ul>
<p class="muted">Ask this page with <code>Accept: application/json</code> for the same as JSON.</p>`;
  return page({ title: 'Home', state: 'home', body });
}
