/**
 * The reading's HTML (POST /v1/chart/report, real API, worker and Redis) in headless Chromium: the bodygraph drawn
 * inline with its nine centers, every section heading, the type, authority and profile texts of data/meaning (read
 * here on their own, not through the code), no console error, no request beyond the page itself; the reader's dark
 * preference, a forced theme and printing. Screenshots (light, dark, print, German) go to <tmpdir>/report-chromium/.
 */
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import type { BrowserContext, Page } from 'playwright-core';
import { chromiumSuite, launchChromium, pageErrors } from './helpers/chromium';
import { RunningService, startService, TEST_API_KEY } from './helpers/service';

const SHOTS = path.join(os.tmpdir(), 'report-chromium');
const RA = { birthdate: '1948-04-09', birthtime: '00:14', location: 'Montreal, Quebec, Canada' };
const MEANING = path.join(__dirname, '..', 'data', 'meaning');
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- the library's JSON as it is on disk
const library = (language: string, file: string): any => JSON.parse(fs.readFileSync(path.join(MEANING, language, `${file}.json`), 'utf8'));
const CENTERS = ['Head', 'Ajna', 'Throat', 'G', 'Heart', 'Sacral', 'SolarPlexus', 'Spleen', 'Root'];

/** The section headings as a reader sees them, in order (written out here, not taken from the code). */
const HEADINGS: Record<string, string[]> = {
  en: ['Type', 'Authority', 'Profile', 'Definition', 'Centers', 'Channels', 'Gates and lines', 'Incarnation cross', 'Variables', 'Birth data'],
  de: ['Typ', 'Autorität', 'Profil', 'Definition', 'Zentren', 'Kanäle', 'Tore und Linien', 'Inkarnationskreuz', 'Variablen', 'Geburtsdaten'],
};

interface Visit {
  page: Page;
  requested: string[];
  errors: string[];
}

chromiumSuite('the reading in Chromium')('the reading in Chromium (HTML from the running service)', () => {
  let svc: RunningService;
  let context: BrowserContext;
  let close: () => Promise<void>;

  beforeAll(async () => {
    fs.mkdirSync(SHOTS, { recursive: true });
    svc = await startService();
    ({ context, close } = await launchChromium('report-chromium-profile-', { viewport: { width: 1000, height: 900 } }));
  }, 120_000);
  afterAll(async () => {
    await close?.();
    await svc?.stop();
  });

  /** The service's answer, served to the browser as it came (body and content type) at a URL of the service's origin. */
  async function open(body: object, name: string): Promise<Visit> {
    const res = await fetch(`${svc.baseUrl}/v1/chart/report`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'HD-Api-Key': TEST_API_KEY },
      body: JSON.stringify(body),
    });
    expect(res.status).toBe(200);
    const type = res.headers.get('content-type')!;
    expect(type).toBe('text/html; charset=utf-8');
    const html = Buffer.from(await res.arrayBuffer());
    const url = `${svc.baseUrl}/reading/${name}`;
    const page = await context.newPage();
    const requested: string[] = [];
    const errors = pageErrors(page);
    page.on('request', (r) => requested.push(r.url()));
    // Only the page itself is answered; anything else it asked for would show in `requested` and fail here.
    await page.route('**/*', (route) =>
      route.request().url() === url ? route.fulfill({ status: 200, headers: { 'content-type': type }, body: html }) : route.abort(),
    );
    await page.goto(url);
    return { page, requested, errors };
  }

  const text = async (page: Page) => (await page.locator('body').innerText()).replace(/\s+/g, ' ');
  const flat = (s: string) => s.replace(/\s+/g, ' ').trim();
  const shown = (page: Page, selector: string) => page.locator(selector).first().isVisible();
  // A string expression: it runs in the page, whose DOM is not in this project's TypeScript lib.
  const background = (page: Page) => page.evaluate<string>('getComputedStyle(document.documentElement).backgroundColor');

  it('shows the drawing, every section and the library texts, requests nothing else and logs no error (English, light)', async () => {
    const { page, requested, errors } = await open(RA, 'en');
    try {
      // The drawing: an inline <svg> holding the nine centers, the light one shown.
      for (const c of CENTERS) expect([c, await shown(page, `#bodygraph svg #center-${c}`)]).toEqual([c, true]);
      expect(await shown(page, `#bodygraph svg #dark-center-Head`)).toBe(false);
      const box = await page.locator('#bodygraph .light svg').boundingBox();
      expect(box!.width).toBeGreaterThan(300);
      expect(await page.locator('h2').allInnerTexts()).toEqual(HEADINGS.en);
      const body = await text(page);
      const type = library('en', 'types').Manifestor;
      const authority = library('en', 'authorities').Splenic;
      const profile = library('en', 'profiles');
      for (const t of [
        type.name,
        type.strategy,
        type.signature,
        type.notSelfTheme,
        type.aura,
        type.description,
        authority.name,
        authority.description,
        profile.profiles['5/1'].description,
        profile.lines['5'].description,
        profile.lines['1'].description,
      ]) {
        expect(body).toContain(flat(t));
      }
      expect(body).toContain('CC BY 4.0');
      expect(await background(page)).toBe('rgb(255, 255, 255)');
      await page.screenshot({ path: path.join(SHOTS, 'reading-light.png'), fullPage: true });
      expect(errors).toEqual([]);
      expect(requested).toEqual([`${svc.baseUrl}/reading/en`]);
    } finally {
      await page.close();
    }
  });

  it("follows the reader's dark preference, and prints light", async () => {
    const { page, requested, errors } = await open(RA, 'auto');
    try {
      await page.emulateMedia({ colorScheme: 'dark' });
      expect(await background(page)).toBe('rgb(20, 20, 23)');
      expect(await shown(page, '#bodygraph svg #dark-center-Head')).toBe(true);
      expect(await shown(page, '#bodygraph svg #center-Head')).toBe(false);
      await page.screenshot({ path: path.join(SHOTS, 'reading-dark.png'), fullPage: true });
      await page.emulateMedia({ media: 'print', colorScheme: 'dark' });
      expect(await background(page)).toBe('rgb(255, 255, 255)');
      expect(await shown(page, '#bodygraph svg #center-Head')).toBe(true);
      await page.screenshot({ path: path.join(SHOTS, 'reading-print.png'), fullPage: true });
      expect(errors).toEqual([]);
      expect(requested).toHaveLength(1);
    } finally {
      await page.close();
    }
  });

  it('keeps a forced dark theme whatever the reader prefers', async () => {
    const { page, errors } = await open({ ...RA, theme: 'dark' }, 'dark');
    try {
      await page.emulateMedia({ colorScheme: 'light' });
      expect(await background(page)).toBe('rgb(20, 20, 23)');
      expect(await shown(page, '#bodygraph svg #dark-center-Head')).toBe(true);
      expect(errors).toEqual([]);
    } finally {
      await page.close();
    }
  });

  it('reads in German: the headings and the texts of data/meaning/de', async () => {
    const { page, requested, errors } = await open({ ...RA, meaning: 'de' }, 'de');
    try {
      expect(await page.getAttribute('html', 'lang')).toBe('de');
      expect(await page.locator('h2').allInnerTexts()).toEqual(HEADINGS.de);
      const body = await text(page);
      const type = library('de', 'types').Manifestor;
      for (const t of [
        type.name,
        type.description,
        library('de', 'authorities').Splenic.description,
        library('de', 'profiles').profiles['5/1'].description,
        library('de', 'centers').Spleen.defined,
        library('de', 'centers').Sacral.open,
      ]) {
        expect(body).toContain(flat(t));
      }
      await page.screenshot({ path: path.join(SHOTS, 'reading-de.png'), fullPage: true });
      expect(errors).toEqual([]);
      expect(requested).toEqual([`${svc.baseUrl}/reading/de`]);
    } finally {
      await page.close();
    }
  });
});
