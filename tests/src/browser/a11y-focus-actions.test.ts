// Audit s12 finding 5: after everyday actions done with the keyboard, the focus lands on a sensible element and never
// falls to <body>; finding 7b: the create-load errors are announced, and Enter on a taken id says so (vendor-side.md
// section 8, staff-side.md section 8: 'Please enter an available Load Number.'). Audit 32: D2, Show more on the payments
// page; D8, a refused restore in the Recycle Bin.
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { LOGIN_FAILED } from '@portal/domain/accounts/schemas';
import { DEMO_PASSWORD } from '../accounts/support';
import type { PortalClient } from '../support/http-client';
import { TEST_ADMIN_PASSWORD } from '../support/system';
import { focusedElement as focused, toast, useBrowserSuite, waitForPath } from './support';

const suite = useBrowserSuite({ config: { seedDemo: true, demoPassword: DEMO_PASSWORD } }, 180_000);

interface LoadRow {
  id: string;
  kdt_id: string;
}



const adminApi = (): Promise<PortalClient> => suite.signedInClient('admin', TEST_ADMIN_PASSWORD, 'staff');

/** Presses `key` with the focus on `target` first (as a keyboard user who has tabbed there). */
async function press(page: Page, target: ReturnType<Page['locator']>, key = 'Enter') {
  await target.focus();
  await page.keyboard.press(key);
}

describe('login', () => {
  it('keeps the focus in the form while signing in, and puts it on the password after a failure', { timeout: 60_000 }, async () => {
    for (const [portal, path, heading] of [
      ['vendor', '/', 'Vendor Login'],
      ['staff', '/staff/login', 'Staff Login'],
    ] as const) {
      const page = await suite.openPage();
      await page.goto(path);
      await page.getByRole('heading', { name: heading }).waitFor();
      await page.getByLabel('Username').fill(portal === 'vendor' ? 'carrier' : 'dispatch');
      await page.getByLabel(/^Password\b/).fill('not-the-password');
      await page.getByLabel(/^Password\b/).press('Enter');
      await page.getByRole('alert').getByText(LOGIN_FAILED).waitFor();
      await expect.poll(() => focused(page), { timeout: 5_000 }).toMatch(/^input: Password\b/);
      // The password is selected: typing replaces it.
      expect(await page.evaluate('document.activeElement.selectionEnd - document.activeElement.selectionStart')).toBe('not-the-password'.length);
    }
  });
});

/** The carrier's load page (the `nth` of its loads) signed in, and one of its sections. */
async function carrierLoadSection(nth: number, name: string) {
  const vendor = await suite.signedInClient('carrier', DEMO_PASSWORD, 'vendor');
  const load = (await vendor.get<LoadRow[]>('/api/loads/')).body[nth]!;
  const page = await suite.signedInPage('vendor', 'carrier', DEMO_PASSWORD, '/loads');
  await page.goto(`/load/${load.id}`);
  return { page, section: page.getByRole('region', { name, exact: true }) };
}

describe('a load\'s sections (carrier)', () => {
  it('Edit goes to the first field; Cancel, no changes and Save come back to the section\'s Edit button', { timeout: 90_000 }, async () => {
    const { page, section } = await carrierLoadSection(0, 'Pickup Information');
    const edit = section.getByRole('button', { name: 'Edit Pickup Information' });
    await edit.waitFor();

    await press(page, edit);
    await expect.poll(() => focused(page)).toBe('input: Pickup Location');
    await press(page, section.getByRole('button', { name: 'Cancel' }));
    await expect.poll(() => focused(page)).toBe('button: Edit Pickup Information');

    // Enter in the field with nothing changed: 'No changes detected.'
    await page.keyboard.press('Enter');
    await expect.poll(() => focused(page)).toBe('input: Pickup Location');
    await page.keyboard.press('Enter');
    await toast(page, 'No changes detected.').waitFor();
    await expect.poll(() => focused(page)).toBe('button: Edit Pickup Information');

    // A real change, saved with the keyboard from the Save Changes button.
    await page.keyboard.press('Enter');
    await expect.poll(() => focused(page)).toBe('input: Pickup Location');
    await page.keyboard.type(' (dock 4)');
    await press(page, section.getByRole('button', { name: 'Save Changes' }));
    await toast(page, 'Pickup Information updated successfully!').waitFor();
    await section.getByRole('button', { name: 'Save Changes' }).waitFor({ state: 'detached' });
    await expect.poll(() => focused(page)).toBe('button: Edit Pickup Information');
  });
});

describe("a load's section refused field by field (carrier)", () => {
  it('puts the focus on the first field it refuses, which says why', { timeout: 90_000 }, async () => {
    const { page, section } = await carrierLoadSection(1, 'Rate & Payment');
    await press(page, section.getByRole('button', { name: 'Edit Rate & Payment' }));
    const rate = section.getByLabel(/^Rate Amount/);
    await rate.fill('abc');
    // Saved from the button: before, the focus stayed there and nothing was said.
    await press(page, section.getByRole('button', { name: 'Save Changes' }));
    await expect.poll(() => rate.evaluate((node) => node === node.ownerDocument.activeElement)).toBe(true);
    expect(await rate.getAttribute('aria-invalid')).toBe('true');
    const described = (await rate.getAttribute('aria-describedby'))!.split(' ');
    const said = await Promise.all(described.map((id) => page.locator(`[id="${id}"]`).textContent()));
    expect(said.join(' ')).toMatch(/valid number/i);
  });
});

describe('New Load (carrier)', () => {
  it('announces the errors, refuses a taken id with the spec\'s message, and Cancel goes back to New Load', { timeout: 60_000 }, async () => {
    const vendor = await suite.signedInClient('carrier', DEMO_PASSWORD, 'vendor');
    const taken = (await vendor.get<LoadRow[]>('/api/loads/')).body[0]!.kdt_id.replace(/^kdt_/, '');
    const page = await suite.signedInPage('vendor', 'carrier', DEMO_PASSWORD, '/loads');
    const newLoad = page.getByRole('button', { name: 'New Load' });
    await press(page, newLoad);
    const form = page.getByRole('form', { name: 'New Load' });
    const number = form.getByLabel('Load Number');
    await expect.poll(() => focused(page)).toBe('input: Load Number *');

    // Enter with the number empty: the error is an alert.
    await page.keyboard.press('Enter');
    await form.getByRole('alert').filter({ hasText: 'Load Number is required.' }).waitFor();
    expect(await focused(page)).toBe('input: Load Number *');

    // A taken id: Create stays focusable but refused, and Enter (in the field, then on Create) says why.
    await number.fill(taken);
    await form.getByText('ID already taken.', { exact: true }).waitFor();
    const create = form.getByRole('button', { name: 'Create', exact: true });
    expect(await create.getAttribute('aria-disabled')).toBe('true');
    // Not disabled (playwright's isDisabled() also counts aria-disabled).
    expect(await create.evaluate((button) => (button as unknown as { disabled: boolean }).disabled)).toBe(false);
    await page.keyboard.press('Enter');
    await form.getByRole('alert').filter({ hasText: 'Please enter an available Load Number.' }).waitFor();
    await number.fill(`${taken}9`);
    await form.getByRole('alert').waitFor({ state: 'detached' });
    await number.fill(taken);
    await form.getByText('ID already taken.', { exact: true }).waitFor();
    await press(page, create);
    await form.getByRole('alert').filter({ hasText: 'Please enter an available Load Number.' }).waitFor();
    expect(await focused(page)).toBe('button: Create');

    await press(page, form.getByRole('button', { name: 'Cancel' }));
    await form.waitFor({ state: 'detached' });
    await expect.poll(() => focused(page)).toBe('button: New Load');
  });
});

describe('staff actions (admin)', () => {
  it('New Load then Cancel on the board goes back to New Load', { timeout: 60_000 }, async () => {
    const page = await suite.signedInPage('staff', 'admin', TEST_ADMIN_PASSWORD, '/staff/loads');
    const newLoad = page.getByRole('button', { name: 'New Load' });
    await press(page, newLoad);
    const form = page.getByRole('form', { name: 'New Load' });
    await form.waitFor();
    await press(page, form.getByRole('button', { name: 'Cancel' }));
    await form.waitFor({ state: 'detached' });
    await expect.poll(() => focused(page)).toBe('button: New Load');
  });

  it('the tier menu leaves the focus on the tier button while the new tier is saved', { timeout: 60_000 }, async () => {
    const admin = await adminApi();
    const accounts = await admin.get<{ id: string; username: string }[]>('/api/staff-accounts/');
    const id = accounts.body.find((account) => account.username === 'dispatch')!.id;
    const page = await suite.signedInPage('staff', 'admin', TEST_ADMIN_PASSWORD, '/staff/loads');
    await page.goto(`/staff/${id}`);
    try {
      await press(page, page.getByRole('button', { name: /^Tier: Dispatch\/Ops\./ }));
      await page.getByRole('menu').waitFor();
      await page.keyboard.press('ArrowDown');
      await page.keyboard.press('Enter');
      await page.getByRole('button', { name: /^Tier: Accounting\./ }).waitFor();
      await expect.poll(() => focused(page)).toMatch(/^button: Tier: Accounting\./);
    } finally {
      expect((await admin.request('PATCH', `/api/staff-accounts/${id}/update-tier/`, { tier: 'DISPATCH_OPS' })).status).toBe(200);
    }
  });

  it("names the Back links of a vendor's and a staff member's pages without their arrow", { timeout: 60_000 }, async () => {
    const admin = await adminApi();
    const vendor = (await admin.get<{ id: string; username: string }[]>('/api/vendors/')).body.find((candidate) => candidate.username === 'carrier')!;
    const member = (await admin.get<{ id: string; username: string }[]>('/api/staff-accounts/')).body.find((account) => account.username === 'dispatch')!;
    const page = await suite.signedInPage('staff', 'admin', TEST_ADMIN_PASSWORD, '/staff/loads');
    // The arrow is drawn, not said ("left arrow, Back to Vendors").
    for (const [path, name] of [[`/staff/vendors/${vendor.id}`, 'Back to Vendors'], [`/staff/${member.id}`, 'Back to Staff Accounts']] as const) {
      await page.goto(path);
      const back = page.getByRole('link', { name: new RegExp(name) });
      await back.waitFor();
      expect(await back.textContent()).toBe(`← ${name}`);
      expect(await page.getByRole('link', { name, exact: true }).count()).toBe(1);
    }
  });

  it('Clear Filters and Export CSV keep the focus', { timeout: 60_000 }, async () => {
    const page = await suite.signedInPage('staff', 'admin', TEST_ADMIN_PASSWORD, '/staff/loads');
    await page.goto('/staff/payments?status=partial');
    const clear = page.getByRole('button', { name: 'Clear Filters' });
    await page.getByRole('heading', { name: 'Payments Log' }).waitFor();
    await press(page, clear);
    // Nothing left to clear: off (aria-disabled), but it keeps the focus rather than moving it elsewhere.
    await expect.poll(() => clear.getAttribute('aria-disabled')).toBe('true');
    expect(await page.getByLabel('Status After Change').inputValue()).toBe('');
    await expect.poll(() => focused(page)).toBe('button: Clear Filters');

    const exportButton = page.getByRole('button', { name: /^(Export CSV|Exporting\.\.\.)$/ });
    const download = page.waitForEvent('download');
    await press(page, exportButton);
    await download;
    await page.getByRole('button', { name: 'Export CSV' }).waitFor();
    await expect.poll(() => focused(page)).toBe('button: Export CSV');
  });

  it('Show more under Awaiting payment says what it drew, keeps the focus while rows remain, then gives it to the first row it added', { timeout: 60_000 }, async () => {
    const page = await suite.signedInPage('staff', 'admin', TEST_ADMIN_PASSWORD, '/staff/loads');
    // Forty loads awaiting payment (the demo has a few): 10 drawn at first, 35 after a press, all 40 after another.
    const awaiting = Array.from({ length: 40 }, (_, index) => ({
      id: `awaiting-${index + 1}`, kdt_id: `kdt_await_${index + 1}`, vendor: null, vendor_name: 'Lone Star Carriers', delivery_date: '2026-11-01T00:00:00Z',
      payment_status: 'unpaid', rate_amount: 1000, amount_paid: null, balance: 1000, last_payment_date: null,
    }));
    await page.route((url) => url.pathname === '/api/payments/awaiting/', (route) => route.fulfill({ json: awaiting }));
    await page.goto('/staff/payments');
    const panel = page.getByRole('region', { name: 'Awaiting payment' });
    const rows = panel.getByRole('table', { name: 'Delivered loads awaiting payment' }).locator('tbody tr');
    // A status region there before any press (one added with its words is not reliably read), empty until one.
    const said = panel.locator('p.visually-hidden[role="status"]');
    await expect.poll(() => rows.count()).toBe(10);
    expect(await said.textContent()).toBe('');

    await press(page, panel.getByRole('button', { name: 'Show 25 more' }));
    await expect.poll(() => rows.count()).toBe(35);
    await expect.poll(() => said.textContent()).toBe('Showing 35 of 40');
    // Rows remain: the button stays, and so does the focus.
    expect(await focused(page)).toBe('button: Show 5 more');

    // The last rows: the button goes, and the focus goes to the first row it added, not to <body>.
    await page.keyboard.press('Enter');
    await expect.poll(() => rows.count()).toBe(40);
    await expect.poll(() => said.textContent()).toBe('Showing 40 of 40');
    await expect.poll(() => focused(page)).toBe('a: kdt_await_36');
  });

  it('a refused restore in the Recycle Bin keeps the focus in its dialog, on Cancel', { timeout: 60_000 }, async () => {
    const admin = await adminApi();
    const load = (await admin.get<LoadRow[]>('/api/loads/')).body[0]!;
    expect((await admin.request('DELETE', `/api/loads/${load.id}/`)).status).toBe(204);
    await suite.system.caughtUp();
    const page = await suite.signedInPage('staff', 'admin', TEST_ADMIN_PASSWORD, '/staff/loads');
    await page.goto('/staff/recycle-bin');
    await press(page, page.getByRole('button', { name: `Restore load ${load.kdt_id}` }));
    const dialog = page.getByRole('dialog', { name: 'Restore Load' });
    await dialog.waitFor();
    // Restored elsewhere meanwhile (another tab): this dialog's Restore is refused with the server's 409.
    expect((await admin.post(`/api/recycle-bin/loads/${load.id}/restore/`)).status).toBe(200);
    const restore = dialog.getByRole('button', { name: 'Restore', exact: true });
    await press(page, restore);
    await dialog.getByRole('alert').filter({ hasText: 'This record is not deleted' }).waitFor();
    // Restore can do nothing more (refused, still focusable); the focus is on the way out, not on <body>.
    await expect.poll(() => focused(page)).toBe('button: Cancel');
    expect([await restore.evaluate((node) => (node as { disabled: boolean }).disabled), await restore.getAttribute('aria-disabled')]).toEqual([false, 'true']);
    await page.keyboard.press('Enter');
    await dialog.waitFor({ state: 'detached' });
  });

  it('Refresh in a history panel keeps the focus; deleting a load puts it on the list\'s heading', { timeout: 90_000 }, async () => {
    const admin = await adminApi();
    const load = (await admin.get<LoadRow[]>('/api/loads/')).body.at(-1)!;
    const page = await suite.signedInPage('staff', 'admin', TEST_ADMIN_PASSWORD, '/staff/loads');
    await page.goto(`/staff/load/${load.id}`);
    const history = page.getByRole('region', { name: 'History' });
    const refresh = page.getByRole('button', { name: 'Refresh', exact: true });
    await history.getByRole('list').or(history.getByText(/No changes|no history/i)).first().waitFor();
    const refetched = page.waitForResponse((response) => /\/history/.test(new URL(response.url()).pathname));
    await press(page, refresh);
    await refetched;
    await expect.poll(() => refresh.getAttribute('aria-busy')).toBeNull();
    expect(await focused(page)).toBe('button: Refresh');

    await press(page, page.getByRole('button', { name: 'Delete Load' }));
    const dialog = page.getByRole('dialog', { name: `Delete Load ${load.kdt_id}?` });
    await press(page, dialog.getByRole('button', { name: 'Delete Load' }));
    await waitForPath(page, '/staff/loads');
    await expect.poll(() => focused(page)).toBe('h1: Loads');
  });
});
