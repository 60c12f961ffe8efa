// Tabs of one browser share its session cookie: when the session ends or changes in one tab, or on the server, the
// other tabs follow (the login page, or the new user's own pages) instead of staying on as a stale, "Offline" user
// whose actions are refused, or are done as someone else.
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { loginThroughUi, useBrowserSuite, waitForPath } from './support';
import { DEMO_PASSWORD } from '../accounts/support';

const suite = useBrowserSuite({ config: { seedDemo: true, demoPassword: DEMO_PASSWORD } });

async function loadId(kdtId: string): Promise<string> {
  const { rows } = await suite.system.db.pool.query<{ id: string }>('SELECT id FROM loads WHERE kdt_id = $1', [kdtId]);
  return rows[0]!.id;
}

async function twoTabs(username: string): Promise<[Page, Page]> {
  const first = await suite.openPage();
  await loginThroughUi(first, 'staff', username, DEMO_PASSWORD, '/staff/loads');
  const second = await first.context().newPage();
  await second.goto(`${suite.system.url}/staff/load/${await loadId('kdt_24103')}`);
  await second.getByRole('heading', { name: 'kdt_24103', level: 1 }).waitFor();
  await second.getByRole('status', { name: 'Connection: Live' }).waitFor();
  return [first, second];
}

describe('tabs sharing a session', () => {
  it('a logout in one tab sends the others to the login page', { timeout: 60_000 }, async () => {
    const [first, second] = await twoTabs('dispatch');
    await first.getByRole('button', { name: 'Logout' }).click();
    await waitForPath(first, '/staff/login');
    // Before: the other tab stayed on the load as dispatch, "Offline", its changes refused.
    await waitForPath(second, '/staff/login');
    await second.getByRole('heading', { name: 'Staff Login' }).waitFor();
    expect(await second.locator('.nav-user').count()).toBe(0);
  });

  it('a sign-in as someone else in one tab shows the other tabs as that user', { timeout: 60_000 }, async () => {
    const [first, second] = await twoTabs('dispatch');
    await first.getByRole('button', { name: 'Logout' }).click();
    await waitForPath(first, '/staff/login');
    await loginThroughUi(first, 'staff', 'accounting', DEMO_PASSWORD, '/staff/loads');
    // Whatever page the other tab is on now, it is accounting's: never dispatch's name over accounting's session.
    await expect.poll(() => second.locator('.nav-user').allTextContents(), { timeout: 10_000 }).toEqual(['accounting']);
    // And not the login form under accounting's name: the login page the logout sent it to moves on, as it would
    // for accounting arriving there. Before, it stayed a login form with "accounting / Logout" above it.
    await waitForPath(second, '/staff/loads');
    expect(await second.getByRole('heading', { name: 'Staff Login' }).count()).toBe(0);
  });

  it("a vendor's other tab follows a sign-in as another vendor to that vendor's pages", { timeout: 60_000 }, async () => {
    const first = await suite.openPage();
    await loginThroughUi(first, 'vendor', 'carrier', DEMO_PASSWORD, '/loads');
    const second = await first.context().newPage();
    await second.goto(`${suite.system.url}/load/${await loadId('kdt_24103')}`);
    await second.getByRole('heading', { name: 'kdt_24103', level: 1 }).waitFor();
    await first.getByRole('button', { name: 'Logout' }).click();
    await waitForPath(first, '/');
    await waitForPath(second, '/');
    await second.getByRole('heading', { name: 'Vendor Login' }).waitFor();
    await loginThroughUi(first, 'vendor', 'newcarrier', DEMO_PASSWORD, '/profile');
    await waitForPath(second, '/profile');
    await expect.poll(() => second.locator('.nav-user').allTextContents(), { timeout: 10_000 }).toEqual(['newcarrier']);
    expect(await second.getByRole('heading', { name: 'Vendor Login' }).count()).toBe(0);
  });

  it('a session ended on the server sends the tab to the login page at its next request', { timeout: 60_000 }, async () => {
    const [first, second] = await twoTabs('dispatch');
    // Only this tab's own next request may find out: the board tab, or a request of this page still under way, would
    // send it to the login page before the change below is even tried.
    await first.close();
    await second.waitForLoadState('networkidle');
    // Ended behind the browser's back (expired, or removed by an admin): no other tab announces it.
    await suite.system.db.pool.query(`DELETE FROM sessions WHERE user_id = (SELECT id FROM users WHERE username = 'dispatch')`);
    await second.getByRole('combobox', { name: 'Status', exact: true }).selectOption('cancelled');
    await waitForPath(second, '/staff/login');
  });
});
