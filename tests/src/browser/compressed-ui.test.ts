// What a browser actually downloads: the JS of a vendor's first pages arrives compressed (brotli from the embedded
// gateway) and under the bundle goal (250 kB, issue 12's figure 7). Before, neither gateway compressed anything, so the
// goal held only for the bench's own gzip of the files, not for what was sent.
import { describe, expect, it } from 'vitest';
import { DEMO_PASSWORD } from '../accounts/support';
import { loginThroughUi, useBrowserSuite } from './support';

const suite = useBrowserSuite({ config: { seedDemo: true, demoPassword: DEMO_PASSWORD } }, 180_000);

interface ScriptEntry {
  name: string;
  encodedBodySize: number;
  decodedBodySize: number;
}

describe('the UI as downloaded', () => {
  it('sends a vendor the JS of / and /loads compressed, under 250 kB in all', { timeout: 120_000 }, async () => {
    const page = await suite.openPage();
    const encodings = new Map<string, string | undefined>();
    page.on('response', (response) => {
      if (new URL(response.url()).pathname.endsWith('.js')) encodings.set(response.url(), response.headers()['content-encoding']);
    });
    await loginThroughUi(page, 'vendor', 'carrier', DEMO_PASSWORD, '/loads');
    await page.locator('tbody tr').first().waitFor();
    const scripts = await page.evaluate<ScriptEntry[]>(
      "performance.getEntriesByType('resource').filter((e) => new URL(e.name).pathname.endsWith('.js')).map((e) => ({ name: e.name, encodedBodySize: e.encodedBodySize, decodedBodySize: e.decodedBodySize }))",
    );
    expect(scripts.length).toBeGreaterThan(0);
    const sent = scripts.reduce((sum, s) => sum + s.encodedBodySize, 0);
    const whole = scripts.reduce((sum, s) => sum + s.decodedBodySize, 0);
    process.stdout.write(`vendor / and /loads: ${scripts.length} scripts, ${Math.round(sent / 1024)} kB sent for ${Math.round(whole / 1024)} kB of JS\n`);
    for (const script of scripts) {
      expect(encodings.get(script.name), script.name).toBe('br');
      if (script.decodedBodySize > 1024) expect(script.encodedBodySize, script.name).toBeLessThan(script.decodedBodySize / 2);
    }
    expect(sent).toBeLessThan(250 * 1024);
  });
});
