// The status and payment status dropdowns from the keyboard (audit s12, finding 2): on a closed select, ArrowDown only
// drafts a value (no PATCH, the focus stays), Enter saves it (one PATCH, the spec's toast, the focus still there, the
// select never disabled while saving), Escape or leaving the select puts the saved value back, and a choice from the
// list with the mouse still saves at once. On the staff board (DISPATCH_OPS) and on a vendor's load detail.
import type { Locator, Page, Request, Route } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { toast, useBrowserSuite } from './support';
import { DEMO_PASSWORD } from '../accounts/support';

const DRAFT_HINT = 'Press Enter to save, Escape to cancel.';
/** Long enough to look at the select while its save runs. */
const SAVE_DELAY_MS = 600;

const suite = useBrowserSuite({ config: { seedDemo: true, demoPassword: DEMO_PASSWORD } });

const signedIn = (portal: 'staff' | 'vendor', username: string, landing: string): Promise<Page> => suite.signedInPage(portal, username, DEMO_PASSWORD, landing);

/** The JSON bodies of the page's PATCHes of loads, as they are sent; each answer is held back SAVE_DELAY_MS. */
/** The demo vendor's load detail page for `kdtId`, reached from its loads list. */
async function vendorLoadDetail(kdtId: string): Promise<Page> {
  const page = await signedIn('vendor', 'carrier', '/loads');
  await page.getByRole('link', { name: kdtId, exact: true }).click();
  await page.getByRole('heading', { name: `Load Details ${kdtId}`, level: 1 }).waitFor();
  return page;
}

async function watchPatches(page: Page): Promise<unknown[]> {
  const bodies: unknown[] = [];
  page.on('request', (request: Request) => {
    if (request.method() === 'PATCH' && /^\/api\/loads\/[^/]+\/$/.test(new URL(request.url()).pathname)) bodies.push(request.postDataJSON());
  });
  await page.route(
    (url) => /^\/api\/loads\/[^/]+\/$/.test(url.pathname),
    async (route: Route) => {
      if (route.request().method() === 'PATCH') await new Promise((resolve) => setTimeout(resolve, SAVE_DELAY_MS));
      await route.continue();
    },
  );
  return bodies;
}

const hasFocus = (element: Locator) => element.evaluate((node) => node === node.ownerDocument.activeElement);
const focused = (page: Page) => page.evaluate<string>('document.activeElement ? document.activeElement.outerHTML.slice(0, 120) : "none"');
/** The polite hint beside a select (in the same cell or control row). */
const hintNear = (select: Locator) => select.locator('xpath=following-sibling::span[@aria-live="polite"][1]');

async function expectFocused(page: Page, select: Locator) {
  expect(await hasFocus(select), `focused: ${await focused(page)}`).toBe(true);
}

/** Lets anything sent late (a PATCH, a re-render) arrive before a "nothing happened" check. */
const settle = (page: Page) => page.waitForTimeout(300);

/**
 * The keyboard journey on one select: ArrowDown drafts `next` (nothing sent), Enter saves it once with the spec toast,
 * the select stays focused and enabled (aria-busy) while saving and ignores arrows meanwhile; then a draft is
 * reverted by Escape and by leaving the select.
 */
async function keyboardSaves(page: Page, select: Locator, patches: unknown[], field: string, saved: string, next: string, toastText: string) {
  expect(await select.inputValue()).toBe(saved);
  await select.focus();
  await page.keyboard.press('ArrowDown');
  await settle(page);
  expect(patches).toEqual([]);
  expect(await select.inputValue()).toBe(next);
  await expectFocused(page, select);
  expect(await hintNear(select).textContent()).toBe(DRAFT_HINT);

  await page.keyboard.press('Enter');
  // While it saves: still enabled and focused, marked busy, and arrows change nothing.
  await expect.poll(() => select.getAttribute('aria-busy')).toBe('true');
  // Not `disabled` (which would drop the focus to the body): aria-disabled, which Playwright also counts as disabled.
  expect(await select.getAttribute('disabled')).toBeNull();
  expect(await select.getAttribute('aria-disabled')).toBe('true');
  await expectFocused(page, select);
  await page.keyboard.press('ArrowDown');
  expect(await select.inputValue()).toBe(next);
  await toast(page, toastText).waitFor();
  await expect.poll(() => select.getAttribute('aria-busy')).toBeNull();
  await settle(page);
  expect(patches).toEqual([{ [field]: next }]);
  expect(await select.inputValue()).toBe(next);
  expect(await hintNear(select).textContent()).toBe('');
  await expectFocused(page, select);

  // Escape drops a draft.
  await page.keyboard.press('ArrowUp');
  expect(await select.inputValue()).toBe(saved);
  await page.keyboard.press('Escape');
  expect(await select.inputValue()).toBe(next);
  await expectFocused(page, select);
  // So does leaving the select.
  await page.keyboard.press('ArrowUp');
  expect(await select.inputValue()).toBe(saved);
  await select.blur();
  expect(await select.inputValue()).toBe(next);
  await settle(page);
  expect(patches).toHaveLength(1);
}

/** A choice from the list with the mouse saves at once, and the focused select keeps the focus. */
async function mouseSaves(page: Page, select: Locator, patches: unknown[], field: string, value: string, toastText: string) {
  const before = patches.length;
  await select.focus();
  await select.selectOption(value);
  await expect.poll(() => patches.length).toBe(before + 1);
  expect(patches.at(-1)).toEqual({ [field]: value });
  await toast(page, toastText).waitFor();
  await settle(page);
  expect(patches).toHaveLength(before + 1);
  expect(await select.inputValue()).toBe(value);
  await expectFocused(page, select);
}

describe('status dropdowns from the keyboard', () => {
  it('on the staff board (DISPATCH_OPS): arrows draft, Enter saves, Escape and Tab revert, the mouse saves at once', { timeout: 60_000 }, async () => {
    const page = await signedIn('staff', 'dispatch', '/staff/loads');
    const select = page.getByRole('region', { name: 'Loads' }).getByRole('combobox', { name: 'Status of kdt_24108' });
    await select.waitFor();
    const patches = await watchPatches(page);
    // As a keyboard user gets there: the grid cell, then Enter moves the focus into its select.
    const cell = page.getByRole('region', { name: 'Loads' }).locator('.ag-row').filter({ has: page.getByRole('combobox', { name: 'Status of kdt_24108' }) }).locator('[col-id="status"]');
    await cell.focus();
    await page.keyboard.press('Enter');
    await expectFocused(page, select);
    await keyboardSaves(page, select, patches, 'status', 'open', 'picked_up', 'Status updated to Picked Up');
    // Tab from a draft: reverted and nothing sent, the focus moves on in the normal way.
    await select.focus();
    await page.keyboard.press('ArrowDown');
    expect(await select.inputValue()).toBe('delivered');
    await page.keyboard.press('Tab');
    expect(await select.inputValue()).toBe('picked_up');
    await settle(page);
    expect(patches).toHaveLength(1);
    await mouseSaves(page, select, patches, 'status', 'delivered', 'Status updated to Delivered');
  });

  it("on a vendor's load detail: the status", { timeout: 60_000 }, async () => {
    const page = await vendorLoadDetail('kdt_24109');
    const select = page.getByRole('combobox', { name: 'Status', exact: true });
    const patches = await watchPatches(page);
    await keyboardSaves(page, select, patches, 'status', 'open', 'picked_up', 'Status updated to Picked Up');
    await mouseSaves(page, select, patches, 'status', 'cancelled', 'Status updated to Cancelled');
  });

  it("on a vendor's load detail: the payment status", { timeout: 60_000 }, async () => {
    const page = await vendorLoadDetail('kdt_24110');
    const select = page.getByRole('combobox', { name: 'Payment Status', exact: true });
    const patches = await watchPatches(page);
    await keyboardSaves(page, select, patches, 'payment_status', 'unpaid', 'partial', 'Payment status updated to Partial');
    await mouseSaves(page, select, patches, 'payment_status', 'paid', 'Payment status updated to Paid');
  });
});

describe('Assign Vendor from the keyboard (staff load page)', () => {
  /** dispatch on the staff page of `kdtId`, reached from the board. */
  async function staffLoadPage(kdtId: string): Promise<Page> {
    const page = await signedIn('staff', 'dispatch', '/staff/loads');
    await page.getByRole('link', { name: kdtId, exact: true }).click();
    await page.getByRole('heading', { name: kdtId, level: 1 }).waitFor();
    return page;
  }
  const box = (page: Page) => page.getByRole('region', { name: 'Assign Vendor' });

  it('keeps the focus on its button while it assigns, says the outcome, and ties a missing vendor to the select', { timeout: 60_000 }, async () => {
    const page = await staffLoadPage('kdt_24112');
    const patches = await watchPatches(page);
    const select = box(page).getByRole('combobox', { name: 'Vendor' });
    const button = box(page).getByRole('button', { name: /^(Assign Vendor|Assigning\.\.\.)$/ });
    await select.waitFor();
    await expect.poll(() => select.locator('option').count()).toBeGreaterThan(1);
    // No vendor chosen: the alert names it, and the select is described by it.
    await button.focus();
    await page.keyboard.press('Enter');
    const alert = box(page).getByRole('alert');
    await expect.poll(() => alert.textContent()).toBe('Please select a vendor.');
    expect(await select.getAttribute('aria-invalid')).toBe('true');
    const describedBy = (await select.getAttribute('aria-describedby')) ?? '';
    expect(await page.locator(`[id="${describedBy}"]`).textContent()).toBe('Please select a vendor.');
    // The status region is on the page before it says anything (one added with its text already in it is not read).
    const status = box(page).getByRole('status');
    expect(await status.count()).toBe(1);
    expect(await status.textContent()).toBe('');

    await select.selectOption({ index: 1 });
    await button.focus();
    await page.keyboard.press('Enter');
    // While it assigns (the answer is held back): the button keeps the focus, busy rather than disabled.
    await expect.poll(() => button.getAttribute('aria-busy')).toBe('true');
    await expectFocused(page, button);
    expect(await button.evaluate((node) => (node as unknown as { disabled: boolean }).disabled)).toBe(false);
    await expect.poll(() => status.textContent()).toBe('Vendor assigned successfully!');
    await expectFocused(page, button);
    expect(patches).toHaveLength(1);
  });

  it('says why a load with a payment to its vendor is not handed to another', { timeout: 60_000 }, async () => {
    const page = await staffLoadPage('kdt_24101');
    const select = box(page).getByRole('combobox', { name: 'Vendor' });
    await expect.poll(() => select.locator('option').count()).toBeGreaterThan(1);
    const other = await select.locator('option').evaluateAll((options) => options.map((o) => ({ value: o.getAttribute('value'), text: o.textContent })));
    const target = other.find((option) => option.value && !/Lone Star/.test(option.text ?? ''))!;
    await select.selectOption(target.value!);
    await box(page).getByRole('button', { name: 'Assign Vendor' }).click();
    await expect.poll(() => box(page).getByRole('alert').textContent()).toMatch(/^Payments are recorded on this load for its current vendor\./);
    expect(await box(page).locator('.assign-vendor-current').textContent()).toMatch(/Lone Star/);
  });
});
