// The vendor's loads table on a phone: wider than the screen, it says it scrolls sideways and keeps each row's Load
// ID in view while the dates and documents scroll under it. The desktop layout is as before.
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { DEMO_PASSWORD } from '../accounts/support';
import { loginThroughUi, useBrowserSuite } from './support';

const suite = useBrowserSuite({ config: { seedDemo: true, demoPassword: DEMO_PASSWORD } }, 180_000);
const SHOTS = '/tmp/s11-ui-fix-shots';
const SCROLLER = `document.querySelector('.loads-table-scroll')`;
const HINT = 'Swipe sideways for dates and documents →';

async function vendorLoads(viewport: { width: number; height: number }): Promise<Page> {
  const page = await suite.openPage({ viewport, isMobile: viewport.width < 640, hasTouch: viewport.width < 640 });
  await loginThroughUi(page, 'vendor', 'carrier', DEMO_PASSWORD, '/loads');
  await page.locator('.loads-table tbody tr').first().waitFor();
  return page;
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

  it('on a laptop, is laid out as before: no hint, no column held in place', { timeout: 120_000 }, async () => {
    const page = await vendorLoads({ width: 1280, height: 720 });
    await expect(page.getByText(HINT).isVisible()).resolves.toBe(false);
    const firstCell = page.locator('.loads-table tbody tr').first().locator('td').first();
    await expect(page.evaluate<string>(`getComputedStyle(document.querySelector('.loads-table tbody td')).position`)).resolves.toBe('static');
    await page.screenshot({ path: `${SHOTS}/m2-vendor-loads-laptop.png` });
  });
});
