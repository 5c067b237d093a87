// Workspace packages ship TypeScript source, so they are inlined; npm dependencies load from node_modules.
import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { build } from 'esbuild';

// Engines run in worker threads, which load their own entry files: dist/engine-worker.js and one
// dist/engines/<tool>.js per src/modules/tools/<tool>/engine.ts (see engines/engine-pool.ts).
const toolsDir = 'src/modules/tools';
const engineEntries = Object.fromEntries(
  readdirSync(path.join(import.meta.dirname, toolsDir), { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .filter((entry) => existsSync(path.join(import.meta.dirname, toolsDir, entry.name, 'engine.ts')))
    .map((entry) => [`engines/${entry.name}`, `${toolsDir}/${entry.name}/engine.ts`]),
);

await build({
  entryPoints: {
    main: 'src/main.ts',
    'engine-worker': `${toolsDir}/engines/engine-worker.ts`,
    ...engineEntries,
  },
  outdir: 'dist',
  absWorkingDir: import.meta.dirname,
  bundle: true,
  platform: 'node',
  target: 'node20',
  format: 'esm',
  sourcemap: true,
  logLevel: 'warning',
  plugins: [
    {
      name: 'externalise-npm-packages',
      setup(builder) {
        // Bare specifiers other than @candor/* are npm packages (or node: builtins). A package's JSON data file is
        // inlined instead: esbuild drops the `with { type: 'json' }` an external import needs in Node.
        builder.onResolve({ filter: /^[^./]/ }, (args) =>
          args.path.startsWith('@candor/') || args.path.endsWith('.json')
            ? undefined
            : { path: args.path, external: true },
        );
      },
    },
  ],
  // Inlined CommonJS-minded code may still call require().
  banner: {
    js: "import { createRequire as __createRequire } from 'node:module'; const require = __createRequire(import.meta.url);",
  },
});
