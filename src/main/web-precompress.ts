// Compressed copies of the built pages' files, written once at build time beside each file
// (`x.js.br`, `x.js.gz`), so the API serves them with `Content-Encoding` at no cost per request
// (issue 27 fix 8, decision 0048).
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { extname, join } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

/** Text formats worth compressing; images are already compressed. */
const COMPRESSIBLE = new Set(['.html', '.js', '.css', '.svg', '.json', '.ts']);
/** Below this a compressed copy saves less than its headers cost. */
const MIN_BYTES = 256;

export function precompressDirectory(dir: string): { files: number; bytes: number; br: number } {
  const totals = { files: 0, bytes: 0, br: 0 };
  const walk = (folder: string) => {
    for (const name of readdirSync(folder)) {
      const path = join(folder, name);
      if (statSync(path).isDirectory()) {
        walk(path);
        continue;
      }
      if (!COMPRESSIBLE.has(extname(name))) continue;
      const body = readFileSync(path);
      if (body.length < MIN_BYTES) continue;
      const br = brotliCompressSync(body, {
        params: {
          [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
          [constants.BROTLI_PARAM_SIZE_HINT]: body.length,
        },
      });
      const gz = gzipSync(body, { level: 9 });
      // A copy that is not smaller is not written: the file is then served as it is.
      if (br.length < body.length) writeFileSync(`${path}.br`, br);
      if (gz.length < body.length) writeFileSync(`${path}.gz`, gz);
      totals.files += 1;
      totals.bytes += body.length;
      totals.br += Math.min(br.length, body.length);
    }
  };
  walk(dir);
  return totals;
}
