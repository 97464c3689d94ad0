import { readdir, readFile, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { Plugin } from 'vite';

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/** Text formats worth compressing; images and fonts here are already compressed formats. */
const COMPRESSIBLE = /\.(?:js|mjs|css|html|svg|json|txt|xml|webmanifest|wasm)$/;
// Below this a compressed copy saves less than a TCP segment's headers cost: not worth a file.
const MIN_BYTES = 256;

async function filesUnder(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true });
  const nested = await Promise.all(
    entries.map((entry) => {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) return entry.name === '.vite' ? [] : filesUnder(full);
      return [full];
    }),
  );
  return nested.flat();
}

/**
 * Writes `<file>.br` (brotli, quality 11) and `<file>.gz` (gzip, level 9) beside every
 * compressible file of the build (source maps excepted: only developer tools ask for them),
 * once, at build time: the server sends them by the request's Accept-Encoding and never
 * compresses per request (apps/server/src/platform/web/web-app.ts). A copy that would not be
 * smaller than the original is not written; the server then sends the original.
 * index.html is left out: the server writes deployment facts and a per-request CSP nonce into
 * it, so it compresses the page's fixed parts itself, once at start (see index-page.ts there).
 */
export function precompress(): Plugin {
  let outDir = '';
  return {
    name: 'openbourse:precompress',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    async closeBundle() {
      const index = path.join(outDir, 'index.html');
      const files = (await filesUnder(outDir)).filter((file) => COMPRESSIBLE.test(file) && file !== index);
      // A few at a time: brotli at quality 11 is CPU-bound and the build machine may be small.
      const queue = [...files];
      const worker = async () => {
        for (let file = queue.shift(); file !== undefined; file = queue.shift()) {
          if ((await stat(file)).size < MIN_BYTES) continue;
          const source = await readFile(file);
          const [br, gz] = await Promise.all([
            brotli(source, {
              params: {
                [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
                [constants.BROTLI_PARAM_SIZE_HINT]: source.length,
                [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
              },
            }),
            gzipAsync(source, { level: constants.Z_BEST_COMPRESSION }),
          ]);
          if (br.length < source.length) {
            await writeFile(`${file}.br`, br);
          }
          if (gz.length < source.length) {
            await writeFile(`${file}.gz`, gz);
          }
        }
      };
      await Promise.all(Array.from({ length: 4 }, worker));
    },
  };
}
