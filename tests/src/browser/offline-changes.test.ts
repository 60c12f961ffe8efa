// A change made while the browser is offline fails at once, as any failed change does (the control reverts and the
// error shows), and is never sent later: once the network is back it would land over whatever others changed meanwhile.
// A New Load whose answer was lost (the server created it) and is created again is the load it made, not a refusal;
// a Delete whose answer was lost is sent once more and, the load gone either way, says it was deleted; a status change
// whose answer was lost is sent once more (it sets the value outright) and is not reported as failed.
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { firstAnswerLost, loginThroughUi, screenshot, toast, toastSaid, useBrowserSuite } from './support';
import { DEMO_PASSWORD } from '../accounts/support';

const suite = useBrowserSuite({ config: { seedDemo: true, demoPassword: DEMO_PASSWORD } });

async function loadOf(kdtId: string): Promise<{ id: string; status: string; events: number }> {
  const { rows } = await suite.system.db.pool.query<{ id: string; status: string }>('SELECT id, status FROM loads WHERE kdt_id = $1', [kdtId]);
  const { id, status } = rows[0]!;
  const { rows: count } = await suite.system.db.pool.query<{ n: string }>('SELECT count(*) AS n FROM es_events WHERE stream_id = $1', [`load-${id}`]);
  return { id, status, events: Number(count[0]!.n) };
}

describe('changes made offline', () => {
  it('fail at once and are not sent when the network comes back', { timeout: 90_000 }, async () => {
    const page: Page = await suite.openPage();
    await loginThroughUi(page, 'staff', 'dispatch', DEMO_PASSWORD, '/staff/loads');
    const before = await loadOf('kdt_24106');
    await page.goto(`${suite.system.url}/staff/load/${before.id}`);
    await page.getByRole('status', { name: 'Connection: Live' }).waitFor();
    const status = page.getByRole('combobox', { name: 'Status', exact: true });
    expect(await status.inputValue()).toBe(before.status);

    await page.context().setOffline(true);
    const next = before.status === 'cancelled' ? 'open' : 'cancelled';
    await status.selectOption(next);
    // Before: the change waited, unmarked, for the network; the select showed it as made.
    // Shown beside the control and in a toast, and said once: by the alert beside the control. Before, the page's
    // live region said the toast's same words again.
    await page.getByRole('alert').filter({ hasText: 'Failed to update status' }).waitFor({ timeout: 5_000 });
    await toast(page, 'Failed to update status').waitFor({ timeout: 5_000 });
    await page.waitForTimeout(400); // toasts are said 150 ms after they are shown
    expect(await toastSaid(page, 'Failed to update status', 'assertive').count()).toBe(0);
    await expect.poll(() => status.inputValue()).toBe(before.status);
    await screenshot(page, 'offline-status-change-failed');

    await page.context().setOffline(false);
    await page.getByRole('status', { name: 'Connection: Live' }).waitFor({ timeout: 30_000 });
    // Long enough for a held request to have gone out (it went about 5 s after the network came back).
    await page.waitForTimeout(8_000);
    expect(await loadOf('kdt_24106')).toEqual(before);
    expect(await status.inputValue()).toBe(before.status);
  });

  it('a New Load whose answer was lost, created again, is the one load it made', { timeout: 60_000 }, async () => {
    const page = await suite.openPage();
    await loginThroughUi(page, 'vendor', 'carrier', DEMO_PASSWORD, '/loads');
    // The server creates the load; its answer never reaches the page.
    const sent = await firstAnswerLost(page, '**/api/loads/', 'POST');
    await page.getByRole('button', { name: 'New Load' }).click();
    await page.getByLabel(/^Load Number/).fill('lost-answer-1');
    await page.getByText('ID available.').waitFor();
    await page.getByRole('button', { name: 'Create', exact: true }).click();
    await page.getByRole('alert').filter({ hasText: 'Failed to create load.' }).waitFor();
    // Before: 'Creation failed: load_number: ID already taken.', the user's own new load in the table underneath.
    await page.getByRole('button', { name: 'Create', exact: true }).click();
    await toast(page, 'Load kdt_lost-answer-1 created.').waitFor();
    expect(sent).toHaveLength(2);
    expect(sent[1]!['idempotency-key']).toBe(sent[0]!['idempotency-key']);
    await suite.system.caughtUp();
    const { rows } = await suite.system.db.pool.query(`SELECT count(*)::int AS n FROM loads WHERE kdt_id = 'kdt_lost-answer-1'`);
    expect(rows[0].n).toBe(1);
  });

  it('a Delete whose answer was lost says the load was deleted, and deletes it once', { timeout: 60_000 }, async () => {
    const { id } = await loadOf('kdt_24105');
    const page = await suite.openPage();
    await loginThroughUi(page, 'vendor', 'carrier', DEMO_PASSWORD, '/loads');
    const deletes = await firstAnswerLost(page, `**/api/loads/${id}/`, 'DELETE');
    await page.goto(`${suite.system.url}/load/${id}`);
    await page.getByRole('button', { name: 'Delete Load' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Delete Load' }).click();
    // Before: 'Failed to delete load' beside 'Load not found.', for a load the server had deleted.
    await toast(page, 'Load deleted successfully').waitFor();
    await page.waitForURL((url) => url.pathname === '/loads');
    expect(deletes).toHaveLength(2);
    const { rows } = await suite.system.db.pool.query(`SELECT count(*)::int AS n FROM es_events WHERE stream_id = $1 AND type = 'LoadDeleted'`, [`load-${id}`]);
    expect(rows[0].n).toBe(1);
  });

  it('a status change whose answer was lost is sent once more and reported as made, recorded once', { timeout: 60_000 }, async () => {
    const before = await loadOf('kdt_24104');
    const page = await suite.openPage();
    await loginThroughUi(page, 'staff', 'dispatch', DEMO_PASSWORD, '/staff/loads');
    const patches = await firstAnswerLost(page, `**/api/loads/${before.id}/`, 'PATCH');
    await page.goto(`${suite.system.url}/staff/load/${before.id}`);
    const status = page.getByRole('combobox', { name: 'Status', exact: true });
    const next = before.status === 'cancelled' ? 'open' : 'cancelled';
    await status.selectOption(next);
    // Before: 'Failed to update status' for a change the server had made.
    await toast(page, `Status updated to ${next === 'open' ? 'Open' : 'Cancelled'}`).waitFor();
    expect(await page.getByRole('alert').filter({ hasText: 'Failed to update status' }).count()).toBe(0);
    expect(await toast(page, 'Failed to update status').count()).toBe(0);
    expect(patches).toHaveLength(2);
    await expect(status.inputValue()).resolves.toBe(next);
    const after = await loadOf('kdt_24104');
    expect([after.status, after.events]).toEqual([next, before.events + 1]);
  });
});
