import { createHash } from 'node:crypto';
import { PAGE_CSP, renderRevealPage } from '../purchase/pages';
import { RecoveryPage, renderRecoveryPage, waitText } from './recovery-pages';

const KEY = 'hdk_' + 'A1b2-C3d4_'.repeat(4) + 'xyz';
const TOKEN = 'Z9y8-X7w6_'.repeat(4) + 'abc';

const STATES: [string, RecoveryPage][] = [
  ['recover', { kind: 'form', linkMinutes: 30 }],
  ['recover-invalid', { kind: 'form', linkMinutes: 30, email: 'not-an-address', error: 'Enter an email address, like name@example.com.' }],
  ['recover-off', { kind: 'off' }],
  ['recover-sent', { kind: 'sent', linkMinutes: 30 }],
  ['recover-too-many', { kind: 'too-many', retryAfterSeconds: 42 }],
  ['recover-confirm', { kind: 'confirm', token: TOKEN }],
  ['recover-gone', { kind: 'gone', linkMinutes: 30 }],
  ['revealed', { kind: 'revealed', key: KEY, email: 'ada@example.com', publicUrl: 'https://hd.example.com' }],
  ['revoked', { kind: 'revoked', reason: 'refunded' }],
];

const count = (haystack: string, needle: string) => haystack.split(needle).length - 1;
const tags = (html: string) => html.match(/<[a-z][^>]*>/gi) ?? [];
const inlineTexts = (html: string, tag: 'style' | 'script') => [...html.matchAll(new RegExp(`<${tag}>([\\s\\S]*?)</${tag}>`, 'g'))].map((m) => m[1]);
const hashOf = (text: string) => `sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}`;
const cspSource = (directive: string) => PAGE_CSP.match(new RegExp(`${directive} '([^']+)'`))?.[1];

describe.each(STATES)('%s page', (state, input) => {
  const html = renderRecoveryPage(input);

  it('is a complete document, not indexed, under the pages’ CSP, loading nothing external', () => {
    expect(html.startsWith('<!doctype html>\n<html lang="en">')).toBe(true);
    expect(count(html, '<h1>')).toBe(1);
    expect(html).toContain(`<main data-state="${state}">`);
    expect(html).toContain('<meta name="robots" content="noindex">');
    const styles = inlineTexts(html, 'style');
    expect(styles.map(hashOf)).toEqual([cspSource('style-src')]);
    for (const script of inlineTexts(html, 'script')) expect(hashOf(script)).toBe(cspSource('script-src'));
    for (const tag of tags(html)) {
      expect(tag).not.toMatch(/\s(src|href|action)\s*=\s*["']?\s*(https?:|\/\/)/i);
      expect(tag).not.toMatch(/\s(on[a-z]+|style)\s*=/i);
    }
  });

  if (state !== 'revealed') {
    it('shows no key', () => expect(html).not.toContain('hdk_'));
  }
});

describe('recovery pages', () => {
  it('the form: one labelled email field with its hint, autocomplete and a submit button', () => {
    const html = renderRecoveryPage({ kind: 'form', linkMinutes: 30 });
    expect(html).toContain('<form method="post" action="/keys/recover">');
    expect(html).toContain('<label for="email">Email address</label>');
    expect(html).toMatch(/<input id="email" name="email" type="email" autocomplete="email"[^>]* required aria-describedby="email-hint" value="">/);
    expect(html).toContain('<span id="email-hint" class="hint">');
    expect(html).toContain('<button type="submit" class="primary">Email me a link</button>');
    expect(html).not.toContain('aria-invalid="');
    expect(html).not.toContain('role="alert"');
  });

  it('the form with an error: the message announced, tied to the field, which keeps the (escaped) value and the focus', () => {
    const html = renderRecoveryPage({ kind: 'form', linkMinutes: 30, email: '"><script>x</script>', error: 'Enter an email address.' });
    expect(html).toContain('<p id="email-error" class="error" role="alert">Enter an email address.</p>');
    expect(html).toContain('aria-describedby="email-error email-hint" aria-invalid="true" autofocus value="&quot;&gt;&lt;script&gt;x&lt;/script&gt;"');
    expect(html).not.toContain('<script>x');
  });

  it('the sent page says nothing about whether the address is known', () => {
    const html = renderRecoveryPage({ kind: 'sent', linkMinutes: 30 });
    expect(html).toContain('If this email address bought a key here, a message with a link is on its way to it.');
    expect(html).toContain('works once, for 30 minutes');
  });

  it('the confirm page is a button that POSTs to the link itself (a GET never uses the link up)', () => {
    const html = renderRecoveryPage({ kind: 'confirm', token: TOKEN });
    expect(html).toContain(`<form method="post" action="/keys/recover/${TOKEN}">`);
    expect(html).toContain('<button type="submit" class="primary">Show my new key</button>');
    expect(renderRecoveryPage({ kind: 'confirm', token: '"><x' })).toContain('action="/keys/recover/&quot;&gt;&lt;x"');
  });

  it('the key is shown on exactly the purchase reveal page, and a revoked purchase as the purchase pages say it', () => {
    const revealed = { kind: 'revealed', key: KEY, email: 'ada@example.com', publicUrl: 'https://hd.example.com' } as const;
    expect(renderRecoveryPage(revealed)).toBe(renderRevealPage(revealed));
    expect(renderRecoveryPage({ kind: 'revoked', reason: 'refunded' })).toBe(renderRevealPage({ kind: 'revoked', reason: 'refunded' }));
  });

  it('waits are said in the unit a reader plans with', () => {
    expect([1, 42, 119, 120, 3600, 7199, 7200, 86_399, 0, NaN].map(waitText)).toEqual([
      '1 second',
      '42 seconds',
      '119 seconds',
      '2 minutes',
      '60 minutes',
      '120 minutes',
      '2 hours',
      '24 hours',
      '1 second',
      '60 seconds',
    ]);
    expect(renderRecoveryPage({ kind: 'too-many', retryAfterSeconds: 5000 })).toContain('Try again in 84 minutes.');
  });
});
