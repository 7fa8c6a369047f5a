import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import { ensureChromium } from '@travel/local-deploy';
import { type Browser, type BrowserContext, chromium, type Locator, type Page } from 'playwright-core';

// The console's browser tests drive Debian's Chromium (installed by the set-up when missing) with playwright-core:
// no browser is ever downloaded, and the flags keep it off the network but for the pages it is sent to.

/** Flags for a headless browser on a closed network: no sandbox (root in CI), no GPU, nothing phoned home. */
export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--disable-dev-shm-usage',
];

/** The size screenshots are taken at, and the narrow width every page must stay usable at. */
export const DESKTOP = { width: 1280, height: 800 };
export const PHONE_WIDTH = 375;

/** Where the screenshots docs/console.md shows are written. */
export const SCREENSHOTS = join(__dirname, '..', '..', '..', 'docs', 'console', 'screenshots');

/** A launched browser and how to end it for sure. */
export interface LaunchedBrowser {
  browser: Browser;
  /** Closes the browser; a Chromium that does not exit within seconds is killed, so the test run can end. */
  close(): Promise<void>;
}

/** Waits for `work` at most `ms` (whatever its outcome), so a hung close cannot hold the run. */
async function within(ms: number, work: Promise<unknown>): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<void>((resolve) => {
    timer = setTimeout(resolve, ms);
  });
  await Promise.race([
    work.then(
      () => undefined,
      () => undefined,
    ),
    timeout,
  ]);
  clearTimeout(timer);
}

/**
 * One browser for a whole test file (each launch costs a second or two of a core); a fresh profile each launch.
 * Started as a server of its own process, so its process can be killed should closing it hang: a Chromium left
 * running keeps jest from ending.
 */
export async function launchBrowser(): Promise<LaunchedBrowser> {
  const executablePath = await ensureChromium();
  const server = await chromium.launchServer({
    executablePath,
    args: CHROMIUM_ARGS,
    headless: true,
    timeout: 60_000,
  });
  const browser = await chromium.connect(server.wsEndpoint(), { timeout: 60_000 });
  return {
    browser,
    async close() {
      await within(5_000, browser.close());
      await within(5_000, server.close());
      const child = server.process();
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
    },
  };
}

/** A context of its own (cookies, storage) for one signed-in person, at the desktop size. */
export async function newContext(browser: Browser, baseURL: string): Promise<BrowserContext> {
  const context = await browser.newContext({ baseURL, viewport: DESKTOP, reducedMotion: 'reduce' });
  context.setDefaultTimeout(15_000);
  return context;
}

/**
 * axe-core over the page as it is now: every violation of impact `serious` or `critical` is listed (rule, impact,
 * the first nodes), so a failure says what to fix. Moderate and minor findings are not failures.
 */
export async function seriousViolations(page: Page): Promise<string[]> {
  const result = await new AxeBuilder({ page }).analyze();
  return result.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map(
      (violation) =>
        `${violation.id} (${violation.impact}): ${violation.help} at ${violation.nodes
          .slice(0, 3)
          .map((node) => node.target.join(' '))
          .join(', ')}`,
    );
}

/** How far the page is wider than its viewport (0: nothing to scroll sideways). */
export async function horizontalOverflow(page: Page): Promise<number> {
  // Run in the page (a string: the tests' own types know no DOM).
  return page.evaluate(
    'document.documentElement.scrollWidth - document.documentElement.clientWidth',
  ) as Promise<number>;
}

/**
 * Saves the page at the desktop size as docs/console/screenshots/<name>.png (the viewport, not the full page);
 * `mask` covers what must not be kept in a picture (a key's secret, even a test stack's).
 */
export async function screenshot(page: Page, name: string, mask: Locator[] = []): Promise<void> {
  mkdirSync(SCREENSHOTS, { recursive: true });
  await page.screenshot({
    path: join(SCREENSHOTS, `${name}.png`),
    animations: 'disabled',
    caret: 'hide',
    mask,
  });
}

/**
 * The checks every page gets: no serious or critical axe violation, a screenshot at 1280 px, and at 375 px wide
 * nothing to scroll sideways and the page's heading still visible (then back to the desktop size).
 */
export async function checkPage(
  page: Page,
  name: string,
  mask: Locator[] = [],
): Promise<{ violations: string[]; overflow: number }> {
  await page.setViewportSize(DESKTOP);
  const violations = await seriousViolations(page);
  await screenshot(page, name, mask);
  await page.setViewportSize({ width: PHONE_WIDTH, height: DESKTOP.height });
  await page.getByRole('heading', { level: 1 }).first().waitFor({ state: 'visible' });
  const overflow = await horizontalOverflow(page);
  const narrowViolations = await seriousViolations(page);
  await page.setViewportSize(DESKTOP);
  return { violations: [...new Set([...violations, ...narrowViolations])], overflow };
}
