// The payments log's from/to are days in the reader's time zone (tz), UTC days without one.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD, signIn } from '../accounts/support';
import type { PortalClient } from '../support/http-client';
import { startTestSystem, type TestSystem } from '../support/system';

let system: TestSystem;
let accounting: PortalClient;

beforeAll(async () => {
  system = await startTestSystem({ config: { seedDemo: true, demoPassword: DEMO_PASSWORD } });
  accounting = await signIn(system, 'accounting', 'staff');
});
afterAll(async () => {
  await system?.stop();
});

/** The day `instant` falls on in `timeZone`, yyyy-mm-dd. */
const dayIn = (timeZone: string, instant: Date) => new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(instant);

interface Entry {
  position: string;
  at: string;
  load_id: string;
  kdt_id: string;
}

describe('payments log days', () => {
  it('are the days of the zone named by tz, UTC days without one', async () => {
    const load = (await accounting.get<{ id: string }[]>('/api/loads/')).body[0]!;
    const changed = await accounting.request('PATCH', `/api/loads/${load.id}/`, { payment_notes: `tz check ${Date.now()}` });
    expect(changed.status).toBe(200);
    const minPosition = `min_position=${changed.headers.get('x-event-position')}`;
    const ours = (await accounting.get<Entry[]>(`/api/payments/log/?${minPosition}`)).body.find((entry) => entry.load_id === load.id)!;
    const at = new Date(ours.at);
    // A zone whose day differs from the UTC day at that moment (one of these always does).
    const utcDay = dayIn('UTC', at);
    const zone = ['Pacific/Auckland', 'Pacific/Kiritimati', 'Pacific/Pago_Pago'].find((candidate) => dayIn(candidate, at) !== utcDay)!;
    const localDay = dayIn(zone, at);
    const has = async (query: string) => {
      const answer = await accounting.get<Entry[]>(`/api/payments/log/?${query}`);
      expect(answer.status, query).toBe(200);
      return answer.body.some((entry) => entry.position === ours.position);
    };

    await expect(has(`from=${localDay}&to=${localDay}&tz=${encodeURIComponent(zone)}`)).resolves.toBe(true);
    await expect(has(`from=${utcDay}&to=${utcDay}&tz=${encodeURIComponent(zone)}`)).resolves.toBe(false);
    await expect(has(`from=${localDay}&tz=${encodeURIComponent(zone)}`)).resolves.toBe(true);
    await expect(has(`to=${localDay}&tz=${encodeURIComponent(zone)}`)).resolves.toBe(true);
    // Zone names are case-insensitive, as in PostgreSQL.
    await expect(has(`from=${localDay}&to=${localDay}&tz=${encodeURIComponent(zone.toLowerCase())}`)).resolves.toBe(true);
    // Without tz (or with an empty one) the days are UTC days, as before.
    await expect(has(`from=${utcDay}&to=${utcDay}`)).resolves.toBe(true);
    await expect(has(`from=${utcDay}&to=${utcDay}&tz=`)).resolves.toBe(true);
    await expect(has(`from=${localDay}&to=${localDay}&tz=UTC`)).resolves.toBe(false);

    // The CSV takes the same days, and shows its times in the same zone, named in its header (before, UTC times in a
    // file of local days: a change late on a local day read as the next or the previous day).
    const csv = await accounting.download(`/api/payments/log/?from=${localDay}&to=${localDay}&tz=${encodeURIComponent(zone)}&format=csv`);
    expect(csv.status).toBe(200);
    const [header, ...lines] = csv.content.toString().trim().split('\r\n');
    expect(header).toMatch(new RegExp(`^"Time \\(${zone}\\)",`));
    // As spreadsheets read a time, to the second; our change on its local day, not the UTC one.
    expect(lines.some((line) => line.startsWith(`"${localDay} `) && line.includes(`"${ours.kdt_id}"`))).toBe(true);
    expect(lines.every((line) => /^"\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}",/.test(line))).toBe(true);
    // Without tz, UTC, as its header says.
    const utc = await accounting.download(`/api/payments/log/?from=${utcDay}&to=${utcDay}&format=csv`);
    const [utcHeader, ...utcLines] = utc.content.toString().trim().split('\r\n');
    expect(utcHeader).toMatch(/^"Time \(UTC\)",/);
    expect(utcLines.some((line) => line.startsWith(`"${ours.at.slice(0, 19).replace('T', ' ')}",`))).toBe(true);
  });

  it('refuses a time zone it does not know, or a POSIX rule in place of a zone name, with a day to read it in', async () => {
    for (const tz of ['Mars/Olympus_Mons', '+05:00', 'UTC+5', 'EST5', '../../etc/passwd', 'America/Chicago;', ' UTC']) {
      for (const format of ['', '&format=csv']) {
        const answer = await accounting.get(`/api/payments/log/?from=2026-01-01&tz=${encodeURIComponent(tz)}${format}`);
        expect(answer.status, tz).toBe(400);
        expect(answer.body, tz).toEqual({ tz: ['Enter a valid time zone.'] });
      }
    }
    const twice = await accounting.get('/api/payments/log/?from=2026-01-01&tz=UTC&tz=UTC');
    expect(twice.status).toBe(400);
    expect(twice.body).toEqual({ tz: ['Enter a valid time zone.'] });
    // Without a day the zone decides no rows, only how the lines' times read: one it cannot use means UTC, named.
    for (const query of ['tz=UTC&tz=UTC', 'tz=Mars%2FOlympus_Mons', 'tz=Etc%2FUnknown']) {
      expect((await accounting.get(`/api/payments/log/?${query}`)).status, query).toBe(200);
    }
  });
});
