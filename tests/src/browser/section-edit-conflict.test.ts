// Two people on one load's Rate & Payment: what another saved while a form was open is not overwritten unseen. The
// form marks the field with its value now and saves the user's own only when asked again. The server enforces it too
// (X-Expected-Values, 409), so a page that was never told of the change (its live connection down) is refused as well.
import { describe, expect, it } from 'vitest';
import { TEST_ADMIN_PASSWORD } from '../support/system';
import { loginThroughUi, screenshot, useBrowserSuite } from './support';
import { DEMO_PASSWORD, signIn } from '../accounts/support';

const suite = useBrowserSuite({ config: { seedDemo: true, demoPassword: DEMO_PASSWORD } });

describe('a section edited by two people at once', () => {
  it('does not overwrite unseen what another saved meanwhile; a second Save replaces it knowingly', { timeout: 90_000 }, async () => {
    const { rows } = await suite.system.db.pool.query<{ id: string }>(`SELECT id FROM loads WHERE kdt_id = 'kdt_24103'`);
    const loadId = rows[0]!.id;
    const accounting = await signIn(suite.system, 'accounting', 'staff');
    const amountPaid = async () => (await accounting.get(`/api/loads/${loadId}/`)).body.amount_paid as string | number | null;

    const page = await suite.openPage();
    await loginThroughUi(page, 'staff', 'admin', TEST_ADMIN_PASSWORD, '/staff/loads');
    await page.goto(`${suite.system.url}/staff/load/${loadId}`);
    await page.getByRole('status', { name: 'Connection: Live' }).waitFor();
    await page.getByRole('button', { name: 'Edit Rate & Payment' }).click();
    const section = page.getByRole('region', { name: 'Rate & Payment', exact: true });
    const field = section.getByLabel('Amount Paid ($)');
    const opened = await field.inputValue();

    // Accounting saves a payment while the admin's form is open.
    expect((await accounting.request('PATCH', `/api/loads/${loadId}/`, { amount_paid: 777, payment_notes: 'wire received 777' })).status).toBe(200);
    await expect.poll(amountPaid).toBe(777);
    // The admin's page has the change (pushed), the form still shows what it opened with.
    await page.waitForTimeout(1_500);
    expect(await field.inputValue()).toBe(opened);

    // An amount above the rate is said at the field, and not refused.
    const rate = Number((await accounting.get(`/api/loads/${loadId}/`)).body.rate_amount);
    await field.fill(String(rate + 1000));
    await section.getByText(/^More than the rate amount \(\$[\d,]+\.\d\d\): check it before saving\. It can still be saved\.$/).waitFor();
    expect(await field.getAttribute('aria-describedby')).toContain('notice');
    await field.fill('500');
    await expect.poll(() => section.getByText(/More than the rate amount/).count()).toBe(0);
    await section.getByRole('button', { name: 'Save Changes' }).click();
    // Before: saved at once over 777 ("updated successfully"), the note left saying 777.
    await section.getByText('Changed by someone else meanwhile; it is now "$777.00". Save again to replace it with yours.').waitFor();
    await page.getByText('Someone else changed this section while you were editing. Check the values marked, then save again.').first().waitFor();
    await screenshot(page, 'section-edit-changed-meanwhile');
    expect(await amountPaid()).toBe(777);

    await section.getByRole('button', { name: 'Save Changes' }).click();
    await page.getByText('Rate & Payment Information updated successfully!').first().waitFor();
    await expect.poll(amountPaid).toBe(500);
  });

  it('refuses the save on the server when the page was never told of the change (live connection down)', { timeout: 90_000 }, async () => {
    const { rows } = await suite.system.db.pool.query<{ id: string }>(`SELECT id FROM loads WHERE kdt_id = 'kdt_24104'`);
    const loadId = rows[0]!.id;
    const accounting = await signIn(suite.system, 'accounting', 'staff');
    const amountPaid = async () => (await accounting.get(`/api/loads/${loadId}/`)).body.amount_paid as string | number | null;

    const page = await suite.openPage();
    // No pushes reach this page: its WebSocket never gets to the server, and long polling is refused.
    await page.routeWebSocket(/\/socket\.io\//, (socket) => socket.close());
    await page.route('**/socket.io/**', (route) => route.abort());
    await loginThroughUi(page, 'staff', 'admin', TEST_ADMIN_PASSWORD, '/staff/loads');
    await page.goto(`${suite.system.url}/staff/load/${loadId}`);
    await page.getByRole('button', { name: 'Edit Rate & Payment' }).click();
    const section = page.getByRole('region', { name: 'Rate & Payment', exact: true });
    const field = section.getByLabel('Amount Paid ($)');

    expect((await accounting.request('PATCH', `/api/loads/${loadId}/`, { amount_paid: 888 })).status).toBe(200);
    await expect.poll(amountPaid).toBe(888);
    await field.fill('400');
    await section.getByRole('button', { name: 'Save Changes' }).click();
    // Before: saved over 888 ("updated successfully"): the page had no way to know.
    await page.getByText('Someone else changed this section while you were editing. Check the values marked, then save again.').first().waitFor();
    await section.getByText('Changed by someone else meanwhile; it is now "$888.00". Save again to replace it with yours.').waitFor();
    expect(await amountPaid()).toBe(888);
    await expect(field.inputValue()).resolves.toBe('400');

    await section.getByRole('button', { name: 'Save Changes' }).click();
    await page.getByText('Rate & Payment Information updated successfully!').first().waitFor();
    await expect.poll(amountPaid).toBe(400);
  });

  it('a payment status and a date set by someone else meanwhile are not overwritten unseen; choosing again replaces them', { timeout: 90_000 }, async () => {
    const { rows } = await suite.system.db.pool.query<{ id: string }>(`SELECT id FROM loads WHERE kdt_id = 'kdt_24105'`);
    const loadId = rows[0]!.id;
    const accounting = await signIn(suite.system, 'accounting', 'staff');
    const admin = await signIn(suite.system, 'admin', 'staff', TEST_ADMIN_PASSWORD);
    const current = async () => (await accounting.get(`/api/loads/${loadId}/`)).body as { payment_status: string; delivery_date: string | null };

    const page = await suite.openPage({ timezoneId: 'UTC' });
    // As above: a page never told of the changes.
    await page.routeWebSocket(/\/socket\.io\//, (socket) => socket.close());
    await page.route('**/socket.io/**', (route) => route.abort());
    await loginThroughUi(page, 'staff', 'admin', TEST_ADMIN_PASSWORD, '/staff/loads');
    await page.goto(`${suite.system.url}/staff/load/${loadId}`);
    const payment = page.getByLabel('Payment Status', { exact: true });
    const shown = await payment.inputValue();
    const theirs = shown === 'disputed' ? 'partial' : 'disputed';
    const mine = shown === 'paid' ? 'unpaid' : 'paid';

    // Another accountant sets the payment status while this page shows the old one.
    expect((await accounting.request('PATCH', `/api/loads/${loadId}/`, { payment_status: theirs })).status).toBe(200);
    await payment.selectOption(mine);
    // Before: "Payment status updated to ...", the other's change gone without a word.
    const theirLabel = theirs === 'disputed' ? 'Disputed' : 'Partial';
    await page.getByText(`Someone else set the payment status to ${theirLabel} meanwhile. Choose again if yours should replace it.`).first().waitFor();
    await expect.poll(() => payment.inputValue()).toBe(theirs);
    expect((await current()).payment_status).toBe(theirs);
    await payment.selectOption(mine);
    await page.getByText(`Payment status updated to ${mine === 'paid' ? 'Paid' : 'Unpaid'}`).first().waitFor();
    await expect.poll(async () => (await current()).payment_status).toBe(mine);

    // The same for a date on the board: the dialog says what it is now and stays open; Save again replaces it.
    await page.goto(`${suite.system.url}/staff/loads`);
    const row = page.locator('.ag-row').filter({ has: page.getByRole('link', { name: 'kdt_24105', exact: true }) });
    await row.waitFor();
    expect((await admin.request('PATCH', `/api/loads/${loadId}/`, { delivery_date: '2026-12-24T15:00:00.000Z' })).status).toBe(200);
    await row.locator('[col-id="delivery_date"]').getByRole('button').click();
    const dialog = page.getByRole('dialog', { name: 'Set Delivery Date & Time' });
    await dialog.getByLabel(/^Date/).fill('2026-12-27');
    await dialog.getByLabel('Time', { exact: true }).fill('10:00');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await dialog.getByText('Someone else set this date to Dec 24, 3:00 PM meanwhile. Save again to replace it with yours.').waitFor();
    expect((await current()).delivery_date).toBe('2026-12-24T15:00:00.000Z');
    await screenshot(page, 'date-dialog-changed-meanwhile');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await dialog.waitFor({ state: 'detached' });
    await expect.poll(async () => (await current()).delivery_date).toBe('2026-12-27T10:00:00.000Z');
  });
});
