// Accounts in a real browser: vendor sign-up to first landing, staff login, a wrong-kind login, logout.
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { activationPath, activeAccount, GOOD_PASSWORD } from '../accounts/support';
import { TEST_ADMIN_PASSWORD } from '../support/system';
import {
  type BrowserSuite,
  collectPageErrors,
  currentNavLink,
  mainNav,
  loginThroughUi,
  newContext,
  PASSWORD_LABEL,
  screenshot,
  startBrowserSuite,
  submitLogin,
  waitForPath,
} from './support';

let suite: BrowserSuite;
beforeAll(async () => { suite = await startBrowserSuite(); }, 120_000);
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

/** What the session check of a fresh page load says: the signed-in username, or null. */
async function signedInAs(): Promise<string | null> {
  const answer = await context.request.get('/api/auth/user/');
  return answer.ok() ? ((await answer.json()) as { username: string }).username : null;
}

describe('vendor journey', () => {
  it('signs up, activates from the emailed link, logs in and lands on /profile; the link works once', async () => {
    const email = 'road_king@carrier.example.com';
    await page.goto('/signup');
    await page.getByRole('heading', { name: 'Vendor Sign Up' }).waitFor();
    await page.getByLabel('Username').fill('road_king');
    await page.getByLabel('Email').fill(email);
    await page.getByLabel(PASSWORD_LABEL).fill(GOOD_PASSWORD);
    await page.getByRole('button', { name: 'Sign Up' }).click();

    const checkEmail = page.getByRole('status').filter({ hasText: 'Check your email' });
    await checkEmail.waitFor();
    expect(await checkEmail.textContent()).toContain(email);
    await screenshot(page, 'signup-check-email');

    // The link as the mail shows it (quoted-printable decoded), opened in the browser.
    const link = suite.system.url + (await activationPath(suite.system, email));
    await page.goto(link);
    await waitForPath(page, '/account/activated');
    await page.getByRole('heading', { name: 'Account Activated!' }).waitFor();
    expect(new URL(page.url()).search).toBe('');
    expect(await page.getByText('Loading App...').count()).toBe(0);
    await screenshot(page, 'activated');

    await page.getByRole('link', { name: 'Go to Vendor Login' }).click();
    await waitForPath(page, '/');
    await page.getByRole('heading', { name: 'Vendor Login' }).waitFor();
    await page.getByRole('heading', { name: 'Vendor Portal' }).waitFor();
    await submitLogin(page, 'road_king', GOOD_PASSWORD);
    // No vendor profile yet (GET /api/profiles/vendor/ is not there yet, or incomplete): the profile page.
    await waitForPath(page, '/profile');
    await currentNavLink(page, 'Profile').waitFor();
    await mainNav(page).getByRole('link', { name: 'Loads' }).waitFor();
    await page.getByRole('banner').getByText('road_king', { exact: true }).waitFor();
    expect(await signedInAs()).toBe('road_king');
    await screenshot(page, 'vendor-landing');

    await page.goto(link);
    await page.waitForURL((url) => url.pathname === '/account/activated' && url.searchParams.get('status') === 'used');
    await page.getByRole('heading', { name: 'This activation link has already been used.' }).waitFor();
    expect(await page.getByText('Account Activated!').count()).toBe(0);
    await screenshot(page, 'activation-used');
  });
});

describe('staff login', () => {
  it('signs the built-in admin in at /staff/login and lands on /staff/loads with Staff Accounts in the nav', async () => {
    await page.goto('/staff/login');
    await page.getByRole('heading', { name: 'Staff Portal' }).waitFor();
    await page.getByRole('heading', { name: 'Staff Login' }).waitFor();
    await submitLogin(page, 'admin', TEST_ADMIN_PASSWORD);
    await waitForPath(page, '/staff/loads');
    await currentNavLink(page, 'Loads').waitFor();

    const nav = mainNav(page);
    await nav.getByRole('link', { name: 'Staff Accounts' }).waitFor();
    // The nav bar's links in order: the dashboard, every page the ADMIN tier opens (as on the dashboard), Settings.
    expect(await nav.locator('.nav-links a').allTextContents()).toEqual(['Dashboard', 'Loads', 'Vendors', 'Payments', 'Profile', 'Staff Accounts', 'Recycle Bin', 'Settings']);
    expect(await page.getByRole('button', { name: 'Logout' }).count()).toBe(1);
    await screenshot(page, 'staff-landing');

    await nav.getByRole('link', { name: 'Staff Accounts' }).click();
    await waitForPath(page, '/staff/accounts');
    await page.getByRole('heading', { name: 'Staff Accounts' }).waitFor();
  });
});

describe('wrong-kind login', () => {
  it('refuses a vendor at /staff/login with the one login error and leaves nobody signed in', async () => {
    await activeAccount(suite.system, 'vendor', 'wrong_door');
    await page.goto('/staff/login');
    await page.getByRole('heading', { name: 'Staff Login' }).waitFor();
    await submitLogin(page, 'wrong_door', GOOD_PASSWORD);

    const alert = page.getByRole('alert');
    await alert.waitFor();
    expect((await alert.textContent())?.trim()).toBe('Invalid username or password');
    await screenshot(page, 'wrong-kind-login');
    expect(new URL(page.url()).pathname).toBe('/staff/login');
    expect(await page.getByRole('button', { name: 'Logout' }).count()).toBe(0);
    expect(await signedInAs()).toBeNull();

    await page.reload();
    await page.getByRole('heading', { name: 'Staff Login' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/staff/login');
    expect(await page.getByRole('button', { name: 'Logout' }).count()).toBe(0);
    expect(await page.getByRole('alert').count()).toBe(0);
  });
});

describe('logout', () => {
  it('ends the session from the nav: afterwards /profile sends the browser to /', async () => {
    await activeAccount(suite.system, 'vendor', 'leaving_soon');
    await loginThroughUi(page, 'vendor', 'leaving_soon', GOOD_PASSWORD, '/profile');
    await currentNavLink(page, 'Profile').waitFor();

    await page.getByRole('button', { name: 'Logout' }).click();
    await waitForPath(page, '/');
    await page.getByRole('heading', { name: 'Vendor Login' }).waitFor();
    expect(await page.getByRole('button', { name: 'Logout' }).count()).toBe(0);
    expect(await signedInAs()).toBeNull();

    await page.goto('/profile');
    await waitForPath(page, '/');
    await page.getByRole('heading', { name: 'Vendor Login' }).waitFor();
    expect(await currentNavLink(page, 'Profile').count()).toBe(0);
  });

  it('sends staff back to /staff/login', async () => {
    await loginThroughUi(page, 'staff', 'admin', TEST_ADMIN_PASSWORD, '/staff/loads');
    await page.getByRole('button', { name: 'Logout' }).click();
    await waitForPath(page, '/staff/login');
    await page.getByRole('heading', { name: 'Staff Login' }).waitFor();
    await page.goto('/staff/loads');
    await waitForPath(page, '/staff/login');
    expect(await signedInAs()).toBeNull();
  });
});
