// Review s12 finding 1: Enter in a field of the vendor profile or of a staff vendor-edit tab keeps the keyboard focus
// on that field while the save runs (the fields are read-only then, not disabled, and the form is aria-busy), and after
// it; the Recycle Bin's Refresh keeps the focus while it fetches. Finding 6: the profile's Save Profile and the Sign &
// Save Agreement button are BusyButtons (no aria-disabled="false" when idle). The spec's messages are unchanged:
// 'Profile saved successfully!' (vendor-side.md section 9), '{Section} information updated successfully!'
// (staff-side.md). Audit 32: D3, the staff profile's save keeps the focus too; D4, every refused Save of a staff form
// is said again and puts the focus on the first field that says why.
import type { Locator, Page, Route } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { DEMO_PASSWORD } from '../accounts/support';
import { TEST_ADMIN_PASSWORD } from '../support/system';
import { focusedElement as focused, loginThroughUi, toast, useBrowserSuite } from './support';

const suite = useBrowserSuite({ config: { seedDemo: true, demoPassword: DEMO_PASSWORD } }, 180_000);

/** Long enough to look at the page while a save or a fetch is held back. */
const HOLD_MS = 1_200;

const hasFocus = (element: Locator) => element.evaluate((node) => node === node.ownerDocument.activeElement);

/** Holds back the page's `method` requests whose path matches, HOLD_MS each; counts those sent and those answered. */
async function holdRequests(page: Page, method: string, path: RegExp) {
  const state = { sent: 0, answered: 0 };
  await page.route(
    (url) => path.test(url.pathname),
    async (route: Route) => {
      if (route.request().method() !== method) return route.continue();
      state.sent += 1;
      await new Promise((resolve) => setTimeout(resolve, HOLD_MS));
      await route.continue();
      state.answered += 1;
    },
  );
  return state;
}

describe('the vendor profile', () => {
  it('Enter in a field keeps the focus on it while saving and after, with the spec alert', { timeout: 90_000 }, async () => {
    const page = await suite.openPage();
    const alerts: string[] = [];
    page.on('dialog', (dialog) => {
      alerts.push(dialog.message());
      dialog.accept().catch(() => undefined);
    });
    await loginThroughUi(page, 'vendor', 'carrier', DEMO_PASSWORD, '/loads');
    await page.goto('/profile');
    const website = page.getByLabel('Website', { exact: true });
    await website.waitFor();
    const form = page.getByRole('form', { name: 'Vendor profile' });
    const saveButton = page.getByRole('button', { name: /^(Save Profile|Saving\.\.\.)$/ });
    // An idle BusyButton says nothing about being unavailable.
    expect(await saveButton.getAttribute('aria-disabled')).toBeNull();

    const patches = await holdRequests(page, 'PATCH', /^\/api\/profiles\/vendor\/$/);
    await website.fill('https://keyboard.example.com');
    await website.press('Enter');
    await expect.poll(() => patches.sent).toBe(1);
    // Saving: the field still has the focus, read-only rather than disabled, and the form and its button are busy.
    await expect.poll(() => saveButton.textContent()).toBe('Saving...');
    expect(await hasFocus(website), `focused while saving: ${await focused(page)}`).toBe(true);
    expect(await website.isDisabled()).toBe(false);
    expect(await website.getAttribute('readonly')).not.toBeNull();
    expect(await form.getAttribute('aria-busy')).toBe('true');
    expect([await saveButton.getAttribute('aria-disabled'), await saveButton.getAttribute('aria-busy')]).toEqual(['true', 'true']);
    // A second Enter while saving sends nothing more.
    await website.press('Enter');

    await expect.poll(() => alerts, { timeout: 10_000 }).toEqual(['Profile saved successfully!']);
    await saveButton.filter({ hasText: 'Save Profile' }).waitFor();
    expect(await hasFocus(website), `focused after the save: ${await focused(page)}`).toBe(true);
    expect(await website.getAttribute('readonly')).toBeNull();
    expect(await form.getAttribute('aria-busy')).toBeNull();
    expect(await saveButton.getAttribute('aria-disabled')).toBeNull();
    expect(await website.inputValue()).toBe('https://keyboard.example.com');
    expect(patches.sent).toBe(1);

    // The agreement's button too (the demo carrier has a signature on file: Sign Again shows the pad and its button).
    const signAgain = page.getByRole('button', { name: 'Sign Again' });
    if ((await signAgain.count()) > 0) await signAgain.click();
    const signButton = page.getByRole('button', { name: 'Sign & Save Agreement' });
    await signButton.waitFor();
    expect(await signButton.getAttribute('aria-disabled')).toBeNull();
  });
});

describe('the agreement', () => {
  it('Sign Again puts the focus where signing goes on, Cancel gives it back, and a saved signature is said', { timeout: 90_000 }, async () => {
    // Sign Again and Cancel each swap the part of the screen they are in, and the focus fell to <body> with them.
    const page = await suite.openPage();
    await loginThroughUi(page, 'vendor', 'carrier', DEMO_PASSWORD, '/loads');
    await page.goto('/profile');
    const signAgain = page.getByRole('button', { name: 'Sign Again' });
    const typedName = page.getByLabel('Type your full name to sign');
    await signAgain.focus();
    await page.keyboard.press('Enter');
    await expect.poll(() => focused(page)).toBe('input: Type your full name to sign');
    await page.getByRole('button', { name: 'Cancel', exact: true }).focus();
    await page.keyboard.press('Enter');
    await expect.poll(() => focused(page)).toBe('button: Sign Again');

    await page.keyboard.press('Enter');
    await expect.poll(() => hasFocus(typedName)).toBe(true);
    await page.keyboard.type('Maria Lopez');
    await page.keyboard.press('Enter');
    await page.getByRole('status').filter({ hasText: 'Agreement saved.' }).waitFor();
  });
});

describe('New Load', () => {
  it('a refused Create puts the focus on the first field that says why, each field is described by its error, and a date by its format', { timeout: 90_000 }, async () => {
    const page = await suite.openPage();
    await loginThroughUi(page, 'vendor', 'carrier', DEMO_PASSWORD, '/loads');
    await page.getByRole('button', { name: 'New Load' }).click();
    const form = page.getByRole('form', { name: 'New Load' });
    const number = form.getByLabel(/^Load Number/);
    await number.waitFor();
    // No error yet: described by its availability line alone, not by an error that is not there.
    /** The texts of the elements a field's aria-describedby names (null for an id nothing has). */
    const describedBy = (field: Locator) =>
      field.evaluate((node) => (node.getAttribute('aria-describedby') ?? '').split(' ').filter(Boolean).map((id: string) => node.ownerDocument.getElementById(id)?.textContent ?? null));
    expect(await describedBy(number)).not.toContain(null);

    await number.fill('a11y_7001');
    await form.getByText('ID available.').waitFor();
    await form.getByLabel('Add Full Load Details?').check();
    const pickupDate = form.getByLabel('Pickup Date');
    const rate = form.getByLabel('Rate Amount ($)');
    expect(await describedBy(pickupDate)).toEqual(['Format: MM-DD-YYYY']);
    await pickupDate.fill('13-45-2026');
    await rate.fill('abc');
    await rate.press('Enter');
    await expect.poll(() => hasFocus(pickupDate)).toBe(true);
    expect(await pickupDate.getAttribute('aria-invalid')).toBe('true');
    expect(await describedBy(pickupDate)).toEqual(['Enter a valid date as MM-DD-YYYY.', 'Format: MM-DD-YYYY']);
    expect(await describedBy(rate)).toEqual(['A valid number is required.']);

    // A date typed as eight digits gets its dashes, as a phone number gets its brackets (end-to-end audit).
    const deliveryDate = form.getByLabel('Delivery Date');
    await deliveryDate.pressSequentially('12252026');
    expect(await deliveryDate.inputValue()).toBe('12-25-2026');
  });
});

describe('a staff vendor edit tab', () => {
  it('Enter in a field keeps the focus on it while saving, then on the Edit button, with the spec toast', { timeout: 90_000 }, async () => {
    const admin = await suite.signedInClient('admin', TEST_ADMIN_PASSWORD, 'staff');
    const vendor = (await admin.get<{ id: string; business_name: string }[]>('/api/vendors/')).body.find((v) => v.business_name === 'Lone Star Carriers')!;
    const page = await suite.signedInPage('staff', 'admin', TEST_ADMIN_PASSWORD, '/staff/loads');
    await page.goto(`/staff/vendors/${vendor.id}`);
    const edit = page.getByRole('button', { name: 'Edit Business' });
    await edit.click();
    const form = page.getByRole('form', { name: 'Edit Business information' });
    const website = form.getByLabel('Website', { exact: true });
    await website.waitFor();

    const patches = await holdRequests(page, 'PATCH', new RegExp(`^/api/vendors/${vendor.id}/$`));
    await website.fill('https://staff-keyboard.example.com');
    await website.press('Enter');
    await expect.poll(() => patches.sent).toBe(1);
    await form.getByRole('button', { name: 'Saving...' }).waitFor();
    expect(await hasFocus(website), `focused while saving: ${await focused(page)}`).toBe(true);
    expect(await website.isDisabled()).toBe(false);
    expect(await website.getAttribute('readonly')).not.toBeNull();
    expect(await form.getAttribute('aria-busy')).toBe('true');
    const cancel = form.getByRole('button', { name: 'Cancel' });
    expect([await cancel.evaluate((node) => (node as { disabled: boolean }).disabled), await cancel.getAttribute('aria-disabled')]).toEqual([false, 'true']);

    await toast(page, 'Business information updated successfully!').waitFor({ timeout: 10_000 });
    // The form has closed: the focus is back on the button that opened it, not on <body>.
    await expect.poll(() => focused(page)).toBe('button: Edit Business');
    expect(patches.sent).toBe(1);
    expect((await admin.get<{ website: string }>(`/api/vendors/${vendor.id}/`)).body.website).toBe('https://staff-keyboard.example.com');
  });
});

/** The focus is on the form's first field marked invalid (where a refused Save sends it). */
const focusOnFirstInvalid = (page: Page) =>
  page.evaluate<boolean>(`(() => {
    const active = document.activeElement;
    return active?.getAttribute('aria-invalid') === 'true' && active === active.form?.querySelector('[aria-invalid="true"]');
  })()`);

/**
 * Presses `save` twice with the form invalid: each refusal is a new alert (one already there, given the same words, is
 * not read out again), and the focus goes to the first field that says why (it stayed on Save, and nothing was said).
 */
async function expectRefusedTwice(page: Page, form: Locator, save: Locator, message: string) {
  const alert = form.getByRole('alert').filter({ hasText: message });
  for (const press of ['first', 'second']) {
    await save.focus();
    await page.keyboard.press('Enter');
    await expect.poll(() => alert.evaluate((node) => !(node as unknown as { seen?: boolean }).seen), { message: `a new alert at the ${press} Save` }).toBe(true);
    await alert.evaluate((node) => void ((node as unknown as { seen?: boolean }).seen = true));
    await expect.poll(() => focusOnFirstInvalid(page), { message: `the focus on the first invalid field after the ${press} Save` }).toBe(true);
  }
}

/** The ADMIN's own staff profile, signed in. */
async function staffProfile() {
  const page = await suite.signedInPage('staff', 'admin', TEST_ADMIN_PASSWORD, '/staff/loads');
  await page.goto('/staff/profile');
  const form = page.getByRole('form', { name: 'Staff profile' });
  const field = (name: string) => form.locator(`[name="${name}"]`);
  const save = form.getByRole('button', { name: /^(Save Profile|Saving\.\.\.)$/ });
  await field('email').waitFor();
  return { page, form, field, save };
}

describe('a refused Save on a staff form', () => {
  it('is said at every press of a vendor edit tab\'s Save, with the focus on the first field that says why', { timeout: 90_000 }, async () => {
    const admin = await suite.signedInClient('admin', TEST_ADMIN_PASSWORD, 'staff');
    const vendor = (await admin.get<{ id: string; business_name: string }[]>('/api/vendors/')).body.find((v) => v.business_name === 'Lone Star Carriers')!;
    const page = await suite.signedInPage('staff', 'admin', TEST_ADMIN_PASSWORD, '/staff/loads');
    await page.goto(`/staff/vendors/${vendor.id}`);
    await page.getByRole('tab', { name: 'Contact' }).click();
    await page.getByRole('button', { name: 'Edit Contact' }).click();
    const form = page.getByRole('form', { name: 'Edit Contact information' });
    await form.getByLabel('Primary Email', { exact: true }).fill('bad');
    await form.getByLabel('Primary Phone', { exact: true }).fill('12');
    await expectRefusedTwice(page, form, form.getByRole('button', { name: 'Save Changes' }), 'Please fix the validation errors before submitting.');
  });

  it('is said at every press of Save Profile, with the focus on the first field that says why', { timeout: 90_000 }, async () => {
    const { page, form, field, save } = await staffProfile();
    await field('email').fill('bad');
    await field('phone').fill('12');
    await expectRefusedTwice(page, form, save, 'Please fix the validation errors before submitting.');
  });
});

describe('the staff profile', () => {
  it('keeps the focus on Save Profile while saving and after, the fields read-only meanwhile', { timeout: 90_000 }, async () => {
    const { page, form, field, save } = await staffProfile();
    const valid = [['department', 'Operations'], ['position', 'Lead'], ['first_name', 'Ada'], ['last_name', 'Admin'], ['email', 'admin@example.com'], ['phone', '2145550100']] as const;
    for (const [name, value] of valid) await field(name).fill(value);
    const patches = await holdRequests(page, 'PATCH', /^\/api\/profiles\/staff\/$/);
    await save.focus();
    await page.keyboard.press('Enter');
    await expect.poll(() => patches.sent).toBe(1);
    // Saving: Save Profile keeps the focus (busy, not disabled), the fields are read-only rather than disabled.
    await expect.poll(() => save.textContent()).toBe('Saving...');
    expect(await hasFocus(save), `focused while saving: ${await focused(page)}`).toBe(true);
    expect([await save.evaluate((node) => (node as unknown as { disabled: boolean }).disabled), await save.getAttribute('aria-busy')]).toEqual([false, 'true']);
    expect([await field('email').isDisabled(), await field('email').getAttribute('readonly')]).toEqual([false, '']);
    expect(await form.getAttribute('aria-busy')).toBe('true');

    await form.getByRole('status').filter({ hasText: 'Profile saved successfully!' }).waitFor({ timeout: 10_000 });
    await expect.poll(() => save.textContent()).toBe('Save Profile');
    expect(await hasFocus(save), `focused after the save: ${await focused(page)}`).toBe(true);
    expect(await field('email').getAttribute('readonly')).toBeNull();
    expect(patches.sent).toBe(1);
  });
});

describe('the recycle bin', () => {
  it('Refresh keeps the focus while it fetches', { timeout: 90_000 }, async () => {
    const page = await suite.signedInPage('staff', 'admin', TEST_ADMIN_PASSWORD, '/staff/loads');
    await page.goto('/staff/recycle-bin');
    await page.getByRole('heading', { name: 'Recycle Bin' }).waitFor();
    const refresh = page.getByRole('button', { name: 'Refresh', exact: true });
    await refresh.waitFor();
    await expect.poll(() => refresh.getAttribute('aria-busy')).toBeNull();
    // The live connection's greeting re-reads the bin once it is up: that read is over before the held one is counted.
    await page.getByRole('status', { name: 'Connection: Live' }).waitFor();
    await page.waitForLoadState('networkidle');

    const fetches = await holdRequests(page, 'GET', /^\/api\/recycle-bin\/$/);
    await refresh.focus();
    await page.keyboard.press('Enter');
    await expect.poll(() => fetches.sent).toBe(1);
    // The page shows the fetch (busy, or in the old way disabled), and the focus is still on Refresh.
    await expect.poll(() => refresh.evaluate((node) => node.getAttribute('aria-busy') === 'true' || (node as { disabled: boolean }).disabled)).toBe(true);
    expect(await hasFocus(refresh), `focused while fetching: ${await focused(page)}`).toBe(true);
    expect(await refresh.getAttribute('aria-busy')).toBe('true');
    // A press while fetching is refused: no second request.
    await page.keyboard.press('Enter');

    await expect.poll(() => fetches.answered, { timeout: 10_000 }).toBe(1);
    await expect.poll(() => refresh.getAttribute('aria-busy')).toBeNull();
    expect(await hasFocus(refresh), `focused after the fetch: ${await focused(page)}`).toBe(true);
    expect(fetches.sent).toBe(1);
  });
});
