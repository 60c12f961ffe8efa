// A load's detail page asks the server for its load only when it has to (vendor-side.md section 5; the staff page
// shares the flow). Deleting the load leaves the page without asking for the deleted load again, although the server's
// push that it is gone comes while the page is still there; a load that does not exist, or is another vendor's, is
// asked for once and shown as not found, although the live connection's first greeting re-reads the caches right
// after. The browser logs every failed answer in the console, so a stray read shows there too.
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { DEMO_PASSWORD } from '../accounts/support';
import type { PortalClient } from '../support/http-client';
import { TEST_ADMIN_PASSWORD } from '../support/system';
import { screenshot, toast, useBrowserSuite, waitForPath } from './support';

// Demo seeding: carrier with 12 loads, newcarrier with none.
const suite = useBrowserSuite({ config: { seedDemo: true, demoPassword: DEMO_PASSWORD } });

/** Time for a re-read to start after what would cause it (a push, a greeting): it follows within milliseconds. */
const SETTLE_MS = 750;
const MISSING_LOAD_ID = '00000000-0000-4000-8000-000000000000';
const NOT_FOUND_IN_CONSOLE = 'Failed to load resource: the server responded with a status of 404 (Not Found)';

/** socket.io's event frames read 42["event",...]. */
const liveEventOf = (frame: string | Buffer) => /^42\["([^"]+)"/.exec(String(frame))?.[1];

/**
 * What the page asks about one load (/api/loads/{id}/ and everything under it: the load, its history, documents...)
 * and the failed answers; the console's errors; and the live connection's messages, by event name.
 */
function watchLoad(page: Page, loadId: string) {
  const prefix = `/api/loads/${loadId}/`;
  const requests: string[] = [];
  const failures: string[] = [];
  const consoleErrors: string[] = [];
  const liveEvents: string[] = [];
  page.on('request', (request) => {
    const { pathname } = new URL(request.url());
    if (pathname.startsWith(prefix)) requests.push(`${request.method()} ${pathname}`);
  });
  page.on('response', (response) => {
    const { pathname } = new URL(response.url());
    if (pathname.startsWith(prefix) && !response.ok()) failures.push(`${response.request().method()} ${pathname} ${response.status()}`);
  });
  page.on('requestfailed', (request) => {
    const { pathname } = new URL(request.url());
    if (pathname.startsWith(prefix)) failures.push(`${request.method()} ${pathname} ${request.failure()?.errorText ?? 'failed'}`);
  });
  page.on('console', (message) => {
    if (message.type() === 'error') consoleErrors.push(message.text());
  });
  page.on('websocket', (socket) =>
    socket.on('framereceived', ({ payload }) => {
      const event = liveEventOf(payload);
      if (event) liveEvents.push(event === 'loads:changed' && String(payload).includes(loadId) ? 'loads:changed (this load)' : event);
    }),
  );
  return {
    requests,
    failures,
    consoleErrors,
    liveEvents,
    /** The requests made once the DELETE was sent (null before it). */
    requestsAfterDelete: () => {
      const sent = requests.indexOf(`DELETE ${prefix}`);
      return sent === -1 ? null : requests.slice(sent + 1);
    },
  };
}

type WatchedLoad = ReturnType<typeof watchLoad>;

async function waitForLiveEvent(watched: WatchedLoad, event: string) {
  await expect.poll(() => watched.liveEvents.includes(event), { timeout: 5_000 }).toBe(true);
}

/**
 * Holds back the live connection's messages to the page from its first `event` on (the connection itself, and what
 * came before, pass), until `release()`; then they follow in their order.
 */
async function holdLiveMessages(page: Page, event: string): Promise<() => void> {
  let holding = true;
  const held: Array<() => void> = [];
  await page.routeWebSocket(/\/socket\.io\//, (socket) => {
    const server = socket.connectToServer();
    server.onMessage((message) => {
      if (holding && (held.length > 0 || liveEventOf(message) === event)) held.push(() => socket.send(message));
      else socket.send(message);
    });
  });
  return () => {
    holding = false;
    for (const send of held.splice(0)) send();
  };
}

/** Holds the page's GETs of `loadId` until `until` has happened. */
async function holdLoadReads(page: Page, loadId: string, until: () => Promise<void>) {
  await page.route(`**/api/loads/${loadId}/`, async (route) => {
    if (route.request().method() !== 'GET') return route.fallback();
    await until();
    await route.fallback();
  });
}

/** A new load of the demo carrier, once the read API shows it. */
async function newCarrierLoad(loadNumber: string): Promise<{ id: string; kdtId: string; carrier: PortalClient }> {
  const carrier = await suite.signedInClient('carrier', DEMO_PASSWORD, 'vendor');
  const created = await carrier.post('/api/loads/', { load_number: loadNumber });
  expect(created.status).toBe(201);
  const { id, kdt_id: kdtId } = created.body as { id: string; kdt_id: string };
  await expect.poll(async () => (await carrier.get(`/api/loads/${id}/`)).status, { timeout: 5_000 }).toBe(200);
  return { id, kdtId, carrier };
}

/**
 * Signs in and watches `loadId`; `prepare` may then route the page's traffic before `path` opens as a fresh page load
 * (so the live connection greets it anew).
 */
async function openLoadPage(
  login: { portal: 'vendor' | 'staff'; username: string; landing: string },
  path: string,
  loadId: string,
  prepare: (page: Page, watched: WatchedLoad) => Promise<void> = async () => undefined,
) {
  const password = login.username === 'admin' ? TEST_ADMIN_PASSWORD : DEMO_PASSWORD;
  const page = await suite.signedInPage(login.portal, login.username, password, login.landing);
  const watched = watchLoad(page, loadId);
  await prepare(page, watched);
  await page.goto(path);
  return { page, watched };
}

const CARRIER = { portal: 'vendor', username: 'carrier', landing: '/loads' } as const;
const NEW_CARRIER = { portal: 'vendor', username: 'newcarrier', landing: '/profile' } as const;
const ADMIN = { portal: 'staff', username: 'admin', landing: '/staff/loads' } as const;

/** The detail page with everything on it read, and the live connection up. */
async function waitForLoadPage(page: Page, heading: string) {
  await page.getByRole('heading', { name: heading, level: 1 }).waitFor();
  await page.getByRole('status', { name: 'Connection: Live' }).waitFor();
  await page.getByRole('status', { name: 'Loading history' }).waitFor({ state: 'detached' });
}

async function deleteFromDetailPage(page: Page, kdtId: string) {
  await page.getByRole('button', { name: 'Delete Load', exact: true }).click();
  await page.getByRole('dialog', { name: `Delete Load ${kdtId}?` }).getByRole('button', { name: 'Delete Load', exact: true }).click();
  await toast(page, 'Load deleted successfully').waitFor();
}

/** A slower device (a quarter of this machine): the page takes longer to leave, as on a busy phone. */
async function slowDownCpu(page: Page) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
}

function expectNothingAskedAfterDelete(watched: WatchedLoad) {
  expect(watched.requestsAfterDelete()).toEqual([]);
  expect(watched.failures).toEqual([]);
  expect(watched.consoleErrors).toEqual([]);
}

describe('deleting a load from its page', () => {
  it('vendor: leaves for /loads without asking for the deleted load again, though its push comes before the page has gone', { timeout: 60_000 }, async () => {
    const { id, kdtId, carrier } = await newCarrierLoad('lpr-7001');
    const { page, watched } = await openLoadPage(CARRIER, `/load/${id}`, id);
    await waitForLoadPage(page, `Load Details ${kdtId}`);
    await slowDownCpu(page);

    await deleteFromDetailPage(page, kdtId);
    await waitForPath(page, '/loads');
    await page.getByRole('heading', { name: 'Loads', level: 1 }).waitFor();
    expect(await page.getByRole('link', { name: kdtId, exact: true }).count()).toBe(0);
    await waitForLiveEvent(watched, 'loads:changed (this load)');
    await page.waitForTimeout(SETTLE_MS);

    expectNothingAskedAfterDelete(watched);
    expect((await carrier.get(`/api/loads/${id}/`)).status).toBe(404);
  });

  it('vendor: the same when the push comes before the DELETE has answered', { timeout: 60_000 }, async () => {
    const { id, kdtId } = await newCarrierLoad('lpr-7002');
    const { page, watched } = await openLoadPage(CARRIER, `/load/${id}`, id);
    await waitForLoadPage(page, `Load Details ${kdtId}`);
    // The DELETE's answer is held until the page has had the push (a slow answer on a busy network).
    await page.route(`**/api/loads/${id}/`, async (route) => {
      if (route.request().method() !== 'DELETE') return route.fallback();
      const response = await route.fetch();
      await waitForLiveEvent(watched, 'loads:changed (this load)');
      await page.waitForTimeout(SETTLE_MS);
      await route.fulfill({ response });
    });

    await deleteFromDetailPage(page, kdtId);
    await waitForPath(page, '/loads');
    await page.getByRole('heading', { name: 'Loads', level: 1 }).waitFor();
    await page.waitForTimeout(SETTLE_MS);

    expectNothingAskedAfterDelete(watched);
  });

  it('staff: leaves for /staff/loads without asking for the deleted load again', { timeout: 60_000 }, async () => {
    const { id, kdtId } = await newCarrierLoad('lpr-7003');
    const { page, watched } = await openLoadPage(ADMIN, `/staff/load/${id}`, id);
    await waitForLoadPage(page, kdtId);
    await slowDownCpu(page);

    await deleteFromDetailPage(page, kdtId);
    await waitForPath(page, '/staff/loads');
    await waitForLiveEvent(watched, 'loads:changed (this load)');
    await page.waitForTimeout(SETTLE_MS);

    expectNothingAskedAfterDelete(watched);
  });
});

describe('the page of a load that is not there', () => {
  /** The page asked once, had a 404 (which the browser logs once), and got its first greeting; nothing more was asked. */
  async function expectAskedOnce(page: Page, watched: WatchedLoad, loadId: string, message: string) {
    await page.getByText(message, { exact: true }).waitFor();
    await waitForLiveEvent(watched, 'hello');
    await page.getByRole('status', { name: 'Connection: Live' }).waitFor();
    await page.waitForTimeout(SETTLE_MS);
    await page.getByText(message, { exact: true }).waitFor();
    expect(watched.requests).toEqual([`GET /api/loads/${loadId}/`]);
    expect(watched.failures).toEqual([`GET /api/loads/${loadId}/ 404`]);
    expect(watched.consoleErrors).toEqual([NOT_FOUND_IN_CONSOLE]);
  }

  /** Opens the page with its answer first and the greeting after it; `release` lets the greeting through. */
  async function openWithGreetingAfterAnswer(login: typeof CARRIER | typeof NEW_CARRIER | typeof ADMIN, path: string, loadId: string) {
    let release!: () => void;
    const opened = await openLoadPage(login, path, loadId, async (page) => {
      release = await holdLiveMessages(page, 'hello');
    });
    return { ...opened, release };
  }

  it("vendor: a load that does not exist is asked for once and shows 'Load not found.'", { timeout: 60_000 }, async () => {
    const { page, watched, release } = await openWithGreetingAfterAnswer(CARRIER, `/load/${MISSING_LOAD_ID}`, MISSING_LOAD_ID);
    await page.getByText('Load not found.', { exact: true }).waitFor();
    release();
    await expectAskedOnce(page, watched, MISSING_LOAD_ID, 'Load not found.');
    expect(await page.getByRole('alert').filter({ hasText: 'Load not found.' }).count()).toBe(1);
    expect(await page.getByRole('button', { name: 'Back to Loads', exact: true }).isVisible()).toBe(true);
    // The page has its heading, and its title says what it found.
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe('Load Details');
    await expect.poll(() => page.title()).toBe('Not found · Load Details · Freight Portal');
    await screenshot(page, 'load-page-not-found');
  });

  it('vendor: the same when the greeting comes before the answer', { timeout: 60_000 }, async () => {
    const { page, watched } = await openLoadPage(CARRIER, `/load/${MISSING_LOAD_ID}`, MISSING_LOAD_ID, async (page, watched) => {
      await holdLoadReads(page, MISSING_LOAD_ID, async () => {
        await waitForLiveEvent(watched, 'hello');
        await page.waitForTimeout(SETTLE_MS);
      });
    });
    await expectAskedOnce(page, watched, MISSING_LOAD_ID, 'Load not found.');
  });

  it("vendor: another vendor's load is asked for once and shows 'Load not found.'", { timeout: 60_000 }, async () => {
    const { id } = await newCarrierLoad('lpr-7004');
    const { page, watched, release } = await openWithGreetingAfterAnswer(NEW_CARRIER, `/load/${id}`, id);
    await page.getByText('Load not found.', { exact: true }).waitFor();
    release();
    await expectAskedOnce(page, watched, id, 'Load not found.');
  });

  it('vendor: shows the load, without a reload, when it is restored while its page says it is not found', { timeout: 60_000 }, async () => {
    const { id, kdtId, carrier } = await newCarrierLoad('lpr-7010');
    expect((await carrier.request('DELETE', `/api/loads/${id}/`)).status).toBe(204);
    const { page, watched } = await openLoadPage(CARRIER, `/load/${id}`, id);
    await page.getByText('Load not found.', { exact: true }).waitFor();
    await waitForLiveEvent(watched, 'hello');
    const admin = await suite.signedInClient('admin', TEST_ADMIN_PASSWORD, 'staff');
    expect((await admin.post(`/api/recycle-bin/loads/${id}/restore/`)).status).toBe(200);
    await waitForLoadPage(page, `Load Details ${kdtId}`);
    expect(watched.requests).toEqual([`GET /api/loads/${id}/`, `GET /api/loads/${id}/history/`]);
  });

  it('staff: a load that does not exist is asked for once and says so', { timeout: 60_000 }, async () => {
    const message = "Load not found or you don't have permission to view it.";
    const { page, watched, release } = await openWithGreetingAfterAnswer(ADMIN, `/staff/load/${MISSING_LOAD_ID}`, MISSING_LOAD_ID);
    await page.getByText(message, { exact: true }).waitFor();
    release();
    await expectAskedOnce(page, watched, MISSING_LOAD_ID, message);
  });
});
