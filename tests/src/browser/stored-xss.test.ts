// Hostile text stored through every kind of field the UI shows (profile, load sections and notes, file names) is
// rendered as text: nothing it carries ever runs, for the vendor or for staff.
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { PNG_1x1 } from '../support/files';
import { TEST_ADMIN_PASSWORD } from '../support/system';
import { DEMO_PASSWORD, signIn } from '../accounts/support';
import { loginThroughUi, newContext, screenshot, startBrowserSuite, type BrowserSuite } from './support';

const PAYLOADS = [
  '<img src=x onerror="window.__xss=1">',
  '"><script>window.__xss=2</script>',
  "<svg onload=window.__xss=3>",
];
let suite: BrowserSuite;
let loadId: string;
let vendorId: string;

beforeAll(async () => {
  suite = await startBrowserSuite({ config: { seedDemo: true, demoPassword: DEMO_PASSWORD } });
  const vendor = await signIn(suite.system, 'carrier', 'vendor');
  vendorId = (await vendor.get('/api/auth/user/')).body.vendor_profile.id;
  const profile = await vendor.request('PATCH', '/api/profiles/vendor/', { business_name: PAYLOADS[0], address_2: PAYLOADS[1], contact_name_2: PAYLOADS[2] });
  expect(profile.status).toBe(200);
  const created = await vendor.post('/api/loads/', { load_number: 'xss-1', pickup_location: PAYLOADS[0] });
  loadId = created.body.id;
  await vendor.request('PATCH', `/api/loads/${loadId}/`, { pickup_notes: PAYLOADS[1], special_instructions: PAYLOADS[2], tracking_status: PAYLOADS[0] });
  const photo = await vendor.upload(`/api/loads/${loadId}/documents/`, { document_type: 'photos' }, { file: { name: `${PAYLOADS[0]}.png`, content: PNG_1x1 } });
  expect(photo.status).toBe(201);
}, 180_000);
afterAll(async () => { await suite?.close(); });

async function visit(page: Page, path: string, expectText: string): Promise<void> {
  await page.goto(new URL(path, suite.system.url).toString());
  await page.getByText(expectText, { exact: false }).first().waitFor({ timeout: 15_000 });
  expect(await page.evaluate(() => (globalThis as unknown as { __xss?: number }).__xss)).toBeUndefined();
}

it('shows stored markup as text and runs none of it, for the vendor and for staff', async () => {
  const dialogs: string[] = [];
  for (const [portal, username, password, pages] of [
    ['vendor', 'carrier', DEMO_PASSWORD, [['/profile', 'Company Information'], ['/loads', 'kdt_xss-1'], [`/load/${loadId}`, 'Load Details']]],
    ['staff', 'admin', TEST_ADMIN_PASSWORD, [[`/staff/load/${loadId}`, 'Load Details'], [`/staff/vendors/${vendorId}`, 'Business'], ['/staff/loads', 'kdt_xss-1']]],
  ] as const) {
    const context = await newContext(suite.browser, suite.system);
    const page = await context.newPage();
    page.on('dialog', (dialog) => {
      dialogs.push(dialog.message());
      dialog.dismiss().catch(() => undefined);
    });
    await loginThroughUi(page, portal, username, password, portal === 'vendor' ? '/loads' : '/staff/loads');
    for (const [path, text] of pages) await visit(page, path, text);
    // The payload is on screen as the characters the user typed.
    await page.goto(new URL(portal === 'vendor' ? `/load/${loadId}` : `/staff/load/${loadId}`, suite.system.url).toString());
    await page.getByText(PAYLOADS[1]!, { exact: false }).first().waitFor({ timeout: 15_000 });
    expect(await page.evaluate(() => (globalThis as unknown as { __xss?: number }).__xss)).toBeUndefined();
    await screenshot(page, `stored-xss-${portal}`);
    await context.close();
  }
  // The public gallery shows the hostile file name inertly too.
  const guest = await newContext(suite.browser, suite.system);
  const gallery = await guest.newPage();
  await gallery.goto(new URL(`/photo-gallery/${loadId}`, suite.system.url).toString());
  await gallery.waitForLoadState('networkidle');
  expect(await gallery.evaluate(() => (globalThis as unknown as { __xss?: number }).__xss)).toBeUndefined();
  await guest.close();
  expect(dialogs).toEqual([]);
}, 180_000);
