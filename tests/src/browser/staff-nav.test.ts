// The staff navigation bar: an ADMIN's eight links and the actions on one row on a laptop screen (it took two rows
// below about 1,500 px, pushing every page down).
import { expect, it } from 'vitest';
import { TEST_ADMIN_PASSWORD } from '../support/system';
import { loginThroughUi, mainNav, screenshot, useBrowserSuite } from './support';

const suite = useBrowserSuite({}, 120_000);

it("keeps an ADMIN's navigation on one row at 1280 and 1440 px wide", { timeout: 60_000 }, async () => {
  for (const width of [1280, 1440]) {
    const page = await suite.openPage({ viewport: { width, height: 800 } });
    await loginThroughUi(page, 'staff', 'admin', TEST_ADMIN_PASSWORD, '/staff/loads');
    const links = mainNav(page).getByRole('link');
    expect(await links.count()).toBe(8);
    const tops = await links.evaluateAll((elements) => elements.map((element) => Math.round(element.getBoundingClientRect().top)));
    expect(new Set(tops).size, `${width} px: link tops ${tops.join(', ')}`).toBe(1);
    await screenshot(page, `staff-nav-${width}`);
  }
});
