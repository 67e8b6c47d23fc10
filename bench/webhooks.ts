/**
 * Measures webhook delivery end to end (issue 5): the bench writes events into the outbox with
 * `recordEvents` (the same call the money engine makes), a real `tranche worker` process delivers
 * them, and local receivers in a child process of their own (bench/webhook-receivers.ts) verify
 * each signature and record when each event arrived. One merchant's receiver answers only after
 * 9 s; the others answer at once. Prints healthy deliveries/s, the created_at → received delay of
 * the healthy receivers (p50/p90/p99/max), what the slow receiver got, and checks that every
 * healthy event arrived exactly once (at least once: duplicates are counted), at the right
 * receiver, correctly signed, and that `webhook_events` agrees with what the receivers answered.
 *
 *   npm run bench:webhooks                          (20,000 events paced at 1,500/s)
 *   npm run bench:webhooks -- --backlog             (all inserted first, then the worker starts)
 *   npm run bench:webhooks -- --events 5000 --rate 800 --batch 5 --slow-share 0.05
 *   npm run bench:webhooks -- --worker-env WEBHOOK_POLL_MS=50 --cpu-prof /tmp/prof
 *   npm run bench:webhooks -- --workers 2          (scale-out: two worker processes, one outbox)
 *
 * Events are spread over `--healthy` merchants (default 4) and one slow merchant, which gets
 * `--slow-share` of them (default 0.2, an equal fifth): its backlog grows the whole run, which is
 * the case the per-merchant caps exist for. Paced mode inserts `--batch` events per transaction
 * on a fixed schedule (`--rate` events/s), so the delay is queueing plus delivery, not backlog.
 * The run ends when every healthy event has arrived (or after `--timeout` s); the worker is then
 * stopped with SIGTERM, which lets the slow deliveries in flight finish and be recorded, and the
 * database is compared with the receivers. DATABASE_URL names a server on which a throwaway
 * database tranche_bench_<random> is created and dropped; unset, an embedded PostgreSQL runs.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';

import type { AppContext } from '../src/app-context.ts';
import { connectDatabase, type DatabaseHandle } from '../src/db/database.ts';
import { runWrite } from '../src/db/write.ts';
import { type NewWebhookEvent, recordEvents } from '../src/features/merchant-webhooks/index.ts';
import { createMerchant } from '../src/features/merchants/index.ts';
import { systemClock } from '../src/platform/clock.ts';
import { SecretBox } from '../src/platform/crypto.ts';
import { generateSecrets } from '../src/platform/secrets.ts';
import { BenchCleanup, sleep, throwawayDatabase } from './support.ts';
import type {
  ParentRequest,
  ReceiverConfig,
  ReceiverProgress,
  ReceiverReport,
  ReceiversMessage,
} from './webhook-receivers.ts';

const BENCH_DIR = dirname(fileURLToPath(import.meta.url));
const ROOT = join(BENCH_DIR, '..');
const TARGET_DELIVERIES_PER_S = 1_000;
const TARGET_P99_MS = 1_000;
const BACKLOG_BATCH = 500;

export interface BenchOptions {
  events: number;
  /** Events/s offered in paced mode. */
  rate: number;
  backlog: boolean;
  /** Events per insert transaction in paced mode. */
  batch: number;
  healthy: number;
  slowShare: number;
  slowDelayMs: number;
  /** Longest wait for the healthy events after the last insert, seconds. */
  timeoutSeconds: number;
  cpuProfileDir: string | undefined;
  workerEnv: Record<string, string>;
  /** Worker processes delivering from the one outbox (scale-out: no event delivered twice). */
  workers: number;
}

export function parseOptions(argv: string[]): BenchOptions {
  const { values } = parseArgs({
    args: argv,
    options: {
      events: { type: 'string', default: '20000' },
      rate: { type: 'string', default: '1500' },
      backlog: { type: 'boolean', default: false },
      batch: { type: 'string', default: '10' },
      healthy: { type: 'string', default: '4' },
      'slow-share': { type: 'string', default: '0.2' },
      'slow-delay-ms': { type: 'string', default: '9000' },
      timeout: { type: 'string', default: '120' },
      'cpu-prof': { type: 'string' },
      'worker-env': { type: 'string', multiple: true, default: [] },
      workers: { type: 'string', default: '1' },
    },
    strict: true,
  });
  const integer = (name: string, raw: string, min: number): number => {
    const value = Number(raw);
    if (!Number.isInteger(value) || value < min) {
      throw new Error(`--${name} must be an integer ≥ ${min}`);
    }
    return value;
  };
  const slowShare = Number(values['slow-share']);
  if (!(slowShare >= 0 && slowShare < 1)) throw new Error('--slow-share must be in [0, 1)');
  const workerEnv: Record<string, string> = {};
  for (const entry of values['worker-env']) {
    const at = entry.indexOf('=');
    if (at <= 0) throw new Error(`--worker-env takes KEY=VALUE (got "${entry}")`);
    workerEnv[entry.slice(0, at)] = entry.slice(at + 1);
  }
  return {
    events: integer('events', values.events, 1),
    rate: integer('rate', values.rate, 1),
    backlog: values.backlog,
    batch: integer('batch', values.batch, 1),
    healthy: integer('healthy', values.healthy, 1),
    slowShare,
    slowDelayMs: integer('slow-delay-ms', values['slow-delay-ms'], 0),
    timeoutSeconds: integer('timeout', values.timeout, 1),
    cpuProfileDir: values['cpu-prof'] === undefined ? undefined : resolve(values['cpu-prof']),
    workerEnv,
    workers: integer('workers', values.workers, 1),
  };
}

interface BenchMerchant {
  key: string;
  id: string;
  slow: boolean;
  secret: string;
}

/** The receivers' child process and a request/answer channel over its IPC. */
class Receivers {
  readonly child: ChildProcess;
  readonly ports: Record<string, number>;
  readonly #exited: Promise<void>;

  private constructor(child: ChildProcess, ports: Record<string, number>, exited: Promise<void>) {
    this.child = child;
    this.ports = ports;
    this.#exited = exited;
  }

  static async start(configs: ReceiverConfig[]): Promise<Receivers> {
    const child = spawn(process.execPath, [join(BENCH_DIR, 'webhook-receivers.ts')], {
      env: { ...process.env, BENCH_RECEIVERS: JSON.stringify(configs) },
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    });
    const exited = new Promise<void>((done) => child.once('exit', () => done()));
    const ports = await new Promise<Record<string, number>>((done, fail) => {
      child.on('message', (message: ReceiversMessage) => {
        if (message.type === 'ready') done(message.ports);
        else if (message.type === 'failed') fail(new Error(`receivers: ${message.message}`));
      });
      child.once('exit', (code) => fail(new Error(`receivers exited (code ${code})`)));
    });
    return new Receivers(child, ports, exited);
  }

  #ask<T extends ReceiversMessage['type']>(
    type: ParentRequest['type'] & T,
  ): Promise<Extract<ReceiversMessage, { type: T }>> {
    return new Promise((done) => {
      const listen = (message: ReceiversMessage) => {
        if (message.type !== type) return;
        this.child.off('message', listen);
        done(message as Extract<ReceiversMessage, { type: T }>);
      };
      this.child.on('message', listen);
      this.child.send({ type } satisfies ParentRequest);
    });
  }

  async progress(): Promise<ReceiverProgress[]> {
    return (await this.#ask('progress')).receivers;
  }

  async report(): Promise<ReceiverReport[]> {
    return (await this.#ask('report')).receivers;
  }

  async stop(): Promise<void> {
    if (this.child.exitCode !== null || this.child.signalCode !== null) return;
    this.child.kill('SIGTERM');
    await this.#exited;
  }
}

/** `tranche worker` as its own process, with the environment the e2e crash test gives it. */
function startWorker(env: Record<string, string>, nodeArgs: string[], label = 'worker') {
  const child = spawn(process.execPath, [...nodeArgs, join(ROOT, 'bin', 'tranche.mjs'), 'worker'], {
    cwd: ROOT,
    // Any free port for the worker's metrics: a development `npm start` may hold the default.
    env: { WORKER_METRICS_PORT: '0', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const exited = new Promise<number | null>((done) => child.once('exit', (code) => done(code)));
  let output = '';
  const ready = new Promise<void>((done, fail) => {
    const onData = (chunk: Buffer) => {
      const text = chunk.toString();
      process.stderr.write(text.replace(/^(?=.)/gm, `  ${label}| `));
      output += text;
      if (output.includes('worker running')) done();
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', onData);
    void exited.then((code) => fail(new Error(`worker exited before it was ready (${code})`)));
  });
  return {
    child,
    ready,
    /** SIGTERM: the worker stops claiming and waits for its deliveries in flight. */
    stop: async (graceMs: number): Promise<number | null> => {
      if (child.exitCode !== null || child.signalCode !== null) return child.exitCode;
      child.kill('SIGTERM');
      const killer = setTimeout(() => child.kill('SIGKILL'), graceMs);
      const code = await exited;
      clearTimeout(killer);
      return code;
    },
  };
}

/** Which merchant gets event i: the slow one takes exactly `slowShare`, evenly spread. */
function assign(merchants: BenchMerchant[], count: number, slowShare: number): BenchMerchant[] {
  const healthy = merchants.filter((m) => !m.slow);
  const slow = merchants.find((m) => m.slow);
  const out: BenchMerchant[] = [];
  let owed = 0;
  let next = 0;
  for (let i = 0; i < count; i++) {
    owed += slowShare;
    if (slow && owed >= 1) {
      owed -= 1;
      out.push(slow);
    } else {
      out.push(healthy[next % healthy.length] as BenchMerchant);
      next += 1;
    }
  }
  return out;
}

function insertBatch(
  handle: DatabaseHandle,
  owners: BenchMerchant[],
  from: number,
  to: number,
): Promise<void> {
  const events: NewWebhookEvent[] = [];
  for (let i = from; i < to; i++) {
    events.push({
      merchantId: (owners[i] as BenchMerchant).id,
      livemode: false,
      type: 'payment.success',
      data: { payment_plan: { id: `plan_bench_${i}`, status: 'active' }, sequence: i },
    });
  }
  return runWrite(handle.db, (tx) => recordEvents(tx, events, new Date()));
}

/** Nearest-rank percentile of an ascending array. */
function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(p * sorted.length) - 1))] ?? 0;
}

interface DbEvent {
  id: string;
  merchant_id: string;
  status: string;
  attempts: number;
}

export async function runBench(options: BenchOptions): Promise<void> {
  const cleanup = new BenchCleanup(
    (options.backlog ? 0 : (options.events / options.rate) * 1000) +
      options.timeoutSeconds * 1000 +
      options.slowDelayMs +
      240_000,
  );
  try {
    const { tempDir, databaseUrl } = await throwawayDatabase(cleanup);

    const secrets = generateSecrets();
    const handle = connectDatabase(databaseUrl, 4);
    cleanup.push(() => handle.close());
    const ctx = {
      db: handle.db,
      clock: systemClock,
      secretBox: new SecretBox(secrets.encryptionKey),
    } as unknown as AppContext;

    const merchants: BenchMerchant[] = [];
    const kinds = [
      ...Array.from({ length: options.healthy }, (_, i) => ({
        key: `healthy${i + 1}`,
        slow: false,
      })),
      ...(options.slowShare > 0 ? [{ key: 'slow', slow: true }] : []),
    ];
    for (const kind of kinds) {
      const created = await createMerchant(ctx, {
        businessName: `Bench ${kind.key}`,
        email: `${kind.key}@bench.test`,
        approve: true,
      });
      // The bench's events are test-mode events: the test endpoint's secret signs them.
      merchants.push({ ...kind, id: created.merchant.id, secret: created.webhook_secrets.test });
    }

    const receivers = await Receivers.start(
      merchants.map((m) => ({
        key: m.key,
        delayMs: m.slow ? options.slowDelayMs : 0,
        secret: m.secret,
      })),
    );
    cleanup.push(() => receivers.stop());
    for (const m of merchants) {
      await handle.db
        .updateTable('webhook_endpoints')
        .set({ url: `http://127.0.0.1:${receivers.ports[m.key]}/hooks/${m.key}` })
        .where('merchant_id', '=', m.id)
        .where('livemode', '=', false)
        .execute();
    }

    const owners = assign(merchants, options.events, options.slowShare);
    const expected = new Map<string, number>(merchants.map((m) => [m.key, 0]));
    for (const owner of owners) expected.set(owner.key, (expected.get(owner.key) ?? 0) + 1);
    const healthyKeys = new Set(merchants.filter((m) => !m.slow).map((m) => m.key));
    const healthyTotal = owners.filter((m) => !m.slow).length;

    const dataDir = join(tempDir, 'data');
    mkdirSync(dataDir);
    const workerEnv: Record<string, string> = {
      ...(process.env as Record<string, string>),
      TRANCHE_ENV: 'development',
      DATABASE_URL: databaseUrl,
      TRANCHE_DATA_DIR: dataDir,
      ENCRYPTION_KEY: secrets.encryptionKey,
      JWT_PRIVATE_KEY: secrets.jwtPrivateKeyPem,
      GATEWAY_SECRET_KEY: secrets.gatewaySecretKey,
      LOG_LEVEL: 'warn',
      ...options.workerEnv,
    };
    delete workerEnv.REDIS_URL;
    const nodeArgs = options.cpuProfileDir
      ? [
          '--cpu-prof',
          '--cpu-prof-dir',
          options.cpuProfileDir,
          '--cpu-prof-name',
          'worker.cpuprofile',
        ]
      : [];

    const shown = Object.entries(workerEnv)
      .filter(([name]) => name.startsWith('WEBHOOK_') || name === 'DATABASE_POOL_SIZE')
      .map(([name, value]) => `${name}=${value}`);
    process.stderr.write(
      `node ${process.versions.node}, ${cpus().length} CPUs, load ${loadavg()
        .map((l) => l.toFixed(2))
        .join(' ')}; database ${process.env.DATABASE_URL ? 'DATABASE_URL' : 'embedded'}\n`,
    );

    let insertStarted = 0;
    let insertEnded = 0;
    let transactions = 0;
    const insertAll = async (batch: number, paced: boolean) => {
      insertStarted = Date.now();
      const t0 = performance.now();
      for (let from = 0, k = 0; from < options.events; from += batch, k++) {
        if (paced) {
          const due = t0 + (from * 1000) / options.rate;
          const wait = due - performance.now();
          if (wait > 0) await sleep(wait);
        }
        await insertBatch(handle, owners, from, Math.min(from + batch, options.events));
        transactions += 1;
      }
      insertEnded = Date.now();
    };

    const workers: ReturnType<typeof startWorker>[] = [];
    const launchWorker = async () => {
      for (let w = 0; w < options.workers; w++) {
        const started = startWorker(
          workerEnv,
          w === 0 ? nodeArgs : [],
          options.workers === 1 ? 'worker' : `worker ${w + 1}`,
        );
        workers.push(started);
        cleanup.push(async () => {
          await started.stop(5_000);
        });
      }
      await Promise.all(workers.map((w) => w.ready));
    };
    if (options.backlog) {
      process.stderr.write(`inserting ${options.events} events up front …\n`);
      await insertAll(BACKLOG_BATCH, false);
      process.stderr.write('starting the worker …\n');
      await launchWorker();
    } else {
      process.stderr.write('starting the worker …\n');
      await launchWorker();
      process.stderr.write(`inserting ${options.events} events at ${options.rate}/s …\n`);
    }

    // Progress while events flow; the healthy count decides when the run is over.
    const healthyReceived = (progress: ReceiverProgress[]) =>
      progress.filter((p) => healthyKeys.has(p.key)).reduce((sum, p) => sum + p.received, 0);
    let inserting = options.backlog ? Promise.resolve() : insertAll(options.batch, true);
    let insertsDone = options.backlog;
    inserting = inserting.then(() => void (insertsDone = true));
    let waitDeadline = Number.POSITIVE_INFINITY;
    let lastPrint = 0;
    for (;;) {
      await sleep(100);
      const progress = await receivers.progress();
      const got = healthyReceived(progress);
      if (Date.now() - lastPrint >= 2_000) {
        lastPrint = Date.now();
        const slow = progress.find((p) => !healthyKeys.has(p.key));
        process.stderr.write(
          `  … inserted ${insertsDone ? options.events : 'so far'}; healthy received ${got}/${healthyTotal}` +
            (slow ? `; slow answered ${slow.answered}, waiting ${slow.waiting}` : '') +
            `; load ${loadavg()[0]?.toFixed(2)}\n`,
        );
      }
      if (got >= healthyTotal && insertsDone) break;
      if (insertsDone && waitDeadline === Number.POSITIVE_INFINITY) {
        waitDeadline = Date.now() + options.timeoutSeconds * 1000;
      }
      if (Date.now() > waitDeadline) {
        process.stderr.write(`gave up waiting after ${options.timeoutSeconds} s\n`);
        break;
      }
    }
    await inserting;
    const atEnd = await receivers.report();
    process.stderr.write('stopping the worker (it finishes the slow deliveries in flight) …\n');
    const exitCodes = await Promise.all(workers.map((w) => w.stop(options.slowDelayMs + 20_000)));
    const exitCode = exitCodes.find((code) => code !== 0) ?? exitCodes[0];
    const final = await receivers.report();
    const loadAfter = loadavg();

    const dbEvents = await handle.db
      .selectFrom('webhook_events')
      .select(['id', 'merchant_id', 'status', 'attempts'])
      .execute();
    const attemptRows = await handle.db
      .selectFrom('webhook_attempts')
      .select(({ fn }) => ['outcome', fn.countAll<string>().as('count')])
      .groupBy('outcome')
      .execute();

    process.stdout.write(
      report({
        options,
        merchants,
        expected,
        atEnd,
        final,
        dbEvents,
        attemptRows: Object.fromEntries(attemptRows.map((r) => [r.outcome, Number(r.count)])),
        insertStarted,
        insertEnded,
        transactions,
        workerExit: exitCode ?? null,
        workerSettings: shown,
        load: loadAfter,
      }),
    );
    if (options.cpuProfileDir) {
      process.stdout.write(
        `\nCPU profile of the worker: ${join(options.cpuProfileDir, 'worker.cpuprofile')}\n`,
      );
    }
  } finally {
    await cleanup.dispose();
  }
}

interface ReportInput {
  options: BenchOptions;
  merchants: BenchMerchant[];
  expected: Map<string, number>;
  /** Receivers when the last healthy event arrived (the measurement). */
  atEnd: ReceiverReport[];
  /** Receivers after the worker stopped (the consistency check). */
  final: ReceiverReport[];
  dbEvents: DbEvent[];
  attemptRows: Record<string, number>;
  insertStarted: number;
  insertEnded: number;
  transactions: number;
  workerExit: number | null;
  workerSettings: string[];
  load: number[];
}

export function report(input: ReportInput): string {
  const { options, merchants } = input;
  const lines: string[] = [];
  const slowMerchant = merchants.find((m) => m.slow);
  const healthy = merchants.filter((m) => !m.slow);
  const byKey = (reports: ReceiverReport[], key: string) =>
    reports.find((r) => r.key === key) as ReceiverReport;
  const healthyTotal = healthy.reduce((sum, m) => sum + (input.expected.get(m.key) ?? 0), 0);
  const slowTotal = slowMerchant ? (input.expected.get(slowMerchant.key) ?? 0) : 0;

  // The measurement: healthy receivers' first receipt of each event.
  const delays: number[] = [];
  let firstReceipt = Number.POSITIVE_INFINITY;
  let lastHealthy = 0;
  for (const r of input.atEnd) {
    for (const at of r.receivedAt) firstReceipt = Math.min(firstReceipt, at);
    if (slowMerchant && r.key === slowMerchant.key) continue;
    const seen = new Set<string>();
    r.ids.forEach((id, i) => {
      if (seen.has(id)) return;
      seen.add(id);
      const at = r.receivedAt[i] ?? 0;
      delays.push(at - (r.createdAt[i] ?? 0));
      lastHealthy = Math.max(lastHealthy, at);
    });
  }
  delays.sort((a, b) => a - b);
  const windowS = (lastHealthy - firstReceipt) / 1000;
  const perSecond = windowS > 0 ? delays.length / windowS : Number.NaN;
  const p99 = percentile(delays, 0.99);

  const mode = options.backlog
    ? `backlog: ${options.events} events inserted before the worker started`
    : `paced: ${options.events} events offered at ${options.rate}/s in transactions of ${options.batch}`;
  lines.push('');
  lines.push(mode);
  lines.push(
    `  ${healthyTotal} to ${healthy.length} healthy receivers (answer at once), ${slowTotal} to 1 slow receiver (answers after ${options.slowDelayMs} ms; share ${options.slowShare})`,
  );
  lines.push(
    `  worker: ${input.options.workers} process${input.options.workers === 1 ? '' : 'es'}, ${input.workerSettings.length > 0 ? input.workerSettings.join(' ') : 'WEBHOOK_* defaults'}; load after ${input.load.map((l) => l.toFixed(2)).join(' ')}`,
  );
  const insertS = (input.insertEnded - input.insertStarted) / 1000;
  lines.push(
    `  inserted in ${insertS.toFixed(2)} s (${(options.events / insertS).toFixed(0)} events/s achieved, ${input.transactions} transactions)`,
  );
  lines.push('');
  lines.push(
    `healthy deliveries/s: ${perSecond.toFixed(0)}   (${delays.length} events, first receipt → last healthy receipt ${windowS.toFixed(2)} s${options.backlog ? '' : `; healthy events offered at ${(healthyTotal / insertS).toFixed(0)}/s, which bounds a paced run`})   target ≥ ${TARGET_DELIVERIES_PER_S}   ${perSecond >= TARGET_DELIVERIES_PER_S ? 'PASS' : 'MISS'}`,
  );
  lines.push(
    `healthy delay created_at → received: p50 ${percentile(delays, 0.5)} ms  p90 ${percentile(delays, 0.9)} ms  p99 ${p99} ms  max ${delays.at(-1) ?? Number.NaN} ms` +
      (options.backlog
        ? '   (backlog mode: mostly time spent queued, no target)'
        : `   target p99 < ${TARGET_P99_MS} ms   ${p99 < TARGET_P99_MS ? 'PASS' : 'MISS'}`),
  );
  if (slowMerchant) {
    const s = byKey(input.atEnd, slowMerchant.key);
    const f = byKey(input.final, slowMerchant.key);
    lines.push(
      `slow receiver: when the healthy ones were done, ${s.answered} answered and ${s.waiting} waiting of ${slowTotal}; after the worker stopped, ${f.answered} answered, ${f.abandoned} abandoned by the sender`,
    );
  }

  // Correctness, after the worker stopped and recorded what was in flight.
  lines.push('');
  const idsOf = new Map<string, string>(
    input.dbEvents.map((e) => [e.id, merchants.find((m) => m.id === e.merchant_id)?.key ?? '?']),
  );
  let ok = input.dbEvents.length === options.events && input.workerExit === 0;
  for (const m of merchants) {
    const r = byKey(input.final, m.key);
    const answered = new Set<string>();
    const received = new Set<string>();
    let wrongReceiver = 0;
    r.ids.forEach((id, i) => {
      received.add(id);
      if (r.outcome[i] === 1) answered.add(id);
      if (idsOf.get(id) !== m.key) wrongReceiver += 1;
    });
    const duplicates = r.ids.length - received.size;
    const mine = input.dbEvents.filter((e) => e.merchant_id === m.id);
    const statuses: Record<string, number> = {};
    for (const e of mine) statuses[e.status] = (statuses[e.status] ?? 0) + 1;
    const deliveredIds = mine.filter((e) => e.status === 'delivered').map((e) => e.id);
    const dbMatches =
      deliveredIds.length === answered.size && deliveredIds.every((id) => answered.has(id));
    const complete =
      m.slow || (received.size === mine.length && deliveredIds.length === mine.length);
    const fine =
      mine.length === (input.expected.get(m.key) ?? 0) &&
      wrongReceiver === 0 &&
      r.badSignatures === 0 &&
      dbMatches &&
      complete &&
      (m.slow || duplicates === 0);
    ok &&= fine;
    lines.push(
      `${m.key.padEnd(9)} events ${String(mine.length).padStart(5)}; received ${String(received.size).padStart(5)} distinct, duplicates ${duplicates}, wrong receiver ${wrongReceiver}, bad signatures ${r.badSignatures}; db ${Object.entries(
        statuses,
      )
        .map(([status, n]) => `${status} ${n}`)
        .join(
          ', ',
        )}; db delivered = answered: ${dbMatches ? 'yes' : 'NO'}   ${fine ? 'OK' : 'MISMATCH'}`,
    );
  }
  const deliveredDb = input.dbEvents.filter((e) => e.status === 'delivered').length;
  const attemptsOk = (input.attemptRows.delivered ?? 0) === deliveredDb;
  ok &&= attemptsOk;
  lines.push(
    `webhook_attempts: delivered ${input.attemptRows.delivered ?? 0}, failed ${input.attemptRows.failed ?? 0} (one delivered attempt per delivered event: ${attemptsOk ? 'yes' : 'NO'}); worker exit code ${input.workerExit}`,
  );
  lines.push(`consistency: ${ok ? 'OK' : 'MISMATCH'}`);
  return `${lines.join('\n')}\n`;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  try {
    await runBench(parseOptions(process.argv.slice(2)));
  } catch (error) {
    process.stderr.write(`bench failed: ${(error as Error).stack ?? String(error)}\n`);
    process.exitCode = 1;
  }
}
