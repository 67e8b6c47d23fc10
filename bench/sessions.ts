/**
 * Measures what creating a checkout session costs: POST /api/v1/checkout/sessions (rate limit,
 * key lookup, validation, idempotency claim, one transaction) against a bare Fastify route that
 * does a single INSERT into a comparable table on the same database. autocannon runs here; each
 * server runs in its own child process, one after the other, each with a warm-up first. Every
 * request carries a fresh Idempotency-Key (UUID v4) and order_reference. Prints req/s, p50/p99
 * latency and non-2xx counts, the ratio tranche/bare against the targets (≥ 0.6, p99 ≤ 25 ms),
 * and checks by counting rows that every 2xx response created exactly one session.
 *
 *   npm run bench:sessions [-- --connections 64 --duration 15 --warmup 3]
 *   npm run bench:sessions -- --rate 500   (latency at a fixed offered load, not at saturation)
 *   DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres npm run bench:sessions
 *
 * DATABASE_URL names a server on which a throwaway database tranche_bench_<random> is created
 * and dropped; unset, an embedded PostgreSQL (fsync off) runs in a temporary directory.
 * Extras: --only tranche|bare runs one side; --pool-size N (default 10) sets both servers' pg
 * pool; --bare-variant tranche-sql|one-statement swaps the baseline for a diagnostic one (see
 * bench/serve-bare.ts) and --bare-prepared makes it use named statements; --cpu-prof DIR writes
 * V8 CPU profiles of the server children into DIR (summarise with bench/cpu-profile-top.ts).
 */
import { randomUUID } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';

import autocannon, { type AutocannonRequest, type AutocannonResult } from 'autocannon';

import { createMerchant } from '../src/features/merchants/index.ts';
import { openRuntime } from '../src/main/runtime.ts';
import { loadConfig } from '../src/platform/config.ts';
import {
  BARE_ROUTE,
  BARE_TABLE_DDL,
  BARE_VARIANT_LABELS,
  BARE_VARIANT_TABLES,
  BARE_VARIANTS,
  type BareVariant,
  isBareVariant,
} from './bare-table.ts';
import { type ServerProcess, startServerProcess } from './processes.ts';
import { BenchCleanup, sleep, throwawayDatabase, withClient } from './support.ts';

const BENCH_DIR = dirname(fileURLToPath(import.meta.url));
const TRANCHE_ROUTE = '/api/v1/checkout/sessions';
const TARGET_RATIO = 0.6;
const TARGET_P99_MS = 25;

export interface BenchOptions {
  connections: number;
  durationSeconds: number;
  warmupSeconds: number;
  only: 'tranche' | 'bare' | undefined;
  cpuProfileDir: string | undefined;
  /** pg pool size of both servers (Tranche's default is 10). */
  poolSize: number;
  /** What the baseline does per request; `insert` is the benchmark proper. */
  bareVariant: BareVariant;
  /** Baseline sends named (prepared) statements. */
  barePrepared: boolean;
  /** Fixed offered load (requests/s over all connections) instead of as fast as possible. */
  rate: number | undefined;
}

export interface RowCheck {
  /** Rows the measured phase created (counted after the server stopped). */
  created: number;
  /** Of those, rows whose order_reference got a 2xx response. */
  matched: number;
  /** Distinct order references among created rows (a duplicate would mean a double create). */
  distinct: number;
}

export interface Measurement {
  key: Target['key'];
  label: string;
  requestsPerSecond: number;
  p50Ms: number;
  p99Ms: number;
  averageMs: number;
  ok: number;
  non2xx: number;
  errors: number;
  timeouts: number;
  statusCodes: Record<string, number>;
  rows: RowCheck;
}

export interface Target {
  key: 'tranche' | 'bare';
  label: string;
  script: string;
  route: string;
  table: string;
  env: Record<string, string>;
  nodeArgs: string[];
}

export interface Merchant {
  id: string;
  secretKey: string;
}

export function parseOptions(argv: string[]): BenchOptions {
  const { values } = parseArgs({
    args: argv,
    options: {
      connections: { type: 'string', default: '64' },
      duration: { type: 'string', default: '15' },
      warmup: { type: 'string', default: '3' },
      only: { type: 'string' },
      'cpu-prof': { type: 'string' },
      'pool-size': { type: 'string', default: '10' },
      'bare-variant': { type: 'string', default: 'insert' },
      'bare-prepared': { type: 'boolean', default: false },
      rate: { type: 'string' },
    },
    strict: true,
  });
  const positive = (name: string, raw: string, min: number): number => {
    const value = Number(raw);
    if (!Number.isInteger(value) || value < min) {
      throw new Error(`--${name} must be an integer ≥ ${min}`);
    }
    return value;
  };
  const bareVariant = values['bare-variant'];
  if (!isBareVariant(bareVariant)) {
    throw new Error(`--bare-variant must be one of ${BARE_VARIANTS.join(', ')}`);
  }
  if (values.only !== undefined && values.only !== 'tranche' && values.only !== 'bare') {
    throw new Error('--only must be "tranche" or "bare"');
  }
  return {
    connections: positive('connections', values.connections, 1),
    durationSeconds: positive('duration', values.duration, 1),
    warmupSeconds: positive('warmup', values.warmup, 0),
    only: values.only,
    cpuProfileDir: values['cpu-prof'] === undefined ? undefined : resolve(values['cpu-prof']),
    poolSize: positive('pool-size', values['pool-size'], 1),
    bareVariant,
    barePrepared: values['bare-prepared'],
    rate: values.rate === undefined ? undefined : positive('rate', values.rate, 1),
  };
}

/** One load phase; `phase` tags order references so rows can be attributed to it afterwards. */
export function loadRequest(
  route: string,
  merchant: Merchant,
  phase: string,
  okRefs: string[],
): AutocannonRequest {
  let sequence = 0;
  return {
    method: 'POST',
    path: route,
    setupRequest: (request, context) => {
      sequence += 1;
      const orderReference = `ord_${phase}_${sequence}`;
      context.orderReference = orderReference;
      return {
        ...request,
        headers: {
          'content-type': 'application/json',
          authorization: `Bearer ${merchant.secretKey}`,
          'idempotency-key': randomUUID(),
        },
        body: JSON.stringify({
          merchant_id: merchant.id,
          amount: 2_500_000,
          currency: 'NGN',
          title: 'Samsung Galaxy A15',
          order_reference: orderReference,
          customer_email: 'ada@example.ng',
        }),
      };
    },
    onResponse: (status, _body, context) => {
      if (status >= 200 && status < 300 && typeof context.orderReference === 'string') {
        okRefs.push(context.orderReference);
      }
    },
  };
}

export async function fire(
  url: string,
  connections: number,
  seconds: number,
  request: AutocannonRequest,
  rate?: number,
): Promise<AutocannonResult> {
  return autocannon({
    url,
    connections,
    duration: seconds,
    pipelining: 1,
    timeout: 10,
    requests: [request],
    ...(rate !== undefined && { overallRate: rate }),
  });
}

async function measure(
  target: Target,
  options: BenchOptions,
  merchant: Merchant,
  databaseUrl: string,
  track: (server: ServerProcess | undefined) => void,
): Promise<Measurement> {
  process.stderr.write(`\n${target.label}: starting server …\n`);
  const server = await startServerProcess({
    name: target.key,
    script: target.script,
    env: target.env,
    nodeArgs: target.nodeArgs,
  });
  track(server);
  const base = `http://127.0.0.1:${server.port}`;
  let result: AutocannonResult;
  const okRefs: string[] = [];
  try {
    if (options.warmupSeconds > 0) {
      process.stderr.write(`${target.label}: warm-up ${options.warmupSeconds} s …\n`);
      await fire(
        base,
        options.connections,
        options.warmupSeconds,
        loadRequest(target.route, merchant, `${target.key}_w`, []),
      );
      await sleep(500);
    }
    process.stderr.write(
      `${target.label}: measuring ${options.durationSeconds} s with ${options.connections} connections …\n`,
    );
    result = await fire(
      base,
      options.connections,
      options.durationSeconds,
      loadRequest(target.route, merchant, `${target.key}_m`, okRefs),
      options.rate,
    );
  } finally {
    // Stopping waits for requests still in flight, so the row counts below are final.
    await server.stop();
    track(undefined);
  }
  const rows = await withClient(databaseUrl, async (client) => {
    const counted = await client.query<{ created: string; distinct: string; matched: string }>(
      `SELECT count(*) AS created,
              count(DISTINCT order_reference) AS distinct,
              count(*) FILTER (WHERE order_reference = ANY($1::text[])) AS matched
         FROM ${target.table} WHERE order_reference LIKE $2`,
      [okRefs, `ord\\_${target.key}\\_m\\_%`],
    );
    const row = counted.rows[0];
    return {
      created: Number(row?.created),
      distinct: Number(row?.distinct),
      matched: Number(row?.matched),
    };
  });
  const statusCodes: Record<string, number> = {};
  for (const [code, stat] of Object.entries(result.statusCodeStats)) statusCodes[code] = stat.count;
  return {
    key: target.key,
    label: target.label,
    requestsPerSecond: result.requests.average,
    p50Ms: result.latency.p50,
    p99Ms: result.latency.p99,
    averageMs: result.latency.average,
    ok: result['2xx'],
    non2xx: result.non2xx,
    errors: result.errors,
    timeouts: result.timeouts,
    statusCodes,
    rows,
  };
}

function pad(value: string, width: number, right = true): string {
  return right ? value.padStart(width) : value.padEnd(width);
}

export function report(measurements: Measurement[], options: BenchOptions): string {
  const lines: string[] = [];
  lines.push(
    `${pad('route', 34, false)}${pad('req/s', 9)}${pad('p50 ms', 9)}${pad('p99 ms', 9)}${pad('avg ms', 9)}${pad('2xx', 9)}${pad('non-2xx', 9)}${pad('errors', 8)}`,
  );
  for (const m of measurements) {
    lines.push(
      `${pad(m.label, 34, false)}${pad(m.requestsPerSecond.toFixed(1), 9)}${pad(String(m.p50Ms), 9)}${pad(String(m.p99Ms), 9)}${pad(m.averageMs.toFixed(2), 9)}${pad(String(m.ok), 9)}${pad(String(m.non2xx), 9)}${pad(String(m.errors + m.timeouts), 8)}`,
    );
  }
  const tranche = measurements.find((m) => m.key === 'tranche');
  const bare = measurements.find((m) => m.key === 'bare');
  lines.push('');
  if (tranche && bare) {
    const ratio = tranche.requestsPerSecond / bare.requestsPerSecond;
    lines.push(
      `ratio (tranche / bare): ${ratio.toFixed(2)}   target ≥ ${TARGET_RATIO}   ${ratio >= TARGET_RATIO ? 'PASS' : 'MISS'}`,
    );
  }
  if (tranche) {
    lines.push(
      `tranche p99: ${tranche.p99Ms} ms   target ≤ ${TARGET_P99_MS} ms   ${tranche.p99Ms <= TARGET_P99_MS ? 'PASS' : 'MISS'}`,
    );
  }
  for (const m of measurements) {
    const codes = Object.entries(m.statusCodes)
      .map(([code, count]) => `${code}×${count}`)
      .join(' ');
    const inFlight = m.rows.created - m.rows.matched;
    const verdict =
      m.non2xx === 0 &&
      m.rows.matched === m.ok &&
      m.rows.distinct === m.rows.created &&
      inFlight >= 0 &&
      inFlight <= options.connections;
    lines.push(
      `${m.label}: status ${codes || '-'}; rows created ${m.rows.created} = ${m.rows.matched} with a 2xx (of ${m.ok} 2xx) + ${inFlight} cut off in flight when the run ended (≤ ${options.connections}); duplicates ${m.rows.created - m.rows.distinct}   ${verdict ? 'OK' : 'MISMATCH'}`,
    );
  }
  return lines.join('\n');
}

/** An approved merchant and its sandbox secret key, made the way `tranche merchants create` does. */
export async function createBenchMerchant(apiEnv: Record<string, string>): Promise<Merchant> {
  const runtime = await openRuntime(loadConfig(apiEnv), { migrate: false, log: () => undefined });
  try {
    const created = await createMerchant(runtime.ctx, {
      businessName: 'Bench Stores',
      email: 'bench@shop.test',
      approve: true,
    });
    return { id: created.merchant.id, secretKey: created.secret_keys.test };
  } finally {
    await runtime.close();
  }
}

export async function runBench(options: BenchOptions): Promise<void> {
  const cleanup = new BenchCleanup(
    2 * (options.warmupSeconds + options.durationSeconds) * 1000 + 240_000,
  );
  let running: ServerProcess | undefined;
  try {
    const { tempDir, databaseUrl, embedded } = await throwawayDatabase(cleanup);
    // The server being measured stops before its database is dropped.
    cleanup.push(async () => {
      await running?.stop().catch(() => undefined);
      running = undefined;
    });
    const settings = await withClient(databaseUrl, async (client) => {
      await client.query(BARE_TABLE_DDL);
      const shown: string[] = [];
      for (const name of ['server_version', 'fsync', 'synchronous_commit']) {
        const res = await client.query<Record<string, string>>(`SHOW ${name}`);
        shown.push(`${name}=${Object.values(res.rows[0] ?? {})[0]}`);
      }
      return shown.join(' ');
    });

    const dataDir = join(tempDir, 'data');
    mkdirSync(dataDir);
    const apiEnv: Record<string, string> = {
      TRANCHE_ENV: 'development',
      DATABASE_URL: databaseUrl,
      DATABASE_POOL_SIZE: String(options.poolSize),
      HOST: '127.0.0.1',
      PORT: '0',
      PUBLIC_BASE_URL: 'http://localhost:3000',
      LOG_LEVEL: 'silent',
      RATE_LIMIT_SANDBOX_PER_MIN: '10000000',
      TRANCHE_DATA_DIR: dataDir,
    };
    const merchant = await createBenchMerchant(apiEnv);

    process.stderr.write(
      `node ${process.versions.node}, ${cpus().length} CPUs, load ${loadavg()
        .map((l) => l.toFixed(2))
        .join(' ')}; ` + `database ${embedded ? 'embedded' : 'DATABASE_URL'} (${settings})\n`,
    );

    const profileArgs = (key: Target['key']) =>
      options.cpuProfileDir
        ? [
            '--cpu-prof',
            '--cpu-prof-dir',
            options.cpuProfileDir,
            '--cpu-prof-name',
            `${key}.cpuprofile`,
          ]
        : [];
    const targets: Target[] = [
      {
        key: 'tranche',
        label: 'tranche POST /checkout/sessions',
        script: join(BENCH_DIR, 'serve-api.ts'),
        route: TRANCHE_ROUTE,
        table: 'checkout_sessions',
        env: apiEnv,
        nodeArgs: profileArgs('tranche'),
      },
      {
        key: 'bare',
        label: `${BARE_VARIANT_LABELS[options.bareVariant]}${options.barePrepared ? ' (prep.)' : ''}`,
        script: join(BENCH_DIR, 'serve-bare.ts'),
        route: BARE_ROUTE,
        table: BARE_VARIANT_TABLES[options.bareVariant],
        env: {
          DATABASE_URL: databaseUrl,
          DATABASE_POOL_SIZE: String(options.poolSize),
          PORT: '0',
          BARE_VARIANT: options.bareVariant,
          BARE_PREPARED: options.barePrepared ? '1' : '0',
        },
        nodeArgs: profileArgs('bare'),
      },
    ];
    const measurements: Measurement[] = [];
    for (const target of targets) {
      if (options.only && options.only !== target.key) continue;
      measurements.push(
        await measure(target, options, merchant, databaseUrl, (server) => (running = server)),
      );
    }

    process.stdout.write(
      `\n${options.connections} connections${options.rate === undefined ? '' : ` at a fixed ${options.rate} req/s`}, ${options.warmupSeconds} s warm-up + ${options.durationSeconds} s measured per route, pool ${options.poolSize}; ${settings}\n\n`,
    );
    process.stdout.write(`${report(measurements, options)}\n`);
    if (options.cpuProfileDir) {
      process.stdout.write(
        `\nCPU profiles of the servers (tranche.cpuprofile, bare.cpuprofile) written to ${options.cpuProfileDir}\n`,
      );
    }
  } finally {
    await cleanup.dispose();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  try {
    await runBench(parseOptions(process.argv.slice(2)));
  } catch (error) {
    process.stderr.write(`bench failed: ${(error as Error).stack ?? String(error)}\n`);
    process.exitCode = 1;
  }
}
