// 6. The board in a browser: Debian's Chromium driven by playwright-core (never a downloaded browser), the real UI
// build served by the system, a staff user (admin) signed in through the login form.
import { constants } from 'node:fs';
import fs from 'node:fs/promises';
import { chromium, type Browser, type Page } from 'playwright-core';
import type { Socket } from 'socket.io-client';
import type { LeanClient } from '../lean-client';
import { ADMIN_PASSWORD, pause, STATUSES } from './commands';

const CHROMIUM_PATH = '/usr/bin/chromium';
const TIMEOUT = 180_000;

// Page-side code is written as strings (the bench is type-checked without the DOM library), except the predicates of
// waitForFunction: Playwright would evaluate a string predicate with eval, which the UI's CSP forbids.
const BOARD = '[role="region"][aria-label="Loads"]';
/** Runs before the page's own scripts on every navigation: notes when the first AG Grid row enters the board. */
const NOTE_FIRST_ROWS = `(() => {
  const observer = new MutationObserver(() => {
    if (document.querySelector('${BOARD} .ag-row')) {
      window.benchFirstRows = performance.now();
      observer.disconnect();
    }
  });
  observer.observe(document, { childList: true, subtree: true });
})();`;
/** Milliseconds from navigation start until the first grid row was in the DOM, once it was. */
const FIRST_ROWS = 'window.benchFirstRows';
/** The little of the page's globals the predicates use. */
interface PageGlobals {
  benchFirstRows?: number;
  document: { querySelector(selector: string): { value?: string } | null };
}
const firstRowsSeen = () => (globalThis as unknown as PageGlobals).benchFirstRows !== undefined;
/** The status dropdown of the board's top row: its load id and status. */
const TOP_ROW = `(() => {
  const rows = [...document.querySelectorAll('${BOARD} [col-id="status"] select')]
    .map((select) => ({ row: select.closest('.ag-row'), status: select.value }))
    .sort((a, b) => Number(a.row?.getAttribute('row-index')) - Number(b.row?.getAttribute('row-index')));
  return { id: rows[0]?.row?.getAttribute('row-id') ?? '', status: rows[0]?.status ?? '' };
})()`;
const rowShowsStatus = ({ selector, status }: { selector: string; status: string }) =>
  (globalThis as unknown as PageGlobals).document.querySelector(selector)?.value === status;

export class Board {
  private constructor(
    private readonly browser: Browser,
    private readonly page: Page,
    readonly errors: string[],
  ) {}

  /** Launches Chromium with the browser tests' flags and signs admin in through the staff login form. */
  static async open(systemUrl: string): Promise<Board> {
    try {
      await fs.access(CHROMIUM_PATH, constants.X_OK);
    } catch {
      throw new Error(`bench: the board figure needs Chromium at ${CHROMIUM_PATH} (sudo apt-get install chromium)`);
    }
    const browser = await chromium.launch({
      executablePath: CHROMIUM_PATH,
      args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
    });
    try {
      const context = await browser.newContext({ baseURL: systemUrl, colorScheme: 'light', viewport: { width: 1280, height: 800 } });
      context.setDefaultTimeout(TIMEOUT);
      context.setDefaultNavigationTimeout(TIMEOUT);
      await context.addInitScript(NOTE_FIRST_ROWS);
      const page = await context.newPage();
      const errors: string[] = [];
      page.on('pageerror', (error) => errors.push(error.message));
      await page.goto('/staff/login');
      await page.getByLabel('Username').fill('admin');
      await page.getByLabel(/^Password\b/).fill(ADMIN_PASSWORD);
      await page.getByRole('button', { name: 'Log In' }).click();
      await page.waitForURL((url) => url.pathname === '/staff/loads');
      await page.waitForFunction(firstRowsSeen, undefined, { timeout: TIMEOUT });
      return new Board(browser, page, errors);
    } catch (error) {
      await browser.close();
      throw error;
    }
  }

  /**
   * `runs` full navigations to /staff/loads (JS and CSS from the browser's cache after the first, like a returning
   * user; the loads list fetched each time): milliseconds from navigation start to the first grid row in the DOM.
   */
  async firstRows(runs: number): Promise<number[]> {
    const times: number[] = [];
    for (let run = 0; run < runs; run++) {
      await this.page.goto('/staff/loads', { waitUntil: 'commit' });
      await this.page.waitForFunction(firstRowsSeen, undefined, { timeout: TIMEOUT, polling: 50 });
      times.push(await this.page.evaluate<number>(FIRST_ROWS));
    }
    return times;
  }

  /**
   * The board's quick search typed key by key (`text`): for each key, milliseconds from just before the key is pressed
   * until the page has handled it and drawn the next frame (a busy main thread delays that frame as it delays the
   * user's next key). The first key, typed as soon as the rows show, also makes the search texts the board has not yet
   * made in its idle time. The search is emptied again afterwards (the
   * board keeps it for the session).
   */
  async searchKeys(text: string): Promise<number[]> {
    const page = this.page;
    await page.goto('/staff/loads');
    await page.waitForFunction(firstRowsSeen, undefined, { timeout: TIMEOUT });
    const search = page.getByPlaceholder('Find load by ID, date, or location.');
    await search.fill('');
    await search.focus();
    const times: number[] = [];
    for (const key of text) {
      const started = await page.evaluate<number>('performance.now()');
      await page.keyboard.press(key);
      const drawn = await page.evaluate<number>('new Promise((resolve) => requestAnimationFrame(() => setTimeout(() => resolve(performance.now()))))');
      times.push(drawn - started);
    }
    await search.fill('');
    return times;
  }

  /**
   * How long the open board takes to apply `count` pushed updates. Method: the board is open and live; `count - 1`
   * of the `candidates` (loads whose payment is 'unpaid') are set to 'paid' by the clients at once, and when every one of
   * those commands has answered, one more command changes the status of the board's top row (the marker), so the
   * marker's event is the last one. The read API pushes batches in commit order and the board applies its
   * transactions in order, so once the marker's new status shows in the grid, every earlier update has been applied
   * too. Measured from the first command sent: until the grid shows the marker (polled every animation frame in the
   * page, so a busy main thread delays it as it delays the user), and, side by side, until a plain Socket.IO client in
   * this process received the marker's push (what the board cannot be faster than).
   */
  async pushedUpdates(clients: LeanClient[], listener: Socket, candidates: readonly string[], count: number): Promise<{ boardMs: number; socketMs: number; pushed: number; answered: number }> {
    const page = this.page;
    await page.goto('/staff/loads');
    await page.waitForFunction(firstRowsSeen, undefined, { timeout: TIMEOUT });
    await page.getByRole('status', { name: 'Connection: Live' }).waitFor({ timeout: TIMEOUT });
    const marker = await page.evaluate<{ id: string; status: string }>(TOP_ROW);
    if (!marker.id) throw new Error('bench: the board shows no status dropdown to use as the marker');
    const status = STATUSES.find((s) => s !== marker.status && s !== 'cancelled')!;
    const others = candidates.filter((id) => id !== marker.id).slice(0, count - 1);
    const targetSet = new Set(others);

    let pushed = 0;
    let socketAt = 0;
    const onPush = (message: { upserts: { id: string; status: string; payment_status: string }[] }) => {
      const now = performance.now();
      for (const load of message.upserts) {
        if (targetSet.has(load.id) && load.payment_status === 'paid') pushed++;
        if (load.id === marker.id && load.status === status && socketAt === 0) socketAt = now;
      }
    };
    listener.on('loads:changed', onPush);
    try {
      const selector = `${BOARD} .ag-row[row-id="${marker.id}"] [col-id="status"] select`;
      const shown = page.waitForFunction(rowShowsStatus, { selector, status }, { timeout: TIMEOUT, polling: 'raf' }).then(() => performance.now());
      const started = performance.now();
      let answered = 0;
      let next = 0;
      await Promise.all(clients.map(async (client) => {
        while (next < others.length) {
          const id = others[next++]!;
          if ((await client.request('PATCH', `/api/loads/${id}/`, { payment_status: 'paid' })).status === 200) answered++;
        }
      }));
      const last = await clients[0]!.request('PATCH', `/api/loads/${marker.id}/`, { status });
      if (last.status !== 200) throw new Error(`bench: the marker's status change answered ${last.status}`);
      const boardAt = await shown;
      for (let waited = 0; socketAt === 0 && waited < 10_000; waited += 10) await pause(10);
      return { boardMs: boardAt - started, socketMs: socketAt - started, pushed, answered: answered + 1 };
    } finally {
      listener.off('loads:changed', onPush);
    }
  }

  async close(): Promise<void> {
    await this.browser.close();
  }
}
