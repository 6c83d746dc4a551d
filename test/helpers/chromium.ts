/**
 * Debian's headless Chromium for the tests that look at what we draw or serve (bodygraph, drawings, purchase
 * pages). A missing browser skips those suites with a message, except under CI, where it fails them.
 * BODYGRAPH_CHROMIUM overrides the path (used to check the missing-browser behavior).
 */
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import { chromium, type BrowserContext, type Page } from 'playwright-core';

export const CHROMIUM = process.env.BODYGRAPH_CHROMIUM ?? '/usr/bin/chromium';
/** As the machine's probe starts it: without the background networking this closed network refuses. */
export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];
export const chromiumPresent = fs.existsSync(CHROMIUM);
const inCi = Boolean(process.env.CI);

/** `describe`, or `describe.skip` with a note when the browser is missing outside CI. */
export function chromiumSuite(name: string): jest.Describe {
  if (!chromiumPresent && !inCi) {
    console.warn(`${name}: SKIPPED — ${CHROMIUM} not found (install with: apt-get install -y chromium). Under CI this fails.`);
    return describe.skip;
  }
  return describe;
}

/** A persistent context in a fresh profile directory; `close` removes the profile too. */
export async function launchChromium(
  profilePrefix: string,
  options: { viewport?: { width: number; height: number } } = {},
): Promise<{ context: BrowserContext; close: () => Promise<void> }> {
  if (!chromiumPresent) throw new Error(`CI is set but ${CHROMIUM} is missing: install it with apt-get install -y chromium`);
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), profilePrefix));
  const context = await chromium.launchPersistentContext(dir, { executablePath: CHROMIUM, headless: true, args: CHROMIUM_ARGS, ...options });
  return {
    context,
    close: async () => {
      await context.close();
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** The page's console errors and uncaught exceptions, collected from now on (a test expects the list empty). */
export function pageErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('console', (m) => m.type() === 'error' && errors.push(m.text()));
  page.on('pageerror', (e) => errors.push(e.message));
  return errors;
}
