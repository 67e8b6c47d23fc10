import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, posix } from 'node:path';
import { fileURLToPath } from 'node:url';

import { describe, expect, it } from 'vitest';

/**
 * Every reference in the repository resolves inside it: a path a comment or document names
 * exists, a section it cites ("spec §4.2", "money-rules.md §5") is a heading of a document kept
 * in docs/, no machine's absolute path, and no promise of work "(later)" or in the "next issue"
 * that nobody can follow. Design documents from outside (the spec, the brief, the battery) are
 * kept as copies under docs/spec and docs/design for this reason.
 */

const root = join(dirname(fileURLToPath(import.meta.url)), '../..');

const TEXT = /\.(ts|tsx|js|mjs|cjs|md|sql|sh|css|html|yaml|yml)$/;
const files = execFileSync('git', ['ls-files'], { cwd: root, encoding: 'utf8' })
  .split('\n')
  .filter(
    (f) => TEXT.test(f) && !f.startsWith('sdk/node/src/openapi') && existsSync(join(root, f)),
  );
const textOf = new Map(files.map((f) => [f, readFileSync(join(root, f), 'utf8')]));

/** Every line of the tracked text files matching `pattern`, as `file:line: match`. */
function findAll(pattern: RegExp, where: (file: string) => boolean = () => true): string[] {
  const found: string[] = [];
  for (const [file, text] of textOf) {
    if (!where(file)) continue;
    text.split('\n').forEach((line, n) => {
      for (const match of line.matchAll(pattern)) found.push(`${file}:${n + 1}: ${match[0]}`);
    });
  }
  return found;
}

const SECTIONED_DOCUMENTS: Record<string, string> = {
  spec: 'docs/spec/interface.md',
  'interface.md': 'docs/spec/interface.md',
  brief: 'docs/design/brief.md',
  'brief.md': 'docs/design/brief.md',
  'browser.md': 'docs/design/browser.md',
  'reliability.md': 'docs/design/reliability.md',
  'conventions.md': 'docs/design/conventions.md',
  'money-rules.md': 'docs/money-rules.md',
};

/** Section numbers of a Markdown document: "## 4. Endpoints" → 4, "### 4.2 Checkout" → 4.2. */
function sectionsOf(document: string): Set<string> {
  const text = readFileSync(join(root, document), 'utf8');
  return new Set([...text.matchAll(/^#{2,4} (\d+[a-z]?(?:\.\d+)*)\.? /gm)].map((m) => m[1] ?? ''));
}

/**
 * The prose of a line: all of it in documents, only its comment in code (a string in code is
 * data, such as a built file's name, not a reference).
 */
function proseOf(file: string, line: string): string {
  if (!/\.(ts|tsx|js|mjs|cjs|css)$/.test(file)) return line;
  const trimmed = line.trimStart();
  if (/^(\/\/|\/\*|\*)/.test(trimmed)) return line;
  const comment = line.indexOf(' // ');
  return comment === -1 ? '' : line.slice(comment);
}

describe('references resolve inside the repository', () => {
  it('no absolute path of a machine', () => {
    expect(findAll(/(?<![\w.:/])\/(?:work|home|Users|root)\/[\w.-]+/g)).toEqual([]);
  });

  it('no work promised "(later)" or in the "next issue"', () => {
    const prose = (file: string) => !file.startsWith('test/');
    expect(findAll(/\(later\)|\bnext issue\b|\blater issues?\b/gi, prose)).toEqual([]);
  });

  it('every cited section exists in the document kept in docs/', () => {
    const cited =
      /\b(spec|brief|interface\.md|brief\.md|browser\.md|reliability\.md|conventions\.md|money-rules\.md) §(\d+[a-z]?(?:\.\d+)*)(?:[–-]§?(\d+[a-z]?(?:\.\d+)*))?/g;
    const missing: string[] = [];
    for (const line of findAll(cited)) {
      const [, name, first, last] = /(\S+) §([\d.a-z]+)(?:[–-]§?([\d.a-z]+))?$/.exec(line) ?? [];
      const document = SECTIONED_DOCUMENTS[name ?? ''];
      if (!document || !existsSync(join(root, document))) {
        missing.push(`${line} (no copy of ${name} in docs/)`);
        continue;
      }
      const sections = sectionsOf(document);
      for (const section of [first, last]) {
        if (section && !sections.has(section.replace(/\.$/, ''))) {
          missing.push(`${line} (${document} has no section ${section})`);
        }
      }
    }
    expect(missing).toEqual([]);
  });

  it('every repository path a comment or document names exists', () => {
    const PATH =
      /(?<![\w.@/:$-])((?:\.\.?\/)*(?:[\w-]+\/)+[\w.-]+\.(?:ts|tsx|md|sql|json|js|mjs|cjs|css|html|sh))(?![\w/-])/g;
    // Generated or installed, not kept in git: mutation reports, packages.
    const NOT_KEPT = /^(?:reports|coverage|node_modules|\.tranche)\//;
    const missing: string[] = [];
    for (const [file, text] of textOf) {
      // An applied migration is a record, never edited: its comments name files as they were.
      if (file.startsWith('migrations/')) continue;
      text.split('\n').forEach((line, n) => {
        for (const match of proseOf(file, line).matchAll(PATH)) {
          const path = match[1] ?? '';
          if (NOT_KEPT.test(path) || existsSync(join(root, 'node_modules', path))) continue;
          const candidates = [
            path,
            posix.join('src', path),
            posix.join(posix.dirname(file), path),
            posix.join('web', path),
            posix.join('test', path),
            posix.join('docs', path),
            // The SDK packages name their own files from their root.
            posix.join('sdk/node', path),
            posix.join('sdk/connect', path),
          ];
          if (!candidates.some((c) => existsSync(join(root, c)))) {
            missing.push(`${file}:${n + 1}: ${path}`);
          }
        }
      });
    }
    expect(missing).toEqual([]);
  });
});
