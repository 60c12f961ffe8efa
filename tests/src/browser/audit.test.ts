// Auditing in a real browser: accounting filters the cross-load payments log and exports it as CSV; an admin restores
// a deleted load from the recycle bin; other tiers are kept out of both.
import fs from 'node:fs/promises';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { PortalClient } from '../support/http-client';
import { TEST_ADMIN_PASSWORD } from '../support/system';
import { loginThroughUi, mainNav, screenshot, toast, useBrowserSuite, waitForPath } from './support';
import { DEMO_PASSWORD } from '../accounts/support';

const suite = useBrowserSuite({ config: { seedDemo: true, demoPassword: DEMO_PASSWORD } }, 180_000);

async function staffPage(username: string, password: string): Promise<Page> {
  const page = await suite.openPage({ acceptDownloads: true });
  await loginThroughUi(page, 'staff', username, password, '/staff/loads');
  return page;
}

const apiAs = (username: string, password: string): Promise<PortalClient> => suite.signedInClient(username, password, 'staff');

interface LoadRow {
  id: string;
  kdt_id: string;
  payment_status: string;
}

/** CSV lines without the trailing empty one; cells unquoted (the server quotes every cell). */
function csvRows(text: string): string[][] {
  return text
    .split(/\r?\n/)
    .filter((line) => line !== '')
    .map((line) => [...line.matchAll(/"((?:[^"]|"")*)"/g)].map((match) => match[1]!.replace(/""/g, '"')));
}

describe('payments log', () => {
  it('accounting filters the log by payment status and date, and exports the same rows as CSV', { timeout: 120_000 }, async () => {
    // A fresh payment change of our own, so the log has a known 'paid' row.
    const accounting = await apiAs('accounting', DEMO_PASSWORD);
    const loads = await accounting.get<LoadRow[]>('/api/loads/');
    const load = loads.body.find((candidate) => candidate.payment_status !== 'paid')!;
    expect((await accounting.request('PATCH', `/api/loads/${load.id}/`, { payment_status: 'paid' })).status).toBe(200);
    await expect
      .poll(async () => (await accounting.get<{ load_id: string }[]>('/api/payments/log/?status=paid')).body.some((entry) => entry.load_id === load.id))
      .toBe(true);

    const page = await staffPage('accounting', DEMO_PASSWORD);
    await mainNav(page).getByRole('link', { name: 'Payments', exact: true }).click();
    await waitForPath(page, '/staff/payments');
    const table = page.getByRole('table', { name: 'Payments log' });
    await table.waitFor();

    await page.getByLabel('Status After Change').selectOption('paid');
    await page.getByLabel('From', { exact: true }).fill('2000-01-01');
    await expect.poll(() => new URL(page.url()).search).toBe('?from=2000-01-01&status=paid');
    // The table settles on exactly what the API answers for these filters.
    const expected = (await accounting.get<{ payment_status: string }[]>('/api/payments/log/?from=2000-01-01&status=paid')).body;
    expect(expected.length).toBeGreaterThan(0);
    const rows = table.locator('tbody tr');
    await expect.poll(() => table.locator('xpath=..').getAttribute('aria-busy')).toBe('false');
    await expect.poll(() => rows.count()).toBe(expected.length);
    const ourRow = rows.filter({ hasText: load.kdt_id }).filter({ hasText: 'Payment status:' });
    await expect(ourRow.first().textContent()).resolves.toContain('-> Paid');
    for (const status of await rows.locator('td.cell-payment_status').allTextContents()) expect(status).toBe('Paid');
    await screenshot(page, 'audit-payments-filtered');

    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Export CSV' }).click()]);
    expect(download.suggestedFilename()).toBe('payments-log-status-paid-from-2000-01-01.csv');
    const saved = await fs.readFile((await download.path())!);
    // Made for spreadsheets, as the server's answer is: it starts with UTF-8's byte order mark (reading the answer as
    // text dropped it, and Excel garbled accented letters).
    expect([...saved.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const [header, ...lines] = csvRows(saved.toString('utf8').replace(/^\uFEFF/, ''));
    expect(header).toContain('Payment status after');
    expect(lines).toHaveLength(expected.length);
    const statusColumn = header!.indexOf('Payment status after');
    expect(lines.every((line) => line[statusColumn] === 'Paid')).toBe(true);
    expect(lines.some((line) => line.includes(load.kdt_id))).toBe(true);
  });

  it('says when it shows only the newest 5,000 changes, and points to the CSV for all of them', { timeout: 120_000 }, async () => {
    // 5,001 changes on a day of their own, straight into the read model the log reads.
    await suite.system.db.pool.query(
      `INSERT INTO payment_history (position, seq, load_id, kdt_id, vendor_id, vendor_name, at, actor_username, actor_tier, field, from_value, to_value, payment_status)
       SELECT 20000000 + n, 0, gen_random_uuid(), 'kdt_bulk', NULL, NULL, '2001-02-03T12:00:00Z', 'accounting', 'ACCOUNTING', 'amount_paid', to_jsonb(n), to_jsonb(n + 1), 'partial'
       FROM generate_series(1, 5001) AS n`,
    );
    const page = await staffPage('accounting', DEMO_PASSWORD);
    await page.goto('/staff/payments?from=2001-02-03&to=2001-02-03');
    await expect.poll(() => page.locator('.pay-count').textContent(), { timeout: 30_000 }).toBe('Showing the newest 5,000 changes that match these filters');
    await expect(page.getByText('There are more: narrow the filters to see them here, or export the CSV, which has every one.').count()).resolves.toBe(1);
    // A day with fewer says how many, and nothing more.
    await page.goto('/staff/payments?from=2001-02-04&to=2001-02-04');
    await expect.poll(() => page.locator('.pay-count').textContent(), { timeout: 30_000 }).toBe('0 changes match these filters');
    await expect(page.getByText('There are more').count()).resolves.toBe(0);
    await suite.system.db.pool.query(`DELETE FROM payment_history WHERE kdt_id = 'kdt_bulk'`);
  });

  it('is not offered to dispatch, and its route sends them to the dashboard', { timeout: 60_000 }, async () => {
    const page = await staffPage('dispatch', DEMO_PASSWORD);
    await expect(mainNav(page).getByRole('link', { name: 'Payments', exact: true }).count()).resolves.toBe(0);
    await page.goto('/staff/payments');
    await waitForPath(page, '/staff/dashboard');
    await toast(page, 'You do not have permission to view that page.').waitFor();
  });
});

describe('recycle bin', () => {
  it('an admin finds a deleted load in the recycle bin, restores it, and the load is back', { timeout: 120_000 }, async () => {
    const admin = await apiAs('admin', TEST_ADMIN_PASSWORD);
    const load = (await admin.get<LoadRow[]>('/api/loads/')).body[0]!;
    expect((await admin.request('DELETE', `/api/loads/${load.id}/`)).status).toBe(204);
    const inBin = async () => (await admin.get<{ loads: { id: string }[] }>('/api/recycle-bin/')).body.loads.some((deleted) => deleted.id === load.id);
    await expect.poll(inBin).toBe(true);

    const page = await staffPage('admin', TEST_ADMIN_PASSWORD);
    await mainNav(page).getByRole('link', { name: 'Recycle Bin', exact: true }).click();
    await waitForPath(page, '/staff/recycle-bin');
    const deletedLoads = page.getByRole('table', { name: 'Deleted loads' });
    const row = deletedLoads.getByRole('row').filter({ hasText: load.kdt_id });
    await row.waitFor();
    await expect(row.textContent()).resolves.toContain('admin');

    // Its history, and the load as it was at its first change, though it is deleted now.
    const historyButton = row.getByRole('button', { name: `History of load ${load.kdt_id}` });
    expect(await historyButton.getAttribute('aria-expanded')).toBe('false');
    await historyButton.click();
    const history = page.getByRole('region', { name: `History of deleted load ${load.kdt_id}` });
    const entries = history.getByRole('list', { name: /oldest first/ }).locator(':scope > li');
    await entries.first().waitFor();
    // The panel opens below every section: the button says it is open and which panel, and the focus is at its heading.
    expect(await historyButton.getAttribute('aria-expanded')).toBe('true');
    expect(await page.locator(`#${await historyButton.getAttribute('aria-controls')}`).getByRole('heading', { name: `History of deleted load ${load.kdt_id}` }).count()).toBe(1);
    expect(await page.evaluate<string | null | undefined>('document.activeElement?.textContent')).toBe(`History of deleted load ${load.kdt_id}`);
    await entries.first().getByRole('button', { name: 'View as of this change' }).click();
    const asOf = page.getByRole('dialog', { name: /^Load as of / });
    await asOf.getByRole('region', { name: 'Load', exact: true }).waitFor();
    await expect(asOf.getByRole('region', { name: 'Load', exact: true }).textContent()).resolves.toContain(load.kdt_id);
    await expect(asOf.getByRole('alert').count()).resolves.toBe(0);
    await screenshot(page, 'audit-recycle-bin-as-of');
    await asOf.getByRole('button', { name: 'Close', exact: true }).last().click();
    await expect(asOf.count()).resolves.toBe(0);
    // Closed, the focus is back on the button that opened it.
    await page.getByRole('button', { name: 'Close history' }).click();
    await expect(history.count()).resolves.toBe(0);
    expect(await historyButton.evaluate((button) => button === button.ownerDocument.activeElement)).toBe(true);
    expect(await historyButton.getAttribute('aria-expanded')).toBe('false');

    await row.getByRole('button', { name: `Restore load ${load.kdt_id}` }).click();
    const dialog = page.getByRole('dialog', { name: 'Restore Load' });
    await dialog.waitFor();
    await screenshot(page, 'audit-recycle-bin-confirm');
    await dialog.getByRole('button', { name: 'Restore', exact: true }).click();
    await page.getByText(`Load ${load.kdt_id} restored.`).waitFor();
    await row.waitFor({ state: 'detached' });
    await expect(dialog.count()).resolves.toBe(0);

    // Back for everyone: the read model catches up with the restore.
    await expect.poll(async () => (await admin.get(`/api/loads/${load.id}/`)).status, { timeout: 10_000 }).toBe(200);
    await expect.poll(inBin).toBe(false);
    // Restoring it again is refused.
    const again = await admin.post(`/api/recycle-bin/loads/${load.id}/restore/`);
    expect(again.status).toBe(409);
  });

  it('is not offered to accounting, and its route sends them to the dashboard', { timeout: 60_000 }, async () => {
    const page = await staffPage('accounting', DEMO_PASSWORD);
    await expect(mainNav(page).getByRole('link', { name: 'Recycle Bin', exact: true }).count()).resolves.toBe(0);
    await page.goto('/staff/recycle-bin');
    await waitForPath(page, '/staff/dashboard');
    await toast(page, 'You do not have permission to view that page.').waitFor();
  });
});
