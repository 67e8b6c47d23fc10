import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { extname, join, relative, sep } from 'node:path';

/** A content coding the build wrote a copy in (src/main/web-precompress.ts). */
export type ContentCoding = 'br' | 'gzip';

/** One built file, held in memory: the web build is small and never changes while running. */
export interface StaticFile {
  body: Buffer;
  contentType: string;
  etag: string;
  /** The build's compressed copies, each with its own ETag (a validator per representation). */
  encoded: Partial<Record<ContentCoding, { body: Buffer; etag: string }>>;
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

const SUFFIXES: Record<string, ContentCoding> = { '.br': 'br', '.gz': 'gzip' };

const etagOf = (body: Buffer, coding?: ContentCoding) =>
  `"${createHash('sha256').update(body).digest('base64url').slice(0, 22)}${coding ? `-${coding}` : ''}"`;

/**
 * Every file under `dir`, keyed by its path relative to it with forward slashes. A compressed
 * copy (`x.js.br`, `x.js.gz`) is not a file of its own: it is attached to `x.js`.
 */
export function loadStaticFiles(dir: string): Map<string, StaticFile> {
  const files = new Map<string, StaticFile>();
  if (!existsSync(dir)) return files;
  const copies: [string, ContentCoding, Buffer][] = [];
  const walk = (folder: string) => {
    for (const name of readdirSync(folder)) {
      const path = join(folder, name);
      if (statSync(path).isDirectory()) {
        walk(path);
        continue;
      }
      const key = relative(dir, path).split(sep).join('/');
      const body = readFileSync(path);
      const coding = SUFFIXES[extname(name)];
      if (coding) {
        copies.push([key.slice(0, -extname(name).length), coding, body]);
        continue;
      }
      files.set(key, {
        body,
        contentType: TYPES[extname(name)] ?? 'application/octet-stream',
        etag: etagOf(body),
        encoded: {},
      });
    }
  };
  walk(dir);
  for (const [key, coding, body] of copies) {
    const file = files.get(key);
    if (file) file.encoded[coding] = { body, etag: etagOf(file.body, coding) };
  }
  return files;
}

/**
 * The coding to answer with, from `Accept-Encoding` (RFC 9110 §12.5.3): Brotli, then gzip,
 * among those the file has and the client accepts with a q-value above 0; none otherwise.
 */
export function chooseCoding(
  acceptEncoding: string | undefined,
  available: readonly ContentCoding[],
): ContentCoding | undefined {
  if (!acceptEncoding || available.length === 0) return undefined;
  const accepted = new Map<string, number>();
  for (const part of acceptEncoding.split(',')) {
    const [token = '', ...params] = part.trim().toLowerCase().split(';');
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    const weight = q === undefined ? 1 : Number(q.slice(2));
    accepted.set(token.trim(), Number.isFinite(weight) ? weight : 0);
  }
  const weightOf = (coding: ContentCoding) =>
    accepted.get(coding) ??
    (coding === 'gzip' ? accepted.get('x-gzip') : undefined) ??
    accepted.get('*') ??
    0;
  return (['br', 'gzip'] as const).find((c) => available.includes(c) && weightOf(c) > 0);
}
