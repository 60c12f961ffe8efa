// Audit screens following live changes in a real browser: an open load's history re-reads once per burst of changes
// (not once, cancelled, per change), and the payments log and the recycle bin show other users' changes as they land.
import type { Page, Request } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { DEMO_PASSWORD } from '../accounts/support';
import type { PortalClient } from '../support/http-client';
import { TEST_ADMIN_PASSWORD } from '../support/system';
import { loginThroughUi, useBrowserSuite } from './support';

const suite = useBrowserSuite({ config: { seedDemo: true, demoPassword: DEMO_PASSWORD } }, 180_000);
const SHOTS = '/tmp/s11-ui-fix-shots';

interface LoadRow {
  id: string;
  kdt_id: string;
}

async function staffPage(username: string, password: string): Promise<Page> {
  const page = await suite.openPage();
  await loginThroughUi(page, 'staff', username, password, '/staff/loads');
  return page;
}

/** The requests the page sends whose path starts with `prefix`, and those that failed (cancelled ones included). */
function watchRequests(page: Page, prefix: string) {
  const matches = (request: Request) => new URL(request.url()).pathname.startsWith(prefix);
  const sent: string[] = [];
  const failed: string[] = [];
  page.on('request', (request) => void (matches(request) && sent.push(request.url())));
  page.on('requestfailed', (request) => void (matches(request) && failed.push(`${request.url()} ${request.failure()?.errorText}`)));
  return { sent, failed };
}

const historyCount = async (admin: PortalClient, loadId: string) => (await admin.get<{ count: number }>(`/api/loads/${loadId}/history/`)).body.count;

describe('an open load during a burst of changes', () => {
  it('re-reads its history and payment history once at a time, and ends showing the last change', { timeout: 120_000 }, async () => {
    const admin = await suite.signedInClient('admin', TEST_ADMIN_PASSWORD, 'staff');
    const load = (await admin.get<LoadRow[]>('/api/loads/')).body[1]!;
    const page = await staffPage('admin', TEST_ADMIN_PASSWORD);
    await page.goto(`/staff/loads/${load.id}`);
    const history = page.getByRole('list', { name: 'History, oldest first' });
    await history.waitFor();
    await page.waitForLoadState('networkidle');
    const histories = watchRequests(page, `/api/loads/${load.id}/history/`);
    const paymentHistories = watchRequests(page, `/api/loads/${load.id}/payment-history/`);

    const burst = 25;
    for (let i = 1; i <= burst; i += 1) {
      expect((await admin.request('PATCH', `/api/loads/${load.id}/`, { payment_notes: `burst ${i}` })).status).toBe(200);
    }
    const count = await historyCount(admin, load.id);
    await expect.poll(() => page.locator('.hist-count').last().textContent(), { timeout: 10_000 }).toBe(`${count} changes`);
    await expect.poll(() => history.locator(':scope > li').last().textContent()).toContain(`burst ${burst}`);
    await page.waitForLoadState('networkidle');
    expect(histories.failed).toEqual([]);
    expect(paymentHistories.failed).toEqual([]);
    // How many reads a burst costs depends on the machine's speed; that none was cancelled midway does not.
    expect(histories.sent.length).toBeGreaterThan(0);
  });
});

describe('another user\'s changes, as they land', () => {
  it('show in an open payments log without a filter change or reload', { timeout: 120_000 }, async () => {
    const admin = await suite.signedInClient('admin', TEST_ADMIN_PASSWORD, 'staff');
    const load = (await admin.get<LoadRow[]>('/api/loads/')).body[2]!;
    const page = await staffPage('accounting', DEMO_PASSWORD);
    await page.goto('/staff/payments');
    const table = page.getByRole('table', { name: 'Payments log' });
    await table.waitFor();
    const note = `live note ${Date.now()}`;
    await expect(table.getByText(note).count()).resolves.toBe(0);
    await page.waitForLoadState('networkidle');
    const logReads: string[] = [];
    page.on('request', (request) => {
      if (new URL(request.url()).pathname === '/api/payments/log/') logReads.push(request.url());
    });

    // A change that is no payment (a status) does not make the log read its up to 5,000 rows again.
    const other = (await admin.get<LoadRow[]>('/api/loads/')).body[4]!;
    const status = (await admin.get<{ status: string }>(`/api/loads/${other.id}/`)).body.status === 'open' ? 'picked_up' : 'open';
    expect((await admin.request('PATCH', `/api/loads/${other.id}/`, { status })).status).toBe(200);
    await page.waitForTimeout(3_000);
    expect(logReads).toEqual([]);

    expect((await admin.request('PATCH', `/api/loads/${load.id}/`, { payment_notes: note })).status).toBe(200);
    await table.getByText(note).waitFor({ timeout: 10_000 });
    expect(logReads.length).toBeGreaterThan(0);
    await page.screenshot({ path: `${SHOTS}/m1-payments-log-live.png` });
  });

  it('show in an open recycle bin: a load deleted and restored elsewhere comes and goes', { timeout: 120_000 }, async () => {
    const admin = await suite.signedInClient('admin', TEST_ADMIN_PASSWORD, 'staff');
    const load = (await admin.get<LoadRow[]>('/api/loads/')).body[3]!;
    const page = await staffPage('admin', TEST_ADMIN_PASSWORD);
    await page.goto('/staff/recycle-bin');
    await page.getByRole('heading', { name: 'Recycle Bin' }).waitFor();
    await page.waitForLoadState('networkidle');
    const row = page.getByRole('table', { name: 'Deleted loads' }).getByRole('row').filter({ hasText: load.kdt_id });

    expect((await admin.request('DELETE', `/api/loads/${load.id}/`)).status).toBe(204);
    await row.waitFor({ timeout: 10_000 });
    await page.screenshot({ path: `${SHOTS}/m1-recycle-bin-live.png` });
    expect((await admin.post(`/api/recycle-bin/loads/${load.id}/restore/`)).status).toBe(200);
    await row.waitFor({ state: 'detached', timeout: 10_000 });
  });

  it('show in an open recycle bin: a vendor and a staff member deleted and restored elsewhere come and go', { timeout: 120_000 }, async () => {
    const admin = await suite.signedInClient('admin', TEST_ADMIN_PASSWORD, 'staff');
    const vendorId = (await admin.get<{ vendor_profile_id: string; username: string }[]>('/api/vendors/picker/')).body.find((v) => v.username === 'newcarrier')!.vendor_profile_id;
    const staff = (await admin.get<{ id: string; username: string }[]>('/api/staff-accounts/')).body.find((s) => s.username === 'newstaff')!;
    const page = await staffPage('admin', TEST_ADMIN_PASSWORD);
    await page.goto('/staff/recycle-bin');
    await page.getByRole('heading', { name: 'Recycle Bin' }).waitFor();
    await page.waitForLoadState('networkidle');
    const vendorRow = page.getByRole('table', { name: 'Deleted vendors' }).getByRole('row').filter({ hasText: 'newcarrier' });
    const staffRow = page.getByRole('table', { name: 'Deleted staff accounts' }).getByRole('row').filter({ hasText: 'newstaff' });

    // Well within the 30 s the bin used to wait before reading itself again.
    expect((await admin.request('DELETE', `/api/vendors/${vendorId}/`)).status).toBe(204);
    await vendorRow.waitFor({ timeout: 10_000 });
    expect((await admin.request('DELETE', `/api/staff-accounts/${staff.id}/`)).status).toBe(204);
    await staffRow.waitFor({ timeout: 10_000 });
    await page.screenshot({ path: `${SHOTS}/recycle-bin-live-vendor-staff.png` });
    expect((await admin.post(`/api/recycle-bin/vendors/${vendorId}/restore/`)).status).toBe(200);
    await vendorRow.waitFor({ state: 'detached', timeout: 10_000 });
    expect((await admin.post(`/api/recycle-bin/staff/${staff.id}/restore/`)).status).toBe(200);
    await staffRow.waitFor({ state: 'detached', timeout: 10_000 });
  });
});
