/**
 * The buy and reveal pages in headless Chromium (Debian package `chromium`): the Buy button posts and lands on
 * Stripe's page (answered here by a stand-in, since this machine has no internet), the reveal shows the key once
 * with a working copy button, a reload says it was already shown, and the pages' own CSP lets their style and
 * script run (no violations). Screenshots are kept in <tmpdir>/purchase-chromium/.
 */
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import type { BrowserContext } from 'playwright-core';
import { chromiumSuite, launchChromium, pageErrors } from './helpers/chromium';
import { event, FakeStripe, startFakeStripe } from './helpers/fake-stripe';
import { BIRTH, deliver, purchaseEnv } from './helpers/purchase';
import { post, RunningService, startService } from './helpers/service';

const SHOTS = path.join(os.tmpdir(), 'purchase-chromium');

chromiumSuite('purchase pages in headless Chromium')('purchase pages in headless Chromium', () => {
  let stripe: FakeStripe;
  let service: RunningService;
  let context: BrowserContext;
  let close: (() => Promise<void>) | undefined;

  beforeAll(async () => {
    fs.mkdirSync(SHOTS, { recursive: true });
    stripe = await startFakeStripe();
    service = await startService({ env: purchaseEnv(stripe.url) });
    ({ context, close } = await launchChromium('purchase-chromium-profile-', { viewport: { width: 900, height: 1100 } }));
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: service.baseUrl });
  }, 120_000);

  afterAll(async () => {
    await close?.();
    await service?.stop();
    await stripe?.close();
  });

  it('buy → Stripe → reveal once → copy → reload says already shown', async () => {
    const page = await context.newPage();
    const problems = pageErrors(page);
    // Stripe's hosted page cannot be reached from here: a stand-in answers the redirect's target.
    await page.route('https://checkout.stripe.com/**', (route) =>
      route.fulfill({ contentType: 'text/html', body: '<title>Stripe Checkout stand-in</title><h1>Pay</h1>' }),
    );

    for (const scheme of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme: scheme });
      await page.goto(`${service.baseUrl}/buy`);
      await page.screenshot({ path: path.join(SHOTS, `buy-${scheme}.png`), fullPage: true });
    }
    const button = page.getByRole('button', { name: 'Buy a key for $50.00' });
    expect(await button.isVisible()).toBe(true);
    // The inline style ran under the CSP (a hash-allowed <style>): the layout's width is the page's own.
    expect(
      await page
        .locator('main')
        .evaluate((m) => (globalThis as unknown as { getComputedStyle(e: unknown): { maxWidth: string } }).getComputedStyle(m).maxWidth),
    ).toBe('672px');

    await button.click();
    await page.waitForURL(/checkout\.stripe\.com\/c\/pay\/cs_test_/);
    const sessionId = page.url().split('/').pop()!;
    expect(await page.title()).toBe('Stripe Checkout stand-in');

    const paid = stripe.pay(sessionId, 'chromium@example.com');
    expect((await deliver(service.baseUrl, event('checkout.session.completed', paid))).body.outcome).toBe('issued');

    await page.emulateMedia({ colorScheme: 'light' });
    const first = await page.goto(`${service.baseUrl}/purchase/success?session_id=${sessionId}`);
    expect(first?.status()).toBe(200);
    await page.screenshot({ path: path.join(SHOTS, 'reveal-first-visit.png'), fullPage: true });
    const key = (await page.locator('#api-key').textContent())!.trim();
    expect(key).toMatch(/^hdk_[A-Za-z0-9_-]{43}$/);

    // The copy button exists only when the script ran (the CSP's script hash matched) and it copies the key.
    const copy = page.getByRole('button', { name: 'Copy key' });
    expect(await copy.isVisible()).toBe(true);
    await copy.click();
    await page.getByRole('status').filter({ hasText: 'Copied' }).waitFor({ timeout: 5_000 });
    expect(
      await page.evaluate(() => (globalThis as unknown as { navigator: { clipboard: { readText(): Promise<string> } } }).navigator.clipboard.readText()),
    ).toBe(key);

    const second = await page.reload();
    expect(second?.status()).toBe(410);
    await page.screenshot({ path: path.join(SHOTS, 'reveal-second-visit.png'), fullPage: true });
    expect(await page.locator('h1').textContent()).toBe('This key was already shown');
    expect(await page.content()).not.toContain(key);

    expect(problems.filter((p) => !/status of 410/.test(p))).toEqual([]);
    expect((await post(service.baseUrl, '/v1/chart', BIRTH, { key })).status).toBe(200);
    await page.close();
  }, 90_000);
});
