import { createHash } from 'node:crypto';
import { escapeHtml, formatPrice, PAGE_CSP, renderBuyPage, renderHomePage, renderRevealPage, RevealState } from './pages';

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

const PAGES: [string, string][] = [
  ['buy', renderBuyPage({ price: USD, enabled: true })],
  ['buy-disabled', renderBuyPage({ price: USD, enabled: false })],
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
