/**
 * The first pages a new user opens, in headless Chromium against the real service (API, worker, Redis): the home
 * page at / and the API docs at /docs, where "Try it out" on the bodygraph operation shows the drawing as a picture,
 * SVG and PNG alike (Swagger UI alone shows an SVG answer as its text; src/modules/operations/docs-ui.ts). Neither
 * page logs an error or a CSP violation, and neither fetches anything from another origin. Screenshots in
 * <tmpdir>/docs-chromium/.
 */
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import { PNG } from 'pngjs';
import type { BrowserContext, Locator, Page } from 'playwright-core';
import { bodygraphHeight, CENTER_INNER_POINT, PALETTES, VIEW_WIDTH } from '../src/engine/bodygraph';
import { CENTERS } from '../src/engine/types';
import { serviceIndex } from '../src/modules/purchase/pages';
import { chromiumSuite, launchChromium } from './helpers/chromium';
import { post, type RunningService, startService, TEST_API_KEY } from './helpers/service';

const SHOTS = path.join(os.tmpdir(), 'docs-chromium');

type RGB = [number, number, number];
const rgb = (hex: string): RGB => [1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16)) as RGB;
const near = (a: RGB, b: RGB, tol = 10) => a.every((v, i) => Math.abs(v - b[i]) <= tol);

/** Decodes a screenshot: its size, its pixel at (x, y), how many colors it has and the share of its commonest. */
function decode(png: Buffer) {
  const { width, height, data } = PNG.sync.read(png);
  const counts = new Map<number, number>();
  for (let i = 0; i < data.length; i += 4) {
    const c = (data[i] << 16) | (data[i + 1] << 8) | data[i + 2];
    counts.set(c, (counts.get(c) ?? 0) + 1);
  }
  const at = (x: number, y: number): RGB => {
    const i = (Math.round(y) * width + Math.round(x)) * 4;
    return [data[i], data[i + 1], data[i + 2]];
  };
  return { width, height, at, colors: counts.size, commonest: Math.max(...counts.values()) / (width * height) };
}

/** Errors the page logs (a CSP violation is one) or throws, and requests that fail or go to another origin. */
function watch(page: Page, origin: string): string[] {
  const problems: string[] = [];
  page.on('console', (m) => m.type() === 'error' && problems.push(`console: ${m.text()}`));
  page.on('pageerror', (e) => problems.push(`pageerror: ${e.message}`));
  page.on('requestfailed', (r) => problems.push(`failed: ${r.url()} ${r.failure()?.errorText}`));
  // The pictures' blob: URLs are the page's own.
  page.on('request', (r) => !r.url().startsWith(origin) && !r.url().startsWith(`blob:${origin}/`) && problems.push(`outside: ${r.url()}`));
  return problems;
}

chromiumSuite('home page and API docs in headless Chromium')('home page and API docs in headless Chromium', () => {
  let service: RunningService;
  let context: BrowserContext;
  let close: (() => Promise<void>) | undefined;
  /** The drawing's example bodies "Try it out" sends, and the centers their chart defines (as the API computes them). */
  let examples: Record<'svg' | 'png', { size: number; format?: string }>;
  let defined: string[];

  beforeAll(async () => {
    fs.mkdirSync(SHOTS, { recursive: true });
    const browser = launchChromium('docs-chromium-profile-', { viewport: { width: 1280, height: 900 } });
    [service, { context, close }] = await Promise.all([startService(), browser]);
    const doc = (await (await fetch(`${service.baseUrl}/docs-json`)).json()) as {
      paths: Record<string, { post: { requestBody: { content: Record<string, { examples: Record<string, { value: Record<string, unknown> }> }> } } }>;
    };
    const named = doc.paths['/v1/chart/bodygraph'].post.requestBody.content['application/json'].examples;
    examples = { svg: named.svg.value as { size: number }, png: named.png.value as { size: number; format: string } };
    expect(examples.png.format).toBe('png');
    const { format: _f, size: _s, ...birth } = named.svg.value;
    const chart = await post<{ definedCenters: string[] }>(service.baseUrl, '/v1/chart', birth);
    expect(chart.status).toBe(200);
    defined = chart.body.definedCenters;
  }, 120_000);

  afterAll(async () => {
    await close?.();
    await service?.stop();
  });

  it('/ shows the service and links the buy page, docs, llms.txt and health, and names the MCP endpoint', async () => {
    const page = await context.newPage();
    const problems = watch(page, service.baseUrl);
    await page.goto(`${service.baseUrl}/`);
    await expect(page.locator('h1').innerText()).resolves.toBe(serviceIndex().name);
    const hrefs = await page.locator('a[href]').evaluateAll((as) => as.map((a) => a.getAttribute('href')));
    expect(hrefs).toEqual(expect.arrayContaining(['/buy', '/docs', '/llms.txt', '/health']));
    // MCP is a POST endpoint for agents, not a page: named with its method rather than linked.
    await expect(page.getByText('POST /mcp', { exact: true }).first().isVisible()).resolves.toBe(true);

    const shot = await page.screenshot({ path: path.join(SHOTS, 'home.png'), fullPage: true });
    const { height, colors, commonest } = decode(shot);
    expect(height).toBeGreaterThan(900); // the whole page, below the fold too
    // Not blank: text in several colors (anti-aliased) on the background, which is most of the page but not all.
    expect(colors).toBeGreaterThan(20);
    expect(commonest).toBeLessThan(0.97);
    expect(problems).toEqual([]);
    await page.close();
  });

  /** /docs, authorized with the test key, the bodygraph operation open in "Try it out" with the named example. */
  async function tryBodygraph(page: Page, exampleName: 'svg' | 'png') {
    await page.goto(`${service.baseUrl}/docs`);
    await page.getByRole('button', { name: 'Authorize' }).first().click();
    const apiKey = page.locator('.modal-ux .auth-container').first(); // HD-Api-Key, the first scheme
    await apiKey.locator('input').fill(TEST_API_KEY);
    await apiKey.getByRole('button', { name: 'Apply credentials' }).click();
    await apiKey.getByRole('button', { name: 'Remove authorization' }).waitFor();
    await apiKey.getByRole('button', { name: 'Close' }).click();
    const op = page.locator('#operations-charts-bodygraph');
    await op.locator('.opblock-summary').click();
    await op.getByRole('button', { name: 'Try it out' }).click();
    await op.locator('select.examples-select-element').first().selectOption(exampleName);
    await op.getByRole('button', { name: 'Execute' }).click();
    const answer = op.locator('.live-responses-table tbody .response-col_description');
    await answer.locator('img').waitFor({ timeout: 20_000 });
    return answer;
  }

  /**
   * The picture as shown: decoded by the browser, and each center's inside in its color (defined or open) in a
   * screenshot of it. The answer's cell (picture and headers) is kept as `file`.
   */
  async function expectDrawing(answer: Locator, size: number, file: string) {
    const img = answer.locator('img');
    const { src, naturalWidth, naturalHeight } = await img.evaluate(async (el: unknown) => {
      const i = el as { src: string; naturalWidth: number; naturalHeight: number; decode(): Promise<void> };
      await i.decode();
      return { src: i.src, naturalWidth: i.naturalWidth, naturalHeight: i.naturalHeight };
    });
    expect(src).toMatch(/^blob:/);
    expect([naturalWidth, naturalHeight]).toEqual([size, bodygraphHeight(size)]);
    await answer.screenshot({ path: path.join(SHOTS, file) });
    const shot = decode(await img.screenshot());
    // Shown at its own size (the element's screenshot may take one more row where the page puts it between two pixels).
    expect([shot.width, Math.abs(shot.height - naturalHeight) <= 1]).toEqual([naturalWidth, true]);
    const scale = shot.width / VIEW_WIDTH;
    const palette = PALETTES.light;
    for (const c of CENTERS) {
      const [x, y] = CENTER_INNER_POINT[c];
      const want = defined.includes(c) ? palette.centerDefined[c] : palette.centerOpen;
      const got = shot.at(x * scale, y * scale);
      expect([c, near(got, rgb(want)) ? 'ok' : got]).toEqual([c, 'ok']);
    }
    expect(defined.length).toBeGreaterThan(0); // so that some centers are in color
  }

  it('/docs: "Try it out" on the bodygraph shows the SVG drawing as a picture, not as its text', async () => {
    const page = await context.newPage();
    const problems = watch(page, service.baseUrl);
    const answer = await tryBodygraph(page, 'svg');
    await expect(answer.innerText()).resolves.toMatch(/content-type: image\/svg\+xml/);
    await expectDrawing(answer, examples.svg.size, 'docs-bodygraph.png');
    // The answer's text appears nowhere on the page, not even hidden: only the picture (and its download link).
    expect(await answer.textContent()).not.toContain('<svg');
    expect(await page.locator('body').innerText()).not.toContain('<svg');
    expect(problems).toEqual([]);
    await page.close();
  });

  it('/docs: and the PNG drawing (format png) as a picture too', async () => {
    const page = await context.newPage();
    const problems = watch(page, service.baseUrl);
    const answer = await tryBodygraph(page, 'png');
    await expect(answer.innerText()).resolves.toMatch(/content-type: image\/png/);
    await expectDrawing(answer, examples.png.size, 'docs-bodygraph-png.png');
    expect(problems).toEqual([]);
    await page.close();
  });
});
