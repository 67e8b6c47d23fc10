/**
 * Soak and overload (reliability battery B29): the API process as `tranche api` runs it, fed
 * session creates (POST /api/v1/checkout/sessions, each with its own Idempotency-Key) at 80% of
 * the rate it sustains, for ten minutes; then at twice that rate with many more connections.
 *
 *   npm run bench:soak                                   (calibrate 10 s, soak 600 s, overload 60 s)
 *   npm run bench:soak -- --soak 120 --overload 30       (a shorter run)
 *   npm run bench:soak -- --rate 600                     (skip calibration: 80% of 600/s)
 *
 * What it shows: during the soak, the API's resident memory (RSS, /proc) and heap, and the
 * database connections it holds (pg_stat_activity), sampled every `--sample` seconds: stable
 * means no growth trend once warm. During the overload, the excess is shed as 503 with
 * Retry-After (MAX_REQUESTS_IN_FLIGHT, src/http/plugins/load-shedding.ts) rather than queued
 * until clients time out; the requests admitted keep a bounded latency. Afterwards, nothing is
 * half done: every session row belongs to a 2xx response or to a request cut off by the end of
 * a phase, no order reference was created twice, and the invariants (test/invariants.sql) hold.
 *
 * The per-key rate limit is raised out of the way: what is measured is the server's own
 * capacity, not the 429s of spec §8. DATABASE_URL names a server on which a throwaway database
 * is created and dropped; unset, an embedded PostgreSQL runs in a temporary directory.
 */
import { readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';

import type { AutocannonResult } from 'autocannon';

import { checkInvariants, formatViolations } from '../test/harness/invariants.ts';
import { startApiTarget } from './api-target.ts';
import type { ServerProcess } from './processes.ts';
import { fire, loadRequest } from './sessions.ts';
import { BenchCleanup, positiveOption, sleep, withClient } from './support.ts';

const ROUTE = '/api/v1/checkout/sessions';

export interface SoakOptions {
  calibrateSeconds: number;
  soakSeconds: number;
  overloadSeconds: number;
  sampleSeconds: number;
  connections: number;
  overloadConnections: number;
  /** Sustainable session creates per second, when known; otherwise measured first. */
  rate: number | undefined;
}

export function parseOptions(argv: string[]): SoakOptions {
  const { values } = parseArgs({
    args: argv,
    options: {
      calibrate: { type: 'string', default: '10' },
      soak: { type: 'string', default: '600' },
      overload: { type: 'string', default: '60' },
      sample: { type: 'string', default: '10' },
      connections: { type: 'string', default: '64' },
      'overload-connections': { type: 'string', default: '1000' },
      rate: { type: 'string' },
    },
    strict: true,
  });
  const positive = positiveOption;
  return {
    calibrateSeconds: positive('calibrate', values.calibrate),
    soakSeconds: positive('soak', values.soak),
    overloadSeconds: positive('overload', values.overload),
    sampleSeconds: positive('sample', values.sample),
    connections: positive('connections', values.connections),
    overloadConnections: positive('overload-connections', values['overload-connections']),
    rate: values.rate === undefined ? undefined : positive('rate', values.rate),
  };
}

interface Sample {
  atSeconds: number;
  rssMb: number;
  heapMb: number;
  databaseConnections: number;
  shed: number;
}

/** Resident memory of a process, from /proc (Linux). */
function rssMb(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = Number(/^VmRSS:\s+(\d+) kB/m.exec(status)?.[1] ?? NaN);
  return kb / 1024;
}

function metric(text: string, name: string): number {
  const line = new RegExp(`^${name}(?:\\{[^}]*\\})? (\\S+)$`, 'm').exec(text);
  return line ? Number(line[1]) : 0;
}

async function sample(
  server: ServerProcess,
  databaseUrl: string,
  startedAt: number,
): Promise<Sample> {
  const metrics = await (await fetch(`http://127.0.0.1:${server.port}/metrics`)).text();
  const databaseConnections = await withClient(databaseUrl, async (client) => {
    const result = await client.query<{ n: string }>(
      `SELECT count(*) AS n FROM pg_stat_activity
        WHERE datname = current_database() AND pid <> pg_backend_pid()`,
    );
    return Number(result.rows[0]?.n);
  });
  return {
    atSeconds: Math.round((Date.now() - startedAt) / 1000),
    rssMb: rssMb(server.child.pid ?? 0),
    heapMb: metric(metrics, 'nodejs_heap_size_used_bytes') / 2 ** 20,
    databaseConnections,
    shed: metric(metrics, 'tranche_http_requests_shed_total'),
  };
}

interface Phase {
  name: string;
  offered: number;
  connections: number;
  seconds: number;
  result: AutocannonResult;
  okRefs: string[];
}

function statusLine(result: AutocannonResult): string {
  return Object.entries(result.statusCodeStats)
    .map(([code, stat]) => `${code}×${stat.count}`)
    .join(' ');
}

function phaseLine(p: Phase): string {
  const ok = p.result['2xx'];
  const r = p.result;
  return [
    `${p.name.padEnd(9)} offered ${p.offered}/s on ${p.connections} connections for ${p.seconds} s:`,
    `${(ok / p.seconds).toFixed(0)} created/s; latency p50 ${r.latency.p50} ms, p99 ${r.latency.p99} ms, max ${r.latency.max} ms;`,
    `status ${statusLine(r) || '-'}; timeouts ${r.timeouts}, errors ${r.errors}`,
  ].join(' ');
}

const spread = (values: number[]) =>
  `first ${values[0]?.toFixed(1)}, last ${values.at(-1)?.toFixed(1)}, min ${Math.min(...values).toFixed(1)}, max ${Math.max(...values).toFixed(1)}`;

export async function runSoak(options: SoakOptions): Promise<boolean> {
  const total = options.calibrateSeconds + options.soakSeconds + options.overloadSeconds;
  const cleanup = new BenchCleanup(total * 1000 + 300_000);
  const say = (line: string) => process.stderr.write(`${line}\n`);
  try {
    const {
      databaseUrl,
      merchant,
      server,
      baseUrl: base,
      stop,
    } = await startApiTarget(cleanup, say);

    let capacity = options.rate;
    if (capacity === undefined) {
      say(`calibrating: ${options.connections} connections, as fast as possible …`);
      await fire(base, options.connections, 3, loadRequest(ROUTE, merchant, 'warm', []));
      const calibration = await fire(
        base,
        options.connections,
        options.calibrateSeconds,
        loadRequest(ROUTE, merchant, 'cal', []),
      );
      capacity = Math.round(calibration['2xx'] / options.calibrateSeconds);
      say(`capacity ${capacity} session creates/s (p99 ${calibration.latency.p99} ms)`);
    }
    const soakRate = Math.max(1, Math.round(capacity * 0.8));
    const overloadRate = capacity * 2;

    const samples: Sample[] = [];
    const startedAt = Date.now();
    const sampling = new AbortController();
    const sampled = () => sampling.signal.aborted;
    const sampler = (async () => {
      while (!sampled()) {
        samples.push(await sample(server, databaseUrl, startedAt));
        const last = samples.at(-1)!;
        say(
          `  t=${last.atSeconds}s rss ${last.rssMb.toFixed(1)} MB, heap ${last.heapMb.toFixed(1)} MB, db connections ${last.databaseConnections}, shed ${last.shed}`,
        );
        for (let waited = 0; !sampled() && waited < options.sampleSeconds * 1000; waited += 250) {
          await sleep(250);
        }
      }
    })();

    const phases: Phase[] = [];
    const run = async (
      name: string,
      rate: number,
      connections: number,
      seconds: number,
    ): Promise<Phase> => {
      say(`${name}: ${rate}/s on ${connections} connections for ${seconds} s …`);
      const okRefs: string[] = [];
      const result = await fire(
        base,
        connections,
        seconds,
        loadRequest(ROUTE, merchant, name, okRefs),
        rate,
      );
      const phase = { name, offered: rate, connections, seconds, result, okRefs };
      phases.push(phase);
      say(phaseLine(phase));
      return phase;
    };
    await run('soak', soakRate, options.connections, options.soakSeconds);
    const soakSamples = samples.length;
    await run('overload', overloadRate, options.overloadConnections, options.overloadSeconds);
    sampling.abort();
    await sampler;
    const afterOverload = await sample(server, databaseUrl, startedAt);
    // Stopping waits for the requests still in flight, so the row counts below are final.
    await stop();

    const rows = await withClient(databaseUrl, async (client) => {
      const out: Record<string, { created: number; matched: number; distinct: number }> = {};
      for (const phase of phases) {
        const counted = await client.query<{ created: string; distinct: string; matched: string }>(
          `SELECT count(*) AS created, count(DISTINCT order_reference) AS distinct,
                  count(*) FILTER (WHERE order_reference = ANY($1::text[])) AS matched
             FROM checkout_sessions WHERE order_reference LIKE $2`,
          [phase.okRefs, `ord\\_${phase.name}\\_%`],
        );
        const row = counted.rows[0];
        out[phase.name] = {
          created: Number(row?.created),
          distinct: Number(row?.distinct),
          matched: Number(row?.matched),
        };
      }
      return out;
    });
    const violations = await checkInvariants(databaseUrl);

    // The first samples are the warm-up (JIT, pool filling); the trend is judged after them.
    const warm = samples.slice(Math.min(3, Math.max(0, soakSamples - 1)), soakSamples);
    const rss = warm.map((s) => s.rssMb);
    const heap = warm.map((s) => s.heapMb);
    const connections = samples.map((s) => s.databaseConnections);
    const [soak, overload] = phases as [Phase, Phase];
    const shed = overload.result.statusCodeStats['503']?.count ?? 0;
    const otherNon2xx = overload.result.non2xx - shed;
    const out: string[] = [''];
    out.push(
      `capacity ${capacity}/s (${options.rate === undefined ? `measured over ${options.calibrateSeconds} s, ${options.connections} connections` : 'given'}); soak at 80% = ${soakRate}/s, overload at 200% = ${overloadRate}/s`,
    );
    out.push(phaseLine(soak));
    out.push(phaseLine(overload));
    out.push('');
    out.push(
      `soak memory (after warm-up, ${warm.length} samples every ${options.sampleSeconds} s): RSS MB ${spread(rss)}; heap MB ${spread(heap)}`,
    );
    out.push(
      `database connections held by the API: ${spread(connections)} (pool DATABASE_POOL_SIZE=10, +1 credential listener)`,
    );
    out.push(
      `overload: ${shed} shed as 503 (server counter ${afterOverload.shed}), ${otherNon2xx} other non-2xx, ${overload.result.timeouts} client timeouts (10 s); RSS after ${afterOverload.rssMb.toFixed(1)} MB`,
    );
    let halfDone = 0;
    for (const phase of phases) {
      const r = rows[phase.name]!;
      const cutOff = r.created - r.matched;
      const ok = phase.result['2xx'];
      const duplicates = r.created - r.distinct;
      const sound =
        r.matched === ok && duplicates === 0 && cutOff >= 0 && cutOff <= phase.connections;
      if (!sound) halfDone += 1;
      out.push(
        `${phase.name} rows: ${r.created} created = ${r.matched} with a 2xx (of ${ok}) + ${cutOff} cut off in flight at the phase's end (≤ ${phase.connections}); duplicates ${duplicates}   ${sound ? 'OK' : 'MISMATCH'}`,
      );
    }
    out.push(
      violations.length === 0
        ? 'invariants I1–I12: no violation'
        : `invariants: ${violations.length} violation(s)\n${formatViolations(violations)}`,
    );
    process.stdout.write(`${out.join('\n')}\n`);
    return halfDone === 0 && violations.length === 0;
  } finally {
    await cleanup.dispose();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  try {
    if (!(await runSoak(parseOptions(process.argv.slice(2))))) process.exitCode = 1;
  } catch (error) {
    process.stderr.write(`bench failed: ${(error as Error).stack ?? String(error)}\n`);
    process.exitCode = 1;
  }
}
