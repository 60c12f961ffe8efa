// Vendor profile edits are not lost without a word: leaving the page with unsaved changes asks first, in the app's
// own dialog (and the browser's prompt on reload); once saved, the vendor leaves freely. The same for a profile document
// chosen and not uploaded, a signature drawn and not saved, a New Load form typed in and not created, and (the
// browser's prompt) a load document chosen and not uploaded.
import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { DEMO_PASSWORD } from '../accounts/support';
import { pdf } from '../support/files';
import { loginThroughUi, mainNav, promptsOnReload, saveProfile, useBrowserSuite, waitForPath } from './support';

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
    page.on('dialog', (alert) => alert.accept().catch(() => undefined)); // 'Profile updated successfully!'
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

const leaveDialog = (page: Page) => page.getByRole('dialog', { name: 'Leave without saving?' });

/** Clicks a nav link and expects the app to ask; stays. */
async function askedOnLeaving(page: Page, link: string, path: string) {
  await mainNav(page).getByRole('link', { name: link, exact: true }).click();
  await leaveDialog(page).waitFor();
  await leaveDialog(page).getByRole('button', { name: 'Stay on this page' }).click();
  await leaveDialog(page).waitFor({ state: 'detached' });
  expect(new URL(page.url()).pathname).toBe(path);
}

async function drawOn(page: Page, canvas: Locator) {
  await canvas.scrollIntoViewIfNeeded();
  const box = (await canvas.boundingBox())!;
  const y = box.y + box.height / 2;
  await page.mouse.move(box.x + 30, y);
  await page.mouse.down();
  for (let step = 1; step <= 8; step++) await page.mouse.move(box.x + 30 + step * 20, y + Math.sin(step) * 20, { steps: 3 });
  await page.mouse.up();
}

describe('work not yet sent', () => {
  it('a signature drawn and a profile document chosen, not yet saved, ask before the page is left', { timeout: 120_000 }, async () => {
    const page = await suite.openPage();
    await loginThroughUi(page, 'vendor', 'newcarrier', DEMO_PASSWORD, '/profile');
    const agreement = page.getByRole('region', { name: 'Carrier Agreement', exact: true });
    await drawOn(page, agreement.getByRole('img', { name: /^Signature pad/ }));
    await askedOnLeaving(page, 'Settings', '/profile');
    expect(await promptsOnReload(page)).toEqual(['beforeunload']);
    await agreement.getByRole('button', { name: 'Clear Signature' }).click();

    const authority = page.getByRole('group', { name: 'Upload Company Authority', exact: true });
    await authority.getByLabel('Company Authority file').setInputFiles({ name: 'authority.pdf', mimeType: 'application/pdf', buffer: pdf() });
    await authority.getByText('Selected: authority.pdf (').waitFor();
    await askedOnLeaving(page, 'Settings', '/profile');
    // With the choice undone, and the pad cleared, nothing is left to lose.
    await authority.getByLabel('Company Authority file').setInputFiles([]);
    await mainNav(page).getByRole('link', { name: 'Settings', exact: true }).click();
    await waitForPath(page, '/settings');
    expect(await leaveDialog(page).count()).toBe(0);
  });

  it('a signature drawn then cancelled, and a file chosen then hidden, leave nothing to ask about', { timeout: 120_000 }, async () => {
    const page = await profilePage();
    const agreement = page.getByRole('region', { name: 'Carrier Agreement', exact: true });
    await agreement.getByRole('button', { name: 'Sign Again' }).click();
    await drawOn(page, agreement.getByRole('img', { name: /^Signature pad/ }));
    await agreement.getByRole('button', { name: 'Cancel', exact: true }).click();
    // Sign Again once more: an empty pad, nothing drawn on it.
    await agreement.getByRole('button', { name: 'Sign Again' }).click();
    const authority = page.getByRole('group', { name: 'Company Authority', exact: true });
    await authority.getByRole('button', { name: 'Replace' }).click();
    await authority.getByLabel('Company Authority file').setInputFiles({ name: 'authority.pdf', mimeType: 'application/pdf', buffer: pdf() });
    await authority.getByRole('button', { name: 'Hide' }).click();
    await mainNav(page).getByRole('link', { name: 'Settings', exact: true }).click();
    await waitForPath(page, '/settings');
    expect(await leaveDialog(page).count()).toBe(0);
  });

  it('a New Load form typed in asks before the page is left; a load document chosen gets the prompt on reload', { timeout: 120_000 }, async () => {
    const page = await suite.openPage();
    await loginThroughUi(page, 'vendor', 'carrier', DEMO_PASSWORD, '/loads');
    await page.getByRole('button', { name: 'New Load' }).click();
    const number = page.getByLabel(/^Load Number/);
    await number.fill('77123');
    await askedOnLeaving(page, 'Profile', '/loads');
    await expect(number.inputValue()).resolves.toBe('77123');
    expect(await promptsOnReload(page)).toEqual(['beforeunload']);
    await page.getByRole('button', { name: 'Cancel', exact: true }).click();

    const row = page.getByRole('row').filter({ has: page.getByRole('link', { name: 'kdt_24106', exact: true }) });
    await row.getByRole('button', { name: /^Invoice for Load kdt_24106: / }).click();
    const dialog = page.getByRole('dialog', { name: 'Invoice for Load kdt_24106' });
    await dialog.getByLabel('Invoice file').setInputFiles({ name: 'invoice.pdf', mimeType: 'application/pdf', buffer: pdf() });
    await dialog.getByText('Selected: invoice.pdf').waitFor();
    expect(await promptsOnReload(page)).toEqual(['beforeunload']);
    await dialog.getByLabel('Invoice file').setInputFiles([]);
    expect(await promptsOnReload(page)).toEqual([]);
  });
});

describe('a profile changed elsewhere meanwhile', () => {
  it('a save keeps what another tab saved, and a field both changed is not overwritten unseen', { timeout: 120_000 }, async () => {
    const page = await profilePage();
    const api = await suite.signedInClient('carrier', DEMO_PASSWORD, 'vendor');
    const city = page.getByLabel(/^City( \*)?$/);
    const phone = page.getByLabel(/^Primary Phone( \*)?$/);
    const before = (await api.get('/api/profiles/vendor/')).body as Record<string, string>;
    // Another tab (or the brokerage's ADMIN) saves while this page is open; the page still shows the old values.
    const other = await api.request('PATCH', '/api/profiles/vendor/', { phone_1: '(512) 555-0199', website: 'theirs.example.com' });
    expect(other.status).toBe(200);
    await expect(phone.inputValue()).resolves.toBe(before.phone_1);

    await city.fill('San Marcos');
    await website(page).fill('mine.example.com');
    await page.getByRole('button', { name: 'Save Profile' }).click();
    await page.getByText('Changed by someone else meanwhile; it is now "theirs.example.com". Save again to replace it with yours.').waitFor();
    await page.getByRole('alert').filter({ hasText: 'Someone else changed this profile while you were editing. Check the fields marked, then save again.' }).first().waitFor();
    // Nothing was saved over it.
    const held = (await api.get('/api/profiles/vendor/')).body as Record<string, string>;
    expect([held.website, held.city, held.phone_1]).toEqual(['theirs.example.com', before.city, '(512) 555-0199']);
    await expect(website(page).inputValue()).resolves.toBe('mine.example.com');
    await website(page).scrollIntoViewIfNeeded();
    await page.screenshot({ path: `${SHOTS}/m4-profile-changed-meanwhile.png` });

    // Save again: the user's website, the user's city, and the other tab's phone.
    await saveProfile(page);
    const saved = (await api.get('/api/profiles/vendor/')).body as Record<string, string>;
    expect([saved.website, saved.city, saved.phone_1]).toEqual(['mine.example.com', 'San Marcos', '(512) 555-0199']);
    await expect(phone.inputValue()).resolves.toBe('(512) 555-0199');
  });

  it('a change landing between the read before the save and the save is caught by the server, not written over', { timeout: 120_000 }, async () => {
    const page = await profilePage();
    const api = await suite.signedInClient('carrier', DEMO_PASSWORD, 'vendor');
    const city = page.getByLabel(/^City( \*)?$/);
    const phone = page.getByLabel(/^Primary Phone( \*)?$/);
    // Each time, another tab saves just after this page has read the profile for its save, before the save arrives:
    // the page's own check cannot see it, the server's must.
    let landing: Record<string, string> | null = { phone_1: '(512) 555-0111' };
    const saves: string[] = [];
    await page.route('**/api/profiles/vendor/', async (route) => {
      if (route.request().method() !== 'PATCH') return route.continue();
      saves.push(route.request().headers()['x-expected-values'] ?? '');
      if (landing) expect((await api.request('PATCH', '/api/profiles/vendor/', landing)).status).toBe(200);
      landing = null;
      await route.continue();
    });

    // A field this form did not change (the phone): it takes the other tab's value, and the save goes through.
    await city.fill('New Braunfels');
    await saveProfile(page);
    expect(saves).toHaveLength(2);
    expect(JSON.parse(saves[0]!)).toHaveProperty('city');
    const saved = (await api.get('/api/profiles/vendor/')).body as Record<string, string>;
    expect([saved.city, saved.phone_1]).toEqual(['New Braunfels', '(512) 555-0111']);
    await expect(phone.inputValue()).resolves.toBe('(512) 555-0111');

    // A field both changed (the website): not written over; it says what it is now, and a second Save replaces it.
    await website(page).fill('mine-again.example.com');
    landing = { website: 'racing.example.com' };
    await page.getByRole('button', { name: 'Save Profile' }).click();
    await page.getByText('Changed by someone else meanwhile; it is now "racing.example.com". Save again to replace it with yours.').waitFor();
    expect(((await api.get('/api/profiles/vendor/')).body as Record<string, string>).website).toBe('racing.example.com');
    await saveProfile(page);
    expect(((await api.get('/api/profiles/vendor/')).body as Record<string, string>).website).toBe('mine-again.example.com');
  });
});
