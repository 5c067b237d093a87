import path from 'node:path';
import tailwindcss from '@tailwindcss/vite';
import { tanstackRouter } from '@tanstack/router-plugin/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

export default defineConfig({
  plugins: [
    // The router plugin must come before the React plugin so it can split route files first.
    tanstackRouter({ target: 'react', autoCodeSplitting: true, quoteStyle: 'single', semicolons: true }),
    react(),
    tailwindcss(),
  ],
  resolve: { alias: { '@': path.resolve(import.meta.dirname, 'src') } },
  server: {
    port: 5173,
    proxy: { '/api': { target: 'http://localhost:8080', changeOrigin: false } },
  },
  preview: {
    proxy: { '/api': { target: 'http://localhost:8080', changeOrigin: false } },
  },
  build: {
    sourcemap: true,
    target: 'es2022',
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [
            // What every screen needs, in one long-cached file instead of a dozen small ones (Radix's shared internals
            // too: every form and dialog builds on them, and as separate chunks they cost the sign-in page requests).
            {
              name: 'framework',
              test: /node_modules[\\/](react|react-dom|scheduler|@tanstack|zod|ky|tailwind-merge|clsx|class-variance-authority|@radix-ui[\\/]react-(context|compose-refs|slot|primitive))[\\/]/,
            },
            // The app's own plumbing every signed-in screen and the sign-in page load (each as its own file, they cost
            // the first load bytes). Feature query modules stay out: the sign-in page needs none of them.
            {
              name: 'app-core',
              test: /src[\\/]lib[\\/](api-client|session|utils|search-params)\.ts$/,
            },
          ],
        },
      },
    },
  },
});
