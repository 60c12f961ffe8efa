// Keyboard focus on the audit screens stays somewhere useful when the control that had it goes away or turns off:
// a restored row in the recycle bin, and the history pager's first/last page buttons.
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { DEMO_PASSWORD } from '../accounts/support';
import { TEST_ADMIN_PASSWORD } from '../support/system';
import { useBrowserSuite } from './support';

const suite = useBrowserSuite({ config: { seedDemo: true, demoPassword: DEMO_PASSWORD } }, 180_000);
const SHOTS = '/tmp/s11-ui-fix-shots';

interface LoadRow {
  id: string;
  kdt_id: string;
}

const adminPage = (): Promise<Page> => suite.signedInPage('staff', 'admin', TEST_ADMIN_PASSWORD, '/staff/loads');

/** What has the focus: its accessible label, or else its text. */
const focused = (page: Page) =>
  page.evaluate<string | null>('document.activeElement === document.body ? "<body>" : (document.activeElement?.getAttribute("aria-label") ?? document.activeElement?.textContent?.trim() ?? null)');

describe('focus after a restore', () => {
  it('goes to the next row\'s Restore button, and to the section heading when the last row goes', { timeout: 120_000 }, async () => {
    const admin = await suite.signedInClient('admin', TEST_ADMIN_PASSWORD, 'staff');
    const [first, second] = (await admin.get<LoadRow[]>('/api/loads/')).body.slice(4, 6) as [LoadRow, LoadRow];
    for (const load of [first, second]) expect((await admin.request('DELETE', `/api/loads/${load.id}/`)).status).toBe(204);
    await expect.poll(async () => (await admin.get<{ loads: unknown[] }>('/api/recycle-bin/')).body.loads.length).toBe(2);

    const page = await adminPage();
    await page.goto('/staff/recycle-bin');
    const table = page.getByRole('table', { name: 'Deleted loads' });
    await table.getByRole('row').filter({ hasText: first.kdt_id }).waitFor();
    // Most recently deleted first: the second load's row, then the first's.
    const restoreWithKeyboard = async (load: LoadRow) => {
      await page.getByRole('button', { name: `Restore load ${load.kdt_id}` }).focus();
      await page.keyboard.press('Enter');
      const dialog = page.getByRole('dialog', { name: 'Restore Load' });
      await dialog.getByRole('button', { name: 'Restore', exact: true }).click();
      await dialog.waitFor({ state: 'detached' });
      await table.getByRole('row').filter({ hasText: load.kdt_id }).waitFor({ state: 'detached' });
    };
    await restoreWithKeyboard(second);
    await expect.poll(() => focused(page)).toBe(`Restore load ${first.kdt_id}`);
    await page.screenshot({ path: `${SHOTS}/l3-focus-after-restore.png` });
    await restoreWithKeyboard(first);
    await expect.poll(() => focused(page)).toBe('Loads');
  });
});

describe('focus in the history pager', () => {
  it('moves to the other direction when Newest or Oldest reaches the end', { timeout: 120_000 }, async () => {
    const admin = await suite.signedInClient('admin', TEST_ADMIN_PASSWORD, 'staff');
    const load = (await admin.get<LoadRow[]>('/api/loads/')).body[0]!;
    for (let i = 1; i <= 51; i += 1) expect((await admin.request('PATCH', `/api/loads/${load.id}/`, { payment_notes: `page ${i}` })).status).toBe(200);

    const page = await adminPage();
    await page.goto(`/staff/loads/${load.id}`);
    const pager = page.getByRole('navigation', { name: 'History pages' });
    await pager.getByText(/Page 1 of \d+/).waitFor();

    await pager.getByRole('button', { name: 'Newest' }).focus();
    await page.keyboard.press('Enter');
    await pager.getByText(/Page (\d+) of \1/).waitFor();
    await expect.poll(() => focused(page)).toBe('← Previous');
    await page.screenshot({ path: `${SHOTS}/l3-pager-focus.png` });

    await pager.getByRole('button', { name: 'Oldest' }).focus();
    await page.keyboard.press('Enter');
    await pager.getByText(/Page 1 of \d+/).waitFor();
    await expect.poll(() => focused(page)).toBe('Next →');
  });
});
