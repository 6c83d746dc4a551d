/**
 * Issue 28's acceptance in headless Chromium (Debian package `chromium`): /buy shows every operation group of the
 * registry, a birth typed into the sample form with the keyboard alone comes back with its bodygraph image (loaded
 * under the page's CSP) and main fields, in light and dark, and the 11th sample in a minute from this address shows
 * the limit message. No CSP violation and no script error on any page. Screenshots are kept in <tmpdir>/buy-chromium/.
 */
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import type { BrowserContext, Page, Response } from 'playwright-core';
import { keyedOperations, OPERATION_GROUPS } from '../src/modules/operations/operations';
import { referenceSample, startOfAMinute } from './helpers/buy-sample';
import { chromiumSuite, launchChromium, pageErrors } from './helpers/chromium';
import { FakeStripe, startFakeStripe } from './helpers/fake-stripe';
import { purchaseEnv } from './helpers/purchase';
import { RunningService, startService } from './helpers/service';

const SHOTS = path.join(os.tmpdir(), 'buy-chromium');
const RA = referenceSample('ra-uru-hu');

/** The page's CSP violations, as the page itself reports them (listened for before any of its own content runs). */
async function watchCsp(page: Page): Promise<() => Promise<string[]>> {
  await page.addInitScript(() => {
    const w = globalThis as unknown as {
      __csp: string[];
      addEventListener(t: string, f: (e: { violatedDirective: string; blockedURI: string }) => void): void;
    };
    w.__csp = [];
    w.addEventListener('securitypolicyviolation', (e) => w.__csp.push(`${e.violatedDirective} ${e.blockedURI}`));
  });
  return () => page.evaluate(() => (globalThis as unknown as { __csp: string[] }).__csp);
}

/**
 * Presses Enter in the focused field of the sample form and waits for the page that answers it: its response, then
 * its document loaded in place of the one that sent it (a marker on the old window is gone).
 */
async function sendWithEnter(page: Page): Promise<Response> {
  await page.evaluate(() => ((globalThis as unknown as { __sent?: boolean }).__sent = true));
  const [response] = await Promise.all([
    page.waitForResponse((r) => r.url().includes('/buy/sample') && r.request().method() === 'POST'),
    page.keyboard.press('Enter'),
  ]);
  await page.waitForFunction(() => !(globalThis as unknown as { __sent?: boolean }).__sent);
  await page.waitForLoadState('load');
  return response;
}

/** Which element has the keyboard focus (its id). */
const focused = (page: Page) =>
  page.evaluate(() => (globalThis as unknown as { document: { activeElement: { id: string } | null } }).document.activeElement?.id ?? '');

chromiumSuite('the buy page and its sample in headless Chromium')('the buy page and its sample in headless Chromium', () => {
  let stripe: FakeStripe;
  let service: RunningService;
  let context: BrowserContext;
  let close: (() => Promise<void>) | undefined;

  beforeAll(async () => {
    fs.mkdirSync(SHOTS, { recursive: true });
    stripe = await startFakeStripe();
    service = await startService({ env: purchaseEnv(stripe.url) });
    ({ context, close } = await launchChromium('buy-chromium-profile-', { viewport: { width: 900, height: 1100 } }));
  }, 120_000);

  afterAll(async () => {
    await close?.();
    await service?.stop();
    await stripe?.close();
  });

  it('lists every operation group, computes a typed birth, and shows the limit message on the 11th sample', async () => {
    const page = await context.newPage();
    const problems = pageErrors(page);
    const violations = await watchCsp(page);

    await page.emulateMedia({ colorScheme: 'light' });
    expect((await page.goto(`${service.baseUrl}/buy`))?.status()).toBe(200);
    const keyed = keyedOperations();
    for (const [group, { title }] of Object.entries(OPERATION_GROUPS)) {
      if (!keyed.some((op) => op.group === group)) continue;
      expect([title, await page.getByRole('heading', { level: 3, name: title, exact: true }).isVisible()]).toEqual([title, true]);
    }
    const text = await page.locator('main').innerText();
    for (const op of keyed) expect([op.id, text.includes(`${op.method} ${op.path}`)]).toEqual([op.id, true]);
    for (const scheme of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme: scheme });
      await page.screenshot({ path: path.join(SHOTS, `buy-${scheme}.png`), fullPage: true });
    }
    await page.emulateMedia({ colorScheme: 'light' });

    // Keyboard only: the link near the top leads to the form; Tab goes through its fields in order; Enter sends it.
    await startOfAMinute();
    await page.getByRole('link', { name: 'Try a sample chart first' }).focus();
    await page.keyboard.press('Enter');
    await page.waitForURL(/#sample$/);
    await page.keyboard.press('Tab');
    expect(await focused(page)).toBe('birthdate');
    await page.keyboard.type(RA.form.birthdate);
    await page.keyboard.press('Tab');
    expect(await focused(page)).toBe('birthtime');
    await page.keyboard.type(RA.form.birthtime);
    await page.keyboard.press('Tab');
    expect(await focused(page)).toBe('location');
    await page.keyboard.type(RA.form.location);
    // The fields are named by their labels for assistive technology.
    expect(await page.getByLabel('Birth date').inputValue()).toBe(RA.form.birthdate);
    expect(await page.getByLabel('Birth place').inputValue()).toBe(RA.form.location);
    const answer = await sendWithEnter(page);
    expect(answer.status()).toBe(200);
    await page.waitForURL(/\/buy\/sample#sample$/);

    const result = page.getByTestId('sample-result');
    expect(await result.isVisible()).toBe(true);
    const field = (name: string) => result.locator(`dd[data-field="${name}"]`).innerText();
    expect(await field('type')).toBe(RA.published.type);
    expect(await field('profile')).toBe(RA.published.profile);
    expect(await field('authority')).toBe(RA.published.authority);
    const image = page.getByRole('img', { name: /^Human Design bodygraph: / });
    expect(await image.isVisible()).toBe(true);
    const sources: Record<string, string> = {};
    for (const scheme of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme: scheme });
      // The drawing loaded (a data: image the CSP allows) and is the one drawn for this scheme.
      await page.waitForFunction((want) => {
        type Node = { complete: boolean; naturalWidth: number; currentSrc: string; getAttribute(a: string): string };
        const doc = (globalThis as unknown as { document: { querySelector(s: string): Node } }).document;
        const img = doc.querySelector('img.bodygraph');
        const expected = want === 'dark' ? doc.querySelector('picture source').getAttribute('srcset') : img.getAttribute('src');
        return img.complete && img.naturalWidth > 0 && img.currentSrc === expected;
      }, scheme);
      sources[scheme] = await image.evaluate((img) => (img as unknown as { currentSrc: string }).currentSrc);
      await result.scrollIntoViewIfNeeded();
      await page.screenshot({ path: path.join(SHOTS, `sample-result-${scheme}.png`), fullPage: true });
    }
    expect(sources.light).toMatch(/^data:image\/svg\+xml;base64,/);
    expect(sources.dark).toMatch(/^data:image\/svg\+xml;base64,/);
    expect(sources.dark).not.toBe(sources.light);
    expect(
      await page.evaluate(
        () =>
          (globalThis as unknown as { getComputedStyle(e: unknown): { backgroundColor: string }; document: { body: unknown } }).getComputedStyle(
            (globalThis as unknown as { document: { body: unknown } }).document.body,
          ).backgroundColor,
      ),
    ).toBe('rgb(17, 19, 23)');
    await page.emulateMedia({ colorScheme: 'light' });

    // Samples 2 to 10 from this address: the result page keeps the form filled in, so Enter in a field sends it again.
    for (let n = 2; n <= 10; n++) {
      await page.getByLabel('Birth place').focus();
      expect([n, (await sendWithEnter(page)).status()]).toEqual([n, 200]);
    }
    await page.getByLabel('Birth place').focus();
    const eleventh = await sendWithEnter(page);
    expect(eleventh.status()).toBe(429);
    expect(Number(eleventh.headers()['retry-after'])).toBeGreaterThanOrEqual(1);
    const limit = page.locator('#sample-limited');
    expect(await limit.isVisible()).toBe(true);
    expect(await limit.innerText()).toMatch(/Sample limit reached\. .* Try again in \d+ seconds?/);
    expect(await page.getByTestId('sample-result').count()).toBe(0);
    for (const scheme of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme: scheme });
      await page.screenshot({ path: path.join(SHOTS, `sample-limited-${scheme}.png`), fullPage: true });
    }

    expect(await violations()).toEqual([]);
    expect(problems.filter((p) => !/status of 429/.test(p))).toEqual([]);
    await page.close();
  }, 120_000);
});
