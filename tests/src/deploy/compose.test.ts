// What can be checked without a container engine: the compose file, the Dockerfile targets it names, the gateway
// config it builds, and that every environment variable the code reads is documented.
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';

const root = path.resolve(import.meta.dirname, '..', '..', '..');
const read = (file: string) => fs.readFileSync(path.join(root, file), 'utf8');

/**
 * Every variable platform/src/config.ts and the logger read: `env.X`, `process.env.X`, and any reader called as
 * `reader(env, 'X', ...)` (int, bool, port, upTo, domains...).
 */
function variablesTheCodeReads(source = read('platform/src/config.ts') + read('platform/src/logger.ts')): string[] {
  const names = new Set<string>();
  for (const match of source.matchAll(/\benv\.([A-Z][A-Z0-9_]*)|\b\w+\(env, '([A-Z][A-Z0-9_]*)'/g)) names.add((match[1] ?? match[2])!);
  return [...names].sort();
}

/** The variables only compose reads (docker-compose.yml's own `${X:-default}`). */
function variablesComposeReads(): string[] {
  return [...new Set([...read('docker-compose.yml').matchAll(/\$\{([A-Z][A-Z0-9_]*)/g)].map((match) => match[1]!))].sort();
}

describe('deployment files', () => {
  const compose = parse(read('docker-compose.yml')) as { services: Record<string, any>; volumes: Record<string, unknown> };
  const dockerfile = read('Dockerfile');

  it('runs every part the design card draws, each built from an existing Dockerfile target', () => {
    expect(Object.keys(compose.services).sort()).toEqual(['command-api', 'eventstore', 'gateway', 'postgres', 'projector', 'read-api']);
    for (const [name, service] of Object.entries(compose.services)) {
      if (service.build) {
        expect(fs.existsSync(path.join(root, service.build.context, 'Dockerfile')), name).toBe(true);
        expect(dockerfile, name).toMatch(new RegExp(`^FROM .+ AS ${service.build.target}$`, 'm'));
      } else {
        expect(service.image, name).toMatch(/:[0-9]/);
        expect(service.healthcheck, name).toBeDefined();
        expect(service.volumes?.length, name).toBeGreaterThan(0);
      }
    }
    for (const service of Object.values(compose.services)) {
      for (const volume of service.volumes ?? []) expect(Object.keys(compose.volumes)).toContain(String(volume).split(':')[0]);
    }
    expect(compose.services.projector.deploy.replicas).toBeGreaterThanOrEqual(2);
    expect(compose.services['read-api'].deploy.replicas).toBeGreaterThanOrEqual(2);
  });

  it('builds non-root service images from a bundle and only runtime dependencies', () => {
    expect(dockerfile).toMatch(/npm ci --omit=dev/);
    expect(dockerfile).toMatch(/^USER node$/m);
    expect(dockerfile).toMatch(/COPY deploy\/nginx\.conf/);
    expect(fs.existsSync(path.join(root, 'deploy', 'nginx.conf'))).toBe(true);
    expect(fs.existsSync(path.join(root, 'scripts', 'build-services.mjs'))).toBe(true);
  });

  it('routes like the embedded gateway: GET to the read API, other methods to the command API, Socket.IO upgraded', () => {
    const nginx = read('deploy/nginx.conf');
    expect(nginx).toMatch(/GET\s+read_api;/);
    expect(nginx).toMatch(/default\s+command_api;/);
    expect(nginx).toMatch(/location \/socket\.io\/ \{[^}]*proxy_pass http:\/\/read_api;[^}]*Upgrade/s);
    expect(nginx).toMatch(/location \/api\/auth\/activate\/ \{[^}]*proxy_pass http:\/\/command_api;/s);
    expect(nginx).toMatch(/try_files \$uri \/index\.html;/);
  });

  it('documents every environment variable the code reads, and keeps secrets out of the repository', () => {
    const example = read('.env.example');
    const readme = read('README.md');
    const variables = [...variablesTheCodeReads(), ...variablesComposeReads()];
    expect(variables.length).toBeGreaterThan(15);
    // However config.ts reads a variable, it is found (these are read by port(), domains() and upTo()).
    for (const name of ['PORT', 'COMMAND_API_PORT', 'EMBEDDED_PG_PORT', 'STAFF_EMAIL_DOMAINS', 'PROJECTOR_NICE', 'PROJECTOR_LINGER_MS', 'LOG_LEVEL']) expect(variables, name).toContain(name);
    for (const name of variables) {
      expect(example, name).toContain(name);
      expect(readme, name).toContain(name);
    }
    expect(example).toMatch(/^POSTGRES_PASSWORD=\s/m);
    expect(example).toMatch(/^ADMIN_PASSWORD=\s/m);
    expect(read('docker-compose.yml')).not.toMatch(/PASSWORD: [^$]/);
  });
});
