/**
 * The queue dashboard (bull-board at /admin/queues) in headless Chromium: it renders the service's queues and loads
 * nothing from another origin (bull-board's page links Google Fonts; the dashboard's CSP refuses it, so an
 * operator's browser never calls out). Screenshot in <tmpdir>/admin-chromium/.
 */
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import { chromiumSuite, launchChromium, pageErrors } from './helpers/chromium';
import { RunningService, startService } from './helpers/service';

const SHOTS = path.join(os.tmpdir(), 'admin-chromium');
const ADMIN_TOKEN = 'admin-token-chromium-0123456789';

chromiumSuite('queue dashboard in headless Chromium')('queue dashboard in headless Chromium', () => {
  let service: RunningService;

  beforeAll(async () => {
    fs.mkdirSync(SHOTS, { recursive: true });
    service = await startService({ env: { ADMIN_TOKEN } });
  }, 120_000);

  afterAll(() => service?.stop());

  it('shows the queues and requests nothing from another origin', async () => {
    const { context, close } = await launchChromium('admin-chromium-profile-', { viewport: { width: 1200, height: 800 } });
    try {
      await context.setExtraHTTPHeaders({ Authorization: `Bearer ${ADMIN_TOKEN}` });
      const page = await context.newPage();
      const requested: string[] = [];
      const answered: string[] = [];
      const refused: string[] = [];
      const errors = pageErrors(page);
      page.on('request', (r) => requested.push(r.url()));
      page.on('response', (r) => answered.push(r.url()));
      page.on('requestfailed', (r) => refused.push(`${r.url()} ${r.failure()?.errorText}`));
      await page.goto(`${service.baseUrl}/admin/queues`);
      await page.getByText('charts-heavy').first().waitFor({ timeout: 20_000 });
      await page.screenshot({ path: path.join(SHOTS, 'queues.png'), fullPage: true });

      expect(answered.length).toBeGreaterThan(3); // the page, its scripts and styles, its API calls
      // Chromium names the font stylesheet as a request and fails it for the page's CSP ("csp") before any network use:
      // nothing from another origin is answered.
      expect(answered.filter((url) => !url.startsWith(service.baseUrl))).toEqual([]);
      const outside = requested.filter((url) => !url.startsWith(service.baseUrl));
      expect(refused.filter((r) => !r.startsWith(service.baseUrl))).toEqual(outside.map((url) => `${url} csp`));
      // The one refusal is the font stylesheet's; nothing else failed.
      expect(errors.filter((e) => !/fonts\.googleapis\.com/.test(e))).toEqual([]);
    } finally {
      await close();
    }
  }, 60_000);
});
