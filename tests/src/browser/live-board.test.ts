// The live board in real browsers: what one user does (create a load, change a status, delete a load) appears on
// another staff user's board and in the vendor's own table without a reload, and the board keeps its sort order.
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { TEST_ADMIN_PASSWORD } from '../support/system';
import { loginThroughUi, screenshot, toast, useBrowserSuite, waitForPath } from './support';
import { DEMO_PASSWORD } from '../accounts/support';

/** Pushes land well within a second; the margin is for a loaded machine. */
const LIVE_TIMEOUT = 3_000;

const suite = useBrowserSuite({ config: { seedDemo: true, demoPassword: DEMO_PASSWORD } });

async function signedIn(portal: 'staff' | 'vendor', username: string, landing: string): Promise<Page> {
  const page = await suite.openPage();
  await loginThroughUi(page, portal, username, username === 'admin' ? TEST_ADMIN_PASSWORD : DEMO_PASSWORD, landing);
  return page;
}

const board = (page: Page) => page.getByRole('region', { name: 'Loads' });
const boardRow = (page: Page, kdtId: string) => board(page).locator('.ag-row').filter({ has: page.getByRole('link', { name: kdtId, exact: true }) });

/** The Load IDs the board shows, top to bottom. */
const boardOrder = (page: Page) =>
  board(page).evaluate((grid) =>
    [...grid.querySelectorAll('.ag-row[row-index]')]
      .sort((a, b) => Number(a.getAttribute('row-index')) - Number(b.getAttribute('row-index')))
      .map((row) => row.querySelector('[col-id="load_number"]')?.textContent ?? ''),
  );

const naturalDescending = (ids: string[]) => [...ids].sort((a, b) => b.localeCompare(a, 'en-US', { numeric: true }));

/** Set once; still there only if the page never reloaded. */
const markPage = (page: Page) => page.evaluate(() => ((globalThis as unknown as { liveMark: number }).liveMark = 1));
const stillSamePage = (page: Page) => page.evaluate(() => (globalThis as unknown as { liveMark?: number }).liveMark === 1);

describe('the live board', () => {
  it("shows another user's create, status change and delete without a reload, in the board's own sort order", { timeout: 60_000 }, async () => {
    const [admin, dispatch, vendor] = await Promise.all([
      signedIn('staff', 'admin', '/staff/loads'),
      signedIn('staff', 'dispatch', '/staff/loads'),
      signedIn('vendor', 'carrier', '/loads'),
    ]);
    for (const page of [admin, dispatch, vendor]) await page.getByRole('status', { name: 'Connection: Live' }).waitFor();
    await boardRow(dispatch, 'kdt_24101').waitFor();
    await boardRow(admin, 'kdt_24101').waitFor();
    await markPage(dispatch);
    await markPage(vendor);

    // Dispatch sorts by Load ID, descending (the second click).
    const loadIdHeader = board(dispatch).getByRole('columnheader', { name: 'Load ID' });
    await loadIdHeader.locator('.ag-header-cell-label').click();
    await loadIdHeader.locator('.ag-header-cell-label').click();
    await expect.poll(() => loadIdHeader.getAttribute('aria-sort')).toBe('descending');
    await expect.poll(() => boardOrder(dispatch)).toEqual(naturalDescending(['kdt_24101', 'kdt_24102', 'kdt_24103', 'kdt_24104', 'kdt_24105', 'kdt_24106', 'kdt_24107', 'kdt_24108', 'kdt_24109', 'kdt_24110', 'kdt_24111', 'kdt_24112']));

    // Admin creates a load for the carrier: newest, yet the smallest number, so the sorted board puts it last.
    await admin.getByRole('button', { name: 'New Load' }).click();
    await admin.getByLabel('Load Number').fill('20000');
    await admin.getByText('ID available.').waitFor();
    const vendorPicker = admin.getByLabel(/^Vendor\b/);
    await vendorPicker.locator('option', { hasText: '(carrier)' }).waitFor({ state: 'attached' });
    await vendorPicker.selectOption((await vendorPicker.locator('option', { hasText: '(carrier)' }).getAttribute('value'))!);
    await admin.getByRole('button', { name: 'Create', exact: true }).click();
    await admin.getByText('Load kdt_20000 created.').waitFor();
    await boardRow(dispatch, 'kdt_20000').waitFor({ timeout: LIVE_TIMEOUT });
    const order = await boardOrder(dispatch);
    expect(order).toEqual(naturalDescending(order));
    expect(order.at(-1)).toBe('kdt_20000');
    expect(await loadIdHeader.getAttribute('aria-sort')).toBe('descending');
    await vendor.getByRole('link', { name: 'kdt_20000', exact: true }).waitFor({ timeout: LIVE_TIMEOUT });
    // The admin's board is not sorted: the new load is at the top, where the list has it after a reload too.
    await expect.poll(async () => (await boardOrder(admin))[0], { timeout: LIVE_TIMEOUT }).toBe('kdt_20000');

    // Admin cancels kdt_24107 from its board: the dispatcher's row changes (and flashes), so does the vendor's.
    const changedRow = boardRow(dispatch, 'kdt_24107');
    const rowId = await changedRow.getAttribute('row-id');
    await admin.getByRole('combobox', { name: 'Status of kdt_24107' }).selectOption('cancelled');
    await board(dispatch).locator(`.ag-row[row-id="${rowId}"] [col-id="status"]:is(.ag-cell-data-changed, .ag-cell-data-changed-animation)`).first().waitFor({ timeout: LIVE_TIMEOUT });
    await screenshot(dispatch, 'live-board-flash');
    expect(await dispatch.getByRole('combobox', { name: 'Status of kdt_24107' }).inputValue()).toBe('cancelled');
    await toast(admin, 'Status updated to Cancelled').waitFor();
    const vendorRow = vendor.getByRole('row').filter({ has: vendor.getByRole('link', { name: 'kdt_24107', exact: true }) });
    await expect.poll(() => vendorRow.textContent(), { timeout: LIVE_TIMEOUT }).toContain('Cancelled');
    expect(await boardOrder(dispatch)).toEqual(order);

    // Admin deletes the new load from its detail page: it leaves the dispatcher's board and the vendor's table.
    await boardRow(admin, 'kdt_20000').locator('[col-id="vendor_name"]').click();
    await admin.getByRole('heading', { name: 'kdt_20000', level: 1 }).waitFor();
    await admin.getByRole('button', { name: 'Delete Load' }).click();
    const confirm = admin.getByRole('dialog');
    await confirm.getByText('This action will remove the load from your dashboard.').waitFor();
    await confirm.getByRole('button', { name: 'Delete Load' }).click();
    await waitForPath(admin, '/staff/loads');
    await admin.getByText('Load deleted successfully').waitFor();
    await boardRow(dispatch, 'kdt_20000').waitFor({ state: 'detached', timeout: LIVE_TIMEOUT });
    await vendor.getByRole('link', { name: 'kdt_20000', exact: true }).waitFor({ state: 'detached', timeout: LIVE_TIMEOUT });
    expect(await boardOrder(dispatch)).toEqual(order.filter((id) => id !== 'kdt_20000'));
    expect(await boardRow(admin, 'kdt_20000').count()).toBe(0);

    // None of it needed a reload.
    expect(await stillSamePage(dispatch)).toBe(true);
    expect(await stillSamePage(vendor)).toBe(true);
  });

  it('holds its order under the pointer: a pushed change updates its row in place, and the order catches up once the pointer leaves', { timeout: 60_000 }, async () => {
    const dispatch = await signedIn('staff', 'dispatch', '/staff/loads');
    await dispatch.getByRole('status', { name: 'Connection: Live' }).waitFor();
    const api = await suite.signedInClient('admin', TEST_ADMIN_PASSWORD, 'staff');
    const loads = (await api.get<{ id: string; kdt_id: string; status: string }[]>('/api/loads/')).body;
    const target = loads.find((load) => load.status === 'open')!;
    // Sorted by Status: Open first, so cancelling an open load moves it to the end of the board.
    const header = board(dispatch).getByRole('columnheader', { name: 'Status' });
    await header.locator('.ag-header-cell-label').click();
    await expect.poll(() => header.getAttribute('aria-sort')).toBe('ascending');
    const before = await boardOrder(dispatch);
    expect(before.indexOf(target.kdt_id)).toBeLessThan(before.length - 1);

    // The pointer rests on a row, as a user about to click it.
    await boardRow(dispatch, before[1]!).locator('[col-id="vendor_name"]').hover();
    expect((await api.request('PATCH', `/api/loads/${target.id}/`, { status: 'cancelled' })).status).toBe(200);
    const select = dispatch.getByRole('combobox', { name: `Status of ${target.kdt_id}` });
    await expect.poll(() => select.inputValue(), { timeout: LIVE_TIMEOUT }).toBe('cancelled');
    // Shown, in place: nothing moved under the pointer.
    expect(await boardOrder(dispatch)).toEqual(before);

    // Away from the board, the order catches up: the cancelled load goes after every load not cancelled.
    const notCancelled = loads.filter((load) => load.id !== target.id && load.status !== 'cancelled').length;
    await dispatch.getByRole('heading', { name: 'Loads', level: 1 }).hover();
    await expect.poll(async () => (await boardOrder(dispatch)).indexOf(target.kdt_id), { timeout: LIVE_TIMEOUT }).toBeGreaterThanOrEqual(notCancelled);
    await api.request('PATCH', `/api/loads/${target.id}/`, { status: 'open' });
  });

  it('holds new and removed loads under the pointer too, says how many wait, and shows them once the pointer leaves', { timeout: 60_000 }, async () => {
    const dispatch = await signedIn('staff', 'dispatch', '/staff/loads');
    await dispatch.getByRole('status', { name: 'Connection: Live' }).waitFor();
    const api = await suite.signedInClient('admin', TEST_ADMIN_PASSWORD, 'staff');
    const loads = (await api.get<{ id: string; kdt_id: string }[]>('/api/loads/')).body;
    const vendors = (await api.get<{ id: string; username: string }[]>('/api/vendors/')).body;
    const carrier = vendors.find((vendor) => vendor.username === 'carrier')!;
    await boardRow(dispatch, loads[0]!.kdt_id).waitFor();
    const before = await boardOrder(dispatch);
    const note = board(dispatch).getByRole('status');
    expect(await note.textContent()).toBe('');

    // The pointer rests on the third row, as a user about to click it; a load is created and another deleted.
    const aimed = boardRow(dispatch, before[2]!);
    await aimed.locator('[col-id="vendor_name"]').hover();
    const aimedAt = await aimed.boundingBox();
    // What the board heard of the pointer from here on, named when the order check below fails: the hold ends on a
    // pointerleave, or a pointerover on the column headers (seen once in CI, not reproduced since).
    await dispatch.evaluate(`(() => {
      const region = document.querySelector('[role="region"][aria-label="Loads"]');
      window.__boardPointer = [];
      for (const type of ['pointerleave', 'pointerover']) region.addEventListener(type, (event) => window.__boardPointer.push(type + ' ' + String(event.target.className).slice(0, 60)));
    })()`);
    const pointerEvents = () => dispatch.evaluate<string[]>('window.__boardPointer');
    const gone = loads.find((load) => load.kdt_id === before[1])!;
    const created = await api.post<{ id: string; kdt_id: string }>('/api/loads/', { load_number: 'held-1', kdt_id: 'held-1', vendor: carrier.id });
    expect(created.status).toBe(201);
    expect((await api.request('DELETE', `/api/loads/${gone.id}/`)).status).toBe(204);
    await expect.poll(() => note.textContent(), { timeout: LIVE_TIMEOUT }).toBe('1 new load and 1 removed load waiting: shown when you leave the board (pointer or keyboard).');
    await screenshot(dispatch, 'live-board-held-note');
    // Where it can be read: in the window, whose bottom the board's may be below (it was, and the note went unseen).
    const noteBox = (await note.boundingBox())!;
    expect(noteBox.y).toBeGreaterThanOrEqual(0);
    expect(noteBox.y + noteBox.height).toBeLessThanOrEqual(dispatch.viewportSize()!.height);
    // Nothing moved under the pointer, and the note did not move the board.
    expect(await boardOrder(dispatch), `pointer events on the board: ${(await pointerEvents()).join(', ')}; the aimed row at ${JSON.stringify(await aimed.boundingBox())}, before ${JSON.stringify(aimedAt)}`).toEqual(before);
    expect(await aimed.boundingBox()).toEqual(aimedAt);

    // Away from the board, both land where a reload would put them, and the note is empty again.
    await dispatch.getByRole('heading', { name: 'Loads', level: 1 }).hover();
    await expect.poll(() => boardOrder(dispatch), { timeout: LIVE_TIMEOUT }).toEqual(['kdt_held-1', ...before.filter((id) => id !== gone.kdt_id)]);
    expect(await note.textContent()).toBe('');
  });

  it('holds new loads while the keyboard is in the board as well, and shows them once the focus leaves it', { timeout: 60_000 }, async () => {
    const dispatch = await signedIn('staff', 'dispatch', '/staff/loads');
    await dispatch.getByRole('status', { name: 'Connection: Live' }).waitFor();
    const api = await suite.signedInClient('admin', TEST_ADMIN_PASSWORD, 'staff');
    const carrier = (await api.get<{ id: string; username: string }[]>('/api/vendors/')).body.find((vendor) => vendor.username === 'carrier')!;
    const before = await boardOrder(dispatch);
    const note = board(dispatch).getByRole('status');
    // Into the board with the keys (from the search box, Tab past the chips), then down onto the rows; the pointer
    // rests on the page's heading, away from the board.
    await dispatch.getByRole('heading', { name: 'Loads', level: 1 }).hover();
    await dispatch.getByPlaceholder('Find load by ID, date, or location.').focus();
    const inBoard = () => board(dispatch).evaluate((grid) => grid.contains((grid.ownerDocument as unknown as { activeElement: unknown }).activeElement as never));
    for (let presses = 0; presses < 12 && !(await inBoard()); presses++) await dispatch.keyboard.press('Tab');
    expect(await inBoard()).toBe(true);
    await dispatch.keyboard.press('ArrowDown');

    expect((await api.post('/api/loads/', { load_number: 'held-keys-1', kdt_id: 'held-keys-1', vendor: carrier.id })).status).toBe(201);
    await expect.poll(() => note.textContent(), { timeout: LIVE_TIMEOUT }).toBe('1 new load waiting: shown when you leave the board (pointer or keyboard).');
    expect(await boardOrder(dispatch)).toEqual(before);

    // The focus leaves the board (back to the search box): the new load lands at the top.
    await dispatch.getByPlaceholder('Find load by ID, date, or location.').focus();
    await expect.poll(async () => (await boardOrder(dispatch))[0], { timeout: LIVE_TIMEOUT }).toBe('kdt_held-keys-1');
    expect(await note.textContent()).toBe('');
  });
});
