// Tabs of one browser share its session cookie: when the session ends or changes in one tab, or on the server, the
// other tabs follow (the login page, or the new user's own pages) instead of staying on as a stale, "Offline" user
// whose actions are refused, or are done as someone else. Unsaved forms are kept through the end of a session: the same
// user signing in again in that tab comes back to the page and finds them as they were; anyone else finds nothing.
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { loginThroughUi, screenshot, SHOTS_DIR, submitLogin, saveProfile, useBrowserSuite, waitForPath } from './support';
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

const SESSION_ENDED = 'Your session has ended. Sign in again to carry on where you left off.';
const RESTORED = 'Your unsaved changes are back. Save to keep them.';
const drafts = (page: Page) => page.evaluate<string[]>(`Object.keys(sessionStorage).filter((key) => key.startsWith('portal-draft:'))`);

/** Dispatch signed in, on kdt_24104's page, with `notes` typed into its Delivery Information form (not saved). */
async function dispatchTypingDeliveryNotes(notes: string, initScript?: string) {
  const id = await loadId('kdt_24104');
  const page = await suite.openPage();
  if (initScript) await page.addInitScript(initScript);
  await loginThroughUi(page, 'staff', 'dispatch', DEMO_PASSWORD, '/staff/loads');
  await page.goto(`${suite.system.url}/staff/load/${id}`);
  await page.getByRole('button', { name: 'Edit Delivery Information' }).click();
  const section = page.getByRole('region', { name: 'Delivery Information', exact: true });
  await section.getByLabel(/^Delivery Notes/).fill(notes);
  return { id, page, section };
}

/** Once the page keeps a draft, reloads it, leaving when the browser asks; answers the prompts' types. */
async function reloadWithDraft(page: Page): Promise<string[]> {
  await expect.poll(() => drafts(page)).toHaveLength(1);
  const prompts: string[] = [];
  page.on('dialog', (dialog) => {
    prompts.push(dialog.type());
    dialog.accept().catch(() => undefined);
  });
  await page.reload();
  return prompts;
}

describe('unsaved work when the session ends', () => {
  it('a profile being edited when the cookies are cleared is back after signing in again, and saves', { timeout: 60_000 }, async () => {
    const page = await suite.openPage();
    await loginThroughUi(page, 'vendor', 'carrier', DEMO_PASSWORD, '/loads');
    await page.goto(`${suite.system.url}/profile`);
    const city = page.getByLabel(/^City( \*)?$/);
    await city.fill('Draft City');
    await page.context().clearCookies();
    // Before: 'Save failed: CSRF Failed: CSRF token missing or incorrect.', with the page still showing the user.
    await page.getByRole('button', { name: 'Save Profile' }).click();
    await waitForPath(page, '/');
    await page.getByRole('status').filter({ hasText: SESSION_ENDED }).waitFor();
    await screenshot(page, 'session-ended-login');
    // A sign-in that fails says only that: before, "Your session has ended..." stood above "Invalid username or password".
    await submitLogin(page, 'carrier', 'not-the-password');
    await page.getByText('Invalid username or password').waitFor();
    await expect(page.getByText(SESSION_ENDED).count()).resolves.toBe(0);

    await submitLogin(page, 'carrier', DEMO_PASSWORD);
    await waitForPath(page, '/profile');
    await page.getByRole('status').filter({ hasText: RESTORED }).waitFor();
    await page.screenshot({ path: `${SHOTS_DIR}/session-ended-profile-restored.png` });
    await expect(city.inputValue()).resolves.toBe('Draft City');
    await saveProfile(page);
    const api = await suite.signedInClient('carrier', DEMO_PASSWORD, 'vendor');
    expect(((await api.get('/api/profiles/vendor/')).body as { city: string }).city).toBe('Draft City');
    await expect.poll(() => drafts(page)).toEqual([]);
    await expect(page.getByText(RESTORED).count()).resolves.toBe(0);
  });

  it('a section edit when the session expires on the server opens again as it was after signing in, and saves', { timeout: 60_000 }, async () => {
    const { id, page, section } = await dispatchTypingDeliveryNotes('Gate 4, call ahead');
    await suite.system.db.pool.query(`UPDATE sessions SET expires_at = now() - interval '1 minute' WHERE user_id = (SELECT id FROM users WHERE username = 'dispatch')`);
    await section.getByRole('button', { name: 'Save Changes' }).click();
    await waitForPath(page, '/staff/login');
    await page.getByRole('status').filter({ hasText: SESSION_ENDED }).waitFor();

    await submitLogin(page, 'dispatch', DEMO_PASSWORD);
    await waitForPath(page, `/staff/load/${id}`);
    await section.getByRole('status').filter({ hasText: RESTORED }).waitFor();
    await expect(section.getByLabel(/^Delivery Notes/).inputValue()).resolves.toBe('Gate 4, call ahead');
    await section.getByRole('button', { name: 'Save Changes' }).click();
    await page.getByRole('button', { name: 'Edit Delivery Information' }).waitFor();
    const api = await suite.signedInClient('dispatch', DEMO_PASSWORD, 'staff');
    await expect.poll(async () => ((await api.get(`/api/loads/${id}/`)).body as { delivery_notes: string }).delivery_notes).toBe('Gate 4, call ahead');
    expect(await drafts(page)).toEqual([]);
  });

  it('a section edit left by a reload the user confirmed does not come back as if signed out', { timeout: 60_000 }, async () => {
    // Before: the form reopened after the reload with the discarded value and "... before you were signed out are back".
    const { page } = await dispatchTypingDeliveryNotes('Typed, then left');
    expect(await reloadWithDraft(page)).toEqual(['beforeunload']);
    await page.getByRole('button', { name: 'Edit Delivery Information' }).waitFor();
    expect(await drafts(page)).toEqual([]);
    await expect(page.getByText(RESTORED).count()).resolves.toBe(0);
    await expect(page.getByText('Typed, then left').count()).resolves.toBe(0);
  });

  it("a section edit reloaded without the browser's prompt (iOS has none) comes back, as an accidental reload there", { timeout: 60_000 }, async () => {
    // A browser that never fires beforeunload, as every browser on iOS.
    const noBeforeUnload = `{
      const add = EventTarget.prototype.addEventListener;
      EventTarget.prototype.addEventListener = function (type, ...rest) { if (type !== 'beforeunload') return add.call(this, type, ...rest); };
    }`;
    const { page, section } = await dispatchTypingDeliveryNotes('Typed on a phone', noBeforeUnload);
    expect(await reloadWithDraft(page)).toEqual([]);
    await section.getByRole('status').filter({ hasText: RESTORED }).waitFor();
    await expect(section.getByLabel(/^Delivery Notes/).inputValue()).resolves.toBe('Typed on a phone');
  });

  it('a New Load form typed in when signed out elsewhere is back for the same user, and gone for another', { timeout: 60_000 }, async () => {
    const page = await suite.openPage();
    await loginThroughUi(page, 'vendor', 'carrier', DEMO_PASSWORD, '/loads');
    await page.getByRole('button', { name: 'New Load' }).click();
    await page.getByLabel(/^Load Number/).fill('draft-77');
    const other = await page.context().newPage();
    await other.goto(`${suite.system.url}/settings`);
    await other.getByRole('button', { name: 'Logout' }).click();
    await waitForPath(page, '/');
    expect(await drafts(page)).toHaveLength(1);

    await submitLogin(page, 'carrier', DEMO_PASSWORD);
    await waitForPath(page, '/loads');
    await expect(page.getByLabel(/^Load Number/).inputValue()).resolves.toBe('draft-77');
    await page.getByRole('status').filter({ hasText: RESTORED }).waitFor();

    // Signed out again; this time someone else signs in, in the other tab, and this one follows: nothing of carrier's
    // is shown or kept here.
    await page.getByLabel(/^Load Number/).fill('draft-78');
    await expect.poll(() => drafts(page)).toHaveLength(1);
    await other.goto(`${suite.system.url}/settings`);
    await other.getByRole('button', { name: 'Logout' }).click();
    await waitForPath(page, '/');
    await loginThroughUi(other, 'vendor', 'newcarrier', DEMO_PASSWORD, '/profile');
    await waitForPath(page, '/profile');
    expect(await drafts(page)).toEqual([]);
  });
});
