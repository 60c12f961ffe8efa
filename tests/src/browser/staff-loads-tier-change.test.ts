// The staff loads board follows a tier change without a reload (staff-side.md section 2: status dropdowns and date
// dialogs for ADMIN and DISPATCH_OPS, document dialogs for tiers that may manage documents): when an admin changes a
// member's tier, the member's open board redraws its status, date and document cells for the new tier, in place (the
// same rows and cells, no change flash), promotion and demotion alike.
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import type { PortalClient } from '../support/http-client';
import { TEST_ADMIN_PASSWORD } from '../support/system';
import { loginThroughUi, screenshot, toastBox, useBrowserSuite } from './support';
import { DEMO_PASSWORD } from '../accounts/support';

/** me:changed lands well within a second; the margin is for a loaded machine. */
const LIVE_TIMEOUT = 10_000;
const LOAD = 'kdt_24103';
const DOCUMENT_REFUSED = 'You do not have permission to upload documents';

const suite = useBrowserSuite({ config: { seedDemo: true, demoPassword: DEMO_PASSWORD } });

const board = (page: Page) => page.getByRole('region', { name: 'Loads' });
const boardRow = (page: Page, kdtId: string) => board(page).locator('.ag-row').filter({ has: page.getByRole('link', { name: kdtId, exact: true }) });
const statusSelects = (page: Page) => board(page).getByRole('combobox', { name: /^Status of / });
const dateButtons = (page: Page) => board(page).locator('[col-id="pickup_date"] button, [col-id="delivery_date"] button');
const dateTexts = (page: Page) => board(page).locator('[col-id="pickup_date"] .date-text, [col-id="delivery_date"] .date-text');
const flashingCells = (page: Page) => board(page).locator('.ag-cell-data-changed, .ag-cell-data-changed-animation');
const photosCell = (page: Page) => boardRow(page, LOAD).getByRole('button', { name: new RegExp(`^Photos for Load ${LOAD}: `) });

/** A member's board, open on /staff/loads and live, with the page's console warnings collected. */
async function openBoard(username: string): Promise<{ page: Page; warnings: string[] }> {
  const page = await suite.openPage();
  const warnings: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'warning') warnings.push(message.text());
  });
  await loginThroughUi(page, 'staff', username, DEMO_PASSWORD, '/staff/loads');
  await page.getByRole('status', { name: 'Connection: Live' }).waitFor();
  await boardRow(page, LOAD).waitFor();
  return { page, warnings };
}

/** The admin sets `username`'s tier through the API (answered 200). */
async function tierSetter(username: string) {
  const admin: PortalClient = await suite.signedInClient('admin', TEST_ADMIN_PASSWORD, 'staff');
  const accounts = await admin.get<{ id: string; username: string }[]>('/api/staff-accounts/');
  const id = accounts.body.find((account) => account.username === username)!.id;
  return async (tier: string) => expect((await admin.request('PATCH', `/api/staff-accounts/${id}/update-tier/`, { tier })).status).toBe(200);
}

type Marked = { tierMark?: number };

/**
 * Marks the page, and the load's row and status cell elements, so the test can tell afterwards that the page did not
 * reload and that the grid redrew the cells' content in place rather than drawing its rows again.
 */
async function markBoard(page: Page) {
  await page.evaluate(() => ((globalThis as Marked).tierMark = 1));
  await boardRow(page, LOAD).evaluate((row) => ((row as Marked).tierMark = 1));
  await boardRow(page, LOAD).locator('[col-id="status"]').evaluate((cell) => ((cell as Marked).tierMark = 1));
}

async function expectSameBoard(page: Page) {
  expect(await page.evaluate(() => (globalThis as Marked).tierMark), 'the page was not reloaded').toBe(1);
  expect(await boardRow(page, LOAD).evaluate((row) => (row as Marked).tierMark), 'the row was not drawn again').toBe(1);
  expect(await boardRow(page, LOAD).locator('[col-id="status"]').evaluate((cell) => (cell as Marked).tierMark), 'the cell was not created again').toBe(1);
}

describe('the staff loads board after a tier change', () => {
  it('a PENDING member promoted to DISPATCH_OPS gets status dropdowns, date dialogs and document dialogs without a reload', { timeout: 90_000 }, async () => {
    const setTier = await tierSetter('newstaff');
    const { page, warnings } = await openBoard('newstaff');
    try {
      // PENDING: status badges, plain dates, document cells that only warn.
      const shownRows = await board(page).locator('.ag-row').count();
      expect(shownRows).toBeGreaterThan(0);
      expect(await statusSelects(page).count()).toBe(0);
      expect(await dateButtons(page).count()).toBe(0);
      expect(await dateTexts(page).count()).toBe(shownRows * 2);
      // Said beforehand: unavailable, with the permission message (before, a plain button that did nothing).
      expect(await photosCell(page).getAttribute('aria-disabled')).toBe('true');
      expect(await photosCell(page).getAttribute('title')).toBe('You do not have permission to upload documents');
      await photosCell(page).click({ force: true }); // unavailable (aria-disabled), pressed all the same
      await expect.poll(() => warnings.some((text) => text.startsWith(DOCUMENT_REFUSED))).toBe(true);
      expect(await page.getByRole('dialog').count()).toBe(0);
      await screenshot(page, 'staff-loads-tier-before-promotion');
      await markBoard(page);

      await setTier('DISPATCH_OPS');

      // The board follows: a dropdown in every status cell, a button in every date cell, no plain date left.
      await statusSelects(page).first().waitFor({ timeout: LIVE_TIMEOUT });
      // Redrawn, not changed: nothing flashes.
      expect(await flashingCells(page).count()).toBe(0);
      await expect.poll(() => statusSelects(page).count()).toBe(shownRows);
      await expect.poll(() => dateButtons(page).count()).toBe(shownRows * 2);
      expect(await dateTexts(page).count()).toBe(0);
      await screenshot(page, 'staff-loads-tier-after-promotion');
      await expectSameBoard(page);

      // And the new controls work: the date dialog and the document dialog open.
      await boardRow(page, LOAD).locator('[col-id="pickup_date"]').getByRole('button').click();
      const dateDialog = page.getByRole('dialog', { name: 'Set Pickup Date & Time' });
      await dateDialog.waitFor();
      await dateDialog.getByRole('button', { name: 'Cancel' }).click();
      await dateDialog.waitFor({ state: 'detached' });
      expect(await photosCell(page).getAttribute('aria-disabled')).toBeNull();
      expect(await photosCell(page).getAttribute('title')).toBeNull();
      await photosCell(page).click();
      await page.getByRole('dialog', { name: `Photos for Load ${LOAD}` }).waitFor();
    } finally {
      await setTier('PENDING');
    }
  });

  it('a DISPATCH_OPS member demoted to PENDING loses them without a reload, an open date dialog included', { timeout: 90_000 }, async () => {
    const setTier = await tierSetter('dispatch');
    const { page, warnings } = await openBoard('dispatch');
    try {
      const shownRows = await board(page).locator('.ag-row').count();
      expect(shownRows).toBeGreaterThan(0);
      await expect.poll(() => statusSelects(page).count()).toBe(shownRows);
      await expect.poll(() => dateButtons(page).count()).toBe(shownRows * 2);
      await markBoard(page);
      // The member has the date dialog open when the tier goes.
      await boardRow(page, LOAD).locator('[col-id="delivery_date"]').getByRole('button').click();
      const dateDialog = page.getByRole('dialog', { name: 'Set Delivery Date & Time' });
      await dateDialog.waitFor();
      await screenshot(page, 'staff-loads-tier-before-demotion');

      await setTier('PENDING');

      // The board follows: status badges and plain dates; the date dialog closes (the server would refuse its date).
      await expect.poll(() => statusSelects(page).count(), { timeout: LIVE_TIMEOUT }).toBe(0);
      expect(await flashingCells(page).count()).toBe(0);
      await expect.poll(() => dateButtons(page).count()).toBe(0);
      expect(await dateTexts(page).count()).toBe(shownRows * 2);
      await dateDialog.waitFor({ state: 'detached' });
      // The status shows as text (the badge) where the dropdown was.
      expect(await boardRow(page, LOAD).locator('[col-id="status"]').textContent()).toMatch(/^(Open|Picked Up|Delivered|Cancelled)$/);
      await screenshot(page, 'staff-loads-tier-after-demotion');
      await expectSameBoard(page);

      // The member is told (tier-notice.ts); the notice is put away, as it sits over the board's last column.
      const told = toastBox(page, 'Your tier is now No Tier Assigned: the pages and actions open to you have changed with it.');
      await told.getByRole('button', { name: 'Dismiss notification' }).click();
      await told.waitFor({ state: 'detached' });

      // Document cells now only warn, as for any member without the document right, and say so beforehand.
      expect(warnings.some((text) => text.startsWith(DOCUMENT_REFUSED))).toBe(false);
      await expect.poll(() => photosCell(page).getAttribute('aria-disabled')).toBe('true');
      await photosCell(page).click({ force: true }); // unavailable (aria-disabled), pressed all the same
      await expect.poll(() => warnings.some((text) => text.startsWith(DOCUMENT_REFUSED))).toBe(true);
      expect(await page.getByRole('dialog').count()).toBe(0);
    } finally {
      await setTier('DISPATCH_OPS');
    }
  });
  it('keeps the keyboard focus where a control taken away by a tier change was, on the board and on a load page', { timeout: 90_000 }, async () => {
    // It fell to <body>: on the board the arrow keys then did nothing, and the member was out of the grid.
    const setTier = await tierSetter('dispatch');
    const { page } = await openBoard('dispatch');
    const activeIs = (selector: string) => page.evaluate<boolean>(`document.activeElement?.matches(${JSON.stringify(selector)}) ?? false`);
    try {
      const cell = boardRow(page, LOAD).locator('[col-id="status"]');
      await cell.focus();
      await page.keyboard.press('Enter');
      await expect.poll(() => activeIs('select')).toBe(true);

      await setTier('PENDING');
      await expect.poll(() => statusSelects(page).count(), { timeout: LIVE_TIMEOUT }).toBe(0);
      await expect.poll(() => cell.evaluate((node) => node === node.ownerDocument.activeElement)).toBe(true);
      // And the grid's keys still work from there.
      await page.keyboard.press('ArrowRight');
      await expect.poll(() => activeIs('.ag-cell:not([col-id="status"])')).toBe(true);

      // A load page: the Assign Vendor select, then the status select, each taken away under the focus.
      await setTier('DISPATCH_OPS');
      await boardRow(page, LOAD).getByRole('link', { name: LOAD, exact: true }).click();
      const assign = page.getByRole('region', { name: 'Assign Vendor' });
      const vendorSelect = assign.getByRole('combobox', { name: 'Vendor' });
      // Disabled until the vendors are read (a disabled select takes no focus): focused once they are.
      await expect.poll(() => vendorSelect.isEnabled(), { timeout: LIVE_TIMEOUT }).toBe(true);
      await vendorSelect.focus();
      await expect.poll(() => vendorSelect.evaluate((node) => node === node.ownerDocument.activeElement)).toBe(true);
      await setTier('ACCOUNTING');
      await expect.poll(() => assign.getByRole('combobox').count(), { timeout: LIVE_TIMEOUT }).toBe(0);
      await expect.poll(() => assign.evaluate((node) => node === node.ownerDocument.activeElement)).toBe(true);

      await setTier('DISPATCH_OPS');
      const status = page.getByRole('combobox', { name: 'Status', exact: true });
      await status.focus();
      await expect.poll(() => status.evaluate((node) => node === node.ownerDocument.activeElement)).toBe(true);
      await setTier('ACCOUNTING');
      await expect.poll(() => status.count(), { timeout: LIVE_TIMEOUT }).toBe(0);
      const controls = page.getByRole('group', { name: 'Load controls' });
      await expect.poll(() => controls.evaluate((node) => node.contains(node.ownerDocument.activeElement))).toBe(true);
    } finally {
      await setTier('DISPATCH_OPS');
    }
  });

  it("an open section form closes, saying so, when the member's tier no longer lets them edit it", { timeout: 90_000 }, async () => {
    // Before, the form vanished with what was typed, without a word, and opened again emptied once the tier came back.
    const setTier = await tierSetter('dispatch');
    const { page } = await openBoard('dispatch');
    try {
      await boardRow(page, LOAD).getByRole('link', { name: LOAD, exact: true }).click();
      const pickup = page.getByRole('region', { name: 'Pickup Information', exact: true });
      await pickup.getByRole('button', { name: 'Edit Pickup Information' }).click();
      await pickup.getByRole('textbox').first().fill('Dock 7, ask for Sam');

      await setTier('ACCOUNTING');
      const said = pickup.getByRole('alert').filter({ hasText: 'Your access changed while you were editing Pickup Information' });
      await said.waitFor({ timeout: LIVE_TIMEOUT });
      expect(await said.textContent()).toBe('Your access changed while you were editing Pickup Information: you may no longer edit it, and your changes here were not saved.');
      expect(await pickup.getByRole('textbox').count()).toBe(0);
      await screenshot(page, 'staff-load-section-tier-lost');

      // The tier back: the words go (no longer true), and the section stays closed until the member opens it again.
      await setTier('DISPATCH_OPS');
      await expect.poll(() => pickup.getByRole('button', { name: 'Edit Pickup Information' }).getAttribute('aria-disabled'), { timeout: LIVE_TIMEOUT }).toBeNull();
      expect(await said.count()).toBe(0);
      expect(await pickup.getByRole('textbox').count()).toBe(0);
      await pickup.getByRole('button', { name: 'Edit Pickup Information' }).click();
      await pickup.getByRole('textbox').first().waitFor();
    } finally {
      await setTier('DISPATCH_OPS');
    }
  });
});
