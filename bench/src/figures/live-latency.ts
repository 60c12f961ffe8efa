// 3. Live latency: from a command's HTTP answer to the push at another client (a staff socket), at a paced rate.
import type { Socket } from 'socket.io-client';
import type { LeanClient } from '../lean-client';
import { pause } from './commands';
import { percentile, record } from '../support';

/**
 * Sends `total` payment changes paced at `rate` per second through the clients (each a sequence of its own), to
 * loads `loadIds[perm(first + i)]` (perm: multiplying by a prime, a bijection), distinct within and across runs while
 * `first + total` stays within the number of loads. Each sets payment 'paid', which figure 2's load never sets, so
 * every command is a real change and is pushed; a command that changed nothing (no X-Event-Position, as happens when a
 * BENCH_SCALE run has too few loads and the indices wrap) is left out and the sample count shows it. Latency: from the moment the HTTP answer is read to the
 * moment `listener` received the pushed row with that payment status.
 */
export async function liveLatencyFigure(options: {
  clients: LeanClient[];
  listener: Socket;
  socketCount: number;
  loadIds: readonly string[];
  rate: number;
  total: number;
  first: number;
  /**
   * The first second of pushes after none (see run.ts): recorded as one informational p99, while the push paths warm up
   * before the measured run.
   */
  warmUp?: boolean;
}): Promise<void> {
  const { clients, listener, loadIds, rate, total, first } = options;
  const pushedAt = new Map<string, number>();
  const waiting = new Map<string, (at: number) => void>();
  const onPush = (message: { upserts: { id: string; payment_status: string }[] }) => {
    const now = performance.now();
    for (const load of message.upserts) {
      const key = `${load.id}:${load.payment_status}`;
      const waiter = waiting.get(key);
      if (waiter) waiter(now);
      else pushedAt.set(key, now);
    }
  };
  listener.on('loads:changed', onPush);
  const latencies: number[] = [];
  let missed = 0;
  const started = performance.now();
  try {
    await Promise.all(clients.map(async (client, c) => {
      for (let i = c; i < total; i += clients.length) {
        const wait = started + (i * 1000) / rate - performance.now();
        if (wait > 0) await pause(wait);
        const id = loadIds[((first + i) * 7919) % loadIds.length]!;
        const answer = await client.request('PATCH', `/api/loads/${id}/`, { payment_status: 'paid' });
        const answeredAt = performance.now();
        if (answer.status !== 200 || answer.headers['x-event-position'] === undefined) continue;
        const key = `${id}:paid`;
        const at = pushedAt.get(key) ?? (await new Promise<number | undefined>((resolve) => {
          const timer = setTimeout(() => { waiting.delete(key); resolve(undefined); }, 5_000);
          waiting.set(key, (pushed) => { clearTimeout(timer); waiting.delete(key); resolve(pushed); });
        }));
        pushedAt.delete(key);
        if (at === undefined) missed++;
        else latencies.push(Math.max(0, at - answeredAt));
      }
    }));
  } finally {
    listener.off('loads:changed', onPush);
  }
  if (options.warmUp) {
    if (latencies.length > 0) {
      record({ figure: `Live latency, the first ${total} commands at ${rate}/s after no pushes at all (push paths not yet optimised by the JIT), p99`, unit: 'ms', value: Math.round(percentile(latencies, 99)), bound: 'max', boundValue: Math.round(Math.max(...latencies)), goal: 'informational' });
    }
    return;
  }
  const achieved = Math.round(total / ((performance.now() - started) / 1000));
  // Every command that changed a load ends as a latency or as missed.
  if (latencies.length + missed === 0) {
    // Only in a BENCH_SCALE trial with too few loads: every load this step chose was already paid. (Changes that were
    // made but never pushed are recorded below, as missed.)
    process.stdout.write(`  Live latency at ${rate} commands/s: not measured, none of its ${total} commands changed a load (too few loads at this BENCH_SCALE)\n`);
    return;
  }
  const label = `Live latency at ${rate} commands/s offered (${achieved} achieved, ${options.socketCount} sockets, ${latencies.length} pushes${missed ? `, ${missed} not pushed within 5 s` : ''})`;
  record({ figure: `${label}, p50`, unit: 'ms', value: Math.round(percentile(latencies, 50)), bound: '-', boundValue: null, goal: 'informational' });
  record({ figure: `${label}, p95`, unit: 'ms', value: Math.round(percentile(latencies, 95)), bound: '-', boundValue: null, goal: 'informational' });
  record({ figure: `${label}, p99`, unit: 'ms', value: Math.round(percentile(latencies, 99)), bound: '-', boundValue: null, goal: '< 50 ms' });
}
