// Shared by the figures that drive the product over HTTP: signed-in clients, figure 2's command load, and the
// staff sockets the live figures listen on.
import { io as connectSocket, type Socket } from 'socket.io-client';
import { PortalClient } from '../../../tests/src/support/http-client';
import type { LeanClient } from '../lean-client';

export const DEMO_PASSWORD = 'Bench-Pass-2026';
export const ADMIN_PASSWORD = 'Bench-Admin-2026';

export const STATUSES = ['open', 'picked_up', 'delivered', 'cancelled'] as const;
// Figure 2 never sets 'paid': the live figures set it, each to loads figure 2 cannot have set it on already.
export const PAYMENTS = ['unpaid', 'partial', 'disputed'] as const;

/** A client signed in the way the UI signs in (who am I first, for the CSRF cookie; then the login). */
export async function signIn(baseUrl: string, username: string, portal: 'vendor' | 'staff'): Promise<PortalClient> {
  const client = await new PortalClient(baseUrl).start();
  const answer = await client.post('/api/auth/login/', { username, password: username === 'admin' ? ADMIN_PASSWORD : DEMO_PASSWORD, portal });
  if (answer.status !== 200) throw new Error(`bench: ${username} could not sign in (${answer.status} ${JSON.stringify(answer.body)})`);
  return client;
}

/**
 * Figure 2's load over a set of loads. Each client sends `perClient` PATCHes one after another, alternating a status
 * change and a payment change, and every one changes its load: the status or payment sent is the next after the one
 * this load was last sent (loads start 'open' and 'unpaid'), as a real board's changes would. A PATCH that changes
 * nothing appends no event, costs a fraction of one that does, and would flatter the figure; one that changes nothing
 * all the same (another figure set that value meanwhile) is not counted.
 */
export class CommandLoad {
  private readonly sent = new Map<string, { status: number; payment: number }>();

  constructor(private readonly loadIds: readonly string[]) {}

  /** The commands that changed their load (answered with an X-Event-Position), those that did not, and the seconds. */
  async run(clients: LeanClient[], perClient = 150): Promise<{ commands: number; unchanged: number; seconds: number }> {
    let commands = 0;
    let unchanged = 0;
    const started = performance.now();
    await Promise.all(clients.map(async (client, c) => {
      for (let i = 0; i < perClient; i++) {
        const id = this.loadIds[(c * perClient + i) % this.loadIds.length]!;
        const last = this.sent.get(id) ?? { status: 0, payment: 0 };
        const next = i % 2 === 0 ? { ...last, status: (last.status + 1) % STATUSES.length } : { ...last, payment: (last.payment + 1) % PAYMENTS.length };
        this.sent.set(id, next);
        const body = i % 2 === 0 ? { status: STATUSES[next.status] } : { payment_status: PAYMENTS[next.payment] };
        const answer = await client.request('PATCH', `/api/loads/${id}/`, body);
        if (answer.status === 200 && answer.headers['x-event-position'] !== undefined) commands++;
        else unchanged++;
      }
    }));
    return { commands, unchanged, seconds: (performance.now() - started) / 1000 };
  }
}

/** `count` Socket.IO connections with this session, as the board opens them (WebSocket transport). */
export async function connectSockets(baseUrl: string, cookieHeader: string, count: number): Promise<Socket[]> {
  const sockets: Socket[] = [];
  // In slices, so the handshakes do not all queue at once.
  for (let start = 0; start < count; start += 50) {
    sockets.push(...(await Promise.all(Array.from({ length: Math.min(50, count - start) }, () => new Promise<Socket>((resolve, reject) => {
      const socket = connectSocket(baseUrl, { path: '/socket.io', transports: ['websocket'], extraHeaders: { Cookie: cookieHeader }, reconnection: false });
      socket.once('connect', () => resolve(socket));
      socket.once('connect_error', reject);
    })))));
  }
  return sockets;
}

export const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
