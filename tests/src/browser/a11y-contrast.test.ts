// Text contrast (WCAG 1.4.3, AA) on the vendor and staff screens, measured by axe-core's 'color-contrast' rule in a
// real browser: the light theme (the default) failed on 20 of 22 routes (audit s12, finding 7). Only that one rule is
// checked, so unrelated markup work elsewhere cannot break this test. The dark theme and a custom secondary colour
// picked on /settings are checked as well.
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { DEMO_PASSWORD } from '../accounts/support';
import { TEST_ADMIN_PASSWORD } from '../support/system';
import { demoRecords, runAxe, settle } from './a11y-support';
import { loginThroughUi, screenshot, useBrowserSuite } from './support';

const suite = useBrowserSuite({ config: { seedDemo: true, demoPassword: DEMO_PASSWORD } }, 180_000);

type Theme = 'light' | 'dark';

interface Route {
  path: string;
  /** A selector that matches once the screen has its data (beyond the heading). */
  ready?: string;
  /** Saves a screenshot under this name (/tmp/browser-shots), to look at the colours. */
  shot?: string;
}

interface ContrastNode {
  target: string;
  html: string;
  summary: string;
}

/** axe's color-contrast violations on the page as it is now. */
async function contrastViolations(page: Page): Promise<ContrastNode[]> {
  const results = await runAxe(page, { runOnly: { type: 'rule', values: ['color-contrast'] }, resultTypes: ['violations'] });
  const nodes = results.violations
    .filter((violation) => violation.id === 'color-contrast')
    .flatMap((violation) => violation.nodes.map((node) => ({ target: node.target.map(String).join(' '), html: node.html, summary: node.failureSummary ?? '' })));
  return nodes;
}

/** Visits each route in turn (client-side pages reload fully, so axe is injected per page) and collects failures. */
async function audit(page: Page, label: string, routes: Route[], failures: string[]): Promise<void> {
  for (const route of routes) {
    await page.goto(route.path);
    await settle(page, route.ready);
    if (route.shot) await screenshot(page, `contrast-${label.replace(/\s+/g, '-')}-${route.shot}`);
    const nodes = await contrastViolations(page);
    for (const node of nodes) failures.push(`${label} ${route.path}: ${node.target}\n    ${node.html.slice(0, 160)}\n    ${node.summary.replace(/\n\s*/g, ' ')}`);
  }
}

async function openAs(theme: Theme, who: { portal: 'vendor' | 'staff'; username: string; password: string; landing: string } | null, customLight?: Record<string, string>) {
  // bypassCSP: the product's CSP (script-src 'self') would refuse the injected axe script.
  const page = await suite.openPage({ colorScheme: theme, bypassCSP: true });
  if (customLight) {
    await page.addInitScript(`localStorage.setItem('lightColors', ${JSON.stringify(JSON.stringify(customLight))})`);
  }
  if (who) await loginThroughUi(page, who.portal, who.username, who.password, who.landing);
  return page;
}

const report = (failures: string[]) => `${failures.length} color-contrast violation(s):\n${failures.join('\n')}`;

describe('text contrast (axe color-contrast)', () => {
  for (const theme of ['light', 'dark'] as const) {
    it(`passes on the login, sign-up and vendor screens in the ${theme} theme`, { timeout: 180_000 }, async () => {
      const admin = await suite.signedInClient('admin', TEST_ADMIN_PASSWORD, 'staff');
      const loads = (await admin.get<{ id: string }[]>('/api/loads/')).body;
      expect(loads.length).toBeGreaterThan(0);
      const failures: string[] = [];

      const guest = await openAs(theme, null);
      await audit(guest, `${theme} guest`, [{ path: '/', shot: 'login' }, { path: '/staff/login' }, { path: '/signup' }, { path: '/staff/signup' }], failures);

      const carrier = await openAs(theme, { portal: 'vendor', username: 'carrier', password: DEMO_PASSWORD, landing: '/loads' });
      await audit(
        carrier,
        `${theme} carrier`,
        [{ path: '/loads', ready: 'tbody tr', shot: 'loads' }, { path: `/load/${loads[0]!.id}` }, { path: '/profile', shot: 'profile' }, { path: '/settings' }],
        failures,
      );

      const newcarrier = await openAs(theme, { portal: 'vendor', username: 'newcarrier', password: DEMO_PASSWORD, landing: '/profile' });
      await audit(newcarrier, `${theme} newcarrier`, [{ path: '/profile', shot: 'profile' }], failures);

      expect(failures, report(failures)).toEqual([]);
    });

    it(`passes on the staff screens in the ${theme} theme`, { timeout: 180_000 }, async () => {
      const admin = await suite.signedInClient('admin', TEST_ADMIN_PASSWORD, 'staff');
      const { loads, carrier, dispatch } = await demoRecords(admin);
      const failures: string[] = [];

      const page = await openAs(theme, { portal: 'staff', username: 'admin', password: TEST_ADMIN_PASSWORD, landing: '/staff/loads' });
      await audit(
        page,
        `${theme} admin`,
        [
          { path: '/staff/dashboard' },
          { path: '/staff/loads', ready: '.ag-row', shot: 'loads' },
          { path: `/staff/load/${loads[0]!.id}` },
          { path: '/staff/vendors', ready: 'text=newcarrier' },
          { path: `/staff/vendors/${carrier.id}`, shot: 'vendor' },
          { path: '/staff/accounts', ready: 'text=No Tier Assigned', shot: 'accounts' },
          { path: `/staff/${dispatch.id}` },
          { path: '/staff/payments', ready: 'tbody tr' },
          { path: '/staff/recycle-bin' },
          { path: '/staff/profile' },
          { path: '/settings' },
        ],
        failures,
      );

      expect(failures, report(failures)).toEqual([]);
    });
  }

  it('keeps links readable with a light custom secondary colour picked on /settings', { timeout: 120_000 }, async () => {
    const failures: string[] = [];
    // A pale amber secondary: as link text it would read at about 2:1 on white.
    const page = await openAs('light', { portal: 'vendor', username: 'carrier', password: DEMO_PASSWORD, landing: '/loads' }, { secondary: '#fbbf24' });
    await audit(page, 'light custom-secondary carrier', [{ path: '/loads', ready: 'tbody tr', shot: 'loads' }, { path: '/settings', shot: 'settings' }], failures);
    const secondary = await page.evaluate<string>("getComputedStyle(document.documentElement).getPropertyValue('--color-secondary').trim()");
    expect(secondary, 'the custom secondary is in use').toBe('#fbbf24');
    expect(failures, report(failures)).toEqual([]);
  });
});
