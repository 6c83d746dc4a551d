/**
 * The key recovery pages in headless Chromium (Debian package `chromium`), used by keyboard alone: the form, the
 * page after it, the link's button and the new key, each in the light and the dark scheme (screenshots in
 * <tmpdir>/recovery-chromium/), under the pages' own CSP with no violation. The message is read from a real SMTP
 * server on loopback. Text contrast is measured on the rendered form in both schemes.
 */
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import type { BrowserContext, Page } from 'playwright-core';
import { chromiumSuite, launchChromium, pageErrors } from './helpers/chromium';
import { FakeStripe, startFakeStripe } from './helpers/fake-stripe';
import { BIRTH, purchaseEnv } from './helpers/purchase';
import { buyKey, linksIn, MAIL_FROM } from './helpers/recovery';
import { post, RunningService, startService } from './helpers/service';
import { LocalSmtp, startSmtp } from './helpers/smtp';

const SHOTS = path.join(os.tmpdir(), 'recovery-chromium');

/** Browser-side code sees the DOM; this file is compiled against Node's types only. */
type Win = {
  document: {
    activeElement: { id: string; tagName: string; textContent: string | null } | null;
    addEventListener(type: string, listener: (e: { violatedDirective: string }) => void): void;
    querySelector(selector: string): unknown;
  };
  __violations: string[];
  getComputedStyle(e: unknown): { color: string; backgroundColor: string };
};

/** Contrast of an element's text against the first opaque background behind it, as the page rendered it. */
function contrastOf(page: Page, selector: string): Promise<number> {
  return page.evaluate((sel) => {
    const w = globalThis as unknown as Win & { document: { querySelector(s: string): { parentElement: unknown } | null } };
    const rgb = (c: string) => (c.match(/[\d.]+/g) ?? []).map(Number);
    const lum = ([r, g, b]: number[]) =>
      [r, g, b].map((v) => ((v /= 255) <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4)).reduce((sum, v, i) => sum + v * [0.2126, 0.7152, 0.0722][i], 0);
    const el = w.document.querySelector(sel);
    if (!el) throw new Error(`no ${sel}`);
    let bg: number[] = [];
    for (let node: unknown = el; node; node = (node as { parentElement: unknown }).parentElement) {
      const c = rgb(w.getComputedStyle(node).backgroundColor);
      if (c.length === 3 || c[3] === 1) {
        bg = c;
        break;
      }
    }
    if (bg.length === 0) bg = [255, 255, 255];
    const [hi, lo] = [lum(rgb(w.getComputedStyle(el).color)), lum(bg)].sort((a, b) => b - a);
    return (hi + 0.05) / (lo + 0.05);
  }, selector);
}

const activeId = (page: Page) => page.evaluate(() => (globalThis as unknown as Win).document.activeElement?.id ?? '');
const activeText = (page: Page) => page.evaluate(() => (globalThis as unknown as Win).document.activeElement?.textContent?.trim() ?? '');

chromiumSuite('key recovery pages in headless Chromium')('key recovery pages in headless Chromium', () => {
  let stripe: FakeStripe;
  let smtp: LocalSmtp;
  let service: RunningService;
  let context: BrowserContext;
  let close: (() => Promise<void>) | undefined;

  beforeAll(async () => {
    fs.mkdirSync(SHOTS, { recursive: true });
    [stripe, smtp] = await Promise.all([startFakeStripe(), startSmtp()]);
    service = await startService({ env: { ...purchaseEnv(stripe.url), SMTP_URL: smtp.url, MAIL_FROM } });
    ({ context, close } = await launchChromium('recovery-chromium-profile-', { viewport: { width: 900, height: 1000 } }));
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: service.baseUrl });
    // Every CSP violation of every page, recorded by the page itself (an init script is not subject to the page's CSP).
    await context.addInitScript(() => {
      const w = globalThis as unknown as Win;
      w.__violations = [];
      w.document.addEventListener('securitypolicyviolation', (e) => w.__violations.push(e.violatedDirective));
    });
  }, 120_000);

  afterAll(async () => {
    await close?.();
    await service?.stop();
    await Promise.all([stripe?.close(), smtp?.close()]);
  });

  async function shoot(page: Page, name: string): Promise<void> {
    for (const scheme of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme: scheme });
      await page.screenshot({ path: path.join(SHOTS, `${name}-${scheme}.png`), fullPage: true });
    }
    await page.emulateMedia({ colorScheme: 'light' });
  }

  const violations = (page: Page) => page.evaluate(() => (globalThis as unknown as Win).__violations);

  it('form by keyboard → sent → the link → the button by keyboard → the new key, copied; both schemes; no CSP violation', async () => {
    const bought = await buyKey(service.baseUrl, stripe, 'chromium-recovery@example.com');
    const page = await context.newPage();
    const problems = pageErrors(page);

    expect((await page.goto(`${service.baseUrl}/keys/recover`))?.status()).toBe(200);
    await shoot(page, 'form');
    // The field is found by its label, as a screen reader names it; its hint is its description.
    const field = page.getByLabel('Email address');
    expect(await field.getAttribute('autocomplete')).toBe('email');
    expect(await field.getAttribute('aria-describedby')).toBe('email-hint');
    for (const scheme of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme: scheme });
      for (const selector of ['h1', 'label', '#email', '#email-hint', 'button.primary', 'p.muted']) {
        expect([scheme, selector, (await contrastOf(page, selector)) >= 4.5]).toEqual([scheme, selector, true]);
      }
    }
    await page.emulateMedia({ colorScheme: 'light' });

    // Keyboard only: the field is the first stop, then the button; Enter sends.
    await page.keyboard.press('Tab');
    expect(await activeId(page)).toBe('email');
    await page.keyboard.type('Chromium-Recovery@example.com');
    await page.keyboard.press('Tab');
    expect(await activeText(page)).toBe('Email me a link');
    const since = smtp.received.length;
    // The answer's URL is the form's own, so waiting for the URL returned at once (a clean-clone CI run then read the
    // form's state): wait for the POST's answer and its page instead.
    const [sent] = await Promise.all([page.waitForResponse((r) => r.request().method() === 'POST'), page.keyboard.press('Enter')]);
    expect(sent.status()).toBe(200);
    await page.waitForSelector('main[data-state="recover-sent"]');
    expect(await page.locator('main').getAttribute('data-state')).toBe('recover-sent');
    expect(await page.getByRole('status').textContent()).toContain('a message with a link is on its way');
    await shoot(page, 'sent');

    const [link] = linksIn((await smtp.next('chromium-recovery@example.com', since)).text);
    expect((await page.goto(`${service.baseUrl}${link}`))?.status()).toBe(200);
    await shoot(page, 'confirm');
    await page.keyboard.press('Tab');
    expect(await activeText(page)).toBe('Show my new key');
    const [answer] = await Promise.all([page.waitForResponse((r) => r.request().method() === 'POST'), page.keyboard.press('Enter')]);
    expect(answer.status()).toBe(200);
    await page.waitForSelector('#api-key');
    const key = (await page.locator('#api-key').textContent())!.trim();
    expect(key).toMatch(/^hdk_[A-Za-z0-9_-]{43}$/);
    await shoot(page, 'revealed');

    // The copy button exists only when the page's script ran under its CSP; it copies the key.
    await page.getByRole('button', { name: 'Copy key' }).click();
    await page.getByRole('status').filter({ hasText: 'Copied' }).waitFor({ timeout: 5_000 });
    expect(
      await page.evaluate(() => (globalThis as unknown as { navigator: { clipboard: { readText(): Promise<string> } } }).navigator.clipboard.readText()),
    ).toBe(key);
    expect(await violations(page)).toEqual([]);

    // The link opened again: spent, and the page shows nothing about any key.
    expect((await page.goto(`${service.baseUrl}${link}`))?.status()).toBe(410);
    await shoot(page, 'gone');
    expect(await page.content()).not.toContain(key);
    expect(await violations(page)).toEqual([]);
    expect(problems.filter((p) => !/status of 410/.test(p))).toEqual([]);

    expect((await post(service.baseUrl, '/v1/chart', BIRTH, { key: bought.key })).status).toBe(401);
    expect((await post(service.baseUrl, '/v1/chart', BIRTH, { key })).status).toBe(200);
    await page.close();
  }, 90_000);

  it('a wrong address: the browser stops it, and past that the server answers the form with the message announced and the field focused', async () => {
    const page = await context.newPage();
    await page.goto(`${service.baseUrl}/keys/recover`);
    await page.keyboard.press('Tab');
    await page.keyboard.type('not-an-address');
    await page.keyboard.press('Enter');
    // type=email and required: Chromium's own check keeps the form from being sent.
    expect(
      await page.evaluate(
        () =>
          (globalThis as unknown as { document: { querySelector(s: string): { validity: { valid: boolean } } } }).document.querySelector('#email').validity
            .valid,
      ),
    ).toBe(false);
    expect(await page.locator('main').getAttribute('data-state')).toBe('recover');

    // A browser without that check (or with it turned off) reaches the server's: 400, the same form with the message.
    await page.evaluate(
      () => ((globalThis as unknown as { document: { querySelector(s: string): { noValidate: boolean } } }).document.querySelector('form').noValidate = true),
    );
    const [answer] = await Promise.all([page.waitForResponse((r) => r.request().method() === 'POST'), page.keyboard.press('Enter')]);
    expect(answer.status()).toBe(400);
    await page.waitForSelector('[role="alert"]');
    expect(await page.locator('main').getAttribute('data-state')).toBe('recover-invalid');
    expect(await activeId(page)).toBe('email'); // autofocus: typing again fixes it
    expect(await page.getByLabel('Email address').inputValue()).toBe('not-an-address');
    expect(await page.getByLabel('Email address').getAttribute('aria-invalid')).toBe('true');
    expect(await page.getByRole('alert').textContent()).toContain('This is not an email address');
    for (const scheme of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme: scheme });
      expect([scheme, (await contrastOf(page, '#email-error')) >= 4.5]).toEqual([scheme, true]);
    }
    await shoot(page, 'form-error');
    expect(await violations(page)).toEqual([]);
    await page.close();
  }, 60_000);
});
