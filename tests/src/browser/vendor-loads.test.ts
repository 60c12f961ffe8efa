// A vendor's loads in a real browser (vendor-side.md sections 2, 4, 5 and 8): the empty table, 'New Load' with the
// live id check and the full details, sorting and search, the detail page's status changer, Rate & Payment section,
// payment status and delete, the table's delivery date dialog; then the demo carrier's full table sorted by date and
// on a 375 px phone screen.
import type { Locator, Page, Request } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import type { PortalClient } from '../support/http-client';
import { loginThroughUi, mainNav, screenshot, toast, useBrowserSuite, waitForPath } from './support';
import { DEMO_PASSWORD } from '../accounts/support';

/** The browser's zone, so the dates the table shows are known in advance. */
const TIME_ZONE = 'America/Chicago';

// Demo seeding: carrier with 12 loads, newcarrier with none.
const suite = useBrowserSuite({ config: { seedDemo: true, demoPassword: DEMO_PASSWORD } });

async function vendorPage(username: string, landing: string, viewport?: { width: number; height: number }): Promise<Page> {
  const page = await suite.openPage({
    timezoneId: TIME_ZONE,
    ...(viewport && { viewport, isMobile: true, hasTouch: true }),
  });
  await loginThroughUi(page, 'vendor', username, DEMO_PASSWORD, landing);
  return page;
}

const vendorApi = (username: string): Promise<PortalClient> => suite.signedInClient(username, DEMO_PASSWORD, 'vendor');

type ApiLoad = Record<string, unknown> & { id: string; kdt_id: string };

/**
 * What the read API answers for a load, once it shows `expected`: the read model follows the commands a moment later,
 * so an API check waits for it rather than reading once.
 */
async function loadOnApi(client: PortalClient, id: string, expected: Record<string, unknown>): Promise<ApiLoad> {
  let last: ApiLoad | undefined;
  await expect
    .poll(async () => {
      last = (await client.get<ApiLoad>(`/api/loads/${id}/`)).body;
      return last;
    }, { timeout: 5_000 })
    .toMatchObject(expected);
  return last!;
}

/** The JSON bodies of the page's requests of one method whose path matches. */
function sentBodies(page: Page, method: string, path: RegExp): unknown[] {
  const bodies: unknown[] = [];
  page.on('request', (request: Request) => {
    if (request.method() === method && path.test(new URL(request.url()).pathname)) bodies.push(request.postDataJSON() ?? null);
  });
  return bodies;
}

/** A stored time as the table shows it: en-US short month and day, 12-hour time, in the browser's zone. */
const listDateTime = (iso: string) =>
  new Date(iso)
    .toLocaleString('en-US', { month: 'short', day: 'numeric', hour: 'numeric', minute: '2-digit', hour12: true, timeZone: TIME_ZONE })
    .replace(/\u202f/g, ' ');
/** A date on a load's own page: with its year. */
const detailDateTime = (iso: string) =>
  new Date(iso)
    .toLocaleString('en-US', { year: 'numeric', month: 'short', day: 'numeric', hour: 'numeric', minute: '2-digit', hour12: true, timeZone: TIME_ZONE })
    .replace(/\u202f/g, ' ');

const loadsTable = (page: Page) => page.getByRole('table');
/** The Load IDs in the order the table shows them. */
const shownIds = (page: Page) => loadsTable(page).locator('tbody').getByRole('link').allTextContents();
const rowOf = (page: Page, kdtId: string) => loadsTable(page).getByRole('row').filter({ has: page.getByRole('link', { name: kdtId, exact: true }) });
/** A cell of a load's row by its column id (load_number, status, pickup_date, delivery_date, invoice...). */
const cellOf = (page: Page, kdtId: string, column: string) => rowOf(page, kdtId).locator(`td.cell-${column}`);
const header = (page: Page, name: string) => loadsTable(page).getByRole('columnheader', { name: new RegExp(`^${name}`) });
/** A value on the detail page: the field of a section, as read when not editing. */
const sectionValue = (page: Page, section: string, label: string) =>
  page.getByRole('region', { name: section, exact: true }).locator('.section-value').filter({ has: page.locator('dt', { hasText: new RegExp(`^${label}$`) }) }).locator('dd');

/** A full-page shot from the top: scrolled, the sticky nav bar would be drawn over the middle of a long page. */
async function shotFromTop(page: Page, name: string) {
  await page.evaluate('window.scrollTo(0, 0)');
  await screenshot(page, name);
}

async function sortBy(page: Page, name: string, arrow: '▲' | '▼', ariaSort: 'ascending' | 'descending') {
  await header(page, name).getByRole('button').click();
  await expect.poll(() => header(page, name).getAttribute('aria-sort')).toBe(ariaSort);
  expect(await header(page, name).locator('.sort-arrow').textContent()).toBe(arrow);
  // Said too: the arrow is not read out, and aria-sort is not announced as it changes.
  await page.getByRole('status').filter({ hasText: `Sorted by ${name}, ${ariaSort}.` }).waitFor();
}

/** Types a load number into the open create form and waits for the availability answer. */
async function typeLoadNumber(form: Locator, typed: string, answer: 'ID available.' | 'ID already taken.') {
  await form.getByLabel('Load Number').fill(typed);
  await form.getByText(answer, { exact: true }).waitFor();
}

describe('a vendor with no loads yet (newcarrier)', () => {
  it('creates, sorts, searches, picks up, edits, dates, pays and deletes a load', { timeout: 60_000 }, async () => {
    const page = await vendorPage('newcarrier', '/profile');
    const api = await vendorApi('newcarrier');
    await mainNav(page).getByRole('link', { name: 'Loads', exact: true }).click();
    await waitForPath(page, '/loads');
    await page.getByRole('heading', { name: 'Loads', level: 1 }).waitFor();
    await loadsTable(page).getByRole('cell', { name: 'No loads found', exact: true }).waitFor();
    const columns = await loadsTable(page).getByRole('columnheader').allTextContents();
    expect(columns.map((text) => text.replace(/[▲▼↕]/g, '').trim())).toEqual([
      'Load ID', 'Status', 'Pick-Up Date', 'Delivery Date', 'RateCon', 'BOL', 'Invoice', 'Other Docs', 'Photos',
    ]);

    // 1. New Load with full details; the number is typed without its kdt_ prefix.
    await page.getByRole('button', { name: 'New Load' }).click();
    const form = page.getByRole('form', { name: 'New Load' });
    await typeLoadNumber(form, 'e2e_5001', 'ID available.');
    await form.getByLabel('Add Full Load Details?').check();
    await form.getByLabel('Pickup Zip').fill('75201');
    await form.getByLabel('Pickup Date').fill('03-10-2026');
    await form.getByLabel('Delivery Zip').fill('80202');
    // A delivery typed before the pick-up (day and month swapped, say) is pointed out under it; corrected, it goes.
    await form.getByLabel('Delivery Date').fill('03-09-2026');
    const orderNotice = form.getByText('This is before the pick-up (Mar 10).');
    await orderNotice.waitFor();
    expect((await form.getByLabel('Delivery Date').getAttribute('aria-describedby'))?.split(' ')).toContain(await orderNotice.getAttribute('id'));
    await form.getByLabel('Delivery Date').fill('03-12-2026');
    await expect.poll(() => orderNotice.count()).toBe(0);
    await form.getByLabel('Rate Amount ($)').fill('1875.25');
    await screenshot(page, 'vendor-loads-create-form');
    await form.getByRole('button', { name: 'Create', exact: true }).click();
    await toast(page, 'Load kdt_e2e_5001 created.').waitFor();
    await form.waitFor({ state: 'detached' });
    await rowOf(page, 'kdt_e2e_5001').waitFor();
    expect(await cellOf(page, 'kdt_e2e_5001', 'status').textContent()).toBe('Open');
    // Dates typed without a time show as the day alone.
    expect(await cellOf(page, 'kdt_e2e_5001', 'pickup_date').textContent()).toBe('Mar 10');
    expect(await cellOf(page, 'kdt_e2e_5001', 'delivery_date').textContent()).toBe('Mar 12');
    for (const documents of ['rate_confirmation', 'bill_of_lading', 'invoice', 'other', 'photos']) {
      expect(await cellOf(page, 'kdt_e2e_5001', documents).textContent(), documents).toBe('MISSING');
    }
    expect(await page.getByText('No loads found').count()).toBe(0);
    const firstId = (await rowOf(page, 'kdt_e2e_5001').getByRole('link').getAttribute('href'))!.replace('/load/', '');
    await loadOnApi(api, firstId, {
      kdt_id: 'kdt_e2e_5001',
      load_number: 'kdt_e2e_5001',
      pickup_location: '75201',
      pickup_date: '2026-03-10T00:00:00.000Z',
      delivery_location: '80202',
      delivery_date: '2026-03-12T00:00:00.000Z',
      rate_amount: 1875.25,
    });

    // A second one, without a pickup date; the first number is taken now, whatever its case.
    await page.getByRole('button', { name: 'New Load' }).click();
    await typeLoadNumber(form, 'E2E_5001', 'ID already taken.');
    expect(await form.getByRole('button', { name: 'Create', exact: true }).isDisabled()).toBe(true);
    await typeLoadNumber(form, 'e2e_5002', 'ID available.');
    await form.getByLabel('Add Full Load Details?').check();
    await form.getByLabel('Pickup Zip').fill('73102');
    await form.getByLabel('Delivery Zip').fill('64105');
    await form.getByLabel('Rate Amount ($)').fill('990');
    await form.getByRole('button', { name: 'Create', exact: true }).click();
    await toast(page, 'Load kdt_e2e_5002 created.').waitFor();
    await rowOf(page, 'kdt_e2e_5002').waitFor();
    expect(await cellOf(page, 'kdt_e2e_5002', 'pickup_date').textContent()).toBe('Not set');
    await screenshot(page, 'vendor-loads-created');

    // 2. Sorting: newest first as the server lists them, then Load ID ascending and descending.
    expect(await shownIds(page)).toEqual(['kdt_e2e_5002', 'kdt_e2e_5001']);
    expect(await header(page, 'Load ID').getAttribute('aria-sort')).toBeNull();
    expect(await page.getByRole('status').filter({ hasText: /^Sorted by/ }).count()).toBe(0);
    await sortBy(page, 'Load ID', '▲', 'ascending');
    expect(await shownIds(page)).toEqual(['kdt_e2e_5001', 'kdt_e2e_5002']);
    await sortBy(page, 'Load ID', '▼', 'descending');
    expect(await shownIds(page)).toEqual(['kdt_e2e_5002', 'kdt_e2e_5001']);
    // A third click goes back to ascending (no unsorted state).
    await sortBy(page, 'Load ID', '▲', 'ascending');
    expect(await shownIds(page)).toEqual(['kdt_e2e_5001', 'kdt_e2e_5002']);
    // The pickup date: the load without one goes last in both directions.
    await sortBy(page, 'Pick-Up Date', '▲', 'ascending');
    expect(await shownIds(page)).toEqual(['kdt_e2e_5001', 'kdt_e2e_5002']);
    expect(await header(page, 'Load ID').getAttribute('aria-sort')).toBeNull();
    await sortBy(page, 'Pick-Up Date', '▼', 'descending');
    expect(await shownIds(page)).toEqual(['kdt_e2e_5001', 'kdt_e2e_5002']);
    await screenshot(page, 'vendor-loads-sorted');

    // Search, case-insensitively, by location, id and the date as shown; then something nothing matches.
    const search = page.getByPlaceholder('Find load by ID, date, or location.');
    // What is left is said in the page's status region (WCAG 4.1.3), once typing pauses; nothing before a search.
    const said = page.locator('.loads-page p.loads-filter-said[role="status"]');
    expect(await said.textContent()).toBe('');
    await search.fill('80202');
    await expect.poll(() => shownIds(page)).toEqual(['kdt_e2e_5001']);
    await expect.poll(() => said.textContent()).toBe('1 load shown');
    await search.fill('KDT_E2E_5002');
    await expect.poll(() => shownIds(page)).toEqual(['kdt_e2e_5002']);
    await search.fill('mar 12');
    await expect.poll(() => shownIds(page)).toEqual(['kdt_e2e_5001']);
    await search.fill('no-such-load-anywhere');
    await loadsTable(page).getByRole('cell', { name: 'No loads found', exact: true }).waitFor();
    expect(await shownIds(page)).toEqual([]);
    await expect.poll(() => said.textContent()).toBe('No loads found');
    await screenshot(page, 'vendor-loads-search-nothing');
    await search.fill('');
    await expect.poll(() => shownIds(page)).toEqual(['kdt_e2e_5001', 'kdt_e2e_5002']);
    await expect.poll(() => said.textContent()).toBe('2 loads shown');

    // 3. The detail of the load without a pickup date: Picked Up stamps one.
    await rowOf(page, 'kdt_e2e_5002').getByRole('link').click();
    await page.waitForURL((url) => url.pathname.startsWith('/load/'));
    const loadId = new URL(page.url()).pathname.slice('/load/'.length);
    await page.getByRole('heading', { name: 'Load Details kdt_e2e_5002', level: 1 }).waitFor();
    const pickupDate = sectionValue(page, 'Pickup Information', 'Pickup Date');
    expect(await pickupDate.textContent()).toBe('Not set');
    expect(await sectionValue(page, 'Pickup Information', 'Pickup Location').textContent()).toBe('73102');
    const status = page.getByLabel('Status', { exact: true });
    expect(await status.inputValue()).toBe('open');
    await status.selectOption('picked_up');
    await toast(page, 'Status updated to Picked Up').waitFor();
    await expect.poll(() => pickupDate.textContent()).not.toBe('Not set');
    const stamped = await loadOnApi(api, loadId, { status: 'picked_up', pickup_date: expect.any(String) });
    const stampedAt = stamped.pickup_date as string;
    expect(Math.abs(Date.now() - Date.parse(stampedAt))).toBeLessThan(60_000);
    expect(await pickupDate.textContent()).toBe(detailDateTime(stampedAt));
    expect(await status.inputValue()).toBe('picked_up');
    await shotFromTop(page, 'vendor-load-picked-up');

    // 4. Rate & Payment: only the changed field is sent.
    const patches = sentBodies(page, 'PATCH', new RegExp(`/api/loads/${loadId}/$`));
    await page.getByRole('button', { name: 'Edit Rate & Payment' }).click();
    const rateSection = page.getByRole('region', { name: 'Rate & Payment', exact: true });
    const rate = rateSection.getByLabel('Rate Amount ($)');
    expect(await rate.inputValue()).toBe('990.00');
    await rate.fill('1234.5');
    await rateSection.getByRole('button', { name: 'Save Changes' }).click();
    await toast(page, 'Rate & Payment Information updated successfully!').waitFor();
    await expect.poll(() => sectionValue(page, 'Rate & Payment', 'Rate Amount').textContent()).toBe('$1,234.50');
    expect(await rateSection.getByRole('button', { name: 'Save Changes' }).count()).toBe(0);
    expect(patches).toEqual([{ rate_amount: 1234.5 }]);
    await shotFromTop(page, 'vendor-load-rate-saved');

    // 5. Back on the table, the delivery date from its cell: a day and a time.
    await page.getByRole('button', { name: /Back to Loads/ }).click();
    await waitForPath(page, '/loads');
    await expect.poll(() => cellOf(page, 'kdt_e2e_5002', 'pickup_date').textContent()).toBe(listDateTime(stampedAt));
    expect(await cellOf(page, 'kdt_e2e_5002', 'status').textContent()).toBe('Picked Up');
    const deliveryCell = cellOf(page, 'kdt_e2e_5002', 'delivery_date').getByRole('button');
    expect(await deliveryCell.textContent()).toBe('Not set');
    const dialog = page.getByRole('dialog', { name: 'Set Delivery Date & Time' });
    // Evaluated in the page (this file is compiled without the DOM's types).
    const focused = () => page.evaluate<string | null>('document.activeElement && document.activeElement.outerHTML.slice(0, 120)');
    const hasFocus = (element: Locator) => element.evaluate((node) => node === node.ownerDocument.activeElement);
    // From the keyboard: the dialog opens on its first field, and Escape gives the focus back to the cell.
    await deliveryCell.focus();
    await page.keyboard.press('Enter');
    await dialog.waitFor();
    expect(await hasFocus(dialog.getByLabel(/^Date( \*)?$/)), String(await focused())).toBe(true);
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    expect(await hasFocus(deliveryCell), String(await focused())).toBe(true);
    await deliveryCell.click();
    await dialog.waitFor();
    expect(await dialog.getByLabel(/^Date( \*)?$/).inputValue()).toBe('');
    await dialog.getByText('Date will be set without time if not provided').waitFor();
    await dialog.getByLabel(/^Date( \*)?$/).fill('2026-03-20');
    await dialog.getByLabel('Time', { exact: true }).fill('14:30');
    await screenshot(page, 'vendor-loads-date-dialog');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await dialog.waitFor({ state: 'detached' });
    await expect.poll(() => deliveryCell.textContent()).toBe('Mar 20, 2:30 PM');
    // 14:30 in Chicago on 20 March (daylight time, UTC-5) is 19:30 UTC.
    await loadOnApi(api, loadId, { delivery_date: '2026-03-20T19:30:00.000Z' });
    await screenshot(page, 'vendor-loads-delivery-set');
    // 19:00 in Chicago that day is midnight UTC, where dates without a time are stored: it still reads as that
    // evening, and the dialog opens on it again.
    await deliveryCell.click();
    await dialog.getByLabel('Time', { exact: true }).fill('19:00');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await dialog.waitFor({ state: 'detached' });
    await expect.poll(() => deliveryCell.textContent()).toBe('Mar 20, 7:00 PM');
    await deliveryCell.click();
    expect(await dialog.getByLabel(/^Date( \*)?$/).inputValue()).toBe('2026-03-20');
    expect(await dialog.getByLabel('Time', { exact: true }).inputValue()).toBe('19:00');
    await dialog.getByLabel('Time', { exact: true }).fill('14:30');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await dialog.waitFor({ state: 'detached' });
    await expect.poll(() => deliveryCell.textContent()).toBe('Mar 20, 2:30 PM');

    // 6. Payment status, on the detail page again.
    await rowOf(page, 'kdt_e2e_5002').getByRole('link').click();
    await waitForPath(page, `/load/${loadId}`);
    await page.getByRole('heading', { name: 'Load Details kdt_e2e_5002', level: 1 }).waitFor();
    expect(await sectionValue(page, 'Delivery Information', 'Delivery Date').textContent()).toBe('Mar 20, 2026, 2:30 PM');
    const payment = page.getByLabel('Payment Status', { exact: true });
    expect(await payment.inputValue()).toBe('unpaid');
    await payment.selectOption('paid');
    await toast(page, 'Payment status updated to Paid').waitFor();
    expect(await payment.inputValue()).toBe('paid');
    await loadOnApi(api, loadId, { payment_status: 'paid', rate_amount: 1234.5 });
    await shotFromTop(page, 'vendor-load-paid');

    // 7. Delete, after the confirmation.
    await page.getByRole('button', { name: 'Delete Load', exact: true }).click();
    const confirm = page.getByRole('dialog', { name: 'Delete Load kdt_e2e_5002?' });
    await confirm.getByText('This action will remove the load from your dashboard.', { exact: true }).waitFor();
    await shotFromTop(page, 'vendor-load-delete-confirm');
    await confirm.getByRole('button', { name: 'Delete Load', exact: true }).click();
    await toast(page, 'Load deleted successfully').waitFor();
    // Shown as the dialog closed, it is said on the page (said in the dialog, it would have left with it, unheard).
    await page.locator('.toast-layer-page [aria-live="polite"]').filter({ hasText: 'Load deleted successfully' }).waitFor();
    await waitForPath(page, '/loads');
    await rowOf(page, 'kdt_e2e_5001').waitFor();
    expect(await shownIds(page)).toEqual(['kdt_e2e_5001']);
    await expect.poll(async () => (await api.get(`/api/loads/${loadId}/`)).status, { timeout: 5_000 }).toBe(404);
    // Still gone after a fresh page load.
    await page.reload();
    await rowOf(page, 'kdt_e2e_5001').waitFor();
    expect(await shownIds(page)).toEqual(['kdt_e2e_5001']);
    await screenshot(page, 'vendor-loads-after-delete');
  });
});

describe('the demo carrier with 12 loads', () => {
  it('says what each search leaves, the same count again included, and nothing while the list is loading', { timeout: 60_000 }, async () => {
    const page = await suite.openPage({ timezoneId: TIME_ZONE });
    await loginThroughUi(page, 'vendor', 'carrier', DEMO_PASSWORD, '/loads');
    // Every text the status region is given, in order.
    await page.addInitScript(`(() => {
      window.__said = [];
      let last = '';
      new MutationObserver(() => {
        const region = document.querySelector('.loads-page p.loads-filter-said[role="status"]');
        const text = region ? region.textContent : '';
        if (text === last) return;
        last = text;
        if (text) window.__said.push(text);
      }).observe(document, { subtree: true, childList: true, characterData: true });
    })()`);
    // The list arrives slowly: a search typed meanwhile is said once the rows are there, not as "No loads found".
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/api/loads/?*', async (route) => {
      await held;
      await route.continue();
    });
    await page.goto(`${suite.system.url}/loads`);
    const search = page.getByPlaceholder('Find load by ID, date, or location.');
    await search.fill('kdt_2410');
    await page.waitForTimeout(1_500);
    const said = () => page.evaluate<string[]>('window.__said');
    expect(await said()).toEqual([]);
    release();
    await expect.poll(said).toEqual(['9 loads shown']);
    await page.unroute('**/api/loads/?*');
    // Another search leaving as many rows is said again (before, the same words changed nothing and were not read out).
    await search.fill('kdt_24101');
    await expect.poll(said).toEqual(['9 loads shown', '1 load shown']);
    await search.fill('kdt_24102');
    await expect.poll(said).toEqual(['9 loads shown', '1 load shown', '1 load shown']);
  });

  it('sorts by delivery date both ways, a load without one last', { timeout: 30_000 }, async () => {
    const page = await vendorPage('carrier', '/loads');
    const listed = (await (await vendorApi('carrier')).get('/api/loads/')).body as Array<{ kdt_id: string; delivery_date: string | null }>;
    expect(listed).toHaveLength(12);
    await expect.poll(() => shownIds(page)).toEqual(listed.map((load) => load.kdt_id));

    // Stable sorts of the server's order (ties keep it), missing dates last whichever the direction.
    const byDelivery = (desc: boolean) =>
      [...listed]
        .sort((a, b) => {
          if (a.delivery_date === b.delivery_date) return 0;
          if (a.delivery_date === null || b.delivery_date === null) return a.delivery_date === null ? 1 : -1;
          const order = Date.parse(a.delivery_date) - Date.parse(b.delivery_date);
          return desc ? -order : order;
        })
        .map((load) => load.kdt_id);
    expect(listed.filter((load) => load.delivery_date === null).map((load) => load.kdt_id)).toEqual(['kdt_24111']);

    await sortBy(page, 'Delivery Date', '▲', 'ascending');
    expect(await shownIds(page)).toEqual(byDelivery(false));
    expect((await shownIds(page)).at(-1)).toBe('kdt_24111');
    await sortBy(page, 'Delivery Date', '▼', 'descending');
    expect(await shownIds(page)).toEqual(byDelivery(true));
    expect((await shownIds(page)).at(-1)).toBe('kdt_24111');
    await screenshot(page, 'vendor-loads-carrier-delivery-desc');
  });

  it('comes back as the user left it (search, chips, sort) after opening a load, until a reload', { timeout: 30_000 }, async () => {
    // Before, the list came back empty-handed: all loads, no search, unsorted (the staff board kept its view).
    const page = await vendorPage('carrier', '/loads');
    await loadsTable(page).locator('tbody tr').first().waitFor();
    await sortBy(page, 'Delivery Date', '▲', 'ascending');
    await sortBy(page, 'Delivery Date', '▼', 'descending');
    const cancelled = page.getByRole('group', { name: 'Filter by status' }).getByRole('button', { name: /Cancelled/ });
    await cancelled.click();
    const search = page.getByPlaceholder('Find load by ID, date, or location.');
    await search.fill('kdt_241');
    await expect.poll(async () => (await shownIds(page)).includes('kdt_24111')).toBe(false);
    const left = await shownIds(page);
    expect(left.length).toBeGreaterThan(1);

    await loadsTable(page).getByRole('link', { name: left[1], exact: true }).click();
    await page.getByRole('button', { name: /Back to Loads/ }).click();
    await waitForPath(page, '/loads');
    await expect.poll(() => shownIds(page)).toEqual(left);
    expect(await search.inputValue()).toBe('kdt_241');
    expect(await cancelled.getAttribute('aria-pressed')).toBe('false');
    expect(await header(page, 'Delivery Date').getAttribute('aria-sort')).toBe('descending');

    await page.reload();
    await loadsTable(page).locator('tbody tr').first().waitFor();
    expect(await search.inputValue()).toBe('');
    expect(await cancelled.getAttribute('aria-pressed')).toBe('true');
    expect(await header(page, 'Delivery Date').getAttribute('aria-sort')).toBeNull();
  });

  it('fits a 375 px screen: no sideways page scroll, the table scrolls inside its box', { timeout: 30_000 }, async () => {
    const page = await vendorPage('carrier', '/loads', { width: 375, height: 740 });
    await rowOf(page, 'kdt_24101').waitFor();
    expect(await page.evaluate<number>('document.documentElement.scrollWidth')).toBeLessThanOrEqual(375);
    const box = page.locator('.loads-table-scroll');
    const { scrollWidth, clientWidth } = await box.evaluate((element) => ({ scrollWidth: element.scrollWidth, clientWidth: element.clientWidth }));
    expect(clientWidth).toBeLessThanOrEqual(375);
    expect(scrollWidth).toBeGreaterThan(clientWidth);
    // The controls stay on screen.
    for (const control of [page.getByRole('button', { name: 'New Load' }), page.getByPlaceholder('Find load by ID, date, or location.')]) {
      const bounds = (await control.boundingBox())!;
      expect(bounds.x).toBeGreaterThanOrEqual(0);
      expect(bounds.x + bounds.width).toBeLessThanOrEqual(375);
    }
    await screenshot(page, 'vendor-loads-phone');
  });
});

describe('New Load against another user', () => {
  // Last: it adds a load to the demo carrier, whose 12 the tests above count.
  it('says the number is taken when it was taken between the check and Create', { timeout: 30_000 }, async () => {
    const page = await vendorPage('carrier', '/loads');
    await page.getByRole('button', { name: 'New Load' }).click();
    const form = page.getByRole('form', { name: 'New Load' });
    await typeLoadNumber(form, 'race_7001', 'ID available.');
    // Someone else takes it meanwhile.
    expect((await (await vendorApi('carrier')).post('/api/loads/', { load_number: 'race_7001' })).status).toBe(201);
    await form.getByRole('button', { name: 'Create', exact: true }).click();
    await form.getByText('Creation failed: load_number: ID already taken.').waitFor();
    // The availability line agrees, instead of still saying 'ID available.'.
    await form.getByText('ID already taken.', { exact: true }).waitFor();
    expect(await form.getByText('ID available.', { exact: true }).count()).toBe(0);
    await screenshot(page, 'vendor-loads-create-taken-meanwhile');
  });
});
