// Runs a Node script on Node >= 22.18 (the project's runtime, which strips TypeScript types
// natively). This machine kind ships Node 20, so when the running Node is older we use, or
// install once, a project-local Node 22 under .tools/ and re-run the same command with it.
// Plain JavaScript on purpose: it must run on the old Node too.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const MIN = [22, 18];
const root = join(dirname(fileURLToPath(import.meta.url)), '..');

export function nodeIsRecentEnough(version = process.versions.node) {
  const [major, minor] = version.split('.').map(Number);
  return major > MIN[0] || (major === MIN[0] && minor >= MIN[1]);
}

export function localNode() {
  const bin = join(root, '.tools', 'node_modules', '.bin', 'node');
  if (existsSync(bin)) return bin;
  process.stderr.write(
    `Node ${process.versions.node} is too old; installing Node 22 into .tools/ …\n`,
  );
  const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
  const res = spawnSync(
    npm,
    ['install', '--no-save', '--prefix', join(root, '.tools'), 'node@22'],
    {
      stdio: 'inherit',
    },
  );
  if (res.status !== 0 || !existsSync(bin)) {
    process.stderr.write('Could not install Node 22. Install Node >= 22.18 and try again.\n');
    process.exit(1);
  }
  return bin;
}

/** Re-executes `args` under a suitable Node; returns only when the current Node is suitable. */
export function ensureNode22(args) {
  if (nodeIsRecentEnough()) return;
  const res = spawnSync(localNode(), args, { stdio: 'inherit' });
  process.exit(res.status ?? 1);
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const [script, ...rest] = process.argv.slice(2);
  if (!script) {
    process.stderr.write('usage: node scripts/node22.mjs <script> [args…]\n');
    process.exit(2);
  }
  const node = nodeIsRecentEnough() ? process.execPath : localNode();
  const res = spawnSync(node, [script, ...rest], { stdio: 'inherit' });
  process.exit(res.status ?? 1);
}
