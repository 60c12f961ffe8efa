// Vendor profile edits are not lost without a word: leaving the page with unsaved changes asks first, in the app's
// own dialog (and the browser's prompt on reload); once saved, the vendor leaves freely.
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { DEMO_PASSWORD } from '../accounts/support';
import { loginThroughUi, mainNav, promptsOnReload, useBrowserSuite, waitForPath } from './support';

const suite = useBrowserSuite({ config: { seedDemo: true, demoPassword: DEMO_PASSWORD } }, 180_000);
const SHOTS = '/tmp/s11-ui-fix-shots';

async function profilePage(): Promise<Page> {
  const page = await suite.openPage();
  await loginThroughUi(page, 'vendor', 'carrier', DEMO_PASSWORD, '/loads');
  await mainNav(page).getByRole('link', { name: 'Profile', exact: true }).click();
  await waitForPath(page, '/profile');
  return page;
}

const website = (page: Page) => page.getByLabel(/^Website( \*)?$/);

describe('unsaved vendor profile changes', () => {
  it('ask before a nav link leaves them, keep them on Stay, and drop them on Leave', { timeout: 120_000 }, async () => {
    const page = await profilePage();
    const original = await website(page).inputValue();
    await website(page).fill('edited.example.com');

    await mainNav(page).getByRole('link', { name: 'Loads', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Leave without saving?' });
    await dialog.waitFor();
    await page.screenshot({ path: `${SHOTS}/m3-unsaved-changes-dialog.png` });
    await dialog.getByRole('button', { name: 'Stay on this page' }).click();
    await dialog.waitFor({ state: 'detached' });
    expect(new URL(page.url()).pathname).toBe('/profile');
    await expect(website(page).inputValue()).resolves.toBe('edited.example.com');

    // The browser's own prompt guards a reload.
    expect(await promptsOnReload(page)).toEqual(['beforeunload']);

    await mainNav(page).getByRole('link', { name: 'Loads', exact: true }).click();
    await dialog.getByRole('button', { name: 'Leave without saving' }).click();
    await waitForPath(page, '/loads');
    // The loads page shown (the profile page, with its edits, gone), as a user would see before going back.
    await page.getByRole('button', { name: 'New Load' }).waitFor();
    await page.goBack();
    await waitForPath(page, '/profile');
    await expect.poll(() => website(page).inputValue()).toBe(original);
  });

  it('let the vendor leave without a question once saved, or when nothing was changed', { timeout: 120_000 }, async () => {
    const page = await profilePage();
    page.on('dialog', (alert) => void alert.accept()); // 'Profile updated successfully!'
    await mainNav(page).getByRole('link', { name: 'Loads', exact: true }).click();
    await waitForPath(page, '/loads');
    await mainNav(page).getByRole('link', { name: 'Profile', exact: true }).click();
    await waitForPath(page, '/profile');

    // An edit undone is no change.
    const original = await website(page).inputValue();
    await website(page).fill('undone.example.com');
    await website(page).fill(original);
    await mainNav(page).getByRole('link', { name: 'Loads', exact: true }).click();
    await waitForPath(page, '/loads');
    await mainNav(page).getByRole('link', { name: 'Profile', exact: true }).click();
    await waitForPath(page, '/profile');

    await website(page).fill('saved.example.com');
    await page.getByRole('button', { name: 'Save Profile' }).click();
    await expect.poll(() => page.getByRole('button', { name: 'Save Profile' }).isEnabled()).toBe(true);
    await expect.poll(() => website(page).inputValue()).toMatch(/saved\.example\.com/);
    await mainNav(page).getByRole('link', { name: 'Loads', exact: true }).click();
    await waitForPath(page, '/loads');
    await expect(page.getByRole('dialog', { name: 'Leave without saving?' }).count()).resolves.toBe(0);
  });
});
