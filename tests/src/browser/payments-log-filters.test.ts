// The payments log's date filters in a real browser: a date typed with the keyboard applies, and the days are the
// days the rows show (the browser's own time zone), not UTC days.
import fs from 'node:fs/promises';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { DEMO_PASSWORD } from '../accounts/support';
import type { PortalClient } from '../support/http-client';
import { expectCellsInView, loginThroughUi, screenshot, useBrowserSuite, waitForPath } from './support';

const suite = useBrowserSuite({ config: { seedDemo: true, demoPassword: DEMO_PASSWORD } }, 180_000);
const SHOTS = '/tmp/s11-ui-fix-shots';

interface LoadRow {
  id: string;
  kdt_id: string;
  payment_status: string;
}

/** The day `instant` falls on in `timeZone`, yyyy-mm-dd. */
const dayIn = (timeZone: string, instant = new Date()) => new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(instant);

async function paymentsPage(timezoneId: string): Promise<Page> {
  const page = await suite.openPage({ locale: 'en-US', timezoneId, acceptDownloads: true });
  await loginThroughUi(page, 'staff', 'accounting', DEMO_PASSWORD, '/staff/loads');
  await page.goto('/staff/payments');
  await page.getByRole('table', { name: 'Payments log' }).waitFor();
  return page;
}

/** A payment change of our own, once the log shows it. */
async function changePayment(accounting: PortalClient): Promise<LoadRow> {
  const load = (await accounting.get<LoadRow[]>('/api/loads/')).body.find((candidate) => candidate.payment_status !== 'disputed')!;
  expect((await accounting.request('PATCH', `/api/loads/${load.id}/`, { payment_status: 'disputed' })).status).toBe(200);
  await expect.poll(async () => (await accounting.get<{ load_id: string }[]>('/api/payments/log/')).body.some((entry) => entry.load_id === load.id)).toBe(true);
  return load;
}

const rowsOf = (page: Page) => page.getByRole('table', { name: 'Payments log' }).locator('tbody tr');

describe('payments log date filters', () => {
  it('take a date typed with the keyboard, digit by digit', { timeout: 120_000 }, async () => {
    const accounting = await suite.signedInClient('accounting', DEMO_PASSWORD, 'staff');
    const load = await changePayment(accounting);
    const page = await paymentsPage('UTC');
    // What the dates filter by, said beside them: a payment dated in October and entered in November is a November change.
    await page.getByRole('form', { name: 'Payments filters' }).getByText('From and To are the days a change was recorded (in your time zone), not the payment dates it set.').waitFor();
    await screenshot(page, 'payments-filters-hint');
    const today = dayIn('UTC');
    const [year, month, day] = today.split('-');

    const from = page.getByLabel('From', { exact: true });
    // Tabbing in (focus) starts at the month, as a keyboard user would.
    await from.focus();
    await page.keyboard.type(`${month}${day}${year}`);
    await expect.poll(() => from.inputValue()).toBe(today);
    await expect.poll(() => new URL(page.url()).searchParams.get('from')).toBe(today);
    await expect.poll(() => rowsOf(page).filter({ hasText: load.kdt_id }).count()).toBeGreaterThan(0);

    // To, typed as the day before: the range is refused with the page's own message, and nothing is lost on reload.
    const to = page.getByLabel('To', { exact: true });
    const yesterday = new Date(Date.parse(`${today}T00:00:00Z`) - 86_400_000).toISOString().slice(0, 10);
    const [yYear, yMonth, yDay] = yesterday.split('-');
    await to.focus();
    await page.keyboard.type(`${yMonth}${yDay}${yYear}`);
    await page.getByText('The From date must be on or before the To date.').waitFor();
    await page.screenshot({ path: `${SHOTS}/h1-typed-range-refused.png` });
    await page.reload();
    await expect.poll(() => from.inputValue()).toBe(today);
    await expect.poll(() => to.inputValue()).toBe(yesterday);
    // Emptied with the keyboard (each of its three parts), the filter goes when the field is left.
    await to.focus();
    for (const key of ['Backspace', 'Tab', 'Backspace', 'Tab', 'Backspace']) await page.keyboard.press(key);
    await page.getByLabel('Vendor').focus();
    await expect.poll(() => new URL(page.url()).searchParams.get('to')).toBeNull();
    await expect.poll(() => rowsOf(page).filter({ hasText: load.kdt_id }).count()).toBeGreaterThan(0);
    await page.screenshot({ path: `${SHOTS}/h1-typed-from.png` });
  });

  it('say so at the field when a typed date is finished but unusable (a 2-digit year), instead of leaving it out silently', { timeout: 120_000 }, async () => {
    const page = await paymentsPage('America/Chicago');
    const from = page.getByLabel('From', { exact: true });
    await from.focus();
    await page.keyboard.type('112526');
    expect(await from.inputValue()).toBe('0026-11-25');
    await page.getByLabel('Vendor').focus();
    const problem = page.getByRole('alert').filter({ hasText: 'Enter a year between 1900 and 2200.' });
    await problem.waitFor();
    expect(await from.getAttribute('aria-invalid')).toBe('true');
    expect(new URL(page.url()).searchParams.get('from')).toBeNull();
    await page.screenshot({ path: `${SHOTS}/h1-two-digit-year.png` });
    // The whole year typed: the filter applies and the message goes.
    await from.fill('2026-11-25');
    await expect.poll(() => new URL(page.url()).searchParams.get('from')).toBe('2026-11-25');
    await expect.poll(() => problem.count()).toBe(0);
    expect(await from.getAttribute('aria-invalid')).toBeNull();
  });

  it('keep both dates when From and To are committed one right after the other', { timeout: 120_000 }, async () => {
    const page = await paymentsPage('UTC');
    const today = dayIn('UTC');
    // Both fields change in one task, before the page can re-render in between (a browser's autofill, a slow device).
    await page.evaluate(`(() => {
      const setValue = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value').set;
      for (const name of ['From', 'To']) {
        const input = [...document.querySelectorAll('label')].find((label) => label.textContent === name).control;
        setValue.call(input, '${today}');
        input.dispatchEvent(new Event('input', { bubbles: true }));
      }
    })()`);
    await expect.poll(() => new URL(page.url()).search).toBe(`?from=${today}&to=${today}`);
    expect(await page.getByLabel('From', { exact: true }).inputValue()).toBe(today);
    expect(await page.getByLabel('To', { exact: true }).inputValue()).toBe(today);
  });

  it('are the days the rows show, in a browser whose time zone is not UTC', { timeout: 120_000 }, async () => {
    const accounting = await suite.signedInClient('accounting', DEMO_PASSWORD, 'staff');
    const load = await changePayment(accounting);
    // A zone whose day differs from the UTC day now, so UTC days would miss the change.
    const now = new Date();
    const zone = ['Pacific/Auckland', 'Pacific/Kiritimati', 'Pacific/Pago_Pago'].find((candidate) => dayIn(candidate, now) !== dayIn('UTC', now))!;
    const localDay = dayIn(zone, now);
    const page = await paymentsPage(zone);
    const ours = rowsOf(page).filter({ hasText: load.kdt_id }).filter({ hasText: 'Payment status:' });
    const shown = new Intl.DateTimeFormat('en-US', { timeZone: zone, month: 'short', day: 'numeric', year: 'numeric' }).format(now);
    await expect.poll(() => ours.first().textContent()).toContain(shown);

    await page.getByLabel('From', { exact: true }).fill(localDay);
    await page.getByLabel('To', { exact: true }).fill(localDay);
    await expect.poll(() => new URL(page.url()).search).toBe(`?from=${localDay}&to=${localDay}`);
    await expect.poll(() => page.getByRole('table', { name: 'Payments log' }).locator('xpath=..').getAttribute('aria-busy')).toBe('false');
    await expect.poll(() => ours.count()).toBeGreaterThan(0);
    await page.screenshot({ path: `${SHOTS}/h2-local-day-filter.png` });

    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Export CSV' }).click()]);
    const csv = await fs.readFile((await download.path())!, 'utf8');
    expect(csv.split('\r\n').some((line) => line.includes(`"${load.kdt_id}"`) && line.includes('"Payment status"'))).toBe(true);
  });
});

describe('loads awaiting payment', () => {
  it('lists the delivered loads not paid in full over the log, and follows a delivery and a payment made elsewhere', { timeout: 90_000 }, async () => {
    const page = await paymentsPage('America/Chicago');
    const accounting = await suite.signedInClient('accounting', DEMO_PASSWORD, 'staff');
    const awaiting = page.getByRole('table', { name: 'Delivered loads awaiting payment' });
    const region = page.getByRole('region', { name: 'Awaiting payment' });
    await region.getByText(/delivered loads? not paid in full: \$[\d,]+\.\d\d outstanding/).waitFor();
    const before = (await accounting.get<{ id: string; balance: number | null }[]>('/api/payments/awaiting/')).body;

    // A load is delivered elsewhere: it joins the list without a reload.
    const loads = (await accounting.get<{ id: string; kdt_id: string; status: string; payment_status: string }[]>('/api/loads/')).body;
    const target = loads.find((load) => load.status !== 'delivered' && load.payment_status !== 'paid')!;
    const dispatch = await suite.signedInClient('dispatch', DEMO_PASSWORD, 'staff');
    expect((await dispatch.request('PATCH', `/api/loads/${target.id}/`, { status: 'delivered' })).status).toBe(200);
    const targetRow = awaiting.getByRole('row').filter({ has: page.getByRole('link', { name: target.kdt_id, exact: true }) });
    // Shown (delivered just now, so among the last), once Show more has brought it into view.
    await expect
      .poll(async () => {
        const more = region.getByRole('button', { name: /^Show \d+ more$/ });
        if (await more.count()) await more.click();
        return targetRow.count();
      }, { timeout: 10_000 })
      .toBe(1);
    // What it still owes: its rate, nothing paid.
    await expect.poll(() => targetRow.locator('td').nth(6).textContent()).toMatch(/^\$[\d,]+\.\d\d$/);
    await page.screenshot({ path: `${SHOTS}/awaiting-payment.png`, fullPage: true });
    await expect.poll(async () => (await region.getByText(/not paid in full/).textContent()) ?? '').toContain(`${before.length + 1} delivered loads`);

    // Paid elsewhere: it leaves the list.
    expect((await accounting.request('PATCH', `/api/loads/${target.id}/`, { payment_status: 'paid' })).status).toBe(200);
    await expect.poll(() => targetRow.count(), { timeout: 10_000 }).toBe(0);
  });
});

describe('the payments page on a phone', () => {
  it('shows each payment change and each load awaiting payment whole, within the screen', { timeout: 90_000 }, async () => {
    const page = await suite.openPage({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
    await loginThroughUi(page, 'staff', 'accounting', DEMO_PASSWORD, '/staff/loads');
    await page.goto('/staff/payments');
    const log = page.getByRole('table', { name: 'Payments log' });
    const owed = page.getByRole('table', { name: 'Delivered loads awaiting payment' });
    await log.locator('tbody tr').first().waitFor();
    await owed.locator('tbody tr').first().waitFor();
    // Before: both tables scrolled sideways in their boxes, with the change, who made it, the balance and the status
    // off the screen to the right.
    for (const table of [log, owed]) expect(await table.evaluate((el) => el.parentElement!.scrollWidth <= el.parentElement!.clientWidth)).toBe(true);
    expect(await page.evaluate<number>('document.documentElement.scrollWidth')).toBe(390);
    await expectCellsInView(log.locator('tbody tr').first(), ['.cell-at', '.cell-kdt_id', '.cell-vendor_name', '.cell-summary', '.cell-actor', '.cell-payment_status'], 390);
    await expectCellsInView(owed.locator('tbody tr').first(), ['.cell-kdt_id', '.cell-delivery_date', '.cell-waiting', '.pay-amount >> nth=0', '.cell-balance', '.cell-payment_status'], 390);
    // The log still sorts by its When header, which stays in view as the cards' sort control.
    await log.getByRole('button', { name: /^When/ }).click();
    await expect.poll(() => log.getByRole('columnheader', { name: /^When/ }).getAttribute('aria-sort')).toBe('ascending');
    await page.screenshot({ path: `${SHOTS}/payments-phone.png`, fullPage: true });
  });
});

describe('a load marked Paid with less than its rate recorded as paid', () => {
  it('says so under its payment status, until the amount paid is recorded', { timeout: 90_000 }, async () => {
    const accounting = await suite.signedInClient('accounting', DEMO_PASSWORD, 'staff');
    type Priced = { id: string; payment_status: string; rate_amount: number | null; amount_paid: number | null };
    const load = (await accounting.get<Priced[]>('/api/loads/')).body.find((l) => l.payment_status !== 'paid' && (l.rate_amount ?? 0) > 0 && !l.amount_paid)!;
    const page = await suite.openPage();
    await loginThroughUi(page, 'staff', 'accounting', DEMO_PASSWORD, '/staff/loads');
    await page.goto(`/staff/load/${load.id}`);
    const select = page.getByLabel('Payment Status');
    await select.selectOption('paid');
    await page.getByText('Payment status updated to Paid').first().waitFor();
    // Before: "Paid", and nothing said that nothing was recorded as paid; the load left the awaiting list with its balance.
    const rate = `$${load.rate_amount!.toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;
    const notice = page.getByText(`Marked Paid with $0.00 of the ${rate} rate recorded as paid: record the amount paid under Rate & Payment.`);
    await notice.waitFor();
    await page.screenshot({ path: `${SHOTS}/paid-short.png` });
    // The amount recorded (here by someone else): the notice goes, live.
    expect((await accounting.request('PATCH', `/api/loads/${load.id}/`, { amount_paid: load.rate_amount })).status).toBe(200);
    await expect.poll(() => notice.count(), { timeout: 10_000 }).toBe(0);
  });
});
