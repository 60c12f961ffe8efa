// The vendor profile by keyboard and at high zoom (audit s12 findings 1, 3, 4, 5, 13): signing the carrier agreement
// by typing a name, focus never hidden under the fixed save bar, the bar at the page's end on short screens, focus
// kept after an upload, and no smooth scrolling for a user who asked for reduced motion.
import type { BrowserContext, BrowserContextOptions, Locator, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { activeAccount, GOOD_PASSWORD } from '../accounts/support';
import { pdf } from '../support/files';
import { type BrowserSuite, collectPageErrors, loginThroughUi, newContext, screenshot, startBrowserSuite } from './support';

// The functions handed to page.evaluate run in the browser; this project's Node typings have no DOM, so these few
// browser globals are declared loosely for them (module scope only).
/* eslint-disable @typescript-eslint/no-explicit-any */
declare const document: any;
declare const window: any;
declare function getComputedStyle(element: unknown): any;

let suite: BrowserSuite;
beforeAll(async () => { suite = await startBrowserSuite(); }, 120_000);
afterAll(async () => { await suite?.close(); });

let context: BrowserContext | undefined;
let pageErrors: string[] = [];
/** Every alert the page raised, in order (each is accepted). */
let alerts: string[] = [];
afterEach(async () => {
  await context?.close();
  context = undefined;
  expect(pageErrors, 'uncaught errors in the page').toEqual([]);
});

/** A new vendor, signed in on /profile in a fresh context. */
async function newVendorOnProfile(username: string, options: BrowserContextOptions = {}): Promise<Page> {
  await activeAccount(suite.system, 'vendor', username);
  context = await newContext(suite.browser, suite.system, options);
  const page = await context.newPage();
  pageErrors = collectPageErrors(page);
  alerts = [];
  page.on('dialog', (dialog) => {
    alerts.push(dialog.message());
    dialog.accept().catch(() => undefined);
  });
  await loginThroughUi(page, 'vendor', username, GOOD_PASSWORD, '/profile');
  await page.getByText('Complete all sections to activate your profile').waitFor();
  return page;
}

const isFocused = (locator: Locator) => locator.evaluate((element) => element === document.activeElement);
const focusedDescription = (page: Page) =>
  page.evaluate(() => {
    const active = document.activeElement;
    if (!active || active === document.body) return 'BODY';
    return `${active.tagName} ${active.getAttribute('aria-label') ?? active.id} "${(active.textContent ?? '').trim().slice(0, 40)}"`;
  });

/** Presses Tab until `target` has the focus (as a keyboard user would reach it from where the focus is). */
async function tabTo(page: Page, target: Locator, limit = 80) {
  for (let presses = 0; presses < limit; presses++) {
    if (await isFocused(target)) return presses;
    await page.keyboard.press('Tab');
  }
  throw new Error(`Tab never reached the target; the focus is on ${await focusedDescription(page)}`);
}

/** Fails unless `target` lies wholly inside the viewport and above the save bar (the bar itself excepted). */
async function expectClearOfSaveBar(page: Page, target: Locator, what: string) {
  const box = (await target.boundingBox())!;
  const bar = (await page.locator('.vp-save-bar').boundingBox())!;
  const viewport = page.viewportSize()!;
  expect(box.y, `${what}: top edge on screen`).toBeGreaterThanOrEqual(0);
  expect(box.y + box.height, `${what}: bottom edge above the save bar (bar top ${bar.y})`).toBeLessThanOrEqual(bar.y);
  expect(bar.y + bar.height).toBeLessThanOrEqual(viewport.height + 1);
}

describe('carrier agreement by keyboard', () => {
  it('signs the agreement with a typed name: Tab from the terms to the name field, type, Tab to Sign & Save, Enter', { timeout: 90_000 }, async () => {
    const page = await newVendorOnProfile('keyboard_signer_freight');
    const agreement = page.getByRole('region', { name: 'Carrier Agreement', exact: true });
    const terms = agreement.getByRole('document', { name: 'Agreement terms' });
    await terms.focus();

    // The pad says where its keyboard alternative is.
    const pad = agreement.getByRole('img', { name: 'Signature pad: draw your signature here' });
    const describedBy = await pad.getAttribute('aria-describedby');
    expect(describedBy).toBeTruthy();
    expect(await page.locator(`[id="${describedBy}"]`).textContent()).toMatch(/type your full name/i);

    // An empty save is refused with the spec's alert, and the focus lands where the keyboard can sign.
    const signButton = agreement.getByRole('button', { name: 'Sign & Save Agreement' });
    const nameField = agreement.getByLabel('Type your full name to sign');
    await signButton.focus();
    await page.keyboard.press('Enter');
    await expect.poll(() => alerts).toEqual(['Please provide a signature before saving.']);
    await expect.poll(() => isFocused(nameField)).toBe(true);

    // For pointer users the pad still draws: a stroke replaces a typed name, and Clear Signature clears either.
    await nameField.fill('Someone Else');
    await expect.poll(() => pad.evaluate(inkPixels)).toBeGreaterThan(400);
    await pad.scrollIntoViewIfNeeded();
    const box = (await pad.boundingBox())!;
    await page.mouse.move(box.x + box.width * 0.6, box.y + 40);
    await page.mouse.down();
    for (let step = 1; step <= 10; step++) await page.mouse.move(box.x + box.width * 0.6 + step * 15, box.y + 40 + Math.sin(step) * 20, { steps: 3 });
    await page.mouse.up();
    expect(await nameField.inputValue()).toBe('');
    const strokeInk = await pad.evaluate(inkPixels);
    expect(strokeInk).toBeGreaterThan(50);
    // Only the stroke: the name's ink went with it.
    expect(strokeInk).toBeLessThan(1500);
    await agreement.getByRole('button', { name: 'Clear Signature' }).click();
    expect(await pad.evaluate(inkPixels)).toBe(0);

    // From the terms, the next Tab stop is the name field.
    await terms.focus();
    await page.keyboard.press('Tab');
    expect(await isFocused(nameField), `after Tab from the terms the focus is on ${await focusedDescription(page)}`).toBe(true);
    await page.keyboard.type('Dana K. Whitfield');
    expect(await nameField.inputValue()).toBe('Dana K. Whitfield');
    await expect.poll(() => pad.evaluate(inkPixels)).toBeGreaterThan(400);
    await pad.scrollIntoViewIfNeeded();
    await screenshot(page, 'a11y-profile-typed-signature');

    expect(await tabTo(page, signButton, 3)).toBeLessThanOrEqual(2);
    await page.keyboard.press('Enter');
    await agreement.getByRole('group', { name: 'Signature on file' }).waitFor();
    const saved = agreement.getByRole('img', { name: 'Your saved signature' });
    await expect.poll(() => saved.evaluate((image: any) => image.complete && image.naturalWidth)).toBeGreaterThan(0);
    // The saved PNG carries the name's ink, not a blank pad.
    expect(await saved.evaluate(inkPixels)).toBeGreaterThan(400);
    // The focus did not fall to the page when the button became 'Agreement Saved'.
    expect(await focusedDescription(page)).not.toBe('BODY');
    await saved.scrollIntoViewIfNeeded();
    await screenshot(page, 'a11y-profile-typed-signature-on-file');

    const profile = await context!.request.get('/api/profiles/vendor/');
    expect(await profile.json()).toMatchObject({ carrier_agreement_status: true, carrier_agreement_document: true });
    expect(alerts).toEqual(['Please provide a signature before saving.']);
  });
});

/** Dark pixels in a canvas or a loaded image (drawn at its natural size). */
function inkPixels(source: any): number {
  const width: number = source.naturalWidth ?? source.width;
  const height: number = source.naturalHeight ?? source.height;
  const canvas = document.createElement('canvas');
  canvas.width = width;
  canvas.height = height;
  const context = canvas.getContext('2d');
  context.drawImage(source, 0, 0);
  const data: Uint8ClampedArray = context.getImageData(0, 0, width, height).data;
  let dark = 0;
  for (let i = 0; i < data.length; i += 4) if (data[i + 3]! > 128 && data[i]! + data[i + 1]! + data[i + 2]! < 300) dark++;
  return dark;
}

describe('focus and the save bar', () => {
  it('keeps the uploaders tabbed to fully visible above the fixed save bar', { timeout: 90_000 }, async () => {
    const page = await newVendorOnProfile('tab_under_bar_freight', { viewport: { width: 1366, height: 900 } });
    for (const label of ['Company Authority', 'Insurance Certificate']) {
      const widget = page.getByRole('group', { name: `Upload ${label}`, exact: true });
      const input = widget.getByLabel(`${label} file`);
      await tabTo(page, input);
      await expectClearOfSaveBar(page, input, `${label} file input`);
      const button = widget.getByRole('button', { name: 'Upload', exact: true });
      await tabTo(page, button, 3);
      await expectClearOfSaveBar(page, button, `${label} Upload button`);
    }
    await screenshot(page, 'a11y-profile-focus-above-bar');
  });

  it('puts the save bar at the page end on a short screen (400% zoom), still reachable', { timeout: 60_000 }, async () => {
    // 1280x1024 at 400%.
    const page = await newVendorOnProfile('zoomed_in_freight', { viewport: { width: 320, height: 256 } });
    const bar = page.locator('.vp-save-bar');
    expect(await bar.evaluate((element) => getComputedStyle(element).position)).not.toBe('fixed');
    // Nothing reserved for a bar that no longer covers the page.
    expect(await page.evaluate(() => getComputedStyle(document.documentElement).scrollPaddingBottom)).toMatch(/^(auto|0px)$/);
    const save = page.getByRole('button', { name: 'Save Profile' });
    await save.scrollIntoViewIfNeeded();
    const box = (await save.boundingBox())!;
    expect(box.y).toBeGreaterThanOrEqual(0);
    expect(box.y + box.height).toBeLessThanOrEqual(256);
    await bar.getByText('Complete all sections to activate your profile').waitFor();
    // A landscape phone also keeps the whole screen for the form.
    await page.setViewportSize({ width: 740, height: 375 });
    expect(await bar.evaluate((element) => getComputedStyle(element).position)).not.toBe('fixed');
    await page.setViewportSize({ width: 320, height: 256 });
    await screenshot(page, 'a11y-profile-zoom-400');
  });

  it('moves the focus to the new file name after a keyboard upload, not to the page', { timeout: 60_000 }, async () => {
    const page = await newVendorOnProfile('keyboard_uploader_freight');
    const widget = page.getByRole('group', { name: 'Upload Company Authority', exact: true });
    const input = widget.getByLabel('Company Authority file');
    await tabTo(page, input);
    // The file chooser itself is the operating system's; the chosen file arrives as it would.
    await input.setInputFiles({ name: 'authority-by-keyboard.pdf', mimeType: 'application/pdf', buffer: pdf() });
    await page.keyboard.press('Tab');
    expect(await isFocused(widget.getByRole('button', { name: 'Upload', exact: true }))).toBe(true);
    await page.keyboard.press('Enter');
    await page.getByText('Company Authority uploaded successfully!').waitFor();
    const name = page.getByRole('group', { name: 'Company Authority', exact: true }).getByRole('button', { name: 'authority-by-keyboard.pdf' });
    await name.waitFor();
    await expect.poll(() => focusedDescription(page)).toMatch(/^BUTTON .*"authority-by-keyboard\.pdf"$/);
    expect(await isFocused(name)).toBe(true);
  });
});

describe('reduced motion', () => {
  it('jumps, without a smooth scroll, to the first invalid field after a refused save', { timeout: 60_000 }, async () => {
    const page = await newVendorOnProfile('still_screen_freight', { reducedMotion: 'reduce' });
    const mc = page.getByRole('region', { name: 'Company Information', exact: true }).getByLabel(/^MC Number( \*)?$/);
    await mc.fill('12');
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    // Every scroll position the page passes through from here.
    await page.evaluate(() => {
      const seen: number[] = [];
      (window as unknown as { seenScroll: number[] }).seenScroll = seen;
      window.addEventListener('scroll', () => seen.push(window.scrollY));
    });
    await page.getByRole('button', { name: 'Save Profile' }).click();
    await page.getByRole('alert').filter({ hasText: 'Please fix the validation errors before submitting.' }).waitFor();
    await page.waitForTimeout(800);
    const seen = await page.evaluate(() => (window as unknown as { seenScroll: number[] }).seenScroll);
    expect(seen.length).toBeGreaterThan(0);
    // One jump (a smooth scroll passes through a dozen positions or more).
    expect(new Set(seen).size, `scroll positions: ${seen.join(', ')}`).toBeLessThanOrEqual(2);
    expect(await isFocused(mc)).toBe(true);
  });
});
