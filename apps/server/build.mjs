// Workspace packages ship TypeScript source, so they are inlined; npm dependencies load from node_modules.
import { build } from 'esbuild';

await build({
  entryPoints: ['src/main.ts'],
  outfile: 'dist/main.js',
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
        // Bare specifiers other than @candor/* are npm packages (or node: builtins).
        builder.onResolve({ filter: /^[^./]/ }, (args) =>
          args.path.startsWith('@candor/') ? undefined : { path: args.path, external: true },
        );
      },
    },
  ],
  // Inlined CommonJS-minded code may still call require().
  banner: {
    js: "import { createRequire as __createRequire } from 'node:module'; const require = __createRequire(import.meta.url);",
  },
});
