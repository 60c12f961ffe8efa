// Load documents in a real browser: a vendor uploads a BOL (PDF) and two photos from the loads table, previews the
// PDF, copies the public gallery link, a signed-out visitor sees exactly those photos, the vendor deletes one photo
// and the BOL (after the confirm prompt) and the table cells and the detail's counts follow. Then staff: a tier that
// may not manage documents gets the viewer only.
import type { Dialog, Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { PNG_1x1, pdf } from '../support/files';
import { firstAnswerLost, launchBrowser, loginThroughUi, newContext, promptsOnReload, screenshot, toast, toastBox, toastSaid, useBrowserSuite, waitForPath } from './support';
import { DEMO_PASSWORD } from '../accounts/support';
import { TEST_ADMIN_PASSWORD } from '../support/system';

/** An open load of the demo carrier: no paperwork yet. */
const LOAD = 'kdt_24108';

const suite = useBrowserSuite({ config: { seedDemo: true, demoPassword: DEMO_PASSWORD } });

/** The loads table's row of a load, found by its id link. */
const tableRow = (page: Page, kdtId: string) => page.getByRole('row').filter({ has: page.getByRole('link', { name: kdtId, exact: true }) });
const cell = (row: Locator, label: string, kdtId: string) => row.getByRole('button', { name: new RegExp(`^${label} for Load ${kdtId}: `) });
const documentDialog = (page: Page, label: string) => page.getByRole('dialog', { name: `${label} for Load ${LOAD}` });
/** The upload form's own status line (the same words also arrive as a toast, said in the dialog's live region). */
const statusLine = (dialog: Locator, text: string) => dialog.locator('.ld-message[role="status"]').filter({ hasText: text });
// A JPEG a browser can show (the byte fixture only carries the magic numbers), drawn and encoded by the page itself.
const JPEG_FROM_CANVAS =
  "(() => { const c = document.createElement('canvas'); c.width = 96; c.height = 64; const g = c.getContext('2d'); " +
  "g.fillStyle = '#60a5fa'; g.fillRect(0, 0, 96, 40); g.fillStyle = '#4b5563'; g.fillRect(0, 40, 96, 24); " +
  "return c.toDataURL('image/jpeg', 0.9).split(',')[1]; })()";
/** Whether the point at the middle of what `locator` finds is its own: nothing is drawn over it there. */
const onTop = (locator: Locator) =>
  locator.evaluate((element) => {
    const box = element.getBoundingClientRect();
    const hit = element.ownerDocument.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2);
    return hit !== null && element.contains(hit);
  });
/** A JPEG's width and height, from its start-of-frame segment (walked segment by segment from the file's start). */
function jpegSize(bytes: Buffer): { width: number; height: number } {
  let at = bytes.indexOf(Buffer.from([0xff, 0xd8]));
  if (at < 0) throw new Error('no JPEG in these bytes');
  at += 2;
  while (at + 9 < bytes.length) {
    const marker = bytes[at + 1]!;
    // SOF0-SOF15, less DHT (C4), JPG (C8) and DAC (CC).
    if (marker >= 0xc0 && marker <= 0xcf && ![0xc4, 0xc8, 0xcc].includes(marker)) {
      return { height: bytes.readUInt16BE(at + 5), width: bytes.readUInt16BE(at + 7) };
    }
    at += 2 + bytes.readUInt16BE(at + 2);
  }
  throw new Error('no start-of-frame segment in the JPEG');
}
const activeLabel = (page: Page) => page.evaluate<string | null>('document.activeElement && document.activeElement.getAttribute("aria-label")');

async function uploadFile(dialog: Locator, label: string, file: { name: string; mimeType: string; buffer: Buffer }) {
  await dialog.getByLabel(`${label} file`).setInputFiles(file);
  await dialog.getByText(`Selected: ${file.name}`).waitFor();
  await dialog.getByRole('button', { name: 'Upload', exact: true }).click();
  await statusLine(dialog, `${label} uploaded successfully`).waitFor();
}

/**
 * How the confirm prompts a Delete opens are answered, in turn: 'yes'; 'no', after the time it takes to read it; or
 * 'closed', shut the moment it opens, as Chromium itself does now and then when a PDF preview has just loaded.
 */
type Answer = 'yes' | 'no' | 'closed';

/**
 * Clicks Delete and answers its confirm prompts (the click only completes once they are answered); checks their words.
 * A prompt Chromium closed by itself before the answer reached it ("No dialog is showing") is not an answer: the page
 * asks again, and the same answer goes to the next prompt.
 */
async function deleteShown(page: Page, dialog: Locator, fileName: string, answers: Answer[]) {
  const prompts: { type: string; message: string }[] = [];
  const pending: Promise<void>[] = [];
  const failures: unknown[] = [];
  let answered = 0;
  const answer = async (prompt: Dialog) => {
    const given = answers[answered];
    try {
      if (given === 'yes') await prompt.accept();
      else {
        if (given === 'no') await new Promise((resolve) => setTimeout(resolve, 400));
        await prompt.dismiss();
      }
      answered++;
    } catch (error) {
      if (!String(error).includes('No dialog is showing')) failures.push(error);
    }
  };
  const onPrompt = (prompt: Dialog) => {
    prompts.push({ type: prompt.type(), message: prompt.message() });
    pending.push(answer(prompt));
  };
  page.on('dialog', onPrompt);
  try {
    await dialog.getByRole('button', { name: 'Delete', exact: true }).click();
    await Promise.all(pending);
  } finally {
    page.off('dialog', onPrompt);
  }
  expect(failures).toEqual([]);
  expect(answered).toBe(answers.length);
  const words = `Are you sure you want to delete ${fileName}? This action cannot be undone.`;
  expect(prompts).toEqual(prompts.map(() => ({ type: 'confirm', message: words })));
}

/**
 * The demo carrier's loads table, signed in, at the row of `kdtId`; and, beside the browser, the file names the API
 * lists for that load's documents of `documentType`.
 */
async function carriersLoadRow(kdtId: string, documentType: string) {
  const page = await suite.openPage();
  await loginThroughUi(page, 'vendor', 'carrier', DEMO_PASSWORD, '/loads');
  const row = tableRow(page, kdtId);
  await row.waitFor();
  const loadId = (await row.getByRole('link', { name: kdtId, exact: true }).getAttribute('href'))!.split('/').at(-1)!;
  const api = await suite.signedInClient('carrier', DEMO_PASSWORD, 'vendor');
  const names = async () => ((await api.get(`/api/loads/${loadId}/documents/?document_type=${documentType}`)).body as { file_name: string }[]).map((d) => d.file_name);
  return { page, row, loadId, names };
}

describe('load documents', () => {
  it('a vendor uploads, previews, shares and deletes; the gallery and the counts follow', { timeout: 120_000 }, async () => {
    const page = await suite.openPage({ permissions: ['clipboard-read', 'clipboard-write'] });
    await loginThroughUi(page, 'vendor', 'carrier', DEMO_PASSWORD, '/loads');
    const row = tableRow(page, LOAD);
    await row.waitFor();
    const loadId = (await row.getByRole('link', { name: LOAD, exact: true }).getAttribute('href'))!.split('/').at(-1)!;
    expect(await cell(row, 'Bill of Lading', LOAD).textContent()).toBe('MISSING');
    expect(await cell(row, 'Photos', LOAD).textContent()).toBe('MISSING');

    // The BOL: nothing chosen, too large, then a PDF.
    await cell(row, 'Bill of Lading', LOAD).click();
    const bol = documentDialog(page, 'Bill of Lading');
    await bol.getByRole('button', { name: 'View Uploaded Documents (0)' }).waitFor();
    expect(await bol.getByLabel('Bill of Lading file').getAttribute('accept')).toBe('.pdf,.doc,.docx,.jpg,.jpeg,.png,.gif');
    await screenshot(page, 'load-documents-upload-mode');
    await bol.getByRole('button', { name: 'Upload', exact: true }).click();
    await bol.getByText('Please select a file to upload.').waitFor();
    // The refusal is the file field's: marked invalid, and read out with it (its hint first).
    const fileField = bol.getByLabel('Bill of Lading file');
    expect(await fileField.getAttribute('aria-invalid')).toBe('true');
    expect(await fileField.evaluate((input) => (input.getAttribute('aria-describedby') ?? '').split(' ').map((id: string) => input.ownerDocument.getElementById(id)?.textContent))).toEqual([
      'PDF, DOC, DOCX, JPG, JPEG, PNG, GIF; up to 5 MB.',
      'Please select a file to upload.',
    ]);
    await bol.getByLabel('Bill of Lading file').setInputFiles({ name: 'too-big.pdf', mimeType: 'application/pdf', buffer: pdf(5 * 1024 * 1024 + 1) });
    await bol.getByText('File is too large. Maximum size is 5MB.').waitFor();
    expect(await bol.getByLabel('Bill of Lading file').evaluate((input) => (input as unknown as { files: { length: number } }).files.length)).toBe(0);
    await uploadFile(bol, 'Bill of Lading', { name: 'BOL-24108.pdf', mimeType: 'application/pdf', buffer: pdf(2048) });
    await toast(page, 'Bill of Lading uploaded successfully').first().waitFor();
    expect(await fileField.getAttribute('aria-invalid')).toBeNull();

    // Its preview: the PDF in a frame; Escape still closes once Chromium's viewer has taken and lost the focus.
    await bol.getByRole('button', { name: 'View Uploaded Documents (1)' }).click();
    await bol.getByText('BOL-24108.pdf', { exact: true }).waitFor();
    await bol.getByText('1 of 1', { exact: false }).waitFor();
    const frame = bol.locator('iframe');
    await frame.waitFor();
    expect(await frame.getAttribute('src')).toMatch(new RegExp(`^/api/serve-file/load-documents/${loadId}/[^/]+/BOL-24108\\.pdf$`));
    await bol.getByRole('button', { name: 'Upload Additional Document' }).waitFor();
    await screenshot(page, 'load-documents-viewer-pdf');
    await page.waitForTimeout(2000);
    await expect.poll(() => activeLabel(page)).toBe('Close');
    await page.keyboard.press('Escape');
    await bol.waitFor({ state: 'detached' });
    await expect.poll(() => cell(row, 'Bill of Lading', LOAD).textContent()).toBe('YES');

    // A PDF that cannot be fetched: 'Failed to load PDF' with a download link.
    await page.route('**/api/serve-file/load-documents/**', (route) => route.fulfill({ status: 503, body: '' }));
    await cell(row, 'Bill of Lading', LOAD).click();
    await bol.getByText('Failed to load PDF').waitFor();
    expect(await bol.getByRole('link', { name: 'Download PDF' }).getAttribute('href')).toMatch(/BOL-24108\.pdf$/);
    await page.unroute('**/api/serve-file/load-documents/**');
    await bol.getByRole('button', { name: 'Close' }).click();
    await bol.waitFor({ state: 'detached' });

    // Two photos: only images are taken.
    await cell(row, 'Photos', LOAD).click();
    const photos = documentDialog(page, 'Photos');
    await photos.getByRole('button', { name: 'View Uploaded Documents (0)' }).waitFor();
    expect(await photos.getByLabel('Photos file').getAttribute('accept')).toBe('.jpg,.jpeg,.png,.gif');
    await photos.getByRole('button', { name: 'Take Photo' }).waitFor();
    await photos.getByLabel('Photos file').setInputFiles({ name: 'scan.pdf', mimeType: 'application/pdf', buffer: pdf() });
    await photos.getByText('Unsupported file type. Allowed types: jpg, jpeg, png, gif.').waitFor();
    const jpeg = Buffer.from(await page.evaluate<string>(JPEG_FROM_CANVAS), 'base64');
    await uploadFile(photos, 'Photos', { name: 'dock.jpg', mimeType: 'image/jpeg', buffer: jpeg });
    await uploadFile(photos, 'Photos', { name: 'seal.png', mimeType: 'image/png', buffer: PNG_1x1 });
    await photos.getByRole('button', { name: 'View Uploaded Documents (2)' }).click();
    const viewer = photos.getByRole('region', { name: 'Uploaded documents' });
    await viewer.getByRole('img', { name: 'dock.jpg' }).waitFor();
    await viewer.getByText(/^1 of 2/).waitFor();
    await viewer.getByRole('button', { name: 'Next document' }).click();
    await viewer.getByRole('img', { name: 'seal.png' }).waitFor();
    await viewer.getByText(/^2 of 2/).waitFor();
    await screenshot(page, 'load-documents-viewer-photo');

    // The share panel: the link, copied, 'Copied!' for 3 s.
    const link = `${suite.system.url}/photo-gallery/${loadId}`;
    expect(await photos.getByLabel('Photo gallery link').inputValue()).toBe(link);
    await photos.getByRole('button', { name: 'Copy', exact: true }).click();
    await photos.getByRole('button', { name: 'Copied!' }).waitFor();
    expect(await page.evaluate<string>('navigator.clipboard.readText()')).toBe(link);
    await photos.getByRole('button', { name: 'Copy', exact: true }).waitFor({ timeout: 5_000 });

    // Signed out, the link shows exactly the two photos.
    const visitor = await suite.openPage();
    let releaseGallery = () => {};
    const galleryHeld = new Promise<void>((resolve) => (releaseGallery = resolve));
    await visitor.route(`**/api/photo-gallery/${loadId}/`, async (route) => {
      await galleryHeld;
      await route.continue();
    });
    await visitor.goto(link);
    await visitor.getByText('Loading Gallery...').waitFor();
    releaseGallery();
    const grid = visitor.getByRole('list', { name: 'Photos' });
    await grid.waitFor();
    await visitor.unroute(`**/api/photo-gallery/${loadId}/`);
    expect(await grid.getByRole('img').evaluateAll((images) => images.map((image) => (image as unknown as { alt: string }).alt))).toEqual(['dock.jpg', 'seal.png']);
    expect(await grid.getByRole('img').evaluateAll((images) => images.map((image) => new URL((image as unknown as { src: string }).src).pathname))).toEqual([
      expect.stringMatching(new RegExp(`^/api/photo-gallery/${loadId}/photos/[^/]+/dock\\.jpg$`)),
      expect.stringMatching(new RegExp(`^/api/photo-gallery/${loadId}/photos/[^/]+/seal\\.png$`)),
    ]);
    expect(await visitor.getByText('BOL-24108.pdf').count()).toBe(0);
    await grid.getByRole('button', { name: 'View seal.png' }).click();
    const lightbox = visitor.getByRole('dialog', { name: 'seal.png' });
    await lightbox.getByText(/^2 of 2/).waitFor();
    await lightbox.getByRole('button', { name: 'Next ›' }).click();
    await visitor.getByRole('dialog', { name: 'dock.jpg' }).waitFor();
    await screenshot(visitor, 'load-documents-gallery');
    await visitor.keyboard.press('Escape');
    await visitor.getByRole('dialog').waitFor({ state: 'detached' });

    // The vendor deletes the photo shown (seal.png): refusing the prompt keeps it, accepting deletes it.
    await deleteShown(page, photos, 'seal.png', ['no']);
    await viewer.getByText(/^2 of 2/).waitFor();
    await deleteShown(page, photos, 'seal.png', ['yes']);
    await toast(page, 'Document deleted successfully').waitFor();
    await viewer.getByRole('img', { name: 'dock.jpg' }).waitFor();
    await expect.poll(() => viewer.getByRole('button', { name: 'Delete', exact: true }).evaluate((button) => button === button.ownerDocument.activeElement)).toBe(true);
    expect(await viewer.getByText(/of \d+/).textContent()).toMatch(/^1 of 1/);
    await photos.getByRole('button', { name: 'Upload Additional Document' }).click();
    await photos.getByRole('button', { name: 'View Uploaded Documents (1)' }).waitFor();
    await page.keyboard.press('Escape');
    await photos.waitFor({ state: 'detached' });
    expect(await cell(row, 'Photos', LOAD).textContent()).toBe('YES');

    // The gallery now holds one photo.
    await visitor.reload();
    await grid.waitFor();
    expect(await grid.getByRole('img').count()).toBe(1);
    await grid.getByRole('img', { name: 'dock.jpg' }).waitFor();

    // The detail's category bar counts per type, and deleting the BOL there sets the table's cell back to MISSING.
    await row.getByRole('link', { name: LOAD, exact: true }).click();
    await waitForPath(page, `/load/${loadId}`);
    const documents = page.getByRole('region', { name: 'Documents' });
    await documents.getByRole('button', { name: 'Bill of Lading: 1' }).waitFor();
    await documents.getByRole('button', { name: 'Photos: 1' }).waitFor();
    await documents.getByRole('button', { name: 'Invoice: 0' }).waitFor();
    expect(await documents.getByLabel('Photo gallery link').inputValue()).toBe(link);
    await documents.getByRole('button', { name: 'Bill of Lading: 1' }).click();
    await bol.locator('iframe').waitFor();
    await deleteShown(page, bol, 'BOL-24108.pdf', ['yes']);
    await bol.getByText('No documents found.').waitFor();
    await bol.getByRole('button', { name: 'Close' }).click();
    await documents.getByRole('button', { name: 'Bill of Lading: 0' }).waitFor();
    await screenshot(page, 'load-documents-detail');
    await page.getByRole('button', { name: 'Back to Loads' }).click();
    await waitForPath(page, '/loads');
    await expect.poll(() => cell(tableRow(page, LOAD), 'Bill of Lading', LOAD).textContent()).toBe('MISSING');
    expect(await cell(tableRow(page, LOAD), 'Photos', LOAD).textContent()).toBe('YES');

    // A wrong link says so.
    await visitor.goto('/photo-gallery/00000000-0000-4000-8000-000000000000');
    await visitor.getByText('This gallery link is not valid.').waitFor();
  });

  it('staff without the document right see the documents but cannot upload or delete', { timeout: 60_000 }, async () => {
    const page = await suite.openPage();
    const warnings: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'warning') warnings.push(message.text());
    });
    await loginThroughUi(page, 'staff', 'newstaff', DEMO_PASSWORD, '/staff/loads');
    const board = page.getByRole('region', { name: 'Loads' });
    await board.getByRole('link', { name: 'kdt_24103', exact: true }).waitFor();
    // The board's cells refuse (a warning, nothing opens).
    await board.getByRole('button', { name: /^Photos for Load kdt_24103: / }).click({ force: true }); // unavailable (aria-disabled), pressed all the same
    await expect.poll(() => warnings.some((text) => text.startsWith('You do not have permission to upload documents'))).toBe(true);
    expect(await page.getByRole('dialog').count()).toBe(0);

    // The detail's panel opens the viewer only.
    await board.getByRole('link', { name: 'kdt_24103', exact: true }).click();
    await page.waitForURL((url) => url.pathname.startsWith('/staff/load/'));
    const panel = page.getByRole('region', { name: 'Load Documents' });
    await panel.getByRole('button', { name: 'Proof of Delivery: 1' }).click();
    const dialog = page.getByRole('dialog', { name: 'Proof of Delivery for Load kdt_24103' });
    await dialog.getByText('pod-24103.pdf', { exact: true }).waitFor();
    await dialog.locator('iframe').waitFor();
    expect(await dialog.getByRole('button', { name: 'Delete', exact: true }).count()).toBe(0);
    expect(await dialog.getByRole('button', { name: 'Upload Additional Document' }).count()).toBe(0);
    expect(await dialog.getByRole('button', { name: /^View Uploaded Documents/ }).count()).toBe(0);
    await dialog.getByRole('button', { name: 'Close' }).click();
    await panel.getByRole('button', { name: 'Invoice: 0' }).click();
    await page.getByRole('dialog', { name: 'Invoice for Load kdt_24103' }).getByText('No documents found.').waitFor();
    expect(await page.getByRole('dialog').getByLabel('Invoice file').count()).toBe(0);
  });

  it("shows staff an earlier carrier's document on a reassigned load, marked, and leaves it out of the load's counts", { timeout: 60_000 }, async () => {
    const first = await suite.signedInClient('newcarrier', DEMO_PASSWORD, 'vendor');
    const created = await first.post('/api/loads/', { load_number: 'kdt_handover_ui' });
    expect(created.status).toBe(201);
    const rateCon = await first.upload(`/api/loads/${created.body.id}/documents/`, { document_type: 'rate_confirmation' }, { file: { name: 'ratecon-newcarrier.pdf', content: pdf(2000), type: 'application/pdf' } });
    expect(rateCon.status).toBe(201);
    const admin = await suite.signedInClient('admin', TEST_ADMIN_PASSWORD, 'staff');
    const carrierId = (await admin.get<{ id: string; username: string }[]>('/api/vendors/')).body.find((vendor) => vendor.username === 'carrier')!.id;
    expect((await admin.request('PATCH', `/api/loads/${created.body.id}/`, { vendor: carrierId })).status).toBe(200);
    await suite.system.caughtUp();

    const page = await suite.signedInPage('staff', 'admin', TEST_ADMIN_PASSWORD, '/staff/loads');
    await page.goto(`/staff/load/${created.body.id}`);
    const panel = page.getByRole('region', { name: 'Load Documents' });
    await panel.getByRole('button', { name: 'Rate Confirmation: 0' }).click();
    const dialog = page.getByRole('dialog', { name: 'Rate Confirmation for Load kdt_handover_ui' });
    // Counted 0 (the load's current carrier has none), it opens on the upload form; the earlier one's is a press away.
    await dialog.getByRole('button', { name: 'View Uploaded Documents (1)' }).click();
    await dialog.getByText('ratecon-newcarrier.pdf', { exact: true }).waitFor();
    await dialog.getByText("From an earlier carrier's time with this load").waitFor();
    await screenshot(page, 'load-documents-earlier-carrier');
  });

  it('an upload from the keyboard keeps the focus on Upload, whether it succeeds or is refused', { timeout: 60_000 }, async () => {
    // The button was disabled while the upload ran, which dropped the focus to <body>: a keyboard or screen-reader
    // user lost their place in the dialog at every upload.
    const kdtId = 'kdt_24104';
    const { page, row } = await carriersLoadRow(kdtId, 'invoice');
    await cell(row, 'Invoice', kdtId).click();
    const dialog = page.getByRole('dialog', { name: `Invoice for Load ${kdtId}` });
    const uploadButton = dialog.getByRole('button', { name: 'Upload', exact: true });
    const focusedText = () => page.evaluate<string>('document.activeElement ? document.activeElement.tagName + ":" + document.activeElement.textContent.trim() : "none"');
    for (const [file, said] of [
      [{ name: 'invoice-1042.pdf', mimeType: 'application/pdf', buffer: pdf() }, dialog.locator('.ld-message[role="status"]').filter({ hasText: 'Invoice uploaded successfully' })],
      [{ name: 'not-really.pdf', mimeType: 'application/pdf', buffer: Buffer.from('<html>not a pdf</html>') }, dialog.locator('.ld-message[role="alert"]')],
    ] as const) {
      await dialog.getByLabel('Invoice file').setInputFiles(file);
      await dialog.getByText(`Selected: ${file.name}`).waitFor();
      await uploadButton.focus();
      await page.keyboard.press('Enter');
      await said.waitFor();
      await expect.poll(focusedText).toBe('BUTTON:Upload');
    }

    // Deleting from the keyboard keeps the focus in the dialog: on the next document's Delete, and once none is left,
    // on Upload Additional Document (the button went with the last document, and the focus fell to <body>).
    await dialog.getByLabel('Invoice file').setInputFiles({ name: 'invoice-1043.pdf', mimeType: 'application/pdf', buffer: pdf(3000) });
    await uploadButton.focus();
    await page.keyboard.press('Enter');
    await dialog.getByRole('button', { name: 'View Uploaded Documents (2)' }).click();
    page.on('dialog', (prompt) => prompt.accept().catch(() => undefined));
    await dialog.getByRole('button', { name: 'Delete', exact: true }).focus();
    await page.keyboard.press('Enter');
    await dialog.getByText(/^1 of 1/).waitFor();
    await expect.poll(focusedText).toBe('BUTTON:Delete');
    await page.keyboard.press('Enter');
    await dialog.getByText('No documents found.').waitFor();
    await expect.poll(focusedText).toBe('BUTTON:Upload Additional Document');
  });

  it('Take Photo from the keyboard: the camera view takes the focus at Capture, and gives it back to Take Photo; the photo is more than 640x480', { timeout: 60_000 }, async () => {
    // The view replaced the button without moving the focus, which fell to <body> on opening, capturing and cancelling.
    const browser = await launchBrowser(['--use-fake-device-for-media-stream', '--use-fake-ui-for-media-stream']);
    try {
      const context = await newContext(browser, suite.system, { permissions: ['camera'] });
      const page = await context.newPage();
      await loginThroughUi(page, 'vendor', 'carrier', DEMO_PASSWORD, '/loads');
      const kdtId = 'kdt_24106';
      await cell(tableRow(page, kdtId), 'Photos', kdtId).click();
      const dialog = page.getByRole('dialog', { name: `Photos for Load ${kdtId}` });
      const focusedText = () => page.evaluate<string>('document.activeElement ? document.activeElement.tagName + ":" + document.activeElement.textContent.trim() : "none"');
      const takePhoto = dialog.getByRole('button', { name: 'Take Photo' });
      const capture = dialog.getByRole('button', { name: 'Capture' });
      // A load with photos opens on them.
      const toUpload = dialog.getByRole('button', { name: 'Upload Additional Document' });
      await toUpload.or(takePhoto).first().waitFor();
      if (await toUpload.count()) await toUpload.click();

      await takePhoto.focus();
      await page.keyboard.press('Enter');
      await expect.poll(focusedText).toBe('BUTTON:Capture');
      await expect.poll(() => capture.getAttribute('aria-disabled')).toBeNull();
      await page.keyboard.press('Enter');
      await dialog.getByText(/^Selected: photo-/).waitFor();
      await expect.poll(focusedText).toBe('BUTTON:Take Photo');

      // The camera is asked for a large picture, and the photo is drawn at what it gives: before, it was asked for
      // nothing and gave 640x480, where a BOL's handwriting cannot be read (phone audit). Chromium's fake camera
      // honours the ask (it gives 2560x1920, as a real phone's 4:3 sensor would).
      const answer = page.waitForResponse((response) => response.request().method() === 'POST' && /\/api\/loads\/[^/]+\/documents\/$/.test(response.url()));
      await dialog.getByRole('button', { name: 'Upload', exact: true }).click();
      const { file_url: fileUrl } = (await (await answer).json()) as { file_url: string };
      // The bytes the server stored, as it serves them (a multipart body's file is not readable from the request).
      const stored = await context.request.get(fileUrl.replace(/^\/?media\//, '/api/serve-file/'));
      expect(stored.status(), fileUrl).toBe(200);
      const photo = jpegSize(await stored.body());
      expect(photo.width * photo.height, `${photo.width}x${photo.height}`).toBeGreaterThan(640 * 480);
      expect(Math.min(photo.width, photo.height)).toBeGreaterThanOrEqual(1080);
      await statusLine(dialog, 'Photos uploaded successfully').waitFor();
      await takePhoto.focus();

      await page.keyboard.press('Enter');
      await expect.poll(focusedText).toBe('BUTTON:Capture');
      await page.keyboard.press('Tab');
      await expect.poll(focusedText).toBe('BUTTON:Cancel');
      await page.keyboard.press('Enter');
      await expect.poll(focusedText).toBe('BUTTON:Take Photo');
      await context.close();
    } finally {
      await browser.close();
    }
  });

  it('a toast shown over a document dialog is drawn and said in it, where it can be read and dismissed', { timeout: 60_000 }, async () => {
    // Before, toasts were drawn under the modal dialog's backdrop: dimmed, their × out of reach, and unheard by a
    // screen reader (everything outside an open modal dialog is inert). A delete that failed said so only there.
    const kdtId = 'kdt_24105';
    const { page, row } = await carriersLoadRow(kdtId, 'other');
    await cell(row, 'Other Document', kdtId).click();
    const dialog = page.getByRole('dialog', { name: `Other Document for Load ${kdtId}` });
    await uploadFile(dialog, 'Other Document', { name: 'lumper-receipt.pdf', mimeType: 'application/pdf', buffer: pdf() });
    // Said once: the upload form's own status line says it in the dialog, so its toast is shown but not said again.
    await toast(page, 'Other Document uploaded successfully').waitFor();
    await page.waitForTimeout(400);
    expect(await toastSaid(dialog, 'Other Document uploaded successfully').count()).toBe(0);
    await dialog.getByRole('button', { name: 'View Uploaded Documents (1)' }).click();
    await dialog.getByRole('button', { name: 'Delete', exact: true }).waitFor();

    // The delete fails (the server answers 500 with nothing more).
    await page.route('**/api/loads/*/documents/*/delete/', (route) => route.fulfill({ status: 500, body: '' }));
    await deleteShown(page, dialog, 'lumper-receipt.pdf', ['yes']);
    const failed = toastBox(dialog, 'Failed to delete document.');
    await failed.waitFor();
    // On top (the point at its middle is its own, not the backdrop's), and not over the dialog's buttons.
    expect(await onTop(failed)).toBe(true);
    expect(await onTop(dialog.getByRole('button', { name: 'Delete', exact: true }))).toBe(true);
    expect(await onTop(dialog.getByRole('button', { name: 'Close', exact: true }))).toBe(true);
    await toastSaid(dialog, 'Failed to delete document.', 'assertive').waitFor();
    await screenshot(page, 'load-documents-toast-over-dialog');
    await failed.getByRole('button', { name: 'Dismiss notification' }).click({ timeout: 5_000 });
    await failed.waitFor({ state: 'detached' });
    expect(await dialog.isVisible()).toBe(true);

    // Deleted on the second try; the toast stays on top when the dialog closes, and can still be dismissed there.
    // The prompt is closed the moment it opens, as Chromium does by itself now and then just after a PDF preview has
    // loaded: a "no" nobody gave. The page asks again, and the delete goes ahead on the yes.
    await page.unroute('**/api/loads/*/documents/*/delete/');
    await deleteShown(page, dialog, 'lumper-receipt.pdf', ['closed', 'yes']);
    await toastSaid(dialog, 'Document deleted successfully').waitFor();
    await dialog.getByText('No documents found.').waitFor();
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    const deleted = toastBox(page, 'Document deleted successfully');
    await deleted.waitFor();
    await deleted.getByRole('button', { name: 'Dismiss notification' }).click({ timeout: 5_000 });
    await deleted.waitFor({ state: 'detached' });
  });
  it('an upload whose answer was lost, sent again, is stored once', { timeout: 60_000 }, async () => {
    const kdtId = 'kdt_24107';
    const { page, row, names } = await carriersLoadRow(kdtId, 'bill_of_lading');
    const before = await names();

    // The first POST reaches the server, which stores the document; its answer never reaches the page.
    const sent = await firstAnswerLost(page, '**/api/loads/*/documents/', 'POST');
    await cell(row, 'Bill of Lading', kdtId).click();
    const dialog = page.getByRole('dialog', { name: `Bill of Lading for Load ${kdtId}` });
    await dialog.getByLabel('Bill of Lading file').setInputFiles({ name: 'bol-retry.pdf', mimeType: 'application/pdf', buffer: pdf() });
    await dialog.getByRole('button', { name: 'Upload', exact: true }).click();
    await dialog.getByText('Failed to upload document').first().waitFor();
    await expect.poll(names).toEqual([...before, 'bol-retry.pdf']);

    // The file is still chosen: Upload again, as the user would.
    await dialog.getByRole('button', { name: 'Upload', exact: true }).click();
    await statusLine(dialog, 'Bill of Lading uploaded successfully').waitFor();
    const keys = sent.map((headers) => headers['idempotency-key']);
    expect(keys).toHaveLength(2);
    expect(keys[0]).toMatch(/^[0-9a-f-]{36}$/);
    expect(keys[1]).toBe(keys[0]);
    await dialog.getByRole('button', { name: `View Uploaded Documents (${before.length + 1})` }).waitFor();
    expect(await names()).toEqual([...before, 'bol-retry.pdf']);
  });
  it('an upload goes on when its dialog is closed, says when it is done, and a reopened dialog waits for it', { timeout: 60_000 }, async () => {
    // Before, closing the dialog mid-upload dropped its outcome: no word when it ended, the cell still MISSING, and
    // the user, uploading again, had the invoice twice.
    const kdtId = 'kdt_24106';
    const { page, row, names } = await carriersLoadRow(kdtId, 'invoice');
    expect(await names()).toEqual([]);

    // The upload's request held until the test lets it go: a slow connection.
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/api/loads/*/documents/', async (route) => {
      if (route.request().method() !== 'POST') return route.continue();
      await held;
      await route.continue();
    });
    await cell(row, 'Invoice', kdtId).click();
    const dialog = page.getByRole('dialog', { name: `Invoice for Load ${kdtId}` });
    await dialog.getByLabel('Invoice file').setInputFiles({ name: 'invoice-slow.pdf', mimeType: 'application/pdf', buffer: pdf(4096) });
    await dialog.getByRole('button', { name: 'Upload', exact: true }).click();
    await dialog.getByRole('button', { name: 'Uploading...' }).waitFor();
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });

    // Opened again while it runs: Upload waits, and says why.
    await cell(row, 'Invoice', kdtId).click();
    await dialog.getByText('An upload started here earlier is still under way; you will be told when it is done.').waitFor();
    expect(await dialog.getByRole('button', { name: 'Uploading...' }).isDisabled()).toBe(true);
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    // Closing or reloading the tab meanwhile asks first (the dialog's own warning went with it).
    expect(await promptsOnReload(page)).toEqual(['beforeunload']);

    release();
    await toast(page, 'Invoice uploaded successfully').waitFor();
    await expect.poll(() => cell(row, 'Invoice', kdtId).textContent()).toBe('YES');
    expect(await names()).toEqual(['invoice-slow.pdf']);
    await page.unroute('**/api/loads/*/documents/');
  });
});
