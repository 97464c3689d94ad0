import path from 'node:path';
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { bootShell } from './vite-boot-shell';
import { mantineCssPerComponent } from './vite-mantine-css';
import { precompress } from './vite-precompress';

const here = path.dirname(fileURLToPath(import.meta.url));

// The web compiles the shared packages from source: one build, tree-shaken. Exact matches
// first, so `@openbourse/contracts/constants` (the zod-free entry) is not read as a path
// under the package's index.
const alias = {
  '@openbourse/contracts/constants': path.resolve(here, '../../packages/contracts/src/constants.ts'),
  '@openbourse/contracts': path.resolve(here, '../../packages/contracts/src/index.ts'),
  '@openbourse/money': path.resolve(here, '../../packages/money/src/index.ts'),
  '@openbourse/trading-rules': path.resolve(here, '../../packages/trading-rules/src/index.ts'),
  // The back office's plan products form reads the strategies' parameters (names, defaults, ranges).
  '@openbourse/strategies': path.resolve(here, '../../packages/strategies/src/index.ts'),
  '@catalogue-messages': path.resolve(here, '../../packages/contracts/src/errors/messages'),
};

export default defineConfig({
  plugins: [react(), mantineCssPerComponent(), precompress(), bootShell({ root: here, alias })],
  resolve: { alias },
  build: {
    manifest: true,
    sourcemap: true,
    target: 'es2022',
    chunkSizeWarningLimit: 500,
  },
  server: {
    proxy: { '/swx': { target: 'http://127.0.0.1:8080', ws: true } },
  },
});
