// Shared by the browser accessibility audits (a11y-axe, a11y-contrast): waiting for a screen to settle, running
// axe-core in the page, and the demo records whose screens they visit.
import { createRequire } from 'node:module';
import type { Page } from 'playwright-core';
import type { PortalClient } from '../support/http-client';

const AXE_PATH = createRequire(import.meta.url).resolve('axe-core/axe.min.js');

export interface AxeResults {
  violations: { id: string; help: string; nodes: { target: unknown[]; html: string; failureSummary?: string }[] }[];
}

/**
 * Waits for the routed screen to settle: a heading, `ready` if given, no loading text or spinner, the fonts loaded and
 * no transition or animation under way (colours mid-fade would be measured), then two frames painted. It used to wait
 * a fixed 300 ms instead, 25 times per run of the contrast audit.
 */
export async function settle(page: Page, ready?: string): Promise<void> {
  await page.locator('main h1').first().waitFor();
  if (ready) await page.locator(ready).first().waitFor();
  await page.waitForFunction("!document.querySelector('.page-status, .app-loading, .spinner')", undefined, { timeout: 15_000 });
  await page.waitForFunction(
    `document.fonts.status === 'loaded' &&
     document.getAnimations().every((a) => a.playState !== 'running' || a.effect?.getComputedTiming().iterations === Infinity)`,
    undefined,
    { timeout: 5_000 },
  );
  await page.evaluate('new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)))');
}

/** axe.run on the page as it is now (axe injected once per document; the page must bypass the product's CSP). */
export async function runAxe(page: Page, options: object): Promise<AxeResults> {
  if (!(await page.evaluate<boolean>("'axe' in window"))) await page.addScriptTag({ path: AXE_PATH });
  return page.evaluate<AxeResults>(`axe.run(document, ${JSON.stringify(options)})`);
}

/** The demo records the audits open: the loads, the vendor 'carrier' and the staff member 'dispatch'. */
export async function demoRecords(admin: PortalClient) {
  const loads = (await admin.get<{ id: string }[]>('/api/loads/')).body;
  const vendors = (await admin.get<{ id: string; username: string }[]>('/api/vendors/')).body;
  const accounts = (await admin.get<{ id: string; username: string }[]>('/api/staff-accounts/')).body;
  return {
    loads,
    carrier: vendors.find((vendor) => vendor.username === 'carrier')!,
    dispatch: accounts.find((account) => account.username === 'dispatch')!,
  };
}
