// The other clients of figures 3 and 7, in a process of their own: staff sockets that the read API serves exactly as
// it serves the board (same handshake, session and rooms, every push written to each), but which read each frame
// without decoding it. On a real board each would be a browser on its own machine; here they share two cores with the
// services, so a full Socket.IO client decoding 100 copies of every push would mostly measure the harness.
//   node --import tsx bench/src/figures/socket-crowd.ts <read API url> <count>   (cookie header on stdin's first line)
// Prints "connected <count>" once all have joined, and disconnects them when stdin closes.
import { spawn } from 'node:child_process';
import readline from 'node:readline';
import WebSocket from 'ws';
import { endsWithBench } from '../children';

export interface Crowd {
  stop(): Promise<void>;
}

const CONNECT_TIMEOUT_MS = 120_000;

/** Starts the crowd process and waits until its sockets have joined (failing after CONNECT_TIMEOUT_MS). */
export async function connectCrowd(baseUrl: string, cookieHeader: string, count: number): Promise<Crowd> {
  const child = endsWithBench(spawn(process.execPath, ['--import', 'tsx', import.meta.filename, baseUrl, String(count)], { stdio: ['pipe', 'pipe', 'pipe'] }));
  const output: string[] = [];
  child.stderr!.on('data', (chunk: Buffer) => output.push(chunk.toString()));
  child.stdin!.write(`${cookieHeader}\n`);
  let timer: NodeJS.Timeout | undefined;
  await new Promise<void>((resolve, reject) => {
    child.stdout!.on('data', (chunk: Buffer) => {
      output.push(chunk.toString());
      if (output.join('').includes(`connected ${count}`)) resolve();
    });
    child.once('exit', (code) => reject(new Error(`bench: the socket crowd exited (${code}):\n${output.join('')}`)));
    // A crowd that never finishes connecting fails the run instead of hanging it.
    timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`bench: the socket crowd did not connect ${count} sockets within ${CONNECT_TIMEOUT_MS / 1000} s:\n${output.join('')}`));
    }, CONNECT_TIMEOUT_MS);
  }).finally(() => clearTimeout(timer));
  return {
    stop: () => new Promise<void>((resolve) => {
      if (child.exitCode !== null) return resolve();
      const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
      child.once('exit', () => { clearTimeout(timer); resolve(); });
      child.stdin!.end();
    }),
  };
}

/**
 * One socket speaking just enough of Engine.IO 4 / Socket.IO 5 over WebSocket: the open packet ('0'), joining the
 * default namespace ('40' answered by '40{...}'), pongs ('3') to the server's pings ('2'); events ('42...') are counted.
 */
function crowdSocket(baseUrl: string, cookie: string): Promise<WebSocket> {
  const url = `${baseUrl.replace(/^http/, 'ws')}/socket.io/?EIO=4&transport=websocket`;
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(url, { headers: { Cookie: cookie } });
    ws.on('message', (data, isBinary) => {
      if (isBinary) return;
      const text = data.toString('latin1', 0, 2);
      if (text[0] === '0') ws.send('40');
      else if (text === '40') resolve(ws);
      else if (text === '44') reject(new Error(`bench: the read API refused a crowd socket: ${data.toString()}`));
      else if (text[0] === '2') ws.send('3');
    });
    ws.once('error', reject);
    ws.once('close', () => reject(new Error('bench: a crowd socket closed before joining')));
  });
}

if (process.argv[1] === import.meta.filename) {
  const [baseUrl, count] = [process.argv[2]!, Number(process.argv[3])];
  const lines = readline.createInterface({ input: process.stdin });
  const cookie = await new Promise<string>((resolve) => lines.once('line', resolve));
  const sockets: WebSocket[] = [];
  for (let start = 0; start < count; start += 50) {
    sockets.push(...(await Promise.all(Array.from({ length: Math.min(50, count - start) }, () => crowdSocket(baseUrl, cookie)))));
  }
  process.stdout.write(`connected ${sockets.length}\n`);
  lines.once('close', () => {
    for (const socket of sockets) socket.close();
    process.exit(0);
  });
}
