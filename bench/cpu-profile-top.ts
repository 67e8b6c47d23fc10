/**
 * Lists the functions with the most self time in a V8 .cpuprofile (as written by
 * `node --cpu-prof`, e.g. `npm run bench:sessions -- --only tranche --cpu-prof bench/profiles`),
 * and the self time per package, to see where a request's CPU goes.
 *
 *   node bench/cpu-profile-top.ts /tmp/prof/tranche.cpuprofile [--top 30] [--skip-ms 6000]
 *
 * --skip-ms drops the first milliseconds of samples (start-up, module loading, warm-up).
 */
import { readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  children?: number[];
}

interface CpuProfile {
  nodes: ProfileNode[];
  startTime: number;
  endTime: number;
  samples: number[];
  timeDeltas: number[];
}

export interface SelfTime {
  name: string;
  ms: number;
  share: number;
}

function location(url: string): string {
  const nodeModules = url.lastIndexOf('node_modules/');
  if (nodeModules >= 0) return url.slice(nodeModules + 'node_modules/'.length);
  const src = url.indexOf('/src/');
  if (src >= 0) return url.slice(src + 1);
  return url.replace(/^file:\/\//, '');
}

function packageOf(url: string): string {
  if (url === '') return '(native / V8)';
  if (url.startsWith('node:')) return 'node core';
  const nodeModules = url.lastIndexOf('node_modules/');
  if (nodeModules >= 0) {
    const parts = url.slice(nodeModules + 'node_modules/'.length).split('/');
    return parts[0]?.startsWith('@') ? `${parts[0]}/${parts[1]}` : (parts[0] ?? url);
  }
  const src = url.indexOf('/src/');
  if (src >= 0) return 'tranche src';
  return url;
}

export function summarise(
  profile: CpuProfile,
  skipMs = 0,
): {
  total: number;
  functions: SelfTime[];
  packages: SelfTime[];
} {
  const byId = new Map(profile.nodes.map((node) => [node.id, node]));
  const selfMs = new Map<number, number>();
  let elapsedUs = 0;
  profile.samples.forEach((id, i) => {
    const deltaUs = profile.timeDeltas[i] ?? 0;
    elapsedUs += deltaUs;
    if (elapsedUs < skipMs * 1000) return;
    selfMs.set(id, (selfMs.get(id) ?? 0) + deltaUs / 1000);
  });
  const total = [...selfMs.values()].reduce((a, b) => a + b, 0);
  const functions = new Map<string, number>();
  const packages = new Map<string, number>();
  for (const [id, ms] of selfMs) {
    const frame = byId.get(id)?.callFrame;
    if (!frame) continue;
    const name =
      `${frame.functionName || '(anonymous)'}  ${frame.url ? `${location(frame.url)}:${frame.lineNumber + 1}` : ''}`.trim();
    functions.set(name, (functions.get(name) ?? 0) + ms);
    const pkg = ['(idle)', '(program)', '(garbage collector)'].includes(frame.functionName)
      ? frame.functionName
      : packageOf(frame.url);
    packages.set(pkg, (packages.get(pkg) ?? 0) + ms);
  }
  const sorted = (map: Map<string, number>) =>
    [...map.entries()]
      .map(([name, ms]) => ({ name, ms, share: ms / total }))
      .sort((a, b) => b.ms - a.ms);
  return { total, functions: sorted(functions), packages: sorted(packages) };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const { values, positionals } = parseArgs({
    allowPositionals: true,
    options: {
      top: { type: 'string', default: '30' },
      'skip-ms': { type: 'string', default: '0' },
    },
  });
  const file = positionals[0];
  if (!file) {
    process.stderr.write('usage: node bench/cpu-profile-top.ts <file.cpuprofile> [--top N]\n');
    process.exit(2);
  }
  const { total, functions, packages } = summarise(
    JSON.parse(readFileSync(file, 'utf8')) as CpuProfile,
    Number(values['skip-ms']),
  );
  const row = (s: SelfTime) =>
    `${s.ms.toFixed(0).padStart(8)} ms ${(s.share * 100).toFixed(1).padStart(5)}%  ${s.name}`;
  process.stdout.write(`total sampled ${total.toFixed(0)} ms\n\nself time by package\n`);
  for (const s of packages.slice(0, 15)) process.stdout.write(`${row(s)}\n`);
  process.stdout.write(`\ntop ${values.top} functions by self time\n`);
  for (const s of functions.slice(0, Number(values.top))) process.stdout.write(`${row(s)}\n`);
}
