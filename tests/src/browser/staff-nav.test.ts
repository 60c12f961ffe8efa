// The staff navigation bar: an ADMIN's eight links and the actions on one row on a laptop screen (it took two rows
// below about 1,500 px, pushing every page down).
import { expect, it } from 'vitest';
import { TEST_ADMIN_PASSWORD } from '../support/system';
import { loginThroughUi, mainNav, screenshot, useBrowserSuite } from './support';

const suite = useBrowserSuite({}, 120_000);

it("keeps an ADMIN's navigation on one row at 1280 and 1440 px wide", { timeout: 60_000 }, async () => {
  for (const width of [1280, 1440]) {
    const page = await suite.openPage({ viewport: { width, height: 800 } });
    await loginThroughUi(page, 'staff', 'admin', TEST_ADMIN_PASSWORD, '/staff/loads');
    const links = mainNav(page).getByRole('link');
    expect(await links.count()).toBe(8);
    const tops = await links.evaluateAll((elements) => elements.map((element) => Math.round(element.getBoundingClientRect().top)));
    expect(new Set(tops).size, `${width} px: link tops ${tops.join(', ')}`).toBe(1);
    await screenshot(page, `staff-nav-${width}`);

    // Still one row while the live connection is not up (every page load until the socket connects, and every drop):
    // 'Reconnecting...' there made the bar wrap at 1280 px, then unwrap once live.
    // Held there: long polling refused and no WebSocket (page.route does not see WebSockets).
    await page.route('**/socket.io/**', (route) => route.abort());
    await page.addInitScript('window.WebSocket = class { constructor() { throw new Error("no WebSocket in this test"); } };');
    await page.reload();
    await page.getByRole('status', { name: 'Connection: Connecting' }).waitFor();
    await page.waitForTimeout(1_000);
    expect(await page.getByRole('status', { name: 'Connection: Connecting' }).count()).toBe(1);
    const waiting = await links.evaluateAll((elements) => elements.map((element) => Math.round(element.getBoundingClientRect().top)));
    expect(new Set(waiting).size, `${width} px, not connected: link tops ${waiting.join(', ')}`).toBe(1);
    await screenshot(page, `staff-nav-${width}-connecting`);
  }
});

// 400% zoom (1280×1024 is 320×256 CSS px) or a short window: the bar wraps to several rows, so it must scroll away with
// the page rather than stay on top (sticky, it took 210 of 256 px for an ADMIN; audit s12 finding 3).
it('lets the navigation scroll away on a narrow or short screen, and keeps it on top otherwise', { timeout: 60_000 }, async () => {
  const cases = [
    { width: 320, height: 256, sticky: false },
    { width: 1280, height: 450, sticky: false },
    { width: 1280, height: 800, sticky: true },
  ];
  for (const { width, height, sticky } of cases) {
    const page = await suite.openPage({ viewport: { width, height } });
    await loginThroughUi(page, 'staff', 'admin', TEST_ADMIN_PASSWORD, '/staff/loads');
    await page.locator('main h1').first().waitFor();
    const links = mainNav(page).getByRole('link');
    expect(await links.count()).toBe(8);
    // Every link on screen, none cut off at the right, and no sideways scrolling.
    const rights = await links.evaluateAll((elements) => elements.map((element) => Math.round(element.getBoundingClientRect().right)));
    expect(Math.max(...rights), `${width}×${height}: link right edges ${rights.join(', ')}`).toBeLessThanOrEqual(width);
    expect(await page.evaluate<number>('document.scrollingElement.scrollWidth'), `${width}×${height}: page width`).toBeLessThanOrEqual(width);
    await screenshot(page, `staff-nav-${width}x${height}`);

    const bar = page.locator('header.nav-bar');
    expect(await page.evaluate<string>("getComputedStyle(document.querySelector('header.nav-bar')).position")).toBe(sticky ? 'sticky' : 'static');
    // A page long enough to scroll, whatever the (empty) board shows.
    await page.evaluate("document.querySelector('main').insertAdjacentHTML('beforeend', '<div style=\"height: 3000px\"></div>')");
    await page.mouse.wheel(0, 600);
    // The whole wheel turn, not its first frames: a smooth scroll just begun left a 200 px bar partly on screen.
    await expect.poll(() => page.evaluate<number>('window.scrollY')).toBeGreaterThanOrEqual(600);
    const bottom = await bar.evaluate((element) => element.getBoundingClientRect().bottom);
    if (sticky) expect(bottom, `${width}×${height}: bar bottom after scrolling`).toBeGreaterThan(0);
    else expect(bottom, `${width}×${height}: bar bottom after scrolling`).toBeLessThanOrEqual(0);
  }
});

it("gives an ADMIN's dashboard every page the tier opens, with the tier's colour; a guest on the staff portal signs up as staff", { timeout: 60_000 }, async () => {
  const page = await suite.openPage();
  await loginThroughUi(page, 'staff', 'admin', TEST_ADMIN_PASSWORD, '/staff/loads');
  await page.goto('/staff/dashboard');
  const shortcuts = page.locator('.dashboard-links').getByRole('link');
  // Before: no Payments nor Recycle Bin (in the nav bar, not here), and a grey-pink badge.
  await expect.poll(() => shortcuts.allTextContents()).toEqual(['Loads', 'Vendors', 'Payments', 'Profile', 'Staff Accounts', 'Recycle Bin']);
  expect(await page.locator('.dashboard-tier .sa-tier').getAttribute('class')).toBe('sa-tier sa-tier-purple');
  await screenshot(page, 'staff-dashboard-admin');

  const guest = await suite.openPage();
  await guest.goto('/staff/login');
  // Before: the vendor sign-up, from the staff login page.
  await expect(mainNav(guest).getByRole('link', { name: 'Sign Up' }).getAttribute('href')).resolves.toBe('/staff/signup');
  await guest.goto('/');
  await expect(mainNav(guest).getByRole('link', { name: 'Sign Up' }).getAttribute('href')).resolves.toBe('/signup');
});
