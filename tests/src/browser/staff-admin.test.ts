// Staff administration in a real browser (staff-side.md sections 2 and 6): an admin promotes the PENDING staff member,
// who can then change a payment status; an admin edits a vendor's insurance and deletes a vendor; a DISPATCH_OPS user
// is kept out of the staff accounts.
import type { Page, Request } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { PortalClient } from '../support/http-client';
import { TEST_ADMIN_PASSWORD } from '../support/system';
import { loginThroughUi, mainNav, screenshot, useBrowserSuite, waitForPath } from './support';
import { activeSignedIn, DEMO_PASSWORD, GOOD_PASSWORD } from '../accounts/support';

const suite = useBrowserSuite({ config: { seedDemo: true, demoPassword: DEMO_PASSWORD } }, 180_000);

async function staffPage(username: string, password: string): Promise<Page> {
  const page = await suite.openPage();
  await loginThroughUi(page, 'staff', username, password, '/staff/loads');
  return page;
}

const apiAs = (username: string, password: string): Promise<PortalClient> => suite.signedInClient(username, password, 'staff');

/** The demo DISPATCH_OPS member's id, and a way for the admin to set their tier (answered 200). */
async function dispatchMember(admin: PortalClient) {
  const accounts = await admin.get<{ id: string; username: string }[]>('/api/staff-accounts/');
  const id = accounts.body.find((account) => account.username === 'dispatch')!.id;
  const setTier = async (tier: string) => expect((await admin.request('PATCH', `/api/staff-accounts/${id}/update-tier/`, { tier })).status).toBe(200);
  return { id, setTier };
}

/** The JSON bodies of the page's requests of one method whose path matches. */
function sentBodies(page: Page, method: string, path: RegExp): unknown[] {
  const bodies: unknown[] = [];
  page.on('request', (request: Request) => {
    if (request.method() === method && path.test(new URL(request.url()).pathname)) bodies.push(request.postDataJSON() ?? null);
  });
  return bodies;
}

const row = (page: Page, text: string) => page.getByRole('row').filter({ hasText: text });
/** A table row by the username in its link. */
const rowOf = (page: Page, username: string) => page.getByRole('row').filter({ has: page.getByRole('link', { name: username, exact: true }) });

describe('staff accounts', () => {
  it('asks before granting the Admin tier, and before an admin changes their own tier', { timeout: 120_000 }, async () => {
    // Before: either was made on one press, an admin's own demotion included (landing them on a dashboard without the
    // admin pages, with nothing said).
    const { user: subject } = await activeSignedIn(suite.system, 'staff', 'tier_subject');
    const page = await staffPage('admin', TEST_ADMIN_PASSWORD);
    const tierChanges = sentBodies(page, 'PATCH', /\/update-tier\/$/);
    await page.goto(`/staff/${subject.id}`);
    const selector = page.getByRole('button', { name: /Click to change tier/ });
    const grant = async () => {
      await selector.click();
      await page.getByRole('menuitemradio', { name: 'Admin' }).click();
      return page.getByRole('dialog', { name: /an Admin\?$/ });
    };
    const dialog = await grant();
    await dialog.getByText("An Admin can change anyone's tier, delete and restore loads, vendors and staff accounts, and see every payment.").waitFor();
    await screenshot(page, 'staff-admin-grant-admin');
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await dialog.waitFor({ state: 'detached' });
    expect(tierChanges).toEqual([]);
    await (await grant()).getByRole('button', { name: 'Make Admin' }).click();
    await page.getByRole('button', { name: /^Tier: Admin\./ }).waitFor();
    expect(tierChanges).toEqual([{ tier: 'ADMIN' }]);

    // The new admin on their own page: changing their own tier is asked about too.
    const own = await staffPage('tier_subject', GOOD_PASSWORD);
    const ownChanges = sentBodies(own, 'PATCH', /\/update-tier\/$/);
    await own.goto(`/staff/${subject.id}`);
    await own.getByRole('button', { name: /Click to change tier/ }).click();
    await own.getByRole('menuitemradio', { name: 'No Tier Assigned' }).click();
    const asked = own.getByRole('dialog', { name: 'Change your own tier?' });
    await asked.getByText(/^You will be No Tier Assigned\. The Admin pages/).waitFor();
    expect(ownChanges).toEqual([]);
    await asked.getByRole('button', { name: 'Change My Tier' }).click();
    await waitForPath(own, '/staff/dashboard');
    expect(ownChanges).toEqual([{ tier: 'PENDING' }]);
  });

  it('an admin promotes the PENDING staff member to ACCOUNTING, who can then change a payment status', { timeout: 120_000 }, async () => {
    const admin = await apiAs('admin', TEST_ADMIN_PASSWORD);
    const loads = await admin.get<{ id: string; payment_status: string }[]>('/api/loads/');
    const load = loads.body.find((candidate) => candidate.payment_status !== 'partial') ?? loads.body[0]!;
    // PENDING: no payment status changes yet.
    const pending = await apiAs('newstaff', DEMO_PASSWORD);
    expect((await pending.request('PATCH', `/api/loads/${load.id}/`, { payment_status: 'partial' })).status).toBe(403);

    // The PENDING member has the load open: its payment status is read-only for them.
    const pendingPage = await staffPage('newstaff', DEMO_PASSWORD);
    await pendingPage.goto(`/staff/load/${load.id}`);
    await pendingPage.getByRole('group', { name: 'Payment Status' }).waitFor();
    expect(await pendingPage.getByRole('combobox', { name: 'Payment Status' }).count()).toBe(0);
    await pendingPage.evaluate(() => ((globalThis as unknown as { stillHere: boolean }).stillHere = true));

    const page = await staffPage('admin', TEST_ADMIN_PASSWORD);
    await mainNav(page).getByRole('link', { name: 'Staff Accounts' }).click();
    await page.getByRole('heading', { name: 'Staff Accounts' }).waitFor();
    await rowOf(page, 'newstaff').getByText('No Tier Assigned', { exact: true }).waitFor();
    await rowOf(page, 'dispatch').getByText('Dispatch/Ops', { exact: true }).waitFor();
    await rowOf(page, 'accounting').getByText('Accounting', { exact: true }).waitFor();
    // The built-in admin always shows as ADMIN.
    await rowOf(page, 'admin').getByText('Admin', { exact: true }).waitFor();
    await screenshot(page, 'staff-admin-accounts');

    // Search: one match pads the table with four blank rows; no match says so.
    const search = page.getByPlaceholder('Search staff...');
    await search.fill('NEWSTAFF');
    await expect.poll(() => page.locator('tbody tr.sa-row').count()).toBe(1);
    expect(await page.locator('tbody tr.sa-filler-row').count()).toBe(4);
    await search.fill('nobody-like-this');
    await page.getByText('No staff accounts match your search criteria.').waitFor();
    await search.fill('newstaff');

    await rowOf(page, 'newstaff').click();
    await page.getByRole('link', { name: /Back to Staff Accounts/ }).waitFor();
    await page.getByText('Click to assign a tier').waitFor();
    await page.getByText('No bio provided.').waitFor();
    const selector = page.getByRole('button', { name: /Click to change tier/ });
    expect(await selector.getAttribute('title')).toBe('Click to change tier');

    const tierChanges = sentBodies(page, 'PATCH', /\/update-tier\/$/);
    await selector.click();
    const current = page.getByRole('menuitemradio', { name: 'No Tier Assigned' });
    expect(await current.getAttribute('aria-checked')).toBe('true');
    await screenshot(page, 'staff-admin-tier-menu');
    // The current tier only closes the menu.
    await current.click();
    await page.getByRole('menu').waitFor({ state: 'detached' });
    expect(tierChanges).toEqual([]);

    await selector.click();
    await page.getByRole('menuitemradio', { name: 'Accounting' }).click();
    await page.getByRole('button', { name: /^Tier: Accounting\./ }).waitFor();
    // Said as well as shown: the button keeps the focus, and its new name alone was not announced.
    await page.getByRole('status').filter({ hasText: 'Tier changed to Accounting.' }).waitFor();
    await page.getByText('Click to assign a tier').waitFor({ state: 'detached' });
    expect(tierChanges).toEqual([{ tier: 'ACCOUNTING' }]);
    await screenshot(page, 'staff-admin-promoted');
    // ADMIN-tier targets have no delete button; this one has.
    await page.getByRole('button', { name: 'Delete Staff Account' }).waitFor();

    await page.getByRole('link', { name: /Back to Staff Accounts/ }).click();
    await waitForPath(page, '/staff/accounts');
    await rowOf(page, 'newstaff').getByText('Accounting', { exact: true }).waitFor();

    // The promoted member's open page follows the new tier without a reload: they change the payment status there.
    const accounting = pendingPage;
    await accounting.getByRole('combobox', { name: 'Payment Status' }).waitFor({ timeout: 10_000 });
    expect(await accounting.evaluate(() => (globalThis as unknown as { stillHere?: boolean }).stillHere)).toBe(true);
    await accounting.getByLabel('Payment Status').selectOption('partial');
    await expect
      .poll(async () => (await admin.get<{ payment_status: string }>(`/api/loads/${load.id}/`)).body.payment_status, { timeout: 10_000 })
      .toBe('partial');
  });

  it('works the tier menu from the keyboard: arrows, Home and End move, Escape closes it back on its button', { timeout: 60_000 }, async () => {
    const admin = await apiAs('admin', TEST_ADMIN_PASSWORD);
    const { id: dispatchId } = await dispatchMember(admin);
    const page = await staffPage('admin', TEST_ADMIN_PASSWORD);
    const tierChanges = sentBodies(page, 'PATCH', /\/update-tier\/$/);
    await page.goto(`/staff/${dispatchId}`);
    const selector = page.getByRole('button', { name: /Click to change tier/ });
    await selector.focus();
    await page.keyboard.press('Enter');
    const focusedItem = () => page.evaluate<string | null>('document.activeElement && document.activeElement.getAttribute("role") === "menuitemradio" ? document.activeElement.textContent : null');
    // On the current tier first.
    await expect.poll(focusedItem).toContain('Dispatch/Ops');
    await page.keyboard.press('ArrowDown');
    expect(await focusedItem()).toContain('Accounting');
    await page.keyboard.press('End');
    expect(await focusedItem()).toContain('No Tier Assigned');
    await page.keyboard.press('ArrowDown');
    expect(await focusedItem()).toContain('Admin');
    await page.keyboard.press('ArrowUp');
    expect(await focusedItem()).toContain('No Tier Assigned');
    await page.keyboard.press('Home');
    expect(await focusedItem()).toContain('Admin');
    await page.keyboard.press('Escape');
    await page.getByRole('menu').waitFor({ state: 'detached' });
    expect(await selector.evaluate((node) => node === node.ownerDocument.activeElement)).toBe(true);
    // Arrow down on the button opens it too; Tab leaves it closed.
    await page.keyboard.press('ArrowDown');
    await page.getByRole('menu').waitFor();
    await page.keyboard.press('Tab');
    await page.getByRole('menu').waitFor({ state: 'detached' });
    expect(tierChanges).toEqual([]);
  });

  it("follows another admin's tier change live, in the list and on the member's page", { timeout: 60_000 }, async () => {
    // Both stayed as they were until a reload (end-to-end audit).
    const { user } = await activeSignedIn(suite.system, 'staff', 'live_tier');
    const list = await staffPage('admin', TEST_ADMIN_PASSWORD);
    await mainNav(list).getByRole('link', { name: 'Staff Accounts' }).click();
    const listed = rowOf(list, 'live_tier');
    await expect.poll(() => listed.textContent()).toContain('No Tier Assigned');
    const member = await staffPage('admin', TEST_ADMIN_PASSWORD);
    await member.goto(`/staff/${user.id}`);
    const header = member.locator('.sa-member-header');
    await expect.poll(() => header.textContent()).toContain('No Tier Assigned');

    const admin = await apiAs('admin', TEST_ADMIN_PASSWORD);
    expect((await admin.request('PATCH', `/api/staff-accounts/${user.id}/update-tier/`, { tier: 'ACCOUNTING' })).status).toBe(200);
    await expect.poll(() => listed.textContent(), { timeout: 10_000 }).toContain('Accounting');
    await expect.poll(() => header.textContent(), { timeout: 10_000 }).toContain('Accounting');
    expect(await listed.textContent()).not.toContain('No Tier Assigned');
  });

  it('sorts by a column header: each click anywhere on it toggles between ascending and descending', { timeout: 60_000 }, async () => {
    const page = await staffPage('admin', TEST_ADMIN_PASSWORD);
    await mainNav(page).getByRole('link', { name: 'Staff Accounts' }).click();
    await rowOf(page, 'newstaff').waitFor();
    const usernames = () => page.locator('tbody tr.sa-row td.cell-username').allTextContents();
    const header = page.getByRole('columnheader', { name: /Username/ });
    const box = (await header.boundingBox())!;
    const ascending = [...(await usernames())].sort((a, b) => a.localeCompare(b));
    expect(ascending.length).toBeGreaterThan(3);
    for (const expected of ['ascending', 'descending', 'ascending', 'descending'] as const) {
      // Near the cell's right edge, well away from the header's text.
      await page.mouse.click(box.x + box.width - 6, box.y + box.height / 2);
      await expect.poll(() => header.getAttribute('aria-sort')).toBe(expected);
      expect(await usernames()).toEqual(expected === 'ascending' ? ascending : [...ascending].reverse());
      // Said as well: the arrow is not read out, and aria-sort is not announced as it changes.
      await page.getByRole('status').filter({ hasText: `Sorted by Username, ${expected}.` }).waitFor();
    }
  });
});

describe('vendors', () => {
  it('an admin edits a vendor insurance, sending only what changed, and deletes a vendor', { timeout: 120_000 }, async () => {
    const page = await staffPage('admin', TEST_ADMIN_PASSWORD);
    await mainNav(page).getByRole('link', { name: 'Vendors' }).click();
    await page.getByRole('heading', { name: 'Vendors' }).waitFor();
    await row(page, 'Lone Star').waitFor();
    // A contact email too long for its column ends in an ellipsis, the whole address in its tooltip.
    const email = row(page, 'Lone Star').locator('.cell-contact_name .sa-secondary-line');
    // (The test's types know no DOM: the browser's getComputedStyle is reached through globalThis.)
    const cut = await email.evaluate((node) => ({ overflow: (globalThis as unknown as { getComputedStyle(n: unknown): { textOverflow: string } }).getComputedStyle(node).textOverflow, title: node.getAttribute('title'), text: node.textContent }));
    expect(cut.overflow).toBe('ellipsis');
    expect(cut.title).toBe(cut.text);

    await page.getByPlaceholder('Search vendors...').fill('LONE STAR');
    await expect.poll(() => page.locator('tbody tr.sa-row').count()).toBe(1);
    await row(page, 'Lone Star').click();
    await page.getByRole('tab', { name: 'Business' }).waitFor();
    const vendorPath = new URL(page.url()).pathname;
    const vendorId = vendorPath.split('/').at(-1)!;

    // Bank numbers: as the server masked them, never more.
    await page.getByRole('tab', { name: 'Financial' }).click();
    const masked = await page.getByText(/^\*{4}\d{4}$/).allTextContents();
    expect(masked).toHaveLength(2);

    const edits = sentBodies(page, 'PATCH', new RegExp(`/api/vendors/${vendorId}/$`));
    await page.getByRole('tab', { name: 'Insurance' }).click();
    await page.getByRole('button', { name: 'Edit Insurance' }).click();
    const liability = page.getByLabel('Liability Coverage');
    expect(await liability.getAttribute('min')).toBe('0');
    expect(await liability.getAttribute('step')).toBe('0.01');
    // What the inputs cannot read is named, and nothing is saved: an amount that is no number (the browser reports
    // it as empty, and the save dropped it unsaid) and a date that is no day (it read "This field is required.").
    await liability.fill('');
    await liability.pressSequentially('2e');
    const expiration = page.getByLabel('Policy Expiration Date');
    await expiration.focus();
    await page.keyboard.type('02302028');
    await page.getByRole('button', { name: 'Save Changes' }).click();
    await page.getByText('Enter an amount in dollars, at least 0, with up to 2 decimals.').waitFor();
    await page.getByText('Enter a valid date.', { exact: true }).waitFor();
    expect(await liability.getAttribute('aria-invalid')).toBe('true');
    await expiration.fill('2027-06-30');
    await liability.fill('750000');
    await page.getByLabel('Cargo Coverage').fill('100000.5');
    await page.getByLabel('Insurance Company').fill('Harbor Casualty');
    await page.getByRole('button', { name: 'Save Changes' }).click();
    await page.getByText('Insurance information updated successfully!').waitFor();
    await page.locator('#sa-tab-panel').getByText('$750,000.00').waitFor();
    await page.locator('#sa-tab-panel').getByText('$100,000.50').waitFor();
    expect(edits).toEqual([{ insurance_company: 'Harbor Casualty', insurance_expiration: '2027-06-30', liability_amount: '750000.00', cargo_amount: '100000.50' }]);
    await screenshot(page, 'staff-admin-vendor-insurance');

    const admin = await apiAs('admin', TEST_ADMIN_PASSWORD);
    // The page shows the save's own answer; the read API has it once the change is projected.
    await suite.system.caughtUp();
    const stored = (await admin.get(`/api/vendors/${vendorId}/`)).body;
    expect([stored.insurance_company, stored.liability_amount, stored.cargo_amount]).toEqual(['Harbor Casualty', '750000.00', '100000.50']);

    // Delete the vendor that never filled in its profile.
    await page.getByRole('link', { name: /Back to Vendors/ }).click();
    await page.getByPlaceholder('Search vendors...').fill('newcarrier');
    await rowOf(page, 'newcarrier').click();
    await page.getByRole('button', { name: 'Delete Vendor' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('button', { name: 'Cancel' }).waitFor();
    await dialog.getByRole('button', { name: 'Delete Vendor' }).click();
    await page.getByText('Vendor deleted successfully').waitFor();
    await waitForPath(page, '/staff/vendors');
    await row(page, 'Lone Star').waitFor();
    expect(await rowOf(page, 'newcarrier').count()).toBe(0);
    await suite.system.caughtUp();
    const vendors = (await admin.get<{ username: string }[]>('/api/vendors/')).body;
    expect(vendors.map((vendor) => vendor.username)).not.toContain('newcarrier');
  });
});

/** The admin's page with the carrier's Business tab in edit mode, and the carrier's own API client. */
async function adminEditsCarrierBusiness() {
  const page = await staffPage('admin', TEST_ADMIN_PASSWORD);
  const carrier = await suite.signedInClient('carrier', DEMO_PASSWORD, 'vendor');
  const carrierId = (await carrier.get('/api/auth/user/')).body.vendor_profile.id as string;
  await page.goto(`/staff/vendors/${carrierId}`);
  await page.getByRole('tab', { name: 'Business' }).click();
  await page.getByRole('button', { name: 'Edit Business' }).click();
  return { page, carrier, carrierId };
}

describe("an ADMIN's vendor edit over a change made meanwhile", () => {
  it('is refused rather than written over unseen; the field says what it is now, and a second Save replaces it', { timeout: 120_000 }, async () => {
    const { page, carrier, carrierId } = await adminEditsCarrierBusiness();
    const city = page.getByLabel(/^City( \*)?$/);
    const seen = await city.inputValue();

    // The carrier saves a new city while the ADMIN's form is open.
    expect((await carrier.request('PATCH', '/api/profiles/vendor/', { city: 'Round Rock' })).status).toBe(200);
    await city.fill('Georgetown');
    await page.getByRole('button', { name: 'Save Changes' }).click();
    await page.getByText('Changed by someone else meanwhile; it is now "Round Rock". Save again to replace it with yours.').waitFor();
    await page.getByText('Someone else changed this vendor while you were editing. Check the fields marked, then save again.').waitFor();
    expect((await carrier.get('/api/profiles/vendor/')).body.city).toBe('Round Rock');
    await expect(city.inputValue()).resolves.toBe('Georgetown');
    // The keyboard is at the field to check.
    await expect.poll(() => city.evaluate((node) => node === (globalThis as unknown as { document: { activeElement: unknown } }).document.activeElement)).toBe(true);
    await screenshot(page, 'staff-admin-vendor-changed-meanwhile');

    await page.getByRole('button', { name: 'Save Changes' }).click();
    await page.getByText('Business information updated successfully!').waitFor();
    expect((await carrier.get('/api/profiles/vendor/')).body.city).toBe('Georgetown');
    expect(seen).not.toBe('Round Rock');
  });
});

describe("an ADMIN's vendor edit that empties a field", () => {
  it('removes an optional value, and refuses to empty a required one at the field', { timeout: 120_000 }, async () => {
    // Before: an emptied field was left out of the PATCH, and the screen said "No changes detected.".
    const owner = await suite.signedInClient('carrier', DEMO_PASSWORD, 'vendor');
    expect((await owner.request('PATCH', '/api/profiles/vendor/', { website: 'https://old-carrier.example' })).status).toBe(200);
    const { page, carrier } = await adminEditsCarrierBusiness();
    const website = page.getByLabel(/^Website( \*)?$/);
    await expect.poll(() => website.inputValue()).toBe('https://old-carrier.example');
    const legalName = page.getByLabel(/^Legal Name( \*)?$/);
    const legal = await legalName.inputValue();
    await legalName.fill('');
    await website.fill('');
    await page.getByRole('button', { name: 'Save Changes' }).click();
    await page.getByText('This field is required.').waitFor();
    expect((await carrier.get('/api/profiles/vendor/')).body.website).toBe('https://old-carrier.example');
    await legalName.fill(legal);
    await page.getByRole('button', { name: 'Save Changes' }).click();
    await page.getByText('Business information updated successfully!').waitFor();
    expect((await carrier.get('/api/profiles/vendor/')).body).toMatchObject({ website: null, legal_name: legal });
  });
});

describe("an ADMIN's vendor edit while the vendor is read again underneath", () => {
  it('sends only what the ADMIN changed, never putting back a field the vendor changed since the form opened', { timeout: 120_000 }, async () => {
    const { page, carrier, carrierId } = await adminEditsCarrierBusiness();
    const edits = sentBodies(page, 'PATCH', new RegExp(`/api/vendors/${carrierId}/$`));

    // The carrier moves its address; the ADMIN's page reads the vendor again (back online) under the open form.
    expect((await carrier.request('PATCH', '/api/profiles/vendor/', { address: '77 Moved Rd' })).status).toBe(200);
    await suite.system.caughtUp();
    const reread = page.waitForResponse((response) => new URL(response.url()).pathname === `/api/vendors/${carrierId}/` && response.request().method() === 'GET');
    await page.context().setOffline(true);
    await page.context().setOffline(false);
    await reread;

    await page.getByLabel(/^City( \*)?$/).fill('Temple');
    await page.getByRole('button', { name: 'Save Changes' }).click();
    await page.getByText('Business information updated successfully!').waitFor();
    // Before: the untouched Address input (still the old one) went out as a change, and the carrier's move was undone.
    expect(edits).toEqual([{ city: 'Temple' }]);
    const saved = (await carrier.get('/api/profiles/vendor/')).body;
    expect([saved.address, saved.city]).toEqual(['77 Moved Rd', 'Temple']);
  });
});

describe('a vendor insurance that has expired or ends soon', () => {
  it('is flagged beside its date on the Insurance tab', { timeout: 60_000 }, async () => {
    const admin = await apiAs('admin', TEST_ADMIN_PASSWORD);
    const vendor = (await admin.get<{ id: string; business_name: string }[]>('/api/vendors/')).body.find((v) => v.business_name === 'Lone Star Carriers')!;
    const page = await staffPage('admin', TEST_ADMIN_PASSWORD);
    // Days counted from the browser's own today (its zone), as the page counts them.
    const day = (offset: number) => page.evaluate((days) => {
      const d = new Date();
      d.setDate(d.getDate() + days);
      return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
    }, offset);
    const setExpiration = async (date: string) => {
      expect((await admin.request('PATCH', `/api/vendors/${vendor.id}/`, { insurance_expiration: date })).status).toBe(200);
      await suite.system.caughtUp();
    };
    const expirationValue = () => page.locator('#sa-tab-panel dt', { hasText: 'Policy Expiration Date' }).locator('xpath=following-sibling::dd[1]');
    const open = async () => {
      await page.goto(`${suite.system.url}/staff/vendors/${vendor.id}`);
      await page.getByRole('tab', { name: 'Insurance' }).click();
      await expirationValue().waitFor();
    };

    await setExpiration(await day(-3));
    await open();
    await expect.poll(() => expirationValue().locator('.status-badge').textContent()).toBe('Expired');
    await screenshot(page, 'staff-vendor-insurance-expired');

    await setExpiration(await day(10));
    await open();
    await expect.poll(() => expirationValue().locator('.status-badge').textContent()).toBe('Expires in 10 days');

    await setExpiration(await day(45));
    await open();
    expect(await expirationValue().textContent()).toMatch(/^[A-Z][a-z]{2} \d{1,2}, \d{4}$/);
    expect(await expirationValue().locator('.status-badge').count()).toBe(0);
  });
});

describe('the ADMIN\'s own staff profile', () => {
  it('is saved with every non-empty field, changed or not (staff-side.md: "non-empty profile fields")', { timeout: 60_000 }, async () => {
    const page = await staffPage('admin', TEST_ADMIN_PASSWORD);
    const saves = sentBodies(page, 'PATCH', /^\/api\/profiles\/staff\/$/);
    await page.goto('/staff/profile');
    await page.getByRole('heading', { name: 'Staff Profile' }).waitFor();
    const form = page.getByRole('form', { name: 'Staff profile' });
    await form.getByLabel(/^Department/).fill('Operations');
    await form.getByLabel(/^Position/).fill('Head of Ops');
    await form.getByLabel(/^First Name/).fill('Ada');
    await form.getByLabel(/^Last Name/).fill('Admin');
    await form.getByLabel(/^Email/).fill('ada@kdt.example');
    await form.locator('input[type=tel]').fill('2145550123');
    await form.getByRole('button', { name: 'Save Profile' }).click();
    await form.getByText('Profile saved successfully!').waitFor();
    const filled = { tier: 'ADMIN', department: 'Operations', position: 'Head of Ops', first_name: 'Ada', last_name: 'Admin', email: 'ada@kdt.example', phone: '(214) 555-0123' };
    expect(saves).toEqual([filled]);

    // Saved again with nothing changed: the same fields are sent, and it says saved (no 'No changes detected.': that
    // is the load sections' rule, not the profile's).
    await page.reload();
    await form.getByLabel(/^Department/).waitFor();
    await expect.poll(() => form.getByLabel(/^Position/).inputValue()).toBe('Head of Ops');
    await form.getByRole('button', { name: 'Save Profile' }).click();
    await form.getByText('Profile saved successfully!').waitFor();
    expect(saves).toEqual([filled, filled]);
    const stored = await (await apiAs('admin', TEST_ADMIN_PASSWORD)).get<Record<string, unknown>>('/api/profiles/staff/');
    expect(stored.body).toMatchObject(filled);
  });
});

describe('a DISPATCH_OPS user', () => {
  it('is sent from the staff accounts to the dashboard, and sees vendors without edit controls', { timeout: 60_000 }, async () => {
    const page = await staffPage('dispatch', DEMO_PASSWORD);
    expect(await mainNav(page).getByRole('link', { name: 'Staff Accounts' }).count()).toBe(0);
    // The route guard (staff-side.md section 2): ADMIN-only routes send other staff to /staff/dashboard.
    await page.goto('/staff/accounts');
    await waitForPath(page, '/staff/dashboard');
    await page.getByText('Welcome, dispatch').waitFor();

    const dispatch = await apiAs('dispatch', DEMO_PASSWORD);
    const refused = await dispatch.get('/api/staff-accounts/');
    expect([refused.status, refused.body.detail]).toEqual([403, 'You do not have permission to view staff accounts.']);

    await page.goto('/staff/vendors');
    await row(page, 'Lone Star').click();
    await page.getByRole('tab', { name: 'Business' }).waitFor();
    await page.getByText('No edit permission').waitFor();
    expect(await page.getByRole('button', { name: /^Edit / }).count()).toBe(0);
    expect(await page.getByRole('button', { name: 'Delete Vendor' }).count()).toBe(0);

    await page.goto('/staff/profile');
    await page.getByRole('heading', { name: 'Staff Profile' }).waitFor();
    expect(await page.getByLabel(/^First Name/).isDisabled()).toBe(true);
    expect(await page.getByRole('button', { name: 'Save Profile' }).isDisabled()).toBe(true);
  });

  it('shows Access Denied inside the staff accounts page when the API refuses', { timeout: 60_000 }, async () => {
    // An admin whose tier was taken away meanwhile: the router still lets them in, the API says 403.
    const page = await staffPage('admin', TEST_ADMIN_PASSWORD);
    await page.route('**/api/staff-accounts/', (route) =>
      route.fulfill({ status: 403, contentType: 'application/json', body: JSON.stringify({ detail: 'You do not have permission to view staff accounts.' }) }),
    );
    await page.goto('/staff/accounts');
    await page.getByRole('heading', { name: 'Access Denied' }).waitFor();
    await page.getByText('You do not have permission to view staff accounts.').waitFor();
    await screenshot(page, 'staff-admin-access-denied');
  });

  it('is sent to the dashboard from an ADMIN-only page when an admin takes the ADMIN tier away while it is open', { timeout: 60_000 }, async () => {
    const admin = await apiAs('admin', TEST_ADMIN_PASSWORD);
    const { setTier } = await dispatchMember(admin);
    await setTier('ADMIN');
    try {
      const page = await staffPage('dispatch', DEMO_PASSWORD);
      await page.goto('/staff/accounts');
      await page.getByRole('heading', { name: 'Staff Accounts' }).waitFor();
      await page.getByRole('status', { name: 'Connection: Live' }).waitFor();
      await setTier('DISPATCH_OPS');
      await waitForPath(page, '/staff/dashboard');
      await page.getByText('Welcome, dispatch').waitFor();
      // Said, not only done (before: moved to the dashboard without a word).
      await page.getByText('Your tier is now Dispatch/Ops: the pages and actions open to you have changed with it.').waitFor();
    } finally {
      await setTier('DISPATCH_OPS');
    }
  });

  it('stays signed in when reading who they are fails after a pushed change (the server or the network failing)', { timeout: 60_000 }, async () => {
    const admin = await apiAs('admin', TEST_ADMIN_PASSWORD);
    const { setTier } = await dispatchMember(admin);
    const page = await staffPage('dispatch', DEMO_PASSWORD);
    await page.getByRole('status', { name: 'Connection: Live' }).waitFor();
    let failed = 0;
    await page.route('**/api/auth/user/', (route) => {
      failed++;
      return route.fulfill({ status: 503, contentType: 'application/json', body: '{"detail":"Service unavailable."}' });
    });
    // A change to their staff record is pushed; reading the user again fails.
    await setTier('ACCOUNTING');
    try {
      await expect.poll(() => failed, { timeout: 10_000 }).toBeGreaterThan(0);
      // Time for a retry, and for the page to act on the failure.
      await page.waitForTimeout(1_500);
      // Still the signed-in page: its navigation, the board and the live connection.
      await page.getByRole('button', { name: 'Logout' }).waitFor();
      await page.getByRole('region', { name: 'Loads' }).waitFor();
      await page.getByRole('status', { name: 'Connection: Live' }).waitFor();
    } finally {
      await page.unroute('**/api/auth/user/');
      await setTier('DISPATCH_OPS');
    }
  });
});

