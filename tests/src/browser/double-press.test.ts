// A double click on a button that sends something sends it once. The second press arrives before React has drawn the
// button as busy (a mutation's isPending is seen only after a later render), so before the fix: a load was deleted and
// the second DELETE answered "Not found." over the success; an agreement was signed twice in the vendor's history.
// Each press pair below is two clicks in one task, the closest two presses can come.
import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { DEMO_PASSWORD } from '../accounts/support';
import { TEST_ADMIN_PASSWORD } from '../support/system';
import { toast, useBrowserSuite, waitForPath } from './support';

const suite = useBrowserSuite({ config: { seedDemo: true, demoPassword: DEMO_PASSWORD } });

/** The requests the page sends with this method to a path matching `path`, as they are sent. */
function sent(page: Page, method: string, path: RegExp): string[] {
  const urls: string[] = [];
  page.on('request', (request) => {
    if (request.method() === method && path.test(new URL(request.url()).pathname)) urls.push(request.url());
  });
  return urls;
}

const pressTwice = (button: Locator) =>
  button.evaluate((element: { click(): void }) => {
    element.click();
    element.click();
  });

/** A new load of newcarrier's, and newcarrier's page for it (in UTC). */
async function newLoadPage(loadNumber: string, extra: Record<string, unknown> = {}) {
  const api = await suite.signedInClient('newcarrier', DEMO_PASSWORD, 'vendor');
  const created = await api.post('/api/loads/', { load_number: loadNumber, ...extra });
  expect(created.status).toBe(201);
  const loadId = created.body.id as string;
  await suite.system.caughtUp();
  const page = await suite.signedInPage('vendor', 'newcarrier', DEMO_PASSWORD, '/profile', { timezoneId: 'UTC' });
  return { api, loadId, page };
}

describe('a double click', () => {
  it('on Delete Load deletes once, says so, and returns to the list', { timeout: 60_000 }, async () => {
    const { api, loadId, page } = await newLoadPage('kdt_twice_del');
    const deletes = sent(page, 'DELETE', new RegExp(`^/api/loads/${loadId}/$`));
    await page.goto(`${suite.system.url}/load/${loadId}`);
    await page.getByRole('button', { name: 'Delete Load' }).click();
    const dialog = page.getByRole('dialog', { name: 'Delete Load kdt_twice_del?' });
    await pressTwice(dialog.getByRole('button', { name: 'Delete Load' }));
    await waitForPath(page, '/loads');
    await toast(page, 'Load deleted successfully').waitFor();
    // Time for a second answer to have come back, had there been a second request.
    await page.waitForTimeout(500);
    expect(deletes).toHaveLength(1);
    expect(await toast(page, 'Not found.').count()).toBe(0);
    expect((await api.get(`/api/loads/${loadId}/`)).status).toBe(404);
  });

  it("on a date dialog's Save and a section's Save Changes sends each change once", { timeout: 60_000 }, async () => {
    const { loadId, page } = await newLoadPage('kdt_twice_edit');
    const patches = sent(page, 'PATCH', new RegExp(`^/api/loads/${loadId}/$`));
    await page.goto(`${suite.system.url}/loads`);
    const row = page.getByRole('table').getByRole('row').filter({ has: page.getByRole('link', { name: 'kdt_twice_edit', exact: true }) });
    await row.locator('td.cell-pickup_date').getByRole('button').click();
    const dateDialog = page.getByRole('dialog', { name: 'Set Pickup Date & Time' });
    await dateDialog.locator('input[type="date"]').fill('2026-12-07');
    await dateDialog.getByLabel('Time', { exact: true }).fill('09:30');
    await pressTwice(dateDialog.getByRole('button', { name: 'Save' }));
    await dateDialog.waitFor({ state: 'detached' });
    await expect.poll(() => row.locator('td.cell-pickup_date').textContent()).toBe('Dec 7, 9:30 AM');
    await page.waitForTimeout(500);
    expect(patches).toHaveLength(1);

    await page.goto(`${suite.system.url}/load/${loadId}`);
    await page.getByRole('button', { name: 'Edit Rate & Payment' }).click();
    const section = page.getByRole('region', { name: 'Rate & Payment', exact: true });
    await section.getByLabel('Rate Amount ($)').fill('1850');
    await pressTwice(section.getByRole('button', { name: 'Save Changes' }));
    await toast(page, 'Rate & Payment Information updated successfully!').waitFor();
    await page.waitForTimeout(500);
    expect(patches).toHaveLength(2);
  });

  it('on Sign & Save Agreement signs once', { timeout: 60_000 }, async () => {
    const page = await suite.signedInPage('vendor', 'carrier', DEMO_PASSWORD, '/loads');
    const signs = sent(page, 'PATCH', /^\/api\/profiles\/vendor\/$/);
    await page.goto(`${suite.system.url}/profile`);
    const agreement = page.getByRole('region', { name: 'Carrier Agreement', exact: true });
    await agreement.getByRole('button', { name: 'Sign Again' }).click();
    await agreement.getByLabel('Type your full name to sign').fill('Dana K. Whitfield');
    await pressTwice(agreement.getByRole('button', { name: 'Sign & Save Agreement' }));
    await agreement.getByRole('group', { name: 'Signature on file' }).waitFor();
    await page.waitForTimeout(500);
    expect(signs).toHaveLength(1);
  });

  it("on the recycle bin's Restore restores once and says so", { timeout: 60_000 }, async () => {
    const { api, loadId } = await newLoadPage('kdt_twice_restore');
    expect((await api.request('DELETE', `/api/loads/${loadId}/`)).status).toBe(204);
    await suite.system.caughtUp();
    const page = await suite.signedInPage('staff', 'admin', TEST_ADMIN_PASSWORD, '/staff/loads');
    const restores = sent(page, 'POST', /restore/);
    await page.goto(`${suite.system.url}/staff/recycle-bin`);
    await page.locator(`[data-restore="loads:${loadId}"]`).click();
    const dialog = page.getByRole('dialog');
    await pressTwice(dialog.getByRole('button', { name: /^Restore/ }));
    await dialog.waitFor({ state: 'detached' });
    await page.waitForTimeout(500);
    expect(restores).toHaveLength(1);
    expect(await page.getByRole('alert').filter({ hasText: /not in the recycle bin|not found/i }).count()).toBe(0);
    expect(await page.locator('.toast-viewport').getByText(/not in the recycle bin|not found/i).count()).toBe(0);
    expect((await api.get(`/api/loads/${loadId}/`)).status).toBe(200);
  });
});
