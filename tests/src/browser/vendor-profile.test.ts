// A new vendor's onboarding in a real browser: every profile section, the four documents, the drawn carrier
// agreement signature, 'Profile Complete', and the next login landing on /loads.
import type { BrowserContext, Locator, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { activeAccount, GOOD_PASSWORD } from '../accounts/support';
import { JPEG, PNG_1x1, pdf } from '../support/files';
import { type BrowserSuite, collectPageErrors, loginThroughUi, newContext, screenshot, SHOTS_DIR, startBrowserSuite, submitLogin, waitForPath } from './support';

let suite: BrowserSuite;
beforeAll(async () => { suite = await startBrowserSuite(); }, 120_000);
afterAll(async () => { await suite?.close(); });

let context: BrowserContext;
let page: Page;
let pageErrors: string[];
/** Every alert the page raised, in order (each is accepted). */
let alerts: string[];
beforeEach(async () => {
  context = await newContext(suite.browser, suite.system);
  page = await context.newPage();
  pageErrors = collectPageErrors(page);
  alerts = [];
  page.on('dialog', (dialog) => {
    alerts.push(dialog.message());
    dialog.accept().catch(() => undefined);
  });
});
afterEach(async () => {
  await context?.close();
  expect(pageErrors, 'uncaught errors in the page').toEqual([]);
});

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
/** A profile field by its label, with or without the required marker. */
const field = (scope: Locator, label: string) => scope.getByLabel(new RegExp(`^${escape(label)}( \\*)?$`));
const section = (name: string) => page.getByRole('region', { name, exact: true });

async function waitForAlert(message: string) {
  await expect.poll(() => alerts, { timeout: 10_000 }).toContain(message);
}

async function fill(scope: Locator, values: Record<string, string>) {
  for (const [label, value] of Object.entries(values)) await field(scope, label).fill(value);
}

async function upload(title: string, label: string, file: { name: string; mimeType: string; buffer: Buffer }) {
  const widget = page.getByRole('group', { name: `Upload ${label}`, exact: true });
  await widget.getByLabel(`${label} file`).setInputFiles(file);
  // Named in full under the browser's file box, which shortens it.
  await widget.getByText(`Selected: ${file.name} (`).waitFor();
  await widget.getByRole('button', { name: 'Upload', exact: true }).click();
  await page.getByText(`${label} uploaded successfully!`).waitFor();
  const done = page.getByRole('group', { name: label, exact: true });
  await done.getByRole('button', { name: file.name }).waitFor();
  expect(await done.getByText(/^Last updated: /).textContent(), title).not.toContain('Unknown');
  return done;
}

async function drawSignature(canvas: Locator) {
  const box = (await canvas.boundingBox())!;
  const y = box.y + box.height / 2;
  await page.mouse.move(box.x + 30, y);
  await page.mouse.down();
  for (let step = 1; step <= 12; step++) {
    await page.mouse.move(box.x + 30 + step * 20, y + Math.sin(step) * 25, { steps: 4 });
  }
  await page.mouse.up();
}

describe('vendor onboarding', () => {
  it('fills every section, uploads the documents, signs the agreement and lands on /loads at the next login', { timeout: 120_000 }, async () => {
    await activeAccount(suite.system, 'vendor', 'prairie_haulers');
    await loginThroughUi(page, 'vendor', 'prairie_haulers', GOOD_PASSWORD, '/profile');
    await page.getByRole('heading', { name: 'Vendor Profile' }).waitFor();
    await page.getByText('Welcome, prairie_haulers').waitFor();
    await page.getByText('Complete all sections to activate your profile').waitFor();
    expect(await page.getByText('Completed', { exact: true }).count()).toBe(0);
    await screenshot(page, 'vendor-profile-empty');

    // Company: auto-formatting, a refused value blocking the save, then fixed.
    const company = section('Company Information');
    await fill(company, {
      'Legal Name': 'Prairie Haulers LLC',
      'Business Name (DBA)': 'Prairie Haulers',
      Address: '410 N Meridian Ave',
      City: 'Oklahoma City',
      'ZIP Code': '73107',
      'Federal ID (EIN)': '731234567',
      'MC Number': '12',
      'DOT Number': '3124567',
    });
    await field(company, 'State').selectOption('OK');
    expect(await field(company, 'Federal ID (EIN)').inputValue()).toBe('73-1234567');
    await company.getByText('MC Number must be 5-7 digits').waitFor();
    await page.getByRole('button', { name: 'Save Profile' }).click();
    await page.getByRole('alert').filter({ hasText: 'Please fix the validation errors before submitting.' }).waitFor();
    // The page has scrolled to the field; the bar at the bottom says why nothing was saved.
    await page.locator('.vp-save-bar').getByText('Please fix the validation errors before submitting.').waitFor();
    // Beside the spec's own status line, which stays.
    await page.locator('.vp-save-bar').getByText('Complete all sections to activate your profile').waitFor();
    await screenshot(page, 'vendor-profile-validation');
    await field(company, 'MC Number').fill('MC-884213');
    expect(await field(company, 'MC Number').inputValue()).toBe('884213');
    expect(await company.getByText('MC Number must be 5-7 digits').count()).toBe(0);

    const contact = section('Contact Information');
    await fill(contact, { 'Primary Contact Name': 'Dana Whitfield', 'Primary Email': 'dispatch@prairiehaulers.example.com', 'Primary Phone': '4055550142' });
    expect(await field(contact, 'Primary Phone').inputValue()).toBe('(405) 555-0142');

    const insurance = section('Insurance Information');
    await fill(insurance, { 'Insurance Company': 'Great West Casualty', 'Policy Number': 'GWC-7731902', 'Policy Expiration Date': '2027-06-30', 'Insurer Phone': '8005550199' });

    const bank = section('Banking Information');
    await fill(bank, { 'Account Holder Name': 'Prairie Haulers LLC', 'Bank Name': 'BancFirst', 'Routing Number': '103003632', 'Account Number': '004512873' });

    await page.getByRole('button', { name: 'Save Profile' }).click();
    await waitForAlert('Profile saved successfully!');
    await company.getByText('Completed', { exact: true }).waitFor();
    await contact.getByText('Completed', { exact: true }).waitFor();
    // Insurance and banking need their documents.
    expect(await insurance.getByText('Completed', { exact: true }).count()).toBe(0);
    expect(await bank.getByText('Completed', { exact: true }).count()).toBe(0);

    // Documents: nothing chosen, too large, then the four real files.
    const authority = page.getByRole('group', { name: 'Upload Company Authority', exact: true });
    await authority.getByRole('button', { name: 'Upload', exact: true }).click();
    await authority.getByText('Please select a file to upload.').waitFor();
    // The refusal is the file field's: marked invalid, and read out with it.
    const authorityFile = authority.getByLabel('Company Authority file');
    expect(await authorityFile.getAttribute('aria-invalid')).toBe('true');
    expect(await authorityFile.evaluate((input) => input.ownerDocument.getElementById(input.getAttribute('aria-describedby') ?? '')?.textContent)).toBe('Please select a file to upload.');
    await authority.getByLabel('Company Authority file').setInputFiles({ name: 'too-big.pdf', mimeType: 'application/pdf', buffer: pdf(5 * 1024 * 1024 + 1) });
    await authority.getByText('File is too large. Maximum size is 5MB.').waitFor();
    expect(await authorityFile.evaluate((input) => input.ownerDocument.getElementById(input.getAttribute('aria-describedby') ?? '')?.textContent)).toBe('File is too large. Maximum size is 5MB.');
    expect(await authority.getByLabel('Company Authority file').evaluate((input) => (input as unknown as { files: { length: number } | null }).files?.length ?? 0)).toBe(0);

    await upload('authority', 'Company Authority', { name: 'MC-884213-authority.pdf', mimeType: 'application/pdf', buffer: pdf() });
    const certificate = await upload('insurance', 'Insurance Certificate', { name: 'certificate-of-insurance.pdf', mimeType: 'application/pdf', buffer: pdf(900) });
    await insurance.getByText('Completed', { exact: true }).waitFor();
    await upload('bank', 'Bank Document', { name: 'voided-check.jpg', mimeType: 'image/jpeg', buffer: JPEG });
    await upload('w9', 'W-9 Form', { name: 'w9-prairie-haulers.png', mimeType: 'image/png', buffer: PNG_1x1 });
    await bank.getByText('Completed', { exact: true }).waitFor();
    await page.getByText('Complete all sections to activate your profile').waitFor();

    // The preview dialog: a PDF in a frame; Escape closes it.
    await certificate.getByRole('button', { name: 'certificate-of-insurance.pdf' }).click();
    const preview = page.getByRole('dialog', { name: 'Insurance Certificate' });
    await preview.locator('iframe').waitFor();
    expect(await preview.locator('iframe').getAttribute('src')).toMatch(/^\/api\/serve-file\/vendor-documents\//);
    await screenshot(page, 'vendor-profile-preview');
    // Chromium's PDF viewer grabs the focus a moment after loading; the dialog takes it back, so Escape still works.
    await page.waitForTimeout(2000);
    await expect.poll(() => page.evaluate<string | null>('document.activeElement && document.activeElement.getAttribute("aria-label")')).toBe('Close');
    await page.keyboard.press('Escape');
    await preview.waitFor({ state: 'detached' });

    // The carrier agreement: an empty pad is refused, a drawn signature is saved.
    const agreement = section('Carrier Agreement');
    await agreement.getByText('Please review the agreement and sign at the bottom.').waitFor();
    await agreement.getByText('Prairie Haulers', { exact: true }).waitFor();
    await agreement.getByText('6. Insurance', { exact: true }).waitFor();
    await agreement.getByRole('button', { name: 'Sign & Save Agreement' }).click();
    await waitForAlert('Please provide a signature before saving.');

    const canvas = agreement.locator('canvas');
    await canvas.scrollIntoViewIfNeeded();
    await drawSignature(canvas);
    await agreement.getByRole('button', { name: 'Sign & Save Agreement' }).click();
    await agreement.getByRole('group', { name: 'Signature on file' }).waitFor();
    await agreement.getByText(/^Signed on [A-Z][a-z]+ \d{1,2}, \d{4}$/).waitFor();
    expect(await agreement.getByRole('img', { name: 'Your saved signature' }).evaluate((image) => (image as unknown as { naturalWidth: number }).naturalWidth)).toBeGreaterThan(0);
    await page.getByText('Profile Complete', { exact: true }).waitFor();
    await screenshot(page, 'vendor-profile-complete');

    const profile = await context.request.get('/api/profiles/vendor/');
    expect(await profile.json()).toMatchObject({
      legal_name: 'Prairie Haulers LLC', state: 'OK', mc_number: '884213', phone_1: '(405) 555-0142', insurance_phone: '(800) 555-0199',
      carrier_agreement_status: true, carrier_agreement_document: true, is_complete: true,
    });

    // Reloading shows what was saved; the next login goes straight to the loads.
    await page.reload();
    expect(await field(section('Company Information'), 'Legal Name').inputValue()).toBe('Prairie Haulers LLC');
    await page.getByRole('button', { name: 'Logout' }).click();
    await waitForPath(page, '/');
    await submitLogin(page, 'prairie_haulers', GOOD_PASSWORD);
    await waitForPath(page, '/loads');
    expect(alerts).toEqual(['Profile saved successfully!', 'Please provide a signature before saving.']);
  });

  it('warns under the policy date when the insurance has expired or ends within 30 days, and still saves', { timeout: 60_000 }, async () => {
    await activeAccount(suite.system, 'vendor', 'expiring_cover_freight');
    await loginThroughUi(page, 'vendor', 'expiring_cover_freight', GOOD_PASSWORD, '/profile');
    const insurance = section('Insurance Information');
    const date = field(insurance, 'Policy Expiration Date');
    await date.waitFor();
    // The browser's own today, as the page counts.
    const day = (offset: number) => page.evaluate((days) => {
      const d = new Date();
      d.setDate(d.getDate() + days);
      return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
    }, offset);
    const notice = insurance.locator('.field-notice');

    await date.fill(await day(-1));
    await notice.waitFor();
    expect(await notice.textContent()).toMatch(/^This policy expired on [A-Z][a-z]{2} \d{1,2}, \d{4}\. Enter your current policy and upload its insurance certificate\.$/);
    // Read out with the field.
    const noticeId = await notice.getAttribute('id');
    expect((await date.getAttribute('aria-describedby'))?.split(' ')).toContain(noticeId);
    await screenshot(page, 'vendor-profile-insurance-expired');

    await date.fill(await day(0));
    await expect.poll(() => notice.textContent()).toMatch(/^This policy expires today \(/);
    await date.fill(await day(400));
    await expect.poll(() => notice.count()).toBe(0);

    // A warning, not a refusal: an expired date is saved as entered.
    const expired = await day(-1);
    await date.fill(expired);
    await fill(insurance, { 'Insurance Company': 'Great West Casualty', 'Policy Number': 'GWC-7731902' });
    await page.getByRole('button', { name: 'Save Profile' }).click();
    await waitForAlert('Profile saved successfully!');
    await page.reload();
    await expect.poll(() => field(section('Insurance Information'), 'Policy Expiration Date').inputValue()).toBe(expired);
    await section('Insurance Information').locator('.field-notice').waitFor();
  });

  it('refuses to empty a saved required value at the field; an optional one emptied is removed by the save', { timeout: 60_000 }, async () => {
    await activeAccount(suite.system, 'vendor', 'emptied_field_freight');
    await loginThroughUi(page, 'vendor', 'emptied_field_freight', GOOD_PASSWORD, '/profile');
    const company = section('Company Information');
    await fill(company, { 'Legal Name': 'Emptied Field Freight LLC', Fax: '2145550199' });
    await page.getByRole('button', { name: 'Save Profile' }).click();
    await waitForAlert('Profile saved successfully!');

    const patches: string[] = [];
    page.on('request', (request) => {
      if (request.method() === 'PATCH') patches.push(request.postData() ?? '');
    });
    await field(company, 'Legal Name').fill('');
    await field(company, 'Fax').fill('');
    await company.getByText('Legal Name is required.').waitFor();
    await page.getByRole('button', { name: 'Save Profile' }).click();
    await page.getByText('Please fix the validation errors before submitting.').first().waitFor();
    await screenshot(page, 'vendor-profile-emptied-saved-field');
    // Before: sent without the field, "Profile saved successfully!", and it came back as it was.
    expect(patches).toEqual([]);
    expect(alerts).toEqual(['Profile saved successfully!']);
    // The fax emptied is no error: the save removes it (before, "Fax cannot be emptied once saved", and a carrier
    // could never remove an old fax, website or second contact).
    expect(await company.getByText(/Fax/).filter({ hasText: 'emptied' }).count()).toBe(0);
    await field(company, 'Legal Name').fill('Emptied Field Freight Co');
    await page.getByRole('button', { name: 'Save Profile' }).click();
    await expect.poll(() => alerts, { timeout: 10_000 }).toEqual(['Profile saved successfully!', 'Profile saved successfully!']);
    expect(JSON.parse(patches[0]!)).toMatchObject({ legal_name: 'Emptied Field Freight Co', cleared_fields: ['fax'] });
    const saved = await (await context.request.get('/api/profiles/vendor/')).json();
    expect(saved).toMatchObject({ legal_name: 'Emptied Field Freight Co', fax: null });
    await page.reload();
    await expect.poll(() => field(company, 'Legal Name').inputValue()).toBe('Emptied Field Freight Co');
    expect(await field(company, 'Fax').inputValue()).toBe('');
  });

  it('after a save, names each document chosen but not uploaded, and puts the focus on the first one\'s Upload; with none, nothing more', { timeout: 90_000 }, async () => {
    // Before: "Profile saved successfully!" and nothing else while "Selected: w9.pdf" sat unsent far up a 5,600 px page
    // (phone audit). Save Profile still saves only the fields; the spec's alert stays.
    await activeAccount(suite.system, 'vendor', 'unsent_file_freight');
    await context.close();
    context = await newContext(suite.browser, suite.system, { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, reducedMotion: 'reduce' });
    page = await context.newPage();
    pageErrors = collectPageErrors(page);
    page.on('dialog', (dialog) => {
      alerts.push(dialog.message());
      dialog.accept().catch(() => undefined);
    });
    await loginThroughUi(page, 'vendor', 'unsent_file_freight', GOOD_PASSWORD, '/profile');
    const company = section('Company Information');
    const save = page.getByRole('button', { name: 'Save Profile' });
    const notice = page.locator('.vp-save-bar').getByRole('alert');
    const focused = (locator: Locator) => locator.evaluate((element) => element === element.ownerDocument.activeElement);
    const w9 = page.getByRole('group', { name: 'Upload W-9 Form', exact: true });
    const authority = page.getByRole('group', { name: 'Upload Company Authority', exact: true });
    const W9_UNSENT = 'W-9 Form: chosen but not uploaded yet — press Upload to send it.';
    const AUTHORITY_UNSENT = 'Company Authority: chosen but not uploaded yet — press Upload to send it.';

    // Nothing chosen: the alert, and nothing more; the focus stays on Save Profile.
    await field(company, 'Legal Name').fill('Unsent File Freight LLC');
    await save.click();
    await waitForAlert('Profile saved successfully!');
    await expect.poll(() => focused(save)).toBe(true);
    expect(await notice.count()).toBe(0);
    expect(await page.getByText(/chosen but not uploaded/).count()).toBe(0);

    // Two chosen, neither sent (the W-9 first): the alert, then each named in page order, the focus on the first's Upload.
    await w9.getByLabel('W-9 Form file').setInputFiles({ name: 'w9.pdf', mimeType: 'application/pdf', buffer: pdf() });
    await authority.getByLabel('Company Authority file').setInputFiles({ name: 'authority.pdf', mimeType: 'application/pdf', buffer: pdf() });
    await w9.getByText('Selected: w9.pdf (').waitFor();
    await field(company, 'City').fill('Fort Worth');
    await save.click();
    await expect.poll(() => alerts, { timeout: 10_000 }).toEqual(['Profile saved successfully!', 'Profile saved successfully!']);
    await expect.poll(() => notice.locator('p').allTextContents()).toEqual([AUTHORITY_UNSENT, W9_UNSENT]);
    const authorityUpload = authority.getByRole('button', { name: 'Upload', exact: true });
    await expect.poll(() => focused(authorityUpload)).toBe(true);
    // Scrolled onto the screen, above the bar that says it.
    const clearOfBar = async () => {
      const [button, bar] = [(await authorityUpload.boundingBox())!, (await page.locator('.vp-save-bar').boundingBox())!];
      return button.y >= 0 && button.y + button.height <= bar.y;
    };
    await expect.poll(clearOfBar).toBe(true);
    await page.screenshot({ path: `${SHOTS_DIR}/vendor-profile-unsent-notice-phone.png` });

    // Each line goes when its file is sent; the notice with the last.
    await page.keyboard.press('Enter');
    await page.getByText('Company Authority uploaded successfully!').waitFor();
    await expect.poll(() => notice.locator('p').allTextContents()).toEqual([W9_UNSENT]);
    await w9.getByRole('button', { name: 'Upload', exact: true }).click();
    await page.getByText('W-9 Form uploaded successfully!').waitFor();
    await expect.poll(() => notice.count()).toBe(0);
    await page.screenshot({ path: `${SHOTS_DIR}/vendor-profile-unsent-notice-phone-done.png` });
  });

  it('fits a phone screen: no sideways scrolling, the save bar on screen', async () => {
    await activeAccount(suite.system, 'vendor', 'small_screen_freight');
    await context.close();
    context = await newContext(suite.browser, suite.system, { viewport: { width: 375, height: 740 }, isMobile: true, hasTouch: true });
    page = await context.newPage();
    pageErrors = collectPageErrors(page);
    await loginThroughUi(page, 'vendor', 'small_screen_freight', GOOD_PASSWORD, '/profile');
    await page.getByText('Complete all sections to activate your profile').waitFor();
    expect(await page.evaluate<number>('document.documentElement.scrollWidth')).toBeLessThanOrEqual(375);
    const save = (await page.getByRole('button', { name: 'Save Profile' }).boundingBox())!;
    expect(save.y + save.height).toBeLessThanOrEqual(740);
    await section('Carrier Agreement').locator('canvas').scrollIntoViewIfNeeded();
    await screenshot(page, 'vendor-profile-phone');
  });
});
