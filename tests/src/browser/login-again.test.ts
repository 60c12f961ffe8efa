// Signing in again in the same tab after a logout lands where a first sign-in does.
import { expect, it } from 'vitest';
import { DEMO_PASSWORD } from '../accounts/support';
import { currentNavLink, loginThroughUi, submitLogin, useBrowserSuite } from './support';

const suite = useBrowserSuite({ config: { seedDemo: true, demoPassword: DEMO_PASSWORD } }, 180_000);

it('lands a vendor with a complete profile on /loads at every sign-in after a logout in the same tab', { timeout: 120_000 }, async () => {
  // The server ends the live connection at a logout, and the tab asks who is signed in; that answer, arriving while
  // the logout was under way, counted as a sign-out made elsewhere, and the login page then sent the next login here
  // to /profile (the page for a signed-in vendor arriving at /), in most rounds.
  const page = await suite.openPage();
  await loginThroughUi(page, 'vendor', 'carrier', DEMO_PASSWORD, '/loads');
  const landings: string[] = [];
  for (let round = 0; round < 6; round++) {
    await page.getByRole('button', { name: 'Logout' }).click();
    await page.getByRole('heading', { name: 'Vendor Login' }).waitFor();
    await submitLogin(page, 'carrier', DEMO_PASSWORD);
    await currentNavLink(page, 'Loads').or(currentNavLink(page, 'Profile')).waitFor();
    // A redirect after the landing came within 10 ms of it; half a second is ample.
    await page.waitForTimeout(500);
    landings.push(new URL(page.url()).pathname);
  }
  expect(landings).toEqual(Array(6).fill('/loads'));
});
