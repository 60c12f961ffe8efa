// The staff navigation bar below 1280 px: an ADMIN's eight links wrapped into two or three ragged rows on a tablet on
// its side (1024 px) or upright (768 px). Now one row at 1024 px, two even rows (brand and actions, then the links) at
// 768 px, every link still there under its own name; the vendor side keeps its full bar.
import type { Page } from 'playwright-core';
import { expect, it } from 'vitest';
import { DEMO_PASSWORD } from '../accounts/support';
import { TEST_ADMIN_PASSWORD } from '../support/system';
import { currentNavLink, loginThroughUi, mainNav, screenshot, useBrowserSuite, waitForPath } from './support';

const suite = useBrowserSuite({ config: { seedDemo: true, demoPassword: DEMO_PASSWORD } }, 180_000);

/** An ADMIN's links, in order, with where each goes (the spec's routes). */
const ADMIN_LINKS: [label: string, path: string][] = [
  ['Dashboard', '/staff/dashboard'],
  ['Loads', '/staff/loads'],
  ['Vendors', '/staff/vendors'],
  ['Payments', '/staff/payments'],
  ['Profile', '/staff/profile'],
  ['Staff Accounts', '/staff/accounts'],
  ['Recycle Bin', '/staff/recycle-bin'],
  ['Settings', '/settings'],
];

interface Box {
  name: string;
  top: number;
  bottom: number;
  left: number;
  right: number;
}

/** The bar's height, and the boxes of its links and of everything else shown in it (brand, badge, buttons). */
const barLayout = (page: Page) =>
  page.evaluate<{ height: number; links: Box[]; others: Box[] }>(`(() => {
    const box = (element) => {
      const rect = element.getBoundingClientRect();
      return { name: (element.getAttribute('aria-label') || element.textContent || element.className).trim(), top: rect.top, bottom: rect.bottom, left: rect.left, right: rect.right };
    };
    const bar = document.querySelector('header.nav-bar');
    const shown = (element) => element.getBoundingClientRect().width > 1;
    return {
      height: bar.getBoundingClientRect().height,
      links: [...bar.querySelectorAll('nav a')].map(box),
      others: [...bar.querySelectorAll('.nav-brand-mark, .nav-actions > *')].filter(shown).map(box),
    };
  })()`);

const adminAt = async (width: number, colorScheme: 'light' | 'dark' = 'light'): Promise<Page> => {
  const page = await suite.openPage({ viewport: { width, height: 800 }, colorScheme });
  await loginThroughUi(page, 'staff', 'admin', TEST_ADMIN_PASSWORD, '/staff/loads');
  await page.locator('main h1').first().waitFor();
  return page;
};

/** Every link by its name: on screen, and it goes to its route and is then marked as the current page. */
async function followEveryLink(page: Page, width: number) {
  const nav = mainNav(page);
  expect(await nav.getByRole('link').allTextContents()).toEqual(ADMIN_LINKS.map(([label]) => label));
  for (const [label, path] of ADMIN_LINKS) {
    const link = nav.getByRole('link', { name: label, exact: true });
    expect(await link.isVisible(), `${width} px: ${label} visible`).toBe(true);
    await link.click();
    await waitForPath(page, path);
    await currentNavLink(page, label).waitFor();
    expect(await link.getAttribute('aria-current'), `${width} px: ${label}`).toBe('page');
  }
}

it("keeps an ADMIN's navigation on one row at 1024 px, every link there and working", { timeout: 90_000 }, async () => {
  const page = await adminAt(1024);
  const { height, links, others } = await barLayout(page);
  const describe = JSON.stringify({ height, links, others });
  expect(links).toHaveLength(8);
  // One row: the links side by side, the brand and actions level with them, and the bar no taller than one link row.
  expect(new Set(links.map((link) => Math.round(link.top))).size, describe).toBe(1);
  const row = { top: links[0]!.top, bottom: links[0]!.bottom };
  for (const other of others) {
    const middle = (other.top + other.bottom) / 2;
    expect(middle, `${other.name} level with the links: ${describe}`).toBeGreaterThan(row.top);
    expect(middle, `${other.name} level with the links: ${describe}`).toBeLessThan(row.bottom);
  }
  expect(height, describe).toBeLessThan(2 * (row.bottom - row.top));
  // Nothing cut off or overlapping: the links end before the actions start, and everything is inside the window.
  const actionsLeft = Math.min(...others.filter((other) => other.left > links[0]!.left).map((other) => other.left));
  expect(Math.max(...links.map((link) => link.right)), describe).toBeLessThanOrEqual(actionsLeft);
  expect(Math.max(...others.map((other) => other.right)), describe).toBeLessThanOrEqual(1024);
  expect(await page.evaluate<number>('document.scrollingElement.scrollWidth')).toBeLessThanOrEqual(1024);
  // What gave way is still there for a screen reader and the keyboard.
  expect(await page.getByRole('link', { name: 'Freight Portal' }).isVisible()).toBe(true);
  expect(await page.getByRole('button', { name: /^Switch to (dark|light) theme$/ }).isVisible()).toBe(true);
  expect(await page.getByRole('button', { name: 'Logout' }).isVisible()).toBe(true);
  expect(await page.evaluate<string>("getComputedStyle(document.querySelector('header.nav-bar')).position")).toBe('sticky');

  await followEveryLink(page, 1024);
});

it("puts an ADMIN's links on one row of their own at 768 px, under the brand and actions", { timeout: 90_000 }, async () => {
  const page = await adminAt(768);
  const { links, others } = await barLayout(page);
  const describe = JSON.stringify({ links, others });
  expect(links).toHaveLength(8);
  expect(new Set(links.map((link) => Math.round(link.top))).size, describe).toBe(1);
  // The brand and actions share the row above the links.
  for (const other of others) expect(other.bottom, `${other.name} above the links: ${describe}`).toBeLessThanOrEqual(links[0]!.top);
  expect(Math.max(...links.map((link) => link.right), ...others.map((other) => other.right)), describe).toBeLessThanOrEqual(768);
  expect(await page.evaluate<number>('document.scrollingElement.scrollWidth')).toBeLessThanOrEqual(768);

  await followEveryLink(page, 768);
});

it('looks right in both themes at 1280, 1024 and 768 px, and leaves the vendor bar whole', { timeout: 120_000 }, async () => {
  for (const colorScheme of ['light', 'dark'] as const) {
    for (const width of [1280, 1024, 768]) {
      const page = await adminAt(width, colorScheme);
      await page.getByRole('grid', { name: 'Loads' }).waitFor();
      await screenshot(page, `staff-nav-narrow-${colorScheme}-${width}`);
      await page.context().close();
    }
  }
  // The vendor side (three links) still has room for the wordmark, the username and the theme word at 1024 px.
  const vendor = await suite.openPage({ viewport: { width: 1024, height: 800 } });
  await loginThroughUi(vendor, 'vendor', 'carrier', DEMO_PASSWORD, '/loads');
  const widthOf = async (selector: string) => (await vendor.locator(`header.nav-bar ${selector}`).boundingBox())?.width ?? 0;
  expect(await widthOf('.nav-brand'), 'the brand with its wordmark').toBeGreaterThan(100);
  expect(await widthOf('.nav-user'), 'the username').toBeGreaterThan(20);
  expect(await widthOf('.theme-toggle-label'), "the theme toggle's word").toBeGreaterThan(20);
  const { links } = await barLayout(vendor);
  expect(links.map((link) => link.name)).toEqual(['Profile', 'Loads', 'Settings']);
  await screenshot(vendor, 'staff-nav-narrow-vendor-1024');
});
