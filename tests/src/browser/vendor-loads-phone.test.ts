// A carrier on a phone. The loads table, wider than the screen, says it scrolls sideways and keeps each row's Load ID
// in view while the dates and documents scroll under it. Fields keep 16 px text (iOS zooms into a smaller one when it
// takes the focus), digits-only fields bring up a number pad, the small controls a finger must hit are 44 px tall, and
// a profile document of a refused type is said when it is chosen. The desktop layout is as before.
import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { DEMO_PASSWORD } from '../accounts/support';
import { loginThroughUi, useBrowserSuite } from './support';

const suite = useBrowserSuite({ config: { seedDemo: true, demoPassword: DEMO_PASSWORD } }, 180_000);
const SHOTS = '/tmp/s11-ui-fix-shots';
const SCROLLER = `document.querySelector('.loads-table-scroll')`;
const HINT = 'Swipe sideways for dates and documents →';

const PHONE = { width: 390, height: 844 };
const LAPTOP = { width: 1280, height: 720 };

async function vendorLoads(viewport: { width: number; height: number }): Promise<Page> {
  const page = await suite.openPage({ viewport, isMobile: viewport.width < 640, hasTouch: viewport.width < 640 });
  await loginThroughUi(page, 'vendor', 'carrier', DEMO_PASSWORD, '/loads');
  await page.locator('.loads-table tbody tr').first().waitFor();
  return page;
}

/** The vendor's profile, with its Company Authority uploader (the demo carrier has every document on file). */
async function vendorProfile(viewport: { width: number; height: number }): Promise<{ page: Page; authority: Locator }> {
  const page = await vendorLoads(viewport);
  await page.goto('/profile');
  const authority = page.getByRole('group', { name: 'Company Authority', exact: true });
  await authority.getByRole('button', { name: 'Replace' }).waitFor();
  return { page, authority };
}

/** The smallest computed font size, in px, of the page's text fields, selects and text areas. */
const smallestFieldText = (page: Page) =>
  page.evaluate<number>(`Math.min(...[...document.querySelectorAll('input, select, textarea')]
    .filter((element) => !['checkbox', 'radio', 'file', 'hidden', 'range', 'color'].includes(element.type))
    .map((element) => parseFloat(getComputedStyle(element).fontSize)))`);

const heightOf = async (locator: Locator) => (await locator.boundingBox())!.height;

/** Each element's height, for those shorter than `min` px (by their text, to name them in a failure). */
async function shorterThan(locators: Locator[], min: number): Promise<string[]> {
  const short: string[] = [];
  for (const locator of locators) {
    for (const element of await locator.all()) {
      const height = await heightOf(element);
      if (height < min) short.push(`${(await element.textContent())?.trim() || (await element.getAttribute('aria-label'))}: ${height} px`);
    }
  }
  return short;
}

describe('vendor loads table', () => {
  it('on a phone, says it scrolls sideways and keeps the Load ID column in view', { timeout: 120_000 }, async () => {
    const page = await vendorLoads({ width: 390, height: 844 });
    await expect(page.getByText(HINT).isVisible()).resolves.toBe(true);
    const firstCell = page.locator('.loads-table tbody tr').first().locator('td').first();
    const kdtId = (await firstCell.textContent())!;
    expect(kdtId).toMatch(/^kdt_/);

    await page.evaluate(`${SCROLLER}.scrollLeft = ${SCROLLER}.scrollWidth`);
    await expect.poll(() => page.evaluate<number>(`${SCROLLER}.scrollLeft`)).toBeGreaterThan(300);
    const box = (await firstCell.boundingBox())!;
    expect(box.x).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width).toBeLessThan(390);
    // The last column (photos) is in view beside it.
    const lastBox = (await page.locator('.loads-table tbody tr').first().locator('td').last().boundingBox())!;
    expect(lastBox.x + lastBox.width).toBeLessThanOrEqual(390);
    expect(lastBox.x).toBeGreaterThanOrEqual(box.x + box.width - 1);
    await page.screenshot({ path: `${SHOTS}/m2-vendor-loads-phone-scrolled.png` });
    await page.evaluate(`${SCROLLER}.scrollLeft = 0`);
    await page.screenshot({ path: `${SHOTS}/m2-vendor-loads-phone.png` });
  });

  it('on a phone, scrolls each cell Tab reaches wholly into view, clear of the pinned Load ID', { timeout: 120_000 }, async () => {
    // The browser's own scroll left cells half past the screen's edge, their focus ring cut (keyboard audit).
    const page = await vendorLoads(PHONE);
    const row = page.locator('.loads-table tbody tr').nth(4);
    await row.getByRole('link').focus();
    const seen: string[] = [];
    // Its two dates and five documents.
    for (let i = 0; i < 7; i++) {
      await page.keyboard.press('Tab');
      const { name, left, right, pinnedRight } = await page.evaluate<{ name: string; left: number; right: number; pinnedRight: number }>(`(() => {
        const cell = document.activeElement.closest('td');
        const box = cell.getBoundingClientRect();
        return { name: document.activeElement.getAttribute('aria-label') ?? document.activeElement.textContent, left: box.left, right: box.right,
          pinnedRight: cell.parentElement.firstElementChild.getBoundingClientRect().right };
      })()`);
      seen.push(name);
      expect(left, name).toBeGreaterThanOrEqual(pinnedRight - 1);
      expect(right, name).toBeLessThanOrEqual(PHONE.width + 1);
    }
    // The row's cells, from its dates to its photos.
    expect(seen.at(-1)).toMatch(/^Photos for Load /);
    // And back: Shift+Tab keeps each clear of the pinned column.
    for (let i = 0; i < 6; i++) {
      await page.keyboard.press('Shift+Tab');
      const { left, pinnedRight } = await page.evaluate<{ left: number; pinnedRight: number }>(`(() => {
        const cell = document.activeElement.closest('td');
        return { left: cell.getBoundingClientRect().left, pinnedRight: cell.parentElement.firstElementChild.getBoundingClientRect().right };
      })()`);
      expect(left).toBeGreaterThanOrEqual(pinnedRight - 1);
    }
  });

  it('on a phone, shows "No loads found" on screen after a search with no match; on a laptop, centred in the table as before', { timeout: 120_000 }, async () => {
    // Before: the empty cell spanned the whole ~950 px table and its centred text sat at x = 435-546 on a 390 px screen.
    const noMatch = async (page: Page) => {
      await page.getByRole('searchbox', { name: 'Find load by ID, date, or location.' }).fill('99999');
      const empty = page.getByText('No loads found', { exact: true });
      await empty.waitFor();
      const scroller = (await page.locator('.loads-table-scroll').boundingBox())!;
      // The drawn text's own box (the element holding it may be wider).
      const text = () => empty.evaluate((element) => {
        const range = element.ownerDocument.createRange();
        range.selectNodeContents(element);
        const { left, right } = range.getBoundingClientRect();
        return { left, right, middle: (left + right) / 2 };
      });
      return { scroller, text, middle: scroller.x + scroller.width / 2 };
    };

    const phone = await vendorLoads(PHONE);
    const onPhone = await noMatch(phone);
    expect(onPhone.scroller.x + onPhone.scroller.width).toBeLessThanOrEqual(PHONE.width);
    const inView = async () => {
      const text = await onPhone.text();
      expect(text.left).toBeGreaterThanOrEqual(onPhone.scroller.x);
      expect(text.right).toBeLessThanOrEqual(onPhone.scroller.x + onPhone.scroller.width);
      expect(Math.abs(text.middle - onPhone.middle)).toBeLessThan(4);
    };
    await inView();
    await phone.screenshot({ path: `${SHOTS}/a1-vendor-loads-phone-no-match.png` });
    // And where it is when the table is scrolled sideways.
    await phone.evaluate(`${SCROLLER}.scrollLeft = ${SCROLLER}.scrollWidth`);
    await expect.poll(() => phone.evaluate<number>(`${SCROLLER}.scrollLeft`)).toBeGreaterThan(300);
    await inView();

    const laptop = await vendorLoads(LAPTOP);
    const onLaptop = await noMatch(laptop);
    expect(Math.abs((await onLaptop.text()).middle - onLaptop.middle)).toBeLessThan(4);
    await laptop.screenshot({ path: `${SHOTS}/a1-vendor-loads-laptop-no-match.png` });
  });

  it('on a laptop, is laid out as before: no hint, no column held in place', { timeout: 120_000 }, async () => {
    const page = await vendorLoads({ width: 1280, height: 720 });
    await expect(page.getByText(HINT).isVisible()).resolves.toBe(false);
    const firstCell = page.locator('.loads-table tbody tr').first().locator('td').first();
    await expect(page.evaluate<string>(`getComputedStyle(document.querySelector('.loads-table tbody td')).position`)).resolves.toBe('static');
    await page.screenshot({ path: `${SHOTS}/m2-vendor-loads-laptop.png` });
  });

  it('on a phone, sort buttons and Load ID links are finger-sized, and so is the close button of a dialog', { timeout: 120_000 }, async () => {
    const page = await vendorLoads(PHONE);
    expect(await shorterThan([page.locator('.loads-table .sort-button'), page.locator('.loads-table .load-id-link')], 44)).toEqual([]);
    await page.locator('.loads-table tbody tr').first().getByRole('button', { name: /change pick-up date/ }).tap();
    const close = page.getByRole('dialog').getByRole('button', { name: 'Close' });
    await close.waitFor();
    const box = (await close.boundingBox())!;
    expect(Math.min(box.width, box.height)).toBeGreaterThanOrEqual(44);
    expect(await smallestFieldText(page)).toBeGreaterThanOrEqual(16);
    await close.tap();
    await expect.poll(() => page.getByRole('dialog').count()).toBe(0);
  });
});

describe('a phone on its side (844 x 390)', () => {
  it('shows a document dialog\'s Upload button without scrolling the dialog', { timeout: 120_000 }, async () => {
    const page = await suite.openPage({ viewport: { width: 844, height: 390 }, isMobile: true, hasTouch: true });
    await loginThroughUi(page, 'vendor', 'carrier', DEMO_PASSWORD, '/loads');
    const row = page.getByRole('row').filter({ has: page.getByRole('link', { name: 'kdt_24108', exact: true }) });
    await row.getByRole('button', { name: /^Rate Confirmation for Load kdt_24108: / }).tap();
    const dialog = page.getByRole('dialog', { name: 'Rate Confirmation for Load kdt_24108' });
    const upload = dialog.getByRole('button', { name: 'Upload', exact: true });
    await upload.waitFor();
    const [button, frame] = [(await upload.boundingBox())!, (await dialog.boundingBox())!];
    // Before: the button began at 367 px, below the dialog's edge (351 px), until the dialog was scrolled.
    expect(button.y + button.height).toBeLessThanOrEqual(Math.min(frame.y + frame.height, 390));
    await page.screenshot({ path: `${SHOTS}/m5-document-dialog-landscape.png` });
  });
});

describe('vendor profile on a phone', () => {
  it('keeps every field at 16 px or more, asks for a number pad where only digits go, and has finger-sized document controls', { timeout: 120_000 }, async () => {
    const { page, authority } = await vendorProfile(PHONE);
    expect(await smallestFieldText(page)).toBeGreaterThanOrEqual(16);
    const numeric = ['ZIP Code', 'Federal ID (EIN)', 'MC Number', 'DOT Number', 'Tax ID', 'Primary Phone Ext.', 'Insurer ZIP Code', 'Routing Number', 'Account Number'];
    for (const label of numeric) {
      await expect(page.getByLabel(new RegExp(`^${label.replace(/[.()]/g, '\\$&')}( \\*)?$`)).getAttribute('inputmode'), label).resolves.toBe('numeric');
    }
    await expect(page.getByLabel(/^Website( \*)?$/).getAttribute('inputmode')).resolves.toBe('url');
    await expect(page.getByLabel(/^Legal Name( \*)?$/).getAttribute('inputmode')).resolves.toBeNull();

    const documents = page.locator('.vp-document');
    expect(await shorterThan([documents.locator('.vp-link-button'), documents.locator('.vp-document-name'), documents.locator('.vp-document-view')], 44)).toEqual([]);
    await authority.getByRole('button', { name: 'Replace' }).tap();
    const picker = authority.getByLabel('Company Authority file');
    expect(await heightOf(picker)).toBeGreaterThanOrEqual(44);
    await page.screenshot({ path: `${SHOTS}/m3-profile-uploader-phone.png` });
  });

  it('says a refused type when the file is chosen, not after an upload', { timeout: 120_000 }, async () => {
    const { page, authority } = await vendorProfile(PHONE);
    await authority.getByRole('button', { name: 'Replace' }).tap();
    const uploads: string[] = [];
    page.on('request', (request) => {
      if (request.method() !== 'GET') uploads.push(`${request.method()} ${request.url()}`);
    });
    await authority.getByLabel('Company Authority file').setInputFiles({ name: 'IMG_0001.HEIC', mimeType: 'image/heic', buffer: Buffer.from('not really a photo') });
    await authority.getByRole('alert').filter({ hasText: 'Unsupported file type. Allowed types: pdf, doc, docx, jpg, jpeg, png.' }).waitFor();
    await expect(authority.getByText(/^Selected:/).count()).resolves.toBe(0);
    await expect(authority.getByLabel('Company Authority file').inputValue()).resolves.toBe('');
    // Upload now asks for a file: the refused one was not kept.
    await authority.getByRole('button', { name: 'Replace', exact: true }).last().tap();
    await authority.getByText('Please select a file to upload.').waitFor();
    expect(uploads).toEqual([]);
  });

  it('on a laptop, keeps the design: 15 px fields, and small controls at least 24 px', { timeout: 120_000 }, async () => {
    const { page } = await vendorProfile(LAPTOP);
    const sizes = await page.evaluate<number[]>(`[...document.querySelectorAll('.vp-form input[type="text"]')].map((element) => parseFloat(getComputedStyle(element).fontSize))`);
    expect(sizes.length).toBeGreaterThan(10);
    expect(new Set(sizes)).toEqual(new Set([15]));
    const documents = page.locator('.vp-document');
    expect(await shorterThan([documents.locator('.vp-link-button'), documents.locator('.vp-document-name'), documents.locator('.vp-document-view')], 24)).toEqual([]);
  });
});

// The nav bar's Live indicator explained itself only in a tooltip, which a touch screen never shows; and "Offline"
// advised a reload even when the device itself was offline, where a reload fails and the connection comes back alone.
describe('the live indicator on a phone', () => {
  it('says what it means when tapped, on the screen, and that the device is offline while it is', { timeout: 120_000 }, async () => {
    const page = await vendorLoads(PHONE);
    const live = page.getByRole('status', { name: 'Connection: Live' });
    await live.waitFor();
    const button = live.getByRole('button', { name: 'Live' });
    const pill = (await button.boundingBox())!;
    // A finger's 44 px: a press just above the small pill still lands on it.
    const above = await page.evaluate<string | null>(
      `document.elementFromPoint(${pill.x + pill.width / 2}, ${pill.y - 8})?.closest('.live-indicator')?.textContent ?? null`,
    );
    expect(above).toBe('Live');

    await button.tap();
    const explanation = page.getByText('Changes by others appear as they happen.');
    await expect.poll(() => explanation.isVisible()).toBe(true);
    expect(await button.getAttribute('aria-expanded')).toBe('true');
    const box = (await explanation.boundingBox())!;
    expect(box.x).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width).toBeLessThanOrEqual(PHONE.width);
    await page.screenshot({ path: `${SHOTS}/live-indicator-phone.png` });
    await button.tap();
    await expect.poll(() => explanation.isVisible()).toBe(false);
    // Pressed as Safari does, without focusing the button (so it never blurs): a press elsewhere still closes it.
    await button.evaluate((element) => (element as unknown as { click(): void }).click());
    await expect.poll(() => explanation.isVisible()).toBe(true);
    await page.getByRole('heading', { name: 'Loads', level: 1 }).tap();
    await expect.poll(() => explanation.isVisible()).toBe(false);

    await page.context().setOffline(true);
    const offline = page.getByRole('status', { name: 'Connection: Offline' });
    await offline.waitFor();
    await offline.getByRole('button', { name: 'Offline' }).tap();
    await expect
      .poll(() => page.getByText('This device is offline. Live changes resume by themselves when it is back online.').isVisible())
      .toBe(true);
    await page.screenshot({ path: `${SHOTS}/live-indicator-phone-offline.png` });
    await page.context().setOffline(false);
    await live.waitFor({ timeout: 30_000 });
  });
});

describe('the small text buttons, on a phone', () => {
  it('are finger-sized: Sign Again and Clear Signature on the agreement, View as of this change in a load\'s history', { timeout: 120_000 }, async () => {
    // Before: 87 x 22 px and 175 x 21 px (found by a carrier-on-a-phone audit).
    const page = await vendorLoads(PHONE);
    await page.locator('.loads-table .load-id-link').first().tap();
    const asOf = page.getByRole('button', { name: 'View as of this change' }).first();
    await asOf.waitFor();
    const heights: Record<string, number> = { 'View as of this change': await heightOf(asOf) };
    await page.goto('/profile');
    const signAgain = page.getByRole('button', { name: 'Sign Again' });
    await signAgain.waitFor();
    heights['Sign Again'] = await heightOf(signAgain);
    await signAgain.tap();
    const clear = page.getByRole('button', { name: 'Clear Signature' });
    await clear.waitFor();
    heights['Clear Signature'] = await heightOf(clear);
    for (const [name, height] of Object.entries(heights)) expect(height, name).toBeGreaterThanOrEqual(44);
  });
});

describe('a load with a long Load ID (load numbers run to 64 characters), on a phone', () => {
  it('is cut in the pinned column, so every other load\'s dates stay in view and open when tapped; its own page keeps the id whole in one box', { timeout: 120_000 }, async () => {
    // Before: the pinned column grew to the id's width (457 px in a 356 px scroll area), and every other load's status,
    // dates and documents were under it, so none could be tapped.
    const carrier = await suite.signedInClient('carrier', DEMO_PASSWORD, 'vendor');
    const created = await carrier.post('/api/loads/', { load_number: 'ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789ABCDEFGHIJ' });
    expect(created.status).toBe(201);
    const { id, kdt_id: kdtId } = created.body as { id: string; kdt_id: string };
    try {
      const page = await vendorLoads(PHONE);
      const longLink = page.getByRole('link', { name: kdtId, exact: true });
      await longLink.waitFor();
      expect(await longLink.getAttribute('title')).toBe(kdtId);
      const pinned = (await longLink.boundingBox())!;
      expect(pinned.width).toBeLessThanOrEqual(PHONE.width * 0.4);

      const other = page.locator('.loads-table tbody tr').filter({ hasNot: longLink }).first();
      await other.getByRole('button', { name: /change delivery date/ }).tap({ timeout: 5_000 });
      const dialog = page.getByRole('dialog', { name: 'Set Delivery Date & Time' });
      await dialog.waitFor();
      await page.screenshot({ path: `${SHOTS}/long-load-id-phone.png` });
      await dialog.getByRole('button', { name: 'Close' }).tap();

      await longLink.tap();
      const badge = page.locator('.load-detail-id');
      await expect.poll(() => badge.textContent()).toBe(kdtId);
      const boxes = await badge.evaluate((element) => (element as unknown as { getClientRects(): { length: number } }).getClientRects().length);
      expect(boxes).toBe(1);
      const box = (await badge.boundingBox())!;
      expect(box.x + box.width).toBeLessThanOrEqual(PHONE.width);
      await page.screenshot({ path: `${SHOTS}/long-load-id-phone-detail.png` });
    } finally {
      expect((await carrier.request('DELETE', `/api/loads/${id}/`)).status).toBe(204);
    }
  });
});
