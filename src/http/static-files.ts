import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { extname, join, relative, sep } from 'node:path';

/** One built file, held in memory: the web build is small and never changes while running. */
export interface StaticFile {
  body: Buffer;
  contentType: string;
  etag: string;
}

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.ts': 'text/plain; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.json': 'application/json; charset=utf-8',
};

/** Every file under `dir`, keyed by its path relative to it with forward slashes. */
export function loadStaticFiles(dir: string): Map<string, StaticFile> {
  const files = new Map<string, StaticFile>();
  if (!existsSync(dir)) return files;
  const walk = (folder: string) => {
    for (const name of readdirSync(folder)) {
      const path = join(folder, name);
      if (statSync(path).isDirectory()) walk(path);
      else {
        const body = readFileSync(path);
        files.set(relative(dir, path).split(sep).join('/'), {
          body,
          contentType: TYPES[extname(name)] ?? 'application/octet-stream',
          etag: `"${createHash('sha256').update(body).digest('base64url').slice(0, 22)}"`,
        });
      }
    }
  };
  walk(dir);
  return files;
}
