// A load section's edits are not lost without a word: with typed, unsaved changes, leaving the load page asks first
// (the app's dialog for Back to Loads and the nav links, the browser's prompt on reload), as the profile page does.
// Before, the typed notes went silently. Cancel, a save, or deleting the load leave without a question.
import { describe, expect, it } from 'vitest';
import { DEMO_PASSWORD } from '../accounts/support';
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
  return { page, section, notes };
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
});
