// Long content and in-between screens (layout audit 32): a vendor's name may be one word of up to 200 characters, and
// it wraps wherever it shows rather than making the page, or a table's columns, run off the screen; a tablet gets a
// compact staff nav and lists whose text wraps; danger fills and document counts read at 4.5:1 in both themes.
import type { Locator, Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { activeAccount, activeSignedIn, GOOD_PASSWORD } from '../accounts/support';
import { PNG_1x1 } from '../support/files';
import { TEST_ADMIN_PASSWORD } from '../support/system';
import { expectCellsInView, mainNav, screenshot, useBrowserSuite } from './support';

const suite = useBrowserSuite({});

/** 175 characters without a space: where it showed, pages grew to 1,400-2,000 px and tables to 2,400. */
const LONG_NAME = 'Transcontinentalrefrigeratedfreight'.repeat(5);
const PHONE = { width: 390, height: 844 };
const LAPTOP = { width: 1280, height: 800 };

interface Load {
  id: string;
  kdt_id: string;
}
/** The long-named vendor's loads: one kept (a photo, a payment change), one with a payment change, then deleted. */
let kept: Load;
let binned: Load;
let vendorId: string;

beforeAll(async () => {
  const { client: vendor, user } = await activeSignedIn(suite.system, 'vendor', 'longname');
  vendorId = user.vendor_profile.id as string;
  expect((await vendor.request('PATCH', '/api/profiles/vendor/', { business_name: LONG_NAME, legal_name: `${LONG_NAME}Incorporated` })).status).toBe(200);
  kept = (await vendor.post('/api/loads/', { load_number: 'long-kept' })).body;
  binned = (await vendor.post('/api/loads/', { load_number: 'long-binned' })).body;
  const photo = await vendor.upload(`/api/loads/${kept.id}/documents/`, { document_type: 'photos' }, { file: { name: 'dock.png', content: PNG_1x1 } });
  expect(photo.status).toBe(201);
  const admin = await suite.signedInClient('admin', TEST_ADMIN_PASSWORD, 'staff');
  for (const load of [kept, binned]) expect((await admin.request('PATCH', `/api/loads/${load.id}/`, { payment_status: 'disputed' })).status).toBe(200);
  expect((await admin.request('DELETE', `/api/loads/${binned.id}/`)).status).toBe(204);
  // A staff member without a tier: 'No Tier Assigned', the widest badge in the staff list.
  await activeAccount(suite.system, 'staff', 'pendingstaff');
  await suite.system.caughtUp();
}, 60_000);

const pageWidth = (page: Page) => page.evaluate<number>('document.documentElement.scrollWidth');

/** At a phone's and a laptop's width, the page does not scroll sideways, and `more` holds. */
async function withinScreen(page: Page, name: string, more?: (width: number) => Promise<void>): Promise<void> {
  for (const viewport of [LAPTOP, PHONE]) {
    await page.setViewportSize(viewport);
    expect(await pageWidth(page), `${name} at ${viewport.width} px: page width`).toBeLessThanOrEqual(viewport.width);
    await more?.(viewport.width);
    await screenshot(page, `long-content-${name}-${viewport.width}`);
  }
}

/** Whether `box` (a table's scrolling frame) shows all of its table, nothing past its right edge. */
const showsItAll = (box: Locator) => box.evaluate((element: any) => element.scrollWidth <= element.clientWidth);

/**
 * The WCAG contrast ratio of an element's text against what is behind it: its own background and its ancestors',
 * blended down to the first opaque one.
 */
const contrastOf = (element: Locator) =>
  element.evaluate((node: any) => {
    const view = node.ownerDocument.defaultView;
    // Computed colours: rgb(a)(0-255 ...) or, from color-mix, color(srgb 0-1 ... / alpha).
    const rgba = (css: string): number[] => {
      const [a, b, c, alpha = 1] = (css.match(/-?[\d.]+(?:e-?\d+)?/g) ?? []).map(Number);
      const scale = css.startsWith('color(') ? 255 : 1;
      return [a! * scale, b! * scale, c! * scale, alpha];
    };
    const over = (top: number[], below: number[]) => [0, 1, 2].map((i) => top[i]! * top[3]! + below[i]! * (1 - top[3]!)).concat(1);
    const layers: number[][] = [];
    for (let current = node; current; current = current.parentElement) {
      const fill = rgba(view.getComputedStyle(current).backgroundColor);
      if (fill[3]! > 0) layers.push(fill);
      if (fill[3] === 1) break;
    }
    const background = layers.reduceRight((below, layer) => over(layer, below), [255, 255, 255, 1]);
    const text = over(rgba(view.getComputedStyle(node).color), background);
    const luminance = (rgb: number[]) =>
      rgb.slice(0, 3).reduce((sum, value, i) => {
        const channel = value / 255;
        return sum + [0.2126, 0.7152, 0.0722][i]! * (channel <= 0.03928 ? channel / 12.92 : ((channel + 0.055) / 1.055) ** 2.4);
      }, 0);
    const [light, dark] = [luminance(text), luminance(background)].sort((x, y) => y - x);
    return (light! + 0.05) / (dark! + 0.05);
  });

describe('a long unbroken vendor name', () => {
  it('stays within the screen on the profile, the staff load page, the payments log and the recycle bin', { timeout: 60_000 }, async () => {
    const vendor = await suite.signedInPage('vendor', 'longname', GOOD_PASSWORD, '/profile', { viewport: LAPTOP });
    // The Carrier Agreement's CARRIER: 1,578 px wide at 1280, 1,426 at 390.
    await vendor.locator('.agreement-company', { hasText: LONG_NAME }).waitFor();
    await withinScreen(vendor, 'profile');

    const staff = await suite.signedInPage('staff', 'admin', TEST_ADMIN_PASSWORD, '/staff/loads', { viewport: LAPTOP });
    // 'Vendor: ...' under the heading and 'Current: ...' in Assign Vendor: 2,036 px at 1280.
    await staff.goto(`/staff/load/${kept.id}`);
    await staff.locator('.assign-vendor-current', { hasText: LONG_NAME }).waitFor();
    await withinScreen(staff, 'staff-load');

    // The payments log: the Vendor column took 1,284 px; Change, By and Status After were out of view on every row.
    await staff.goto('/staff/payments');
    const log = staff.getByRole('table', { name: 'Payments log' });
    const logRow = log.getByRole('row').filter({ hasText: kept.kdt_id }).filter({ hasText: LONG_NAME });
    await logRow.waitFor();
    await withinScreen(staff, 'payments', async (width) => {
      expect(await showsItAll(log.locator('xpath=..')), `payments log at ${width} px: its table within its box`).toBe(true);
      await expectCellsInView(logRow, ['.cell-summary', '.cell-actor', '.cell-payment_status'], width);
    });

    // The staff vendor page: the legal name beside the heading did not wrap (2,946 px at 1300).
    await staff.goto(`/staff/vendors/${vendorId}`);
    await staff.getByRole('heading', { level: 1, name: LONG_NAME }).waitFor();
    await withinScreen(staff, 'staff-vendor');

    // The recycle bin: History and Restore were past the box's edge, at x = 1,876 and 1,982.
    await staff.goto('/staff/recycle-bin');
    const binRow = staff.getByRole('table', { name: 'Deleted loads' }).getByRole('row').filter({ hasText: binned.kdt_id });
    await binRow.waitFor();
    await withinScreen(staff, 'recycle-bin', async (width) => {
      await expectCellsInView(binRow, ['.rb-history-button', '.rb-restore'], width);
    });
  });
});

describe('a tablet (768 px)', () => {
  it("keeps an ADMIN's nav compact, and the staff and vendor lists' text whole", { timeout: 60_000 }, async () => {
    const page = await suite.signedInPage('staff', 'admin', TEST_ADMIN_PASSWORD, '/staff/loads', { viewport: { width: 768, height: 1024 } });
    await page.goto('/staff/accounts');
    const pending = page.locator('.sa-row').filter({ hasText: 'pendingstaff' });
    await pending.waitFor();
    // The eight links on one row of their own, under the brand and the actions: they wrapped to four uneven rows in a
    // 175 px bar kept on top of the page.
    const tops = await mainNav(page).getByRole('link').evaluateAll((links) => links.map((link: any) => Math.round(link.getBoundingClientRect().top)));
    expect(tops).toHaveLength(8);
    expect(new Set(tops).size, `link tops ${tops.join(', ')}`).toBe(1);
    const barHeight = await page.locator('header.nav-bar').evaluate((bar: any) => bar.getBoundingClientRect().height);
    expect(barHeight, 'nav bar height').toBeLessThanOrEqual(110);
    expect(await pageWidth(page)).toBeLessThanOrEqual(768);

    // Nothing cut off ('No Tier Assigne', 'accounti…', every e-mail): the text wraps in its cell.
    const cutCells = (rows: Locator) =>
      rows.locator('td').evaluateAll((cells) =>
        cells.filter((cell: any) => [cell, ...cell.querySelectorAll('*')].some((part: any) => part.scrollWidth > part.clientWidth + 1 && part.clientWidth > 0)).map((cell: any) => cell.textContent),
      );
    expect(await pending.locator('.sa-tier').textContent()).toBe('No Tier Assigned');
    expect(await cutCells(page.locator('.sa-row'))).toEqual([]);
    await screenshot(page, 'long-content-accounts-768');

    // The vendor list: it scrolled in its box, Status off to the right, names cut ('newcar…').
    await page.goto('/staff/vendors');
    await page.locator('.sa-row').filter({ hasText: 'longname' }).waitFor();
    expect(await showsItAll(page.locator('.sa-table-scroll')), 'vendor list within its box').toBe(true);
    expect(await cutCells(page.locator('.sa-row'))).toEqual([]);
    await screenshot(page, 'long-content-vendors-768');
  });
});

describe('text contrast of the fills audit 32 measured', () => {
  it('reads at 4.5:1 on the green document counts (light) and on the red danger fills (dark)', { timeout: 60_000 }, async () => {
    const vendor = await suite.signedInPage('vendor', 'longname', GOOD_PASSWORD, '/profile');
    const staff = await suite.signedInPage('staff', 'admin', TEST_ADMIN_PASSWORD, '/staff/loads');
    const ratios: Record<string, number> = {};

    // Light: the counts of a load's documents, 3.98:1 on the vendor's page and 4.15 on the staff page.
    for (const [page, path, name] of [[vendor, `/load/${kept.id}`, 'vendor'], [staff, `/staff/load/${kept.id}`, 'staff']] as const) {
      await page.goto(path);
      const count = page.locator('.ld-category-count.has-documents').first();
      await count.waitFor();
      ratios[`light ${name} document count`] = await contrastOf(count);
    }

    // Dark: white on the dark theme's light red read at 2.77:1.
    for (const page of [vendor, staff]) await page.emulateMedia({ colorScheme: 'dark' });
    await vendor.getByRole('button', { name: /^Photos/ }).first().click();
    const viewerDelete = vendor.getByRole('dialog').getByRole('button', { name: 'Delete', exact: true });
    ratios['dark document viewer Delete'] = await contrastOf(viewerDelete);
    await screenshot(vendor, 'long-content-viewer-dark');

    await staff.goto(`/staff/vendors/${vendorId}`);
    await staff.getByRole('button', { name: 'Delete Vendor' }).click();
    ratios['dark Delete Vendor confirm'] = await contrastOf(staff.getByRole('dialog').getByRole('button', { name: 'Delete Vendor' }));
    await screenshot(staff, 'long-content-delete-vendor-dark');
    await staff.goto('/staff/payments');
    const deleted = staff.getByRole('table', { name: 'Payments log' }).getByRole('row').filter({ hasText: binned.kdt_id }).locator('.deleted-badge').first();
    ratios['dark Deleted badge'] = await contrastOf(deleted);

    const low = Object.entries(ratios).filter(([, ratio]) => ratio < 4.5);
    expect(low, JSON.stringify(ratios)).toEqual([]);
  });
});
