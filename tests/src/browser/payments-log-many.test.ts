// A payments log of many rows stays usable: the first 250 are drawn and Show more adds as many again, so a filter
// change or a re-read after a push does not draw up to 5,000 rows at once. Before, an accountant's page with a few
// thousand rows froze (its main thread busy 20 s out of 20) while dispatch edited loads elsewhere, and each filter
// change took seconds.
import { describe, expect, it } from 'vitest';
import { DEMO_PASSWORD, signIn } from '../accounts/support';
import { useBrowserSuite } from './support';

const suite = useBrowserSuite({ config: { seedDemo: true, demoPassword: DEMO_PASSWORD } }, 180_000);

describe('a payments log of many rows', () => {
  it('draws 250 rows, adds 250 at each Show more, starts again on a filter change, and takes new rows live', { timeout: 120_000 }, async () => {
    const accounting = await signIn(suite.system, 'accounting', 'staff');
    const { rows: loads } = await suite.system.db.pool.query<{ id: string }>(`SELECT id FROM loads WHERE kdt_id = 'kdt_24102'`);
    const loadId = loads[0]!.id;
    for (let amount = 1; amount <= 620; amount++) {
      expect((await accounting.request('PATCH', `/api/loads/${loadId}/`, { amount_paid: amount })).status).toBe(200);
    }
    await suite.system.caughtUp();
    const total = (await accounting.get<unknown[]>('/api/payments/log/')).body.length;
    expect(total).toBeGreaterThan(620);

    const page = await suite.signedInPage('staff', 'accounting', DEMO_PASSWORD, '/staff/loads', { locale: 'en-US' });
    await page.goto(`${suite.system.url}/staff/payments`);
    const rows = page.getByRole('table', { name: 'Payments log' }).locator('tbody tr');
    const showMore = page.getByRole('button', { name: /^Show \d+ more$/ });
    await showMore.waitFor();
    expect(await rows.count()).toBe(250);
    expect(await page.getByText(`Showing 250 of ${total.toLocaleString('en-US')}`).count()).toBe(1);
    // Newest first: the last change made is the first row.
    expect(await rows.first().locator('.cell-summary').textContent()).toContain('$620.00');

    await showMore.click();
    await expect.poll(() => rows.count()).toBe(500);
    // A change made now arrives by the push and is drawn at the top, the rows shown staying as many.
    expect((await accounting.request('PATCH', `/api/loads/${loadId}/`, { amount_paid: 621 })).status).toBe(200);
    await expect.poll(() => rows.first().locator('.cell-summary').textContent(), { timeout: 10_000 }).toContain('$621.00');
    expect(await rows.count()).toBe(500);

    // Another filter: the first 250 of its rows.
    await page.getByLabel('Status After Change').selectOption('unpaid');
    await expect.poll(() => new URL(page.url()).searchParams.get('status')).toBe('unpaid');
    await expect.poll(() => rows.count()).toBeLessThanOrEqual(250);
    await page.getByLabel('Status After Change').selectOption('');
    await expect.poll(() => rows.count()).toBe(250);

    // To the end: the button goes when every row is drawn.
    for (let click = 0; click < 10 && (await showMore.count()) > 0; click++) await showMore.click();
    await expect.poll(() => rows.count()).toBe(total + 1);
    expect(await showMore.count()).toBe(0);
    // The last press took its button away: it is said, and the focus is on the first row it drew, not on <body>.
    await page.getByRole('status').filter({ hasText: `Showing ${(total + 1).toLocaleString('en-US')} of ${(total + 1).toLocaleString('en-US')}` }).waitFor();
    const lastFrom = Math.ceil((total + 1) / 250) * 250 - 250;
    await expect
      .poll(() => page.evaluate<string>(`document.activeElement.tagName + ' in ' + document.activeElement.closest('table')?.getAttribute('aria-label') + ', row ' + document.activeElement.closest('tr')?.sectionRowIndex`))
      .toBe(`A in Payments log, row ${lastFrom}`);
  });
});
