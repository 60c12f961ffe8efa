// WCAG 2.1 A/AA checks by axe-core (every rule tagged wcag2a, wcag2aa, wcag21a, wcag21aa, and axe's best practices:
// landmarks, heading order, unique names; plus the experimental label-in-name rule, WCAG 2.5.3) on the vendor and staff
// screens, with their data and with dialogs and menus open, in a real browser. Colour contrast has its own test in both
// themes (a11y-contrast.test.ts) and is left out here.
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { DEMO_PASSWORD } from '../accounts/support';
import { TEST_ADMIN_PASSWORD } from '../support/system';
import { demoRecords, runAxe, settle } from './a11y-support';
import { loginThroughUi, useBrowserSuite } from './support';

const suite = useBrowserSuite({ config: { seedDemo: true, demoPassword: DEMO_PASSWORD } }, 180_000);

const AXE_OPTIONS = {
  runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'] },
  rules: { 'color-contrast': { enabled: false }, 'label-content-name-mismatch': { enabled: true } },
  resultTypes: ['violations'],
};

interface Route {
  path: string;
  ready?: string;
  /** A state to check beyond the page as it loads: a dialog or menu opened, named in the report. */
  open?: { name: string; act(page: Page): Promise<void> };
}

/** A state with a dialog open: the first control matching `selector` pressed. */
const dialogOf = (name: string, selector: string): Route['open'] => ({
  name,
  act: async (page) => {
    await page.locator(selector).first().click();
    await page.getByRole('dialog').waitFor();
  },
});

async function audit(page: Page, label: string, routes: Route[], failures: string[]): Promise<void> {
  for (const route of routes) {
    await page.goto(route.path);
    await settle(page, route.ready);
    if (route.open) await route.open.act(page);
    const where = `${label} ${route.path}${route.open ? ` (${route.open.name})` : ''}`;
    const results = await runAxe(page, AXE_OPTIONS);
    for (const violation of results.violations) {
      for (const node of violation.nodes.slice(0, 3)) {
        failures.push(`${where}: ${violation.id} (${violation.help}) at ${node.target.map(String).join(' ')}\n    ${node.html.slice(0, 200)}\n    ${(node.failureSummary ?? '').replace(/\n\s*/g, ' ')}`);
      }
      if (violation.nodes.length > 3) failures.push(`${where}: ${violation.id}: ${violation.nodes.length - 3} more`);
    }
  }
}

describe('WCAG 2.1 A/AA (axe)', () => {
  it('passes on the vendor and staff screens', { timeout: 180_000 }, async () => {
    const admin = await suite.signedInClient('admin', TEST_ADMIN_PASSWORD, 'staff');
    const { loads, carrier: vendor, dispatch } = await demoRecords(admin);
    const failures: string[] = [];
    const guest = await suite.openPage({ bypassCSP: true });
    await audit(guest, 'guest', [{ path: '/' }, { path: '/staff/login' }, { path: '/signup' }, { path: '/staff/signup' }], failures);
    const carrier = await suite.openPage({ bypassCSP: true });
    await loginThroughUi(carrier, 'vendor', 'carrier', DEMO_PASSWORD, '/loads');
    await audit(carrier, 'carrier', [
      { path: '/loads', ready: 'tbody tr' },
      { path: '/loads', ready: 'tbody tr', open: { name: 'New Load with details', act: async (p) => {
        await p.getByRole('button', { name: 'New Load' }).click();
        await p.getByRole('form', { name: 'New Load' }).getByLabel('Add Full Load Details?').check();
      } } },
      { path: '/loads', ready: 'tbody tr', open: dialogOf('date dialog', 'tbody tr td.cell-pickup_date button') },
      { path: '/loads', ready: 'tbody tr', open: dialogOf('document dialog', 'tbody tr button.document-cell') },
      { path: `/load/${loads[0]!.id}` },
      { path: `/load/${loads[0]!.id}`, open: { name: 'section edit', act: async (p) => {
        await p.getByRole('button', { name: /^Edit / }).first().click();
        await p.locator('.load-section.is-editing').waitFor();
      } } },
      { path: '/profile' },
      { path: '/settings' },
    ], failures);
    const staff = await suite.openPage({ bypassCSP: true });
    await loginThroughUi(staff, 'staff', 'admin', TEST_ADMIN_PASSWORD, '/staff/loads');
    await audit(staff, 'admin', [
      { path: '/staff/dashboard' },
      { path: '/staff/loads', ready: '.ag-row' },
      { path: '/staff/loads', ready: '.ag-row', open: dialogOf('date dialog', '.ag-row button.date-cell') },
      { path: '/staff/loads', ready: '.ag-row', open: dialogOf('document dialog', '.ag-row button.document-cell') },
      { path: `/staff/load/${loads[0]!.id}` },
      { path: '/staff/vendors', ready: 'text=newcarrier' },
      { path: `/staff/vendors/${vendor.id}` },
      { path: '/staff/accounts', ready: 'text=No Tier Assigned' },
      { path: `/staff/${dispatch.id}`, open: { name: 'tier menu', act: async (p) => {
        await p.getByRole('button', { name: /^Tier: / }).first().click();
        await p.getByRole('menu', { name: 'Staff tier' }).waitFor();
      } } },
      { path: `/staff/${dispatch.id}` },
      { path: '/staff/payments', ready: 'tbody tr' },
      { path: '/staff/recycle-bin' },
      { path: '/staff/profile' },
    ], failures);
    expect(failures, `${failures.length} violation(s):\n${failures.join('\n')}`).toEqual([]);
  });
});
