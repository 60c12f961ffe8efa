// Staff loads across tiers in a real browser: DISPATCH_OPS creates a load for a vendor with the picker, assigns it to
// another vendor and marks it delivered; ACCOUNTING finds status and dates read-only and changes the payment status;
// the vendor the load now belongs to sees it in its own table.
import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { LOAD_STATUS_LABELS, type LoadStatus } from '@portal/domain/loads/fields';
import { TEST_ADMIN_PASSWORD } from '../support/system';
import { expectCellsInView, loginThroughUi, screenshot, useBrowserSuite, waitForPath } from './support';
import { DEMO_PASSWORD } from '../accounts/support';

const LOAD = 'kdt_e2e_7001';

const suite = useBrowserSuite({ config: { seedDemo: true, demoPassword: DEMO_PASSWORD } });

async function signedIn(portal: 'staff' | 'vendor', username: string, landing: string): Promise<Page> {
  const page = await suite.openPage();
  await loginThroughUi(page, portal, username, username === 'admin' ? TEST_ADMIN_PASSWORD : DEMO_PASSWORD, landing);
  return page;
}

/** Chooses the option whose text matches (labels carry business names the test does not need to spell out). */
async function pick(select: Locator, text: RegExp) {
  const option = select.locator('option', { hasText: text });
  await option.first().waitFor({ state: 'attached' });
  await select.selectOption((await option.first().getAttribute('value'))!);
}

const gridRow = (page: Page, kdtId: string) => page.getByRole('region', { name: 'Loads' }).locator('.ag-row').filter({ has: page.getByRole('link', { name: kdtId, exact: true }) });

describe('staff loads', () => {
  it('DISPATCH_OPS creates, assigns and delivers; ACCOUNTING pays; the vendor sees it', { timeout: 60_000 }, async () => {
    // DISPATCH_OPS: the create panel needs a vendor.
    const dispatch = await signedIn('staff', 'dispatch', '/staff/loads');
    await dispatch.getByRole('region', { name: 'Loads' }).getByRole('link', { name: 'kdt_24101', exact: true }).waitFor();
    await dispatch.getByRole('button', { name: 'New Load' }).click();
    await dispatch.getByLabel('Load Number').fill('e2e_7001');
    await dispatch.getByText('ID available.').waitFor();
    await dispatch.getByRole('button', { name: 'Create', exact: true }).click();
    await dispatch.getByText('Please select a vendor.').waitFor();
    await pick(dispatch.getByLabel(/^Vendor\b/), /\(carrier\)/);
    await screenshot(dispatch, 'staff-loads-create-panel');
    await dispatch.getByRole('button', { name: 'Create', exact: true }).click();
    await dispatch.getByText(`Load ${LOAD} created.`).waitFor();
    const row = gridRow(dispatch, LOAD);
    await row.waitFor();
    expect(await row.locator('[col-id="vendor_name"]').textContent()).toBe('Lone Star Carriers');

    // The detail: assign the other vendor, then deliver.
    await row.locator('[col-id="vendor_name"]').click();
    await dispatch.waitForURL((url) => url.pathname.startsWith('/staff/load/'));
    const loadPath = new URL(dispatch.url()).pathname;
    await dispatch.getByRole('heading', { name: LOAD, level: 1 }).waitFor();
    await dispatch.getByText('Experimental Feature').waitFor();
    await dispatch.getByText('The load data models shown here are demo only and need discussion.').waitFor();
    const assign = dispatch.getByRole('region', { name: 'Assign Vendor' });
    await assign.getByRole('button', { name: 'Assign Vendor' }).click();
    await assign.getByText('Please select a vendor.').waitFor();
    await pick(assign.getByLabel('Vendor'), /newcarrier/);
    await assign.getByRole('button', { name: 'Assign Vendor' }).click();
    await assign.getByText('Vendor assigned successfully!').waitFor();
    const vendorName = (await dispatch.locator('.staff-load-vendor strong').textContent())!;
    expect(vendorName).not.toBe('Lone Star Carriers');
    expect(vendorName).not.toBe('Not Assigned');
    await dispatch.getByRole('combobox', { name: 'Status', exact: true }).selectOption('delivered');
    await dispatch.getByText('Status updated to Delivered').waitFor();
    // DISPATCH_OPS may not change the payment status or delete.
    expect(await dispatch.getByRole('combobox', { name: 'Payment Status' }).count()).toBe(0);
    expect(await dispatch.getByRole('group', { name: 'Payment Status' }).textContent()).toContain('Unpaid');
    expect(await dispatch.getByRole('button', { name: 'Delete Load' }).count()).toBe(0);
    await screenshot(dispatch, 'staff-load-detail-dispatch');

    // ACCOUNTING: the board read-only for status and dates, no creating.
    const accounting = await signedIn('staff', 'accounting', '/staff/loads');
    const accountingRow = gridRow(accounting, LOAD);
    await accountingRow.waitFor();
    expect(await accountingRow.locator('[col-id="status"]').textContent()).toBe('Delivered');
    expect(await accountingRow.locator('select').count()).toBe(0);
    expect(await accountingRow.locator('[col-id="pickup_date"] button').count()).toBe(0);
    expect(await accountingRow.locator('[col-id="pickup_date"]').textContent()).toBe('Not set');
    await accounting.getByRole('button', { name: 'New Load' }).click();
    await accounting.getByText("You don't have permission to create loads.").waitFor();
    expect(await accounting.getByLabel('Load Number').count()).toBe(0);
    await accounting.getByText("You don't have permission to create loads.").waitFor({ state: 'detached', timeout: 5_000 });
    await screenshot(accounting, 'staff-loads-board-accounting');

    // ACCOUNTING on the detail: status read-only, payment status changes, only Rate & Payment editable.
    await accounting.goto(loadPath.replace('/staff/load/', '/staff/loads/'));
    await accounting.getByRole('heading', { name: LOAD, level: 1 }).waitFor();
    expect(await accounting.getByRole('combobox', { name: 'Status', exact: true }).count()).toBe(0);
    expect(await accounting.getByRole('group', { name: 'Status' }).textContent()).toContain('Delivered');
    await accounting.getByRole('combobox', { name: 'Payment Status' }).selectOption('paid');
    await accounting.getByText('Payment status updated to Paid').waitFor();
    await accounting.getByRole('button', { name: 'Edit Pickup Information' }).click({ force: true });
    await accounting.getByText('You do not have permission to edit this section').waitFor();
    expect(await accounting.getByRole('button', { name: 'Edit Rate & Payment' }).getAttribute('aria-disabled')).toBeNull();
    expect(await accounting.getByRole('region', { name: 'Assign Vendor' }).getByText('You do not have permission to assign vendors.').count()).toBe(1);
    await screenshot(accounting, 'staff-load-detail-accounting');

    // The vendor it now belongs to sees it, delivered and paid, in its own table.
    const vendor = await signedIn('vendor', 'newcarrier', '/profile');
    await vendor.goto('/loads');
    await waitForPath(vendor, '/loads');
    const vendorRow = vendor.getByRole('row').filter({ has: vendor.getByRole('link', { name: LOAD, exact: true }) });
    await vendorRow.waitFor();
    expect(await vendorRow.textContent()).toContain('Delivered');
    await vendorRow.getByRole('link', { name: LOAD, exact: true }).click();
    await vendor.getByLabel('Payment Status').waitFor();
    expect(await vendor.getByLabel('Payment Status').inputValue()).toBe('paid');

    // The first vendor no longer has it.
    const carrier = await signedIn('vendor', 'carrier', '/loads');
    await carrier.getByRole('link', { name: 'kdt_24101', exact: true }).waitFor();
    expect(await carrier.getByRole('link', { name: LOAD, exact: true }).count()).toBe(0);
  });

  it('keeps the board as the user left it (search, chips, sort) when they open a load and come back, until a reload', { timeout: 30_000 }, async () => {
    const page = await signedIn('staff', 'admin', '/staff/loads');
    const region = page.getByRole('region', { name: 'Loads' });
    await region.getByRole('link', { name: 'kdt_24101', exact: true }).waitFor();
    const header = region.getByRole('columnheader', { name: 'Load ID' });
    await header.locator('.ag-header-cell-label').click();
    await header.locator('.ag-header-cell-label').click();
    await expect.poll(() => header.getAttribute('aria-sort')).toBe('descending');
    const search = page.getByRole('searchbox');
    await search.fill('2410');
    const shown = () => region.locator('.ag-row [col-id="load_number"]').allTextContents();
    // Delivered off: kdt_24101-24104 go.
    const delivered = page.getByRole('group', { name: 'Filter by status' }).getByRole('button', { name: 'Delivered' });
    await delivered.click();
    expect(await delivered.getAttribute('aria-pressed')).toBe('false');
    const expected = ['kdt_24109', 'kdt_24108', 'kdt_24107', 'kdt_24106', 'kdt_24105'];
    const inOrder = async () => {
      const rows = await region.locator('.ag-row').evaluateAll((elements) =>
        elements.map((row) => ({ index: Number(row.getAttribute('row-index')), id: row.querySelector('[col-id="load_number"]')?.textContent ?? '' })),
      );
      return rows.sort((a, b) => a.index - b.index).map((row) => row.id);
    };
    await expect.poll(inOrder).toEqual(expected);
    expect((await shown()).length).toBe(expected.length);

    await region.getByRole('link', { name: 'kdt_24105', exact: true }).click();
    await page.getByRole('heading', { name: 'kdt_24105', level: 1 }).waitFor();
    await page.getByRole('button', { name: 'Back to Loads' }).click();
    await waitForPath(page, '/staff/loads');
    expect(await search.inputValue()).toBe('2410');
    expect(await delivered.getAttribute('aria-pressed')).toBe('false');
    await expect.poll(() => header.getAttribute('aria-sort')).toBe('descending');
    await expect.poll(inOrder).toEqual(expected);
    // And the keyboard is back on the load it came from, not at the page's heading a board away from it.
    await expect
      .poll(() => page.evaluate<string | null>(`document.activeElement?.closest('.ag-row')?.querySelector('[col-id="load_number"]')?.textContent ?? null`))
      .toBe('kdt_24105');
    // A reload is the way back to the board's own view: newest first, nothing filtered.
    await page.reload();
    await region.getByRole('link', { name: 'kdt_24101', exact: true }).waitFor();
    expect(await search.inputValue()).toBe('');
    expect(await delivered.getAttribute('aria-pressed')).toBe('true');
    expect(await header.getAttribute('aria-sort')).toBe('none');
  });

  it('comes back to the place the board was scrolled to when the user opens a load and returns', { timeout: 60_000 }, async () => {
    const carrier = await suite.signedInClient('carrier', DEMO_PASSWORD, 'vendor');
    for (let n = 0; n < 60; n++) {
      expect((await carrier.post('/api/loads/', { load_number: `scroll_${String(n).padStart(2, '0')}` })).status).toBe(201);
    }
    await suite.system.caughtUp();
    // A short window: the board's body shows about 8 rows and scrolls.
    const page = await suite.openPage({ viewport: { width: 1280, height: 600 } });
    await loginThroughUi(page, 'staff', 'admin', TEST_ADMIN_PASSWORD, '/staff/loads');
    const region = page.getByRole('region', { name: 'Loads' });
    await region.getByRole('link', { name: 'kdt_scroll_59', exact: true }).waitFor();
    // AG Grid 36 scrolls the rows in this element (the header outside it).
    const viewport = region.locator('.ag-grid-viewport');
    // The load at the top of the view: the displayed row whose box holds the viewport's top edge.
    const topLoad = () =>
      viewport.evaluate((element) => {
        const top = element.getBoundingClientRect().top + 1;
        const row = [...element.querySelectorAll('.ag-row')].find((candidate) => {
          const box = candidate.getBoundingClientRect();
          return box.top <= top && box.bottom > top;
        });
        return row?.querySelector('[col-id="load_number"]')?.textContent ?? '';
      });
    await viewport.evaluate((element) => element.scrollTo({ top: 30 * 44 }));
    await expect.poll(topLoad).toMatch(/^kdt_scroll_\d\d$/);
    const left = await topLoad();
    // The scroll's end is noted a moment after it stops.
    await page.waitForTimeout(500);

    await region.getByRole('link', { name: left, exact: true }).click();
    await page.getByRole('heading', { name: left, level: 1 }).waitFor();
    await page.getByRole('button', { name: 'Back to Loads' }).click();
    await waitForPath(page, '/staff/loads');
    await expect.poll(topLoad).toBe(left);
    expect(await viewport.evaluate((element) => element.scrollTop)).toBeGreaterThan(0);
    await screenshot(page, 'staff-board-scroll-kept');
  });

  it('cuts a long load id or vendor name with an ellipsis in a narrow column, the whole of it in a tooltip', { timeout: 60_000 }, async () => {
    const carrier = await suite.signedInClient('carrier', DEMO_PASSWORD, 'vendor');
    expect((await carrier.post('/api/loads/', { load_number: '2026-11-TX-000123-LONG' })).status).toBe(201);
    await suite.system.caughtUp();
    const page = await suite.openPage({ viewport: { width: 1024, height: 800 } });
    await loginThroughUi(page, 'staff', 'dispatch', DEMO_PASSWORD, '/staff/loads');
    const row = gridRow(page, 'kdt_2026-11-TX-000123-LONG');
    const link = row.getByRole('link', { name: 'kdt_2026-11-TX-000123-LONG', exact: true });
    await link.waitFor();
    const vendor = row.locator('[col-id="vendor_name"] .board-cell-text');
    for (const [element, text] of [[link, 'kdt_2026-11-TX-000123-LONG'], [vendor, 'Lone Star Carriers']] as const) {
      expect(await element.getAttribute('title')).toBe(text);
      expect(await element.evaluate((node) => node.ownerDocument.defaultView!.getComputedStyle(node).textOverflow)).toBe('ellipsis');
    }
    // The id is wider than its column at this width: cut, not wrapped or spilled into the next cell.
    expect(await link.evaluate((node) => node.scrollWidth > node.clientWidth)).toBe(true);
    await screenshot(page, 'staff-board-1024-ellipsis');
  });

  it("keeps a load's page and a vendor's page within the screen when a vendor's name is long", { timeout: 90_000 }, async () => {
    // A select is as wide as its longest option: one vendor named at length (up to 200 characters are allowed) made
    // every staff load page 1,879 px wide at 1280 (Assign Vendor), and a long name without spaces a vendor's page 4,000.
    const newcarrier = await suite.signedInClient('newcarrier', DEMO_PASSWORD, 'vendor');
    const spaced = 'Great Plains Interstate Refrigerated and Dry Van Transportation Logistics Brokerage Warehousing and Distribution Services Company of North America LLC';
    expect((await newcarrier.request('PATCH', '/api/profiles/vendor/', { business_name: spaced })).status).toBe(200);
    const carrier = await suite.signedInClient('carrier', DEMO_PASSWORD, 'vendor');
    const { body: load } = await carrier.post('/api/loads/', { load_number: 'kdt_wide-name' });
    await suite.system.caughtUp();
    const pageWidth = (page: Page) => page.evaluate<number>('document.scrollingElement.scrollWidth');
    for (const width of [1280, 360]) {
      const page = await suite.openPage({ viewport: { width, height: 800 } });
      await loginThroughUi(page, 'staff', 'admin', TEST_ADMIN_PASSWORD, '/staff/loads');
      await page.goto(`/staff/load/${load.id as string}`);
      await page.getByRole('combobox', { name: /vendor/i }).waitFor();
      expect(await pageWidth(page), `load page at ${width} px`).toBeLessThanOrEqual(width);
      await screenshot(page, `staff-load-long-vendor-${width}`);
    }
    const unbroken = 'Greatplainsinterstaterefrigeratedanddryvantransportationlogisticsbrokeragewarehousinganddistribution';
    expect((await newcarrier.request('PATCH', '/api/profiles/vendor/', { business_name: unbroken })).status).toBe(200);
    const vendorId = ((await newcarrier.get('/api/auth/user/')).body as { vendor_profile: { id: string } }).vendor_profile.id;
    await suite.system.caughtUp();
    const page = await suite.openPage({ viewport: { width: 1280, height: 800 } });
    await loginThroughUi(page, 'staff', 'admin', TEST_ADMIN_PASSWORD, '/staff/loads');
    await page.goto(`/staff/vendors/${vendorId}`);
    await page.getByRole('heading', { level: 1, name: unbroken }).waitFor();
    expect(await pageWidth(page), 'vendor page').toBeLessThanOrEqual(1280);
  });

  it('shows the recycle bin, the staff accounts and the vendors on a phone as cards, every field and button in view', { timeout: 60_000 }, async () => {
    // At 360 px the recycle bin was 865 px wide (its tables widened their grid cells, and their visually hidden labels,
    // placed against the page, stretched it), and the staff accounts table squeezed its columns to 'a…' and '● A'.
    // Then the tables scrolled in their boxes, with Restore, the status, the tier, MC and DOT off the screen (admin audit).
    const carrier = await suite.signedInClient('carrier', DEMO_PASSWORD, 'vendor');
    const { body: load } = await carrier.post('/api/loads/', { load_number: 'kdt_narrow-bin' });
    expect((await carrier.request('DELETE', `/api/loads/${load.id as string}/`)).status).toBe(204);
    await suite.system.caughtUp();
    const page = await suite.openPage({ viewport: { width: 360, height: 800 }, isMobile: true, hasTouch: true });
    await loginThroughUi(page, 'staff', 'admin', TEST_ADMIN_PASSWORD, '/staff/loads');
    const noSideways = async (name: string) => {
      expect(await page.evaluate<number>('document.scrollingElement.scrollWidth'), name).toBeLessThanOrEqual(360);
      for (const box of await page.locator('.rb-table-scroll, .sa-table-scroll').all()) {
        expect(await box.evaluate((element) => element.scrollWidth <= element.clientWidth), name).toBe(true);
      }
    };

    await page.goto('/staff/recycle-bin');
    const binned = page.getByRole('table', { name: 'Deleted loads' }).getByRole('row').filter({ hasText: 'kdt_narrow-bin' });
    await binned.waitFor();
    await noSideways('recycle bin');
    await expectCellsInView(binned, ['.rb-restore', '.rb-history-button'], 360);
    await screenshot(page, 'recycle-bin-360');

    /** The list at `path`, once the row whose link is `link` shows, every one of its `cells` in view. */
    const listRowInView = async (path: string, link: string, cells: string[]) => {
      await page.goto(path);
      const row = page.locator('.sa-row').filter({ has: page.getByRole('link', { name: link, exact: true }) });
      await row.waitFor();
      await noSideways(path);
      await expectCellsInView(row, cells, 360);
      return row;
    };
    const admin = await listRowInView('/staff/accounts', 'admin', ['.cell-name', '.cell-username', '.cell-email', '.cell-status', '.cell-tier']);
    // The whole username shows.
    expect(await admin.locator('.cell-username').evaluate((cell) => cell.scrollWidth <= cell.clientWidth)).toBe(true);
    // Sorting stays at hand: the headers are a row of sort buttons.
    await page.getByRole('button', { name: /^Tier/ }).click();
    await expect.poll(() => page.getByRole('columnheader', { name: /^Tier/ }).getAttribute('aria-sort')).toMatch(/^(ascending|descending)$/);
    await screenshot(page, 'staff-accounts-360');

    await listRowInView('/staff/vendors', 'carrier', ['.cell-username', '.cell-legal_name', '.cell-mc_number', '.cell-dot_number', '.cell-status']);
    await screenshot(page, 'vendors-360');
  });

  it('an unknown load says so, with the way back', { timeout: 30_000 }, async () => {
    const page = await signedIn('staff', 'newstaff', '/staff/loads');
    // The board has drawn its rows (which ones depends on the loads earlier tests added).
    await page.getByRole('region', { name: 'Loads' }).locator('.ag-row').first().waitFor();
    await page.goto('/staff/load/00000000-0000-4000-8000-000000000000');
    await page.getByText("Load not found or you don't have permission to view it.").waitFor();
    await page.getByRole('button', { name: 'Back to Loads' }).click();
    await waitForPath(page, '/staff/loads');
  });

  it('says how many loads a search or a status chip leaves, the same words again included; not on arrival, nor at a live change', { timeout: 60_000 }, async () => {
    const admin = await suite.signedInClient('admin', TEST_ADMIN_PASSWORD, 'staff');
    const load = (await admin.get<{ id: string; kdt_id: string; status: string }[]>('/api/loads/')).body.find((candidate) => candidate.kdt_id === 'kdt_24105')!;
    const page = await signedIn('staff', 'admin', '/staff/loads');
    const region = page.getByRole('region', { name: 'Loads' });
    // The board has drawn its rows (which ones depends on the loads earlier tests added).
    await region.locator('.ag-row').first().waitFor();
    // Every text the board's status region is given, in order (the vendor list's own region, as on /loads).
    await page.evaluate(`(() => {
      window.__said = [];
      let last = '';
      new MutationObserver(() => {
        const said = document.querySelector('.staff-loads-page p.loads-filter-said[role="status"]');
        const text = said ? said.textContent : '';
        if (text === last) return;
        last = text;
        if (text) window.__said.push(text);
      }).observe(document, { subtree: true, childList: true, characterData: true });
    })()`);
    const said = () => page.evaluate<string[]>('window.__said');
    expect(await page.locator('.staff-loads-page p.loads-filter-said[role="status"]').count()).toBe(1);
    expect(await said()).toEqual([]);

    await page.getByRole('searchbox').fill('kdt_24105');
    await expect.poll(said).toEqual(['1 load shown']);
    const chip = page.getByRole('group', { name: 'Filter by status' }).getByRole('button', { name: LOAD_STATUS_LABELS[load.status as LoadStatus], exact: true });
    await chip.focus();
    await page.keyboard.press('Enter');
    await expect.poll(said).toEqual(['1 load shown', 'No loads found']);
    await page.keyboard.press('Enter');
    await expect.poll(said).toEqual(['1 load shown', 'No loads found', '1 load shown']);

    // A change pushed from elsewhere redraws the row, and says nothing.
    const next = load.status === 'delivered' ? 'picked_up' : 'delivered';
    expect((await admin.request('PATCH', `/api/loads/${load.id}/`, { status: next })).status).toBe(200);
    await expect.poll(() => region.locator('.ag-row [col-id="status"] select').first().inputValue(), { timeout: 10_000 }).toBe(next);
    expect(await said()).toEqual(['1 load shown', 'No loads found', '1 load shown']);
  });
});
