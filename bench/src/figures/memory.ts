// 7. Footprint: resident memory (VmRSS) of each service in its own process, as compose runs them: the command API,
// the read API and the projector bundled the way scripts/build-services.mjs bundles them for the images, run by plain
// `node` (no TypeScript at run time) with NODE_ENV=production, configured by their environment variables.
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { build } from 'esbuild';
import { endsWithBench, OutputTail, removedWithBench } from '../children';
import { root } from '../support';
import { ADMIN_PASSWORD, DEMO_PASSWORD, pause } from './commands';

const SERVICES = {
  'command-api': 'command-api/src/main.ts',
  'read-api': 'read-api/src/main.ts',
  projector: 'projector/src/main.ts',
} as const;
export type ServiceName = keyof typeof SERVICES;

export interface Service {
  name: ServiceName;
  child: ChildProcess;
  output: OutputTail;
}

export interface Services {
  commandUrl: string;
  readUrl: string;
  services: Service[];
  /** VmRSS of each service now, in MiB. */
  rss(): Record<ServiceName, number>;
  stop(): Promise<void>;
}

/** Bundles the three services into a scratch folder whose node_modules points at the repository's. */
async function bundle(): Promise<{ dir: string; files: Record<ServiceName, string> }> {
  const dir = removedWithBench(fs.mkdtempSync(path.join(os.tmpdir(), 'portal-bench-services-')));
  fs.symlinkSync(path.join(root, 'node_modules'), path.join(dir, 'node_modules'), 'dir');
  const files = {} as Record<ServiceName, string>;
  for (const [name, entry] of Object.entries(SERVICES) as [ServiceName, string][]) {
    files[name] = path.join(dir, `${name}.mjs`);
    await build({
      entryPoints: [path.join(root, entry)],
      outfile: files[name],
      bundle: true,
      platform: 'node',
      target: 'node20',
      format: 'esm',
      plugins: [{
        name: 'external-registry-packages',
        setup(b) {
          b.onResolve({ filter: /^[^./]/ }, (args) => (args.path.startsWith('@portal/') ? undefined : { path: args.path, external: true }));
        },
      }],
      banner: { js: "import { createRequire } from 'node:module'; const require = createRequire(import.meta.url);" },
      logLevel: 'warning',
    });
  }
  return { dir, files };
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

/** VmRSS from /proc/<pid>/status, in MiB. */
export function rssMiB(pid: number): number {
  const line = fs.readFileSync(`/proc/${pid}/status`, 'utf8').split('\n').find((l) => l.startsWith('VmRSS:'));
  return Math.round(Number(line?.match(/\d+/)?.[0] ?? 0) / 1024);
}

async function untilAnswering(url: string, service: Service, timeoutMs = 120_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (service.child.exitCode !== null) throw new Error(`bench: ${service.name} exited (${service.child.exitCode}):\n${service.output.text()}`);
    try {
      await fetch(url);
      return;
    } catch {
      if (Date.now() > deadline) throw new Error(`bench: ${service.name} did not answer within ${timeoutMs / 1000} s:\n${service.output.text()}`);
      await pause(100);
    }
  }
}

async function untilPrinted(service: Service, text: string, timeoutMs = 120_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!service.output.text().includes(text)) {
    if (service.child.exitCode !== null) throw new Error(`bench: ${service.name} exited (${service.child.exitCode}):\n${service.output.text()}`);
    if (Date.now() > deadline) throw new Error(`bench: ${service.name} did not print '${text}' within ${timeoutMs / 1000} s:\n${service.output.text()}`);
    await pause(100);
  }
}

/** Starts the three services on `databaseUrl` (already migrated and seeded with the bench's users and loads). */
export async function startServices(databaseUrl: string, dataDir: string): Promise<Services> {
  const { dir, files } = await bundle();
  const [commandPort, readPort] = [await freePort(), await freePort()];
  const env = {
    ...process.env,
    NODE_ENV: 'production',
    DATABASE_URL: databaseUrl,
    DATA_DIR: dataDir,
    HOST: '127.0.0.1',
    COMMAND_API_PORT: String(commandPort),
    READ_API_PORT: String(readPort),
    // As deployed (compose's default): a JSON line per request. `LOG_LEVEL=warn npm run bench` measures without them.
    LOG_LEVEL: process.env.LOG_LEVEL ?? 'info',
    SEED_DEMO: 'true',
    DEMO_PASSWORD,
    ADMIN_PASSWORD,
  };
  const services: Service[] = (Object.keys(files) as ServiceName[]).map((name) => {
    // BENCH_CPU_PROF_DIR: each service writes a V8 CPU profile there when it stops (for working on figures 3 and 7).
    const profile = process.env.BENCH_CPU_PROF_DIR ? ['--cpu-prof', '--cpu-prof-dir', process.env.BENCH_CPU_PROF_DIR, '--cpu-prof-name', `${name}.cpuprofile`] : [];
    const child = endsWithBench(spawn(process.execPath, [...profile, files[name]], { cwd: root, env, stdio: ['ignore', 'pipe', 'pipe'] }));
    const output = new OutputTail();
    child.stdout!.on('data', (chunk: Buffer) => output.push(chunk.toString()));
    child.stderr!.on('data', (chunk: Buffer) => output.push(chunk.toString()));
    return { name, child, output };
  });
  const byName = (name: ServiceName) => services.find((s) => s.name === name)!;
  const stop = async () => {
    await Promise.all(services.map((service) => new Promise<void>((resolve) => {
      if (service.child.exitCode !== null || service.child.signalCode !== null) return resolve();
      const timer = setTimeout(() => service.child.kill('SIGKILL'), 15_000);
      service.child.once('exit', () => { clearTimeout(timer); resolve(); });
      service.child.kill('SIGTERM');
    })));
    fs.rmSync(dir, { recursive: true, force: true });
  };
  try {
    const commandUrl = `http://127.0.0.1:${commandPort}`;
    const readUrl = `http://127.0.0.1:${readPort}`;
    await Promise.all([
      untilAnswering(`${commandUrl}/api/auth/login/`, byName('command-api')),
      untilAnswering(`${readUrl}/api/auth/user/`, byName('read-api')),
      untilPrinted(byName('projector'), 'projector: active'),
    ]);
    return {
      commandUrl,
      readUrl,
      services,
      rss: () => Object.fromEntries(services.map((s) => [s.name, rssMiB(s.child.pid!)])) as Record<ServiceName, number>,
      stop,
    };
  } catch (error) {
    await stop();
    throw error;
  }
}
