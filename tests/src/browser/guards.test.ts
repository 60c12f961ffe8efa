// The route table's guards and redirects in a real browser (vendor-side.md and staff-side.md section 2), the 404
// page, and the theme: each arrival is a fresh page load at the address, as a typed URL or a bookmark would be.
import type { BrowserContext, Locator, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { TEST_ADMIN_PASSWORD } from '../support/system';
import {
  type BrowserSuite,
  collectPageErrors,
  currentNavLink,
  mainNav,
  newContext,
  routedScreen,
  screenshot,
  toast,
  startBrowserSuite,
  submitLogin,
  trackPaths,
  waitForPath,
} from './support';
import { DEMO_PASSWORD } from '../accounts/support';

const SOME_ID = '3f1c2a9e-5b7d-4c1e-9a2b-6d8e0f4a1b2c';

let suite: BrowserSuite;
beforeAll(async () => {
  // Demo seeding: dispatch (DISPATCH_OPS), accounting (ACCOUNTING), newstaff (PENDING), carrier and newcarrier.
  suite = await startBrowserSuite({ config: { seedDemo: true, demoPassword: DEMO_PASSWORD } });
}, 120_000);
afterAll(async () => { await suite?.close(); });

let context: BrowserContext;
let page: Page;
let pageErrors: string[];
beforeEach(async () => {
  context = await newContext(suite.browser, suite.system);
  page = await context.newPage();
  pageErrors = collectPageErrors(page);
});
afterEach(async () => {
  await context?.close();
  expect(pageErrors, 'uncaught errors in the page').toEqual([]);
});

type Cookies = Awaited<ReturnType<BrowserContext['cookies']>>;
const sessions = new Map<string, Cookies>();

/**
 * A session cookie for the user, made once per user through the API as the UI's client does (csrftoken cookie copied
 * into the header); no test here logs out, so the tests of one user share it.
 */
async function sessionOf(username: string, password: string, portal: 'vendor' | 'staff'): Promise<Cookies> {
  const known = sessions.get(username);
  if (known) return known;
  const scratch = await newContext(suite.browser, suite.system);
  try {
    await scratch.request.get('/api/auth/user/');
    const csrf = (await scratch.cookies(suite.system.url)).find((cookie) => cookie.name === 'csrftoken')?.value;
    if (!csrf) throw new Error('no csrftoken cookie from the session check');
    const answer = await scratch.request.post('/api/auth/login/', {
      data: { username, password, portal },
      headers: { 'X-CSRFToken': csrf },
    });
    if (answer.status() !== 200) throw new Error(`login of ${username} failed: ${answer.status()} ${await answer.text()}`);
    const cookies = await scratch.cookies(suite.system.url);
    sessions.set(username, cookies);
    return cookies;
  } finally {
    await scratch.close();
  }
}

/** Signs this test's fresh browser context in as the user. */
async function signIn(username: string, password: string, portal: 'vendor' | 'staff') {
  await context.addCookies(await sessionOf(username, password, portal));
}

/**
 * How each landing page is recognised once it has rendered: the spec's titles where it names them, the current nav
 * link for screens whose placeholders are being replaced, and for /staff/{id} just that the screen rendered.
 */
const LANDING: Record<string, ((page: Page) => Locator) | null> = {
  '/': (p) => p.getByRole('heading', { name: 'Vendor Login', exact: true }),
  '/staff/login': (p) => p.getByRole('heading', { name: 'Staff Login', exact: true }),
  '/signup': (p) => p.getByRole('heading', { name: 'Vendor Sign Up', exact: true }),
  '/staff/signup': (p) => p.getByRole('heading', { name: 'Staff Sign Up', exact: true }),
  '/account/activated': (p) => p.getByRole('heading', { name: 'Account Activated!', exact: true }),
  '/settings': (p) => p.getByRole('heading', { name: 'Settings', exact: true }),
  '/staff/dashboard': (p) => p.getByRole('heading', { name: /^Welcome, / }),
  '/staff/accounts': (p) => p.getByRole('heading', { name: 'Staff Accounts', exact: true }),
  '/profile': (p) => currentNavLink(p, 'Profile'),
  '/loads': (p) => currentNavLink(p, 'Loads'),
  '/staff/loads': (p) => currentNavLink(p, 'Loads'),
  [`/staff/${SOME_ID}`]: null,
};

/**
 * Opens `from` in the browser and checks it ends on `to` with that screen rendered and the loading screen gone;
 * returns every path the browser showed on the way.
 */
async function arrive(from: string, to: string): Promise<string[]> {
  const landing = LANDING[to];
  if (landing === undefined) throw new Error(`no way known to recognise ${to}`);
  const paths = trackPaths(page);
  await page.goto(from);
  await waitForPath(page, to);
  await routedScreen(page).waitFor();
  if (landing) await landing(page).waitFor();
  expect(new URL(page.url()).pathname, `${from} should end on ${to}`).toBe(to);
  expect(await page.getByText('Loading App...').count(), 'Loading App... left on screen').toBe(0);
  return paths;
}

type Arrival = [from: string, to: string];

/**
 * Each arrival in turn, every one a fresh page load in this test's context; all are tried, and the test fails
 * listing every one that went wrong.
 */
async function expectArrivals(arrivals: Arrival[], then?: (arrival: Arrival) => Promise<void>) {
  const failures: string[] = [];
  for (const arrival of arrivals) {
    try {
      await arrive(...arrival);
      await then?.(arrival);
    } catch (error) {
      const now = new URL(page.url()).pathname;
      failures.push(`${arrival[0]} -> ${arrival[1]}: ended on ${now}; ${(error as Error).message.split('\n')[0]}`);
    }
  }
  expect(failures).toEqual([]);
}

const GROUP_TIMEOUT = 60_000;

describe('a guest', () => {
  it('is sent from vendor routes and /settings to /, from staff and ADMIN-only routes to /staff/login', async () => {
    await expectArrivals([
      ['/profile', '/'],
      ['/loads', '/'],
      ['/load/some-load', '/'],
      ['/settings', '/'],
      ['/dashboard', '/'],
      ['/staff/loads', '/staff/login'],
      ['/staff/dashboard', '/staff/login'],
      ['/staff/vendors', '/staff/login'],
      // ADMIN-only routes: anyone who is not staff goes to /staff/login
      ['/staff/accounts', '/staff/login'],
      [`/staff/${SOME_ID}`, '/staff/login'],
    ]);
  }, GROUP_TIMEOUT);

  it('may open the public pages', async () => {
    await expectArrivals(['/', '/staff/login', '/signup', '/staff/signup', '/account/activated'].map((path): Arrival => [path, path]));
  }, GROUP_TIMEOUT);

  it('sees the vendor and staff login pages with their titles', async () => {
    await arrive('/', '/');
    await page.getByRole('heading', { name: 'Vendor Portal' }).waitFor();
    await arrive('/staff/login', '/staff/login');
    await page.getByRole('heading', { name: 'Staff Portal' }).waitFor();
  });
});

describe('a signed-in vendor', () => {
  beforeEach(async () => { await signIn('carrier', DEMO_PASSWORD, 'vendor'); });

  it('on / and /dashboard goes to /profile', async () => {
    await expectArrivals([
      ['/', '/profile'],
      ['/dashboard', '/profile'],
    ]);
  }, GROUP_TIMEOUT);

  it('on /signup is sent to /, and from there to /profile', async () => {
    const paths = await arrive('/signup', '/profile');
    expect(paths.indexOf('/')).toBeGreaterThan(paths.indexOf('/signup'));
  });

  it('may open /loads and /settings', async () => {
    await expectArrivals([
      ['/loads', '/loads'],
      ['/settings', '/settings'],
    ]);
  }, GROUP_TIMEOUT);

  it('on staff routes is sent to /staff/login, still signed in', async () => {
    await expectArrivals(
      [
        ['/staff/loads', '/staff/login'],
        ['/staff/dashboard', '/staff/login'],
        ['/staff/accounts', '/staff/login'],
      ],
      // The staff login page is simply shown; the vendor's session is untouched.
      () => page.getByRole('button', { name: 'Logout' }).waitFor(),
    );
  }, GROUP_TIMEOUT);
});

describe('a signed-in staff member below ADMIN (dispatch)', () => {
  beforeEach(async () => { await signIn('dispatch', DEMO_PASSWORD, 'staff'); });

  it('on ADMIN-only routes is sent to /staff/dashboard', async () => {
    await expectArrivals(
      [
        ['/staff/accounts', '/staff/dashboard'],
        [`/staff/${SOME_ID}`, '/staff/dashboard'],
      ],
      async ([from]) => {
        await page.getByRole('heading', { name: 'Welcome, dispatch' }).waitFor();
        await page.getByText('Dispatch/Ops', { exact: true }).waitFor();
        expect(await mainNav(page).getByRole('link', { name: 'Staff Accounts' }).count()).toBe(0);
        // And told why (the spec's redirect alone said nothing).
        await toast(page, 'You do not have permission to view that page.').waitFor();
        if (from === '/staff/accounts') await screenshot(page, 'staff-dashboard-dispatch');
      },
    );
  }, GROUP_TIMEOUT);

  it('on vendor routes is sent to /', async () => {
    await expectArrivals([
      ['/profile', '/'],
      ['/loads', '/'],
      ['/dashboard', '/'],
    ]);
  }, GROUP_TIMEOUT);

  it('on the login and sign-up pages is sent on', async () => {
    await expectArrivals([
      ['/staff/login', '/staff/loads'],
      ['/staff/signup', '/staff/loads'],
      // Vendor sign-up: a signed-in user goes to /, where staff see the vendor login page.
      ['/signup', '/'],
    ]);
  }, GROUP_TIMEOUT);

  it('may open staff routes and /settings', async () => {
    await expectArrivals(['/staff/dashboard', '/staff/loads', '/settings'].map((path): Arrival => [path, path]));
  }, GROUP_TIMEOUT);
});

describe('the built-in ADMIN', () => {
  beforeEach(async () => { await signIn('admin', TEST_ADMIN_PASSWORD, 'staff'); });

  it('may open the ADMIN-only routes', async () => {
    await expectArrivals(['/staff/accounts', `/staff/${SOME_ID}`].map((path): Arrival => [path, path]));
  }, GROUP_TIMEOUT);
});

describe('unknown paths', () => {
  it('show 404 Not Found, under the navigation bar', async () => {
    for (const path of ['/no-such-page', '/profile/extra/segments', '/staff/loads/1/more']) {
      await page.goto(path);
      await page.getByRole('heading', { name: '404 Not Found' }).waitFor();
      expect(new URL(page.url()).pathname, path).toBe(path);
      expect(await page.getByText('Loading App...').count(), path).toBe(0);
      await mainNav(page).waitFor();
      if (path === '/no-such-page') await screenshot(page, 'not-found');
    }
    // Home: the vendor login for a guest; for staff their board, not the vendor login.
    expect(await page.getByRole('link', { name: 'Go to the home page' }).getAttribute('href')).toBe('/');
    await signIn('dispatch', DEMO_PASSWORD, 'staff');
    await page.goto('/no-such-page');
    await page.getByRole('link', { name: 'Go to the home page' }).click();
    await waitForPath(page, '/staff/loads');
  });
});

describe('theme', () => {
  const htmlTheme = () => page.locator('html').getAttribute('data-theme');
  const stored = (key: string) => page.evaluate<string | null, string>((name) => (globalThis as unknown as { localStorage: { getItem(k: string): string | null } }).localStorage.getItem(name), key);
  const cssVariable = (name: string) =>
    page.evaluate<string, string>(
      (variable) => {
        const doc = (globalThis as unknown as { document: { documentElement: unknown } }).document;
        const style = (globalThis as unknown as { getComputedStyle(element: unknown): { getPropertyValue(p: string): string } }).getComputedStyle(doc.documentElement);
        return style.getPropertyValue(variable).trim();
      },
      name,
    );

  it('toggled to dark stays dark after a reload', async () => {
    await arrive('/', '/');
    expect(await htmlTheme()).toBe('light');
    await page.getByRole('button', { name: 'Switch to dark theme' }).click();
    await page.locator('html[data-theme="dark"]').waitFor({ state: 'attached' });
    expect(await stored('theme')).toBe('dark');

    await page.reload();
    await page.getByRole('heading', { name: 'Vendor Login' }).waitFor();
    expect(await htmlTheme()).toBe('dark');
    expect(await stored('theme')).toBe('dark');
    await page.getByRole('button', { name: 'Switch to light theme' }).waitFor();
    expect(await cssVariable('--color-background')).toBe('#111827');
    await screenshot(page, 'dark-theme-reload');
  });

  it('keeps a custom colour set on /settings across a reload', async () => {
    await signIn('carrier', DEMO_PASSWORD, 'vendor');
    await arrive('/settings', '/settings');
    expect(await htmlTheme()).toBe('light');
    await page.getByLabel('primary', { exact: true }).fill('#0a7cff');
    await page.getByText('#0a7cff', { exact: true }).waitFor();
    expect(JSON.parse((await stored('lightColors')) ?? '{}')).toMatchObject({ primary: '#0a7cff' });
    expect(await cssVariable('--color-primary')).toBe('#0a7cff');

    await page.reload();
    await page.getByRole('heading', { name: 'Settings' }).waitFor();
    expect(await page.getByLabel('primary', { exact: true }).inputValue()).toBe('#0a7cff');
    expect(await cssVariable('--color-primary')).toBe('#0a7cff');
    expect(JSON.parse((await stored('lightColors')) ?? '{}')).toMatchObject({ primary: '#0a7cff' });
    await screenshot(page, 'settings-custom-colour');
    // The dark set is untouched.
    expect(await stored('darkColors')).toBeNull();
  });
});

describe('the server out of reach when the app starts', () => {
  // Spec section 8: 'Initial auth failure: silently treated as guest'. Before, the failed check was asked again by
  // every page that mounted, so the app stayed on 'Loading App...' (about two checks a second) for as long as the
  // server was down.
  it('shows the login page, stops asking, and signs in once the server answers', { timeout: 60_000 }, async () => {
    let down = true;
    const checks: string[] = [];
    await page.route('**/api/**', (route) => {
      if (!down) return route.continue();
      checks.push(new URL(route.request().url()).pathname);
      return route.abort('connectionrefused');
    });
    await page.goto('/loads', { waitUntil: 'commit' });
    await expect.poll(() => new URL(page.url()).pathname, { timeout: 15_000 }).toBe('/');
    await page.getByLabel('Username').waitFor();
    const asked = checks.length;
    expect(asked).toBeLessThanOrEqual(3);
    await page.waitForTimeout(1_500);
    expect(checks.length, 'checks after the login page showed').toBe(asked);
    // The server back: the login goes through.
    down = false;
    await submitLogin(page, 'carrier', DEMO_PASSWORD);
    await waitForPath(page, '/loads');
  });
});

describe('a signed-in user whose first session check found the server down', () => {
  it('is signed in again by itself once the server answers, without typing the password, on the page asked for', { timeout: 60_000 }, async () => {
    await signIn('carrier', DEMO_PASSWORD, 'vendor');
    const loads = (await (await context.request.get('/api/loads/')).json()) as { id: string; kdt_id: string }[];
    const load = loads[0]!;
    let down = true;
    await page.route('**/api/**', (route) => (down ? route.abort('connectionrefused') : route.continue()));
    await page.goto(`/load/${load.id}?from=mail`, { waitUntil: 'commit' });
    await expect.poll(() => new URL(page.url()).pathname, { timeout: 15_000 }).toBe('/');
    await page.getByLabel('Username').waitFor();
    // Nobody's session ended: the login page does not say so.
    expect(await page.getByText('Your session has ended').count()).toBe(0);
    // The server back: within the next look (every few seconds), the still valid session takes the user on to the
    // page they asked for (before, to their landing page), as a sign-in in another tab does.
    down = false;
    await expect.poll(() => new URL(page.url()).pathname, { timeout: 15_000 }).toBe(`/load/${load.id}`);
    expect(new URL(page.url()).search).toBe('?from=mail');
    await page.getByRole('heading', { name: `Load Details ${load.kdt_id}` }).waitFor();
    await page.locator('.nav-user').filter({ hasText: 'carrier' }).waitFor();
  });

  it('goes on to the page asked for after signing in on the login page it was sent to', { timeout: 60_000 }, async () => {
    let down = true;
    await page.route('**/api/**', (route) => (down ? route.abort('connectionrefused') : route.continue()));
    await page.goto('/settings', { waitUntil: 'commit' });
    await expect.poll(() => new URL(page.url()).pathname, { timeout: 15_000 }).toBe('/');
    await page.getByLabel('Username').waitFor();
    down = false;
    await submitLogin(page, 'carrier', DEMO_PASSWORD);
    await waitForPath(page, '/settings');
    await LANDING['/settings']!(page).waitFor();
  });
});

describe('a slow first load', () => {
  // The page was blank white until the app's script had arrived (4-6 s at 50 kB/s).
  it('says the app is loading while its script is still on the way', { timeout: 30_000 }, async () => {
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/assets/*.js', async (route) => {
      await held;
      await route.continue();
    });
    await page.goto('/', { waitUntil: 'commit' });
    await page.getByRole('status').filter({ hasText: 'Loading App...' }).waitFor();
    release();
    await page.getByLabel('Username').waitFor();
    expect(await page.getByText('Loading App...').count()).toBe(0);
  });
});
