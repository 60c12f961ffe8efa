// A load section's edits are not lost without a word: with typed, unsaved changes, leaving the load page asks first
// (the app's dialog for Back to Loads and the nav links, the browser's prompt on reload), as the profile page does.
// Before, the typed notes went silently. Cancel, a save, or deleting the load leave without a question. A load deleted
// elsewhere while a section is being edited keeps the page and what was typed (before, "Load not found." replaced both).
import { describe, expect, it } from 'vitest';
import { DEMO_PASSWORD } from '../accounts/support';
import { TEST_ADMIN_PASSWORD } from '../support/system';
import { mainNav, promptsOnReload, screenshot, toast, useBrowserSuite, waitForPath } from './support';

const suite = useBrowserSuite({ config: { seedDemo: true, demoPassword: DEMO_PASSWORD } });

async function editingDelivery(loadNumber: string) {
  const api = await suite.signedInClient('newcarrier', DEMO_PASSWORD, 'vendor');
  const created = await api.post('/api/loads/', { load_number: loadNumber });
  expect(created.status).toBe(201);
  await suite.system.caughtUp();
  const page = await suite.signedInPage('vendor', 'newcarrier', DEMO_PASSWORD, '/profile');
  await page.goto(`${suite.system.url}/load/${created.body.id as string}`);
  await page.getByRole('button', { name: 'Edit Delivery Information' }).click();
  const section = page.getByRole('region', { name: 'Delivery Information', exact: true });
  const notes = section.getByLabel(/^Delivery Notes/);
  return { page, section, notes, loadId: created.body.id as string };
}

describe('unsaved section edits on a load page', () => {
  it('ask before Back to Loads or a nav link leaves them, keep them on Stay, and go on Leave', { timeout: 60_000 }, async () => {
    const { page, notes } = await editingDelivery('kdt_unsaved_1');
    await notes.fill('Call 30 minutes ahead; dock 4');

    await page.getByRole('button', { name: /Back to Loads/ }).click();
    const dialog = page.getByRole('dialog', { name: 'Leave without saving?' });
    await dialog.getByText('Your changes to Delivery Information are not saved. If you leave this page, they will be lost.').waitFor();
    await screenshot(page, 'section-edit-unsaved-dialog');
    await dialog.getByRole('button', { name: 'Stay on this page' }).click();
    await dialog.waitFor({ state: 'detached' });
    expect(new URL(page.url()).pathname).toMatch(/^\/load\//);
    expect(await notes.inputValue()).toBe('Call 30 minutes ahead; dock 4');

    expect(await promptsOnReload(page)).toEqual(['beforeunload']);

    await mainNav(page).getByRole('link', { name: 'Loads', exact: true }).click();
    await dialog.getByRole('button', { name: 'Leave without saving' }).click();
    await waitForPath(page, '/loads');
  });

  it('let the user leave without a question after Cancel or a save, and when the load is deleted', { timeout: 60_000 }, async () => {
    const { page, section, notes } = await editingDelivery('kdt_unsaved_2');
    /** Back to Loads goes straight to the list (no question), then Back returns to the load. */
    const leavesFreely = async () => {
      await page.getByRole('button', { name: /Back to Loads/ }).click();
      await waitForPath(page, '/loads');
      await page.goBack();
    };
    await notes.fill('Gate code 4471');
    await section.getByRole('button', { name: 'Cancel' }).click();
    await leavesFreely();

    await page.getByRole('button', { name: 'Edit Delivery Information' }).click();
    await notes.fill('Gate code 4471');
    await section.getByRole('button', { name: 'Save Changes' }).click();
    await toast(page, 'Delivery Information updated successfully!').waitFor();
    await leavesFreely();

    // Deleted while a section has typed changes: they go with the load, and the list comes without a question.
    await page.getByRole('button', { name: 'Edit Delivery Information' }).click();
    await notes.fill('Never mind');
    await page.getByRole('button', { name: 'Delete Load' }).click();
    await page.getByRole('dialog', { name: 'Delete Load kdt_unsaved_2?' }).getByRole('button', { name: 'Delete Load' }).click();
    await waitForPath(page, '/loads');
    await toast(page, 'Load deleted successfully').waitFor();
    expect(await page.getByRole('dialog', { name: 'Leave without saving?' }).count()).toBe(0);
  });

  it('keep what was typed when the load is deleted elsewhere, unable to save it, and save it once the load is restored', { timeout: 60_000 }, async () => {
    const { page, section, notes, loadId } = await editingDelivery('kdt_unsaved_3');
    await notes.fill('Dock 9 after 6 pm; ask for Rosa');
    const patches: string[] = [];
    page.on('request', (request) => {
      if (request.method() === 'PATCH' && request.url().includes(`/api/loads/${loadId}/`)) patches.push(request.url());
    });

    // The carrier deletes it in another tab; the push reaches this page, whose read now answers 404.
    const api = await suite.signedInClient('newcarrier', DEMO_PASSWORD, 'vendor');
    expect((await api.request('DELETE', `/api/loads/${loadId}/`)).status).toBe(204);
    await page.getByRole('alert').filter({ hasText: 'This load has been deleted, or given to another carrier: it can no longer be changed. The page shows its last known details.' }).waitFor();
    await section.getByRole('alert').filter({ hasText: 'Your changes here cannot be saved, as the load is gone.' }).waitFor();
    expect(await page.getByText('Load not found.', { exact: true }).count()).toBe(0);
    expect(await notes.inputValue()).toBe('Dock 9 after 6 pm; ask for Rosa');
    await page.getByRole('heading', { name: 'Load Details kdt_unsaved_3', level: 1 }).waitFor();
    // Nothing on it can be changed: no Delete, the statuses shown as text, the other pencils say why.
    expect(await page.getByRole('button', { name: 'Delete Load' }).count()).toBe(0);
    expect(await page.getByRole('combobox', { name: 'Status', exact: true }).count()).toBe(0);
    expect(await page.getByRole('button', { name: 'Edit Pickup Information' }).getAttribute('aria-disabled')).toBe('true');
    await screenshot(page, 'section-edit-load-gone');
    // Save is refused (aria-disabled, so the focus stays on it): pressed anyway, nothing is sent.
    const save = section.getByRole('button', { name: 'Save Changes' });
    expect(await save.getAttribute('aria-disabled')).toBe('true');
    await save.click({ force: true });
    await page.waitForTimeout(300);
    expect(patches).toEqual([]);
    expect(await notes.inputValue()).toBe('Dock 9 after 6 pm; ask for Rosa');
    // Leaving still asks: what was typed is only here.
    expect(await promptsOnReload(page)).toEqual(['beforeunload']);

    // An ADMIN restores it: the page is as before, the typed text still there, and Save saves it.
    const admin = await suite.signedInClient('admin', TEST_ADMIN_PASSWORD, 'staff');
    expect((await admin.post(`/api/recycle-bin/loads/${loadId}/restore/`)).status).toBe(200);
    await page.getByRole('button', { name: 'Delete Load' }).waitFor();
    expect(await section.getByRole('alert').count()).toBe(0);
    await section.getByRole('button', { name: 'Save Changes' }).click();
    await toast(page, 'Delivery Information updated successfully!').waitFor();
    await expect.poll(async () => (await api.get(`/api/loads/${loadId}/`)).body.delivery_notes).toBe('Dock 9 after 6 pm; ask for Rosa');
  });

  it('keep a staff member\'s typed text when the load is deleted by someone else, on the staff page too', { timeout: 60_000 }, async () => {
    const api = await suite.signedInClient('newcarrier', DEMO_PASSWORD, 'vendor');
    const created = await api.post('/api/loads/', { load_number: 'kdt_unsaved_4' });
    expect(created.status).toBe(201);
    const loadId = created.body.id as string;
    await suite.system.caughtUp();
    const page = await suite.signedInPage('staff', 'admin', TEST_ADMIN_PASSWORD, '/staff/loads');
    await page.goto(`${suite.system.url}/staff/load/${loadId}`);
    const section = page.getByRole('region', { name: 'Pickup Information', exact: true });
    await section.getByRole('button', { name: 'Edit Pickup Information' }).click();
    const notes = section.getByLabel(/^Pickup Notes/);
    await notes.fill('Seal number 448812');

    expect((await api.request('DELETE', `/api/loads/${loadId}/`)).status).toBe(204);
    const said = page.getByRole('alert').filter({ hasText: 'This load has been deleted: it can no longer be changed. The page shows its last known details.' });
    await said.waitFor();
    // An ADMIN is shown where it can be restored from.
    await said.getByRole('link', { name: 'Recycle Bin' }).waitFor();
    expect(await notes.inputValue()).toBe('Seal number 448812');
    expect(await page.getByRole('heading', { name: 'kdt_unsaved_4', level: 1 }).count()).toBe(1);
    expect(await page.getByRole('heading', { name: 'Assign Vendor' }).count()).toBe(0);
    await screenshot(page, 'staff-load-gone');
  });
});
