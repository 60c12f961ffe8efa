// The audit screens in a real browser: the payment history stays short on a load edited often and reads well on a
// phone; history entries are numbered through the whole history; as-of a deletion says so; an ADMIN is pointed to
// the recycle bin from a deleted record's link; the payments log's links look like links and its CSV is named after its filters.
import fs from 'node:fs/promises';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { activeSignedIn, DEMO_PASSWORD } from '../accounts/support';
import type { PortalClient } from '../support/http-client';
import { TEST_ADMIN_PASSWORD } from '../support/system';
import { loginThroughUi, useBrowserSuite } from './support';

const suite = useBrowserSuite({ config: { seedDemo: true, demoPassword: DEMO_PASSWORD } }, 180_000);
const SHOTS = '/tmp/s11-ui-fix2-shots';
const PHONE = { width: 390, height: 844 };

interface LoadRow {
  id: string;
  kdt_id: string;
}

beforeAll(async () => {
  await fs.mkdir(SHOTS, { recursive: true });
});

async function staffPage(username: string, password: string, viewport?: { width: number; height: number }): Promise<Page> {
  const page = await suite.openPage(viewport ? { viewport } : {});
  await loginThroughUi(page, 'staff', username, password, '/staff/loads');
  return page;
}

const paymentChanges = async (client: PortalClient, loadId: string) => (await client.get<unknown[]>(`/api/loads/${loadId}/payment-history/`)).body.length;

describe('payment history on a load edited often', () => {
  it('shows the newest ten changes, all of them on request, and follows new ones live', { timeout: 120_000 }, async () => {
    const admin = await suite.signedInClient('admin', TEST_ADMIN_PASSWORD, 'staff');
    const load = (await admin.get<LoadRow[]>('/api/loads/')).body[2]!;
    for (let i = 1; i <= 14; i += 1) expect((await admin.request('PATCH', `/api/loads/${load.id}/`, { payment_notes: `note ${i}` })).status).toBe(200);
    await expect.poll(() => paymentChanges(admin, load.id)).toBeGreaterThanOrEqual(14);
    const total = await paymentChanges(admin, load.id);

    const page = await staffPage('accounting', DEMO_PASSWORD);
    await page.goto(`/staff/loads/${load.id}`);
    const table = page.getByRole('table', { name: 'Payment history' });
    const rows = table.locator('tbody tr');
    await table.waitFor();
    await expect.poll(() => rows.count()).toBe(10);
    await expect(rows.last().textContent()).resolves.toContain('note 14');
    await expect(rows.first().textContent()).resolves.toContain('note 5');
    await page.getByText(`Showing the newest 10 of ${total} changes`).waitFor();
    await page.screenshot({ path: `${SHOTS}/m5-payment-history-bounded-1280.png`, fullPage: true });

    const toggle = page.getByRole('button', { name: `Show all ${total} changes` });
    await expect(toggle.getAttribute('aria-expanded')).resolves.toBe('false');
    await toggle.click();
    await expect.poll(() => rows.count()).toBe(total);
    const fewer = page.getByRole('button', { name: 'Show fewer' });
    await expect(fewer.getAttribute('aria-expanded')).resolves.toBe('true');
    await fewer.click();
    await expect.poll(() => rows.count()).toBe(10);

    // Live as before: another user's change lands at the bottom, and the oldest shown makes room for it.
    expect((await admin.request('PATCH', `/api/loads/${load.id}/`, { payment_notes: 'note 15' })).status).toBe(200);
    await expect.poll(() => rows.last().textContent(), { timeout: 10_000 }).toContain('note 15');
    await expect.poll(() => rows.count()).toBe(10);
    await page.getByRole('button', { name: `Show all ${total + 1} changes` }).waitFor();
  });
});

describe('history entries are numbered by their place in the whole history', () => {
  it("a staff account's two interleaved streams read Change 1, 2, 3..., and the as-of view names the same number", { timeout: 120_000 }, async () => {
    const admin = await suite.signedInClient('admin', TEST_ADMIN_PASSWORD, 'staff');
    const staffId = (await admin.get<{ id: string; username: string }[]>('/api/staff-accounts/')).body.find((account) => account.username === 'dispatch')!.id;
    // A sign-in of theirs among the changes (for Hide sign-ins below).
    await suite.signedInClient('dispatch', DEMO_PASSWORD, 'staff');
    await expect.poll(async () => ((await admin.get<{ results: { event_type: string }[] }>(`/api/staff-accounts/${staffId}/history/`)).body.results ?? []).some((entry) => entry.event_type === 'UserLoggedIn')).toBe(true);
    const count = (await admin.get<{ count: number }>(`/api/staff-accounts/${staffId}/history/`)).body.count;
    expect(count).toBeGreaterThan(2);

    const page = await staffPage('admin', TEST_ADMIN_PASSWORD);
    await page.goto(`/staff/${staffId}`);
    const entries = page.getByRole('list', { name: 'History, oldest first' }).locator(':scope > li');
    await expect.poll(() => entries.count()).toBe(count);
    const numbers = await entries.locator('.hist-entry-number').allTextContents();
    expect(numbers).toEqual(Array.from({ length: count }, (_, index) => `Change ${index + 1}`));
    await page.screenshot({ path: `${SHOTS}/l1-staff-history-numbers-1280.png`, fullPage: true });

    // Hide sign-ins: the account's changes alone, each keeping its number; unticked, everything again.
    const all = (await admin.get<{ results: { event_type: string; number: number }[] }>(`/api/staff-accounts/${staffId}/history/?page_size=200`)).body.results;
    const changes = all.filter((entry) => entry.event_type !== 'UserLoggedIn');
    expect(changes.length).toBeLessThan(all.length);
    const hide = page.getByRole('checkbox', { name: 'Hide sign-ins' });
    await hide.check();
    await expect.poll(() => entries.count()).toBe(changes.length);
    await expect(entries.locator('.hist-entry-number').allTextContents()).resolves.toEqual(changes.map((entry) => `Change ${entry.number}`));
    await expect(entries.filter({ hasText: 'Logged in' }).count()).resolves.toBe(0);
    await page.screenshot({ path: `${SHOTS}/l1-staff-history-without-sign-ins-1280.png`, fullPage: true });
    await hide.uncheck();
    await expect.poll(() => entries.count()).toBe(count);

    const load = (await admin.get<LoadRow[]>('/api/loads/')).body[3]!;
    await page.goto(`/staff/loads/${load.id}`);
    const loadEntries = page.getByRole('list', { name: 'History, oldest first' }).locator(':scope > li');
    await loadEntries.first().waitFor();
    // Each entry's button is named after its change, so a list of the page's buttons tells them apart.
    expect(await loadEntries.nth(1).getByRole('button', { name: /^View as of this change: Change 2, / }).count()).toBe(1);
    expect(await loadEntries.first().getByRole('button', { name: /^View as of this change: Change 1, / }).count()).toBe(1);
    await loadEntries.nth(1).getByRole('button', { name: 'View as of this change' }).click();
    const asOf = page.getByRole('dialog', { name: /^Load as of / });
    await expect(asOf.locator('.hist-asof-note').textContent()).resolves.toContain('Change 2, by ');
  });
});

describe('the view as of a deletion', () => {
  it('says the load was deleted at that point, and earlier points do not', { timeout: 120_000 }, async () => {
    const admin = await suite.signedInClient('admin', TEST_ADMIN_PASSWORD, 'staff');
    const load = (await admin.get<LoadRow[]>('/api/loads/')).body[4]!;
    expect((await admin.request('DELETE', `/api/loads/${load.id}/`)).status).toBe(204);
    await expect.poll(async () => (await admin.get<{ loads: { id: string }[] }>('/api/recycle-bin/')).body.loads.some((deleted) => deleted.id === load.id)).toBe(true);

    for (const viewport of [undefined, PHONE]) {
      const page = await staffPage('admin', TEST_ADMIN_PASSWORD, viewport);
      await page.goto('/staff/recycle-bin');
      const row = page.getByRole('table', { name: 'Deleted loads' }).getByRole('row').filter({ hasText: load.kdt_id });
      await row.getByRole('button', { name: `History of load ${load.kdt_id}` }).click();
      const history = page.getByRole('region', { name: `History of deleted load ${load.kdt_id}` });
      const entries = history.getByRole('list', { name: /oldest first/ }).locator(':scope > li');
      await entries.last().waitFor();
      await expect(entries.last().textContent()).resolves.toContain('Load deleted');

      await entries.last().getByRole('button', { name: 'View as of this change' }).click();
      const asOf = page.getByRole('dialog', { name: /^Load as of / });
      await asOf.getByRole('region', { name: 'Load', exact: true }).waitFor();
      await asOf.getByText('At this point the load was deleted: these are its values when it was deleted.').waitFor();
      await expect(asOf.locator('.hist-deleted-badge').textContent()).resolves.toBe('Deleted');
      await page.screenshot({ path: `${SHOTS}/l2-as-of-deleted-${viewport ? 390 : 1280}.png` });
      await asOf.getByRole('button', { name: 'Close', exact: true }).last().click();

      await entries.first().getByRole('button', { name: 'View as of this change' }).click();
      await asOf.getByRole('region', { name: 'Load', exact: true }).waitFor();
      await expect(asOf.locator('.hist-asof-deleted').count()).resolves.toBe(0);
      await page.context().close();
    }
  });
});

describe('the link of a deleted record', () => {
  it("keeps the spec's not-found wording, and tells an ADMIN (only) where to restore it", { timeout: 120_000 }, async () => {
    const admin = await suite.signedInClient('admin', TEST_ADMIN_PASSWORD, 'staff');
    const load = (await admin.get<LoadRow[]>('/api/loads/')).body[5]!;
    const vendorId = (await activeSignedIn(suite.system, 'vendor', 'hint_carrier')).user.vendor_profile.id as string;
    const staffId = (await activeSignedIn(suite.system, 'staff', 'hint_staff')).user.id as string;
    for (const path of [`/api/loads/${load.id}/`, `/api/vendors/${vendorId}/`, `/api/staff-accounts/${staffId}/`]) {
      expect((await admin.request('DELETE', path)).status, path).toBe(204);
    }
    await expect.poll(async () => (await admin.get(`/api/staff-accounts/${staffId}/`)).status).toBe(404);
    await expect.poll(async () => (await admin.get(`/api/loads/${load.id}/`)).status).toBe(404);

    const cases = [
      { path: `/staff/loads/${load.id}`, wording: "Load not found or you don't have permission to view it.", noun: 'load' },
      { path: `/staff/vendors/${vendorId}`, wording: 'Vendor not found or data could not be loaded.', noun: 'vendor' },
      { path: `/staff/${staffId}`, wording: 'Staff member not found', noun: 'staff account' },
    ];
    for (const viewport of [undefined, PHONE]) {
      const page = await staffPage('admin', TEST_ADMIN_PASSWORD, viewport);
      for (const { path, wording, noun } of cases) {
        await page.goto(path);
        await page.getByText(wording, { exact: true }).waitFor();
        const hint = page.locator('.recycle-bin-hint');
        await expect(hint.textContent()).resolves.toBe(`If this ${noun} was deleted, you can restore it from the Recycle Bin.`);
        await page.screenshot({ path: `${SHOTS}/l4-deleted-${noun.replace(' ', '-')}-${viewport ? 390 : 1280}.png` });
      }
      await page.locator('.recycle-bin-hint').getByRole('link', { name: 'Recycle Bin' }).click();
      await page.waitForURL((url) => url.pathname === '/staff/recycle-bin');
      await page.getByRole('table', { name: 'Deleted staff accounts' }).getByRole('row').filter({ hasText: 'hint_staff' }).waitFor();
    }

    // Other tiers cannot see deleted records: the spec's wording alone.
    const page = await staffPage('dispatch', DEMO_PASSWORD);
    for (const { path, wording } of cases.slice(0, 2)) {
      await page.goto(path);
      await page.getByText(wording, { exact: true }).waitFor();
      await expect(page.locator('.recycle-bin-hint').count()).resolves.toBe(0);
    }
  });
});

describe('the payments log', () => {
  it('shows its Load IDs as links, and names the CSV after the vendor and status filters', { timeout: 120_000 }, async () => {
    const admin = await suite.signedInClient('admin', TEST_ADMIN_PASSWORD, 'staff');
    const carrier = (await admin.get<{ id: string; username: string }[]>('/api/vendors/')).body.find((vendor) => vendor.username === 'carrier')!;
    const load = (await admin.get<(LoadRow & { vendor: string | null })[]>('/api/loads/')).body.find((row) => row.vendor === carrier.id)!;
    expect((await admin.request('PATCH', `/api/loads/${load.id}/`, { payment_status: 'disputed' })).status).toBe(200);

    for (const viewport of [undefined, PHONE]) {
      const page = await suite.openPage({ acceptDownloads: true, ...(viewport ? { viewport } : {}) });
      await loginThroughUi(page, 'staff', 'accounting', DEMO_PASSWORD, '/staff/loads');
      await page.goto(`/staff/payments?vendor=${carrier.id}&status=disputed`);
      const link = page.getByRole('table', { name: 'Payments log' }).getByRole('link', { name: load.kdt_id }).first();
      await link.waitFor();
      // The app's link style: underlined, in the link colour, not the text's.
      const style = await page.evaluate<{ decoration: string; color: string; text: string }>(
        '(() => { const a = document.querySelector(".pay-row-link"); return { decoration: getComputedStyle(a).textDecorationLine, color: getComputedStyle(a).color, text: getComputedStyle(a.closest("td")).color }; })()',
      );
      expect(style.decoration).toContain('underline');
      expect(style.color).not.toBe(style.text);
      await page.screenshot({ path: `${SHOTS}/l5-payments-log-link-${viewport ? 390 : 1280}.png` });

      const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Export CSV' }).click()]);
      expect(download.suggestedFilename()).toBe('payments-log-vendor-carrier-status-disputed.csv');
      await page.context().close();
    }
  });
});

describe('audit times', () => {
  it('name their zone in the payments log and a load\'s payment history (the reader\'s zone, here Chicago)', { timeout: 120_000 }, async () => {
    const admin = await suite.signedInClient('admin', TEST_ADMIN_PASSWORD, 'staff');
    const load = (await admin.get<LoadRow[]>('/api/loads/')).body[0]!;
    expect((await admin.request('PATCH', `/api/loads/${load.id}/`, { amount_paid: 321 })).status).toBe(200);
    const page = await suite.openPage({ timezoneId: 'America/Chicago' });
    await loginThroughUi(page, 'staff', 'accounting', DEMO_PASSWORD, '/staff/loads');
    const named = /^[A-Z][a-z]{2} \d{1,2}, \d{4}, \d{1,2}:\d{2} [AP]M C[SD]T$/;
    await page.goto('/staff/payments');
    const logTime = page.getByRole('table', { name: 'Payments log' }).locator('tbody time').first();
    await logTime.waitFor();
    expect(await logTime.textContent()).toMatch(named);
    await page.goto(`/staff/load/${load.id}`);
    const historyTime = page.getByRole('table', { name: 'Payment history' }).locator('tbody time').first();
    await historyTime.waitFor();
    expect(await historyTime.textContent()).toMatch(named);
    await page.context().close();
  });
});

describe('the payments log', () => {
  it('marks the rows of a deleted load as deleted, for the ADMIN and for accounting', { timeout: 120_000 }, async () => {
    const admin = await suite.signedInClient('admin', TEST_ADMIN_PASSWORD, 'staff');
    const carrier = (await admin.get<{ id: string; username: string }[]>('/api/vendors/')).body.find((vendor) => vendor.username === 'carrier')!;
    const loads = (await admin.get<(LoadRow & { vendor: string | null })[]>('/api/loads/')).body.filter((row) => row.vendor === carrier.id);
    const [gone, kept] = [loads[2]!, loads[3]!];
    for (const load of [gone, kept]) expect((await admin.request('PATCH', `/api/loads/${load.id}/`, { payment_notes: `mark ${load.kdt_id}` })).status).toBe(200);
    expect((await admin.request('DELETE', `/api/loads/${gone.id}/`)).status).toBe(204);
    await expect.poll(async () => (await admin.get(`/api/loads/${gone.id}/`)).status).toBe(404);

    const page = await staffPage('admin', TEST_ADMIN_PASSWORD);
    await page.goto(`/staff/payments?vendor=${carrier.id}`);
    const table = page.getByRole('table', { name: 'Payments log' });
    const goneRow = table.getByRole('row').filter({ has: page.getByRole('link', { name: gone.kdt_id, exact: true }) }).first();
    await goneRow.waitFor();
    await expect(goneRow.locator('.pay-deleted-tag').textContent()).resolves.toBe('Deleted');
    const keptRow = table.getByRole('row').filter({ has: page.getByRole('link', { name: kept.kdt_id, exact: true }) }).first();
    await keptRow.waitFor();
    await expect(keptRow.locator('.pay-deleted-tag').count()).resolves.toBe(0);
    await page.screenshot({ path: `${SHOTS}/payments-log-deleted-load.png` });

    // Accounting sees the same rows, marked (before, they were left out without a word), the deleted load's id as
    // text: it can only be opened by the ADMIN, from the recycle bin.
    const clerk = await staffPage('accounting', DEMO_PASSWORD);
    await clerk.goto(`/staff/payments?vendor=${carrier.id}`);
    const clerkTable = clerk.getByRole('table', { name: 'Payments log' });
    const clerkGone = clerkTable.getByRole('row').filter({ hasText: `mark ${gone.kdt_id}` }).first();
    await clerkGone.waitFor();
    await expect(clerkGone.locator('.pay-deleted-tag').textContent()).resolves.toBe('Deleted');
    await expect(clerkGone.getByRole('link', { name: gone.kdt_id, exact: true }).count()).resolves.toBe(0);
    await expect(clerkGone.getByText(gone.kdt_id, { exact: true }).count()).resolves.toBe(1);
    const clerkKept = clerkTable.getByRole('row').filter({ hasText: `mark ${kept.kdt_id}` }).first();
    await clerkKept.getByRole('link', { name: kept.kdt_id, exact: true }).waitFor();
  });
});

describe('payment history on a phone', () => {
  it('keeps the Change of every row in view, first, in short rows', { timeout: 120_000 }, async () => {
    const admin = await suite.signedInClient('admin', TEST_ADMIN_PASSWORD, 'staff');
    const load = (await admin.get<LoadRow[]>('/api/loads/')).body[6]!;
    for (let i = 1; i <= 3; i += 1) expect((await admin.request('PATCH', `/api/loads/${load.id}/`, { payment_notes: `phone note ${i}` })).status).toBe(200);

    const page = await staffPage('accounting', DEMO_PASSWORD, PHONE);
    await page.goto(`/staff/loads/${load.id}`);
    const table = page.getByRole('table', { name: 'Payment history' });
    await table.locator('tbody tr').filter({ hasText: 'phone note 3' }).waitFor();
    await table.scrollIntoViewIfNeeded();
    const rows = await page.evaluate<{ changeLeft: number; changeRight: number; changeTop: number; changeHeight: number; rowTop: number; height: number; atRight: number; actorLeft: number }[]>(
      '[...document.querySelectorAll(".pay-history-table tbody tr")].map((tr) => { const change = tr.querySelector(".cell-change").getBoundingClientRect(); const row = tr.getBoundingClientRect(); ' +
        'const at = tr.querySelector(".cell-at").getBoundingClientRect(); const actor = tr.querySelector(".cell-actor").getBoundingClientRect(); ' +
        'return { changeLeft: change.left, changeRight: change.right, changeTop: change.top, changeHeight: change.height, rowTop: row.top, height: row.height, atRight: at.right, actorLeft: actor.top > at.top + 4 ? Infinity : actor.left }; })',
    );
    expect(rows.length).toBeGreaterThanOrEqual(3);
    for (const row of rows) {
      expect(row.changeLeft).toBeGreaterThanOrEqual(0);
      expect(row.changeRight).toBeLessThanOrEqual(PHONE.width);
      // First in its row, and the row at most two short lines (when, then who where both do not fit on one line:
      // the time names its zone) taller than the change itself (it was ~130 px).
      expect(row.changeTop - row.rowTop).toBeLessThan(16);
      expect(row.height - row.changeHeight).toBeLessThan(72);
      // When and who side by side (or the one under the other), never on top of each other.
      expect(row.atRight).toBeLessThanOrEqual(row.actorLeft);
    }
    await page.screenshot({ path: `${SHOTS}/l6-payment-history-390.png` });
    const wide = await staffPage('accounting', DEMO_PASSWORD);
    await wide.goto(`/staff/loads/${load.id}`);
    await wide.getByRole('table', { name: 'Payment history' }).scrollIntoViewIfNeeded();
    await wide.screenshot({ path: `${SHOTS}/l6-payment-history-1280.png` });
  });
});
