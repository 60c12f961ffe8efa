// Builds each service into one ES module for the production images (plain `node`, no TypeScript at run time).
// Packages stay external: the image installs the runtime dependencies with `npm ci --omit=dev`.
import { build } from 'esbuild';

const services = {
  'command-api': 'command-api/src/main.ts',
  'read-api': 'read-api/src/main.ts',
  projector: 'projector/src/main.ts',
  'projector-cli': 'projector/src/cli.ts',
};

for (const [name, entry] of Object.entries(services)) {
  await build({
    entryPoints: [entry],
    outfile: `dist/${name}.mjs`,
    bundle: true,
    platform: 'node',
    target: 'node20',
    format: 'esm',
    sourcemap: true,
    plugins: [
      {
        // Workspace packages (@portal/*) are bundled; registry packages stay external and are installed in the image.
        name: 'external-registry-packages',
        setup(b) {
          b.onResolve({ filter: /^[^./]/ }, (args) => (args.path.startsWith('@portal/') ? undefined : { path: args.path, external: true }));
        },
      },
    ],
    banner: { js: "import { createRequire } from 'node:module'; const require = createRequire(import.meta.url);" },
    logLevel: 'warning',
  });
  process.stdout.write(`built dist/${name}.mjs\n`);
}
