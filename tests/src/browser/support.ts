// Browser tests: the real UI build, served by the whole product, driven through Debian's Chromium by playwright-core.
import { constants } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import { chromium, type Browser, type BrowserContext, type BrowserContextOptions, type Dialog, type Locator, type Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, expect, inject } from 'vitest';
import { signedIn } from '../accounts/support';
import type { PortalClient } from '../support/http-client';
import { startTestSystem, type TestSystem } from '../support/system';

export const CHROMIUM_PATH = '/usr/bin/chromium';
export const SHOTS_DIR = '/tmp/browser-shots';
/** Navigations, redirects and elements appearing: generous, since a cold page load also waits for the session check. */
export const NAV_TIMEOUT = 15_000;

/** Launches Debian's Chromium (never a downloaded browser); fails loudly when it is not installed. */
/** `extraArgs`: more Chromium switches, e.g. a fake camera for a test of its own. */
export async function launchBrowser(extraArgs: string[] = []): Promise<Browser> {
  try {
    await fs.access(CHROMIUM_PATH, constants.X_OK);
  } catch {
    throw new Error(
      `Browser tests need Chromium at ${CHROMIUM_PATH}, and it is missing. ` +
        `Run 'npm test' (its pretest step installs it when run as root) or 'sudo apt-get install chromium'.`,
    );
  }
  return chromium.launch({
    executablePath: CHROMIUM_PATH,
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      ...extraArgs,
    ],
  });
}

/** A fresh browser context (no cookies, no localStorage) on the system's origin, in the light colour scheme. */
export async function newContext(browser: Browser, system: TestSystem, options: BrowserContextOptions = {}): Promise<BrowserContext> {
  const context = await browser.newContext({ baseURL: system.url, colorScheme: 'light', viewport: { width: 1280, height: 800 }, ...options });
  context.setDefaultNavigationTimeout(NAV_TIMEOUT);
  context.setDefaultTimeout(NAV_TIMEOUT);
  return context;
}

/** Saves a full-page screenshot to /tmp/browser-shots/<name>.png (outside the repository) and returns its path. */
export async function screenshot(page: Page, name: string): Promise<string> {
  await fs.mkdir(SHOTS_DIR, { recursive: true });
  const file = path.join(SHOTS_DIR, `${name}.png`);
  await page.screenshot({ path: file, fullPage: true });
  return file;
}

/** Uncaught exceptions in the page: a test ends by checking there were none. */
export function collectPageErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  return errors;
}

/**
 * Every path the main frame shows, in order, including client-side (history API) navigations, so a test can see the
 * intermediate stops of a redirect chain.
 */
export function trackPaths(page: Page): string[] {
  const paths: string[] = [];
  page.on('framenavigated', (frame) => {
    if (frame === page.mainFrame()) paths.push(new URL(frame.url()).pathname);
  });
  return paths;
}

export const pathIs = (pathname: string) => (url: URL) => url.pathname === pathname;

/** Waits until the browser shows `pathname` (after any client-side redirect). */
export async function waitForPath(page: Page, pathname: string): Promise<void> {
  await page.waitForURL(pathIs(pathname), { timeout: NAV_TIMEOUT });
}

/** The main navigation bar, on every page. */
export const mainNav = (page: Page) => page.getByRole('navigation', { name: 'Main' });

/**
 * The nav link marked as the current page. Screens still being built replace their placeholders, so a landing on
 * them is recognised by the app shell rather than by a placeholder title.
 */
export const currentNavLink = (page: Page, label: string) =>
  mainNav(page).locator('a[aria-current="page"]').filter({ hasText: new RegExp(`^${label}$`) });

/**
 * Something rendered by the routed screen. A guard that refuses (or sends a signed-in visitor on) renders nothing
 * while its redirect happens, so this appears only once the browser shows the screen it stays on.
 */
export const routedScreen = (page: Page) => page.locator('main > *').first();

/** The password field ("Password *"), not its "Show password" toggle. */
export const PASSWORD_LABEL = /^Password\b/;

/** The login form of either portal; submits and leaves the waiting to the caller. */
export async function submitLogin(page: Page, username: string, password: string): Promise<void> {
  await page.getByLabel('Username').fill(username);
  await page.getByLabel(PASSWORD_LABEL).fill(password);
  await page.getByRole('button', { name: 'Log In' }).click();
}

/** Signs in through the UI: opens the portal's login page, submits, and waits for the landing page. */
export async function loginThroughUi(page: Page, portal: 'vendor' | 'staff', username: string, password: string, landing: string) {
  await page.goto(portal === 'vendor' ? '/' : '/staff/login');
  await page.getByRole('heading', { name: portal === 'vendor' ? 'Vendor Login' : 'Staff Login' }).waitFor();
  await submitLogin(page, username, password);
  await waitForPath(page, landing);
}

export interface BrowserSuite {
  system: TestSystem;
  browser: Browser;
  close(): Promise<void>;
}

/**
 * One test file's world: the product serving the UI that the browser project's global setup built once
 * (./global-setup.ts), and a browser. Close it in afterAll.
 */
export async function startBrowserSuite(options: Parameters<typeof startTestSystem>[0] = {}): Promise<BrowserSuite> {
  const steps: (() => Promise<unknown>)[] = [];
  const close = async () => {
    const failures: unknown[] = [];
    for (const step of steps.reverse()) await step().catch((error: unknown) => failures.push(error));
    steps.length = 0;
    if (failures.length > 0) throw new AggregateError(failures, 'closing the browser suite failed');
  };
  const uiDistDir = inject('uiDistDir');
  if (!uiDistDir) throw new Error("no UI build: browser test files run in vitest.config.ts's 'browser' project, whose global setup builds it");
  try {
    // Both at once; whichever succeeded is undone if the other failed.
    const [started, launched] = await Promise.allSettled([startTestSystem({ ...options, uiDistDir }), launchBrowser()]);
    if (launched.status === 'fulfilled') steps.push(() => launched.value.close());
    if (started.status === 'fulfilled') steps.push(() => started.value.stop());
    if (started.status === 'rejected') throw started.reason;
    if (launched.status === 'rejected') throw launched.reason;
    return { system: started.value, browser: launched.value, close };
  } catch (error) {
    await close().catch(() => undefined);
    throw error;
  }
}

export interface BrowserTestFile {
  readonly system: TestSystem;
  readonly browser: Browser;
  /** A page in a fresh context; closed after the test, which fails if the page threw an uncaught error. */
  openPage(options?: BrowserContextOptions): Promise<Page>;
  /** An API client signed in as `username` (for set-up and checks beside the browser). */
  signedInClient(username: string, password: string, portal: 'vendor' | 'staff'): Promise<PortalClient>;
  /** A page (openPage) signed in through the login screen, once it has landed on `landing`. */
  signedInPage(portal: 'vendor' | 'staff', username: string, password: string, landing: string, options?: BrowserContextOptions): Promise<Page>;
}

/**
 * A browser test file's hooks in one call: the suite starts before its tests (within `startTimeoutMs`) and closes
 * after them; the pages each test opened are closed after it, and the test fails on any uncaught error in them.
 */
export function useBrowserSuite(options: Parameters<typeof startTestSystem>[0], startTimeoutMs = 120_000): BrowserTestFile {
  let suite: BrowserSuite | undefined;
  const contexts: BrowserContext[] = [];
  const pageErrors: string[][] = [];
  beforeAll(async () => {
    suite = await startBrowserSuite(options);
  }, startTimeoutMs);
  afterAll(async () => {
    await suite?.close();
  });
  afterEach(async () => {
    await Promise.all(contexts.splice(0).map((context) => context.close()));
    expect(pageErrors.splice(0).flat(), 'uncaught errors in the page').toEqual([]);
  });
  const started = () => {
    if (!suite) throw new Error('the browser suite has not started (used outside a test?)');
    return suite;
  };
  return {
    get system() {
      return started().system;
    },
    get browser() {
      return started().browser;
    },
    async openPage(contextOptions = {}) {
      const context = await newContext(started().browser, started().system, contextOptions);
      contexts.push(context);
      const page = await context.newPage();
      pageErrors.push(collectPageErrors(page));
      return page;
    },
    async signedInClient(username, password, portal) {
      return (await signedIn(started().system, username, password, portal)).client;
    },
    async signedInPage(portal, username, password, landing, contextOptions = {}) {
      const page = await this.openPage(contextOptions);
      await loginThroughUi(page, portal, username, password, landing);
      return page;
    },
  };
}

/** Tries a reload, dismissing any prompt it raises: answers the prompts' types (['beforeunload'] when guarded). */
export async function promptsOnReload(page: Page): Promise<string[]> {
  const prompts: string[] = [];
  // Kept until the reload is over: a `once` left unused would answer a later test's prompt.
  const dismiss = (prompt: Dialog) => {
    prompts.push(prompt.type());
    prompt.dismiss().catch(() => undefined);
  };
  page.on('dialog', dismiss);
  try {
    await page.reload({ timeout: 3_000 }).catch(() => undefined);
  } finally {
    page.off('dialog', dismiss);
  }
  return prompts;
}

/** Presses the vendor profile's Save Profile and accepts its alert; done once the alert said the profile was saved. */
export async function saveProfile(page: Page): Promise<void> {
  const alerts: string[] = [];
  const accept = (alert: Dialog) => {
    alerts.push(alert.message());
    alert.accept().catch(() => undefined);
  };
  page.on('dialog', accept);
  try {
    await page.getByRole('button', { name: 'Save Profile' }).click();
    await expect.poll(() => alerts).toEqual(['Profile saved successfully!']);
  } finally {
    page.off('dialog', accept);
  }
}

/**
 * The first `method` request to `url` reaches the server, which acts on it, but its answer never reaches the page (the
 * connection drops); later ones go through. Answers the headers of each such request sent, in order.
 */
export async function firstAnswerLost(page: Page, url: string, method: string): Promise<Record<string, string>[]> {
  const sent: Record<string, string>[] = [];
  await page.route(url, async (route) => {
    if (route.request().method() !== method) return route.continue();
    sent.push(route.request().headers());
    if (sent.length > 1) return route.continue();
    await route.fetch();
    await route.abort('connectionreset');
  });
  return sent;
}

/** A toast the page shows, by its exact text. */
export const toast = (page: Page, text: string) => page.locator('.toast-viewport').getByText(text, { exact: true });
/** A toast as a box (its text and its × button), by its text. */
export const toastBox = (scope: Page | Locator, text: string) => scope.locator('.toast-viewport .toast').filter({ hasText: text });
/**
 * A toast's words as a screen reader gets them: in a toast layer's live region (`assertive` for errors) within
 * `scope` (the page, or an open dialog: everything outside an open modal dialog is inert, and unheard).
 */
export const toastSaid = (scope: Page | Locator, text: string, live: 'polite' | 'assertive' = 'polite') =>
  scope.locator(`.toast-layer [aria-live="${live}"]`).filter({ hasText: text });

/** What has the focus: "<body>", or the element's tag with its accessible label (else its label's text, else its text). */
export const focusedElement = (page: Page) =>
  page.evaluate<string>(
    `(() => {
      const active = document.activeElement;
      if (!active || active === document.body) return '<body>';
      const label = active.getAttribute('aria-label') ?? (active.labels && active.labels[0] ? active.labels[0].textContent : null) ?? active.textContent;
      return active.tagName.toLowerCase() + ': ' + (label ?? '').replace(/\\s+/g, ' ').trim();
    })()`,
  );

/** Fails unless each of `row`'s cells (selectors) is drawn wholly within the first `width` px of the page, across. */
export async function expectCellsInView(row: Locator, cells: string[], width: number): Promise<void> {
  for (const cell of cells) {
    const box = await row.locator(cell).boundingBox();
    expect(box, cell).not.toBeNull();
    expect(box!.x, cell).toBeGreaterThanOrEqual(0);
    expect(box!.x + box!.width, cell).toBeLessThanOrEqual(width);
  }
}
