/**
 * Auto-debit throughput (issue 4, "must show"): N due installments collected through the sandbox
 * gateway over real HTTP by one worker process, then the ledger checked.
 *
 *   npm run bench:collections [-- --installments 20000]
 *   DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres npm run bench:collections
 *
 * Processes: the sandbox gateway (bench/serve-sandbox.ts) and the worker exactly as an operator
 * runs it (`tranche worker`, src/main/cli.ts) are children of this script; this script seeds and
 * checks. Seeding is bulk SQL: merchants (through createMerchant), then N customers, sandbox
 * customers and card authorizations that succeed, payment methods sealing those authorizations,
 * completed checkout sessions, active weekly plans of two installments with no deposit, and the
 * `plan_confirmed` ledger entries. Once the worker is running and idle, one transaction makes
 * installment 1 of every plan due now and queues its `collect_installment` job the way
 * `scheduleCollection` (src/features/plans/plans.ts) does (job key `collect:<installment>:1`, 10 attempts).
 *
 * Prints installments/s (from the first collection started to the last recorded), p50/p99 time
 * from due to paid (a backlog of N due at once: mostly queueing), p50/p99 time of one collection
 * (intent recorded → outcome recorded), and the ledger check: every entry balanced, the ledger
 * sums to 0, every account's balance equals what the plans and charges say it should be, each
 * paid installment has exactly one payment_collected entry with gross = fee + net (fee =
 * round_half_up(2.5 %)), the gateway holds exactly one successful charge per paid installment,
 * and the reconciliation (src/features/money/reconciliation.ts, without gateway calls) reports nothing.
 *
 * DATABASE_URL names a server on which a throwaway database tranche_bench_<random> is created
 * and dropped; unset, an embedded PostgreSQL runs in a temporary directory.
 * Extras: --workers W (default 1) starts W worker processes on the one queue (scale-out: the
 * ledger check then also proves no installment was charged twice); --merchants M (default 10); --concurrency C sets WORKER_CONCURRENCY (default: the
 * product's default); --pool-size N sets the worker's DATABASE_POOL_SIZE; --log-level L (default
 * info, written to /dev/null, as a production worker would log); --cpu-prof DIR writes V8 CPU
 * profiles of the worker and the sandbox into DIR (bench/cpu-profile-top.ts summarises them).
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdirSync, readFileSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';

import pg from 'pg';

import { reconcile } from '../src/features/money/index.ts';
import { openRuntime, type Runtime } from '../src/main/runtime.ts';
import { loadConfig } from '../src/platform/config.ts';
import { generateSecrets } from '../src/platform/secrets.ts';
import { makeDue, seedPlans } from '../test/harness/bulk-plans.ts';
import { ledgerTotal } from '../test/harness/ledger.ts';
import { type ServerProcess, startServerProcess } from './processes.ts';
import { BenchCleanup, positiveOption, sleep, throwawayDatabase } from './support.ts';

const BENCH_DIR = dirname(fileURLToPath(import.meta.url));
const ROOT = join(BENCH_DIR, '..');
const TARGET_PER_SECOND = 500;

export interface CollectionsBenchOptions {
  installments: number;
  merchants: number;
  /** Worker processes sharing the queue (scale-out: two workers must not double-charge). */
  workers: number;
  concurrency: number | undefined;
  poolSize: number | undefined;
  logLevel: string;
  cpuProfileDir: string | undefined;
  /** Give up when no installment was settled for this long. */
  stallSeconds: number;
}

export function parseOptions(argv: string[]): CollectionsBenchOptions {
  const { values } = parseArgs({
    args: argv,
    options: {
      installments: { type: 'string', default: '20000' },
      merchants: { type: 'string', default: '10' },
      workers: { type: 'string', default: '1' },
      concurrency: { type: 'string' },
      'pool-size': { type: 'string' },
      'log-level': { type: 'string', default: 'info' },
      'cpu-prof': { type: 'string' },
      'stall-seconds': { type: 'string', default: '60' },
    },
    strict: true,
  });
  const positive = positiveOption;
  return {
    installments: positive('installments', values.installments),
    merchants: positive('merchants', values.merchants),
    workers: positive('workers', values.workers),
    concurrency:
      values.concurrency === undefined ? undefined : positive('concurrency', values.concurrency),
    poolSize:
      values['pool-size'] === undefined ? undefined : positive('pool-size', values['pool-size']),
    logLevel: values['log-level'],
    cpuProfileDir: values['cpu-prof'] === undefined ? undefined : resolve(values['cpu-prof']),
    stallSeconds: positive('stall-seconds', values['stall-seconds']),
  };
}

export interface WorkerProcess {
  child: ChildProcess;
  stop(): Promise<void>;
}

/** `tranche worker`, as an operator starts it; ready once it says so on stderr. */
export async function startWorker(
  env: Record<string, string>,
  nodeArgs: string[],
): Promise<WorkerProcess> {
  const child = spawn(process.execPath, [...nodeArgs, join(ROOT, 'bin', 'tranche.mjs'), 'worker'], {
    env: { ...process.env, ...env },
    cwd: ROOT,
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  const exited = new Promise<void>((done) => child.once('exit', () => done()));
  await new Promise<void>((ready, fail) => {
    const timer = setTimeout(
      () => fail(new Error(`worker not ready after 60 s\n${stderr}`)),
      60_000,
    );
    child.stderr.on('data', (chunk: Buffer) => {
      stderr += chunk.toString();
      if (stderr.includes('Tranche worker running.')) {
        clearTimeout(timer);
        ready();
      }
    });
    child.once('exit', (code, signal) => {
      clearTimeout(timer);
      fail(
        new Error(`worker exited before it was ready (code ${code}, signal ${signal})\n${stderr}`),
      );
    });
  });
  return {
    child,
    stop: async () => {
      if (child.exitCode !== null || child.signalCode !== null) return;
      child.kill('SIGTERM');
      const killed = setTimeout(() => child.kill('SIGKILL'), 15_000);
      await exited;
      clearTimeout(killed);
    },
  };
}

interface Progress {
  paid: number;
  failed: number;
  open: number;
}

async function progress(client: pg.Client): Promise<Progress> {
  // Installment 1 of every seeded plan is the one collected; the seed has nothing else.
  const result = await client.query<{ paid: string; failed: string; open: string }>(
    `SELECT count(*) FILTER (WHERE status = 'paid') AS paid,
            count(*) FILTER (WHERE status = 'failed') AS failed,
            count(*) FILTER (WHERE status NOT IN ('paid', 'failed')) AS open
     FROM installments WHERE sequence = 1`,
  );
  const row = result.rows[0];
  return { paid: Number(row?.paid), failed: Number(row?.failed), open: Number(row?.open) };
}

export interface Figures {
  paid: number;
  seconds: number;
  perSecond: number;
  wallSeconds: number;
  dueToPaidP50Ms: number;
  dueToPaidP99Ms: number;
  dueToPaidMaxMs: number;
  collectionP50Ms: number;
  collectionP99Ms: number;
}

export async function figures(
  client: pg.Client,
  installmentIds: string[],
  dueAt: Date,
): Promise<Figures> {
  const result = await client.query<Record<string, string | null>>(
    `SELECT count(*) AS paid,
            extract(epoch FROM max(c.settled_at) - min(c.created_at)) AS seconds,
            extract(epoch FROM max(c.settled_at) - $2::timestamptz) AS wall,
            percentile_cont(0.5) WITHIN GROUP (ORDER BY extract(epoch FROM c.settled_at - i.due_at)) AS due50,
            percentile_cont(0.99) WITHIN GROUP (ORDER BY extract(epoch FROM c.settled_at - i.due_at)) AS due99,
            max(extract(epoch FROM c.settled_at - i.due_at)) AS duemax,
            percentile_cont(0.5) WITHIN GROUP (ORDER BY extract(epoch FROM c.settled_at - c.created_at)) AS col50,
            percentile_cont(0.99) WITHIN GROUP (ORDER BY extract(epoch FROM c.settled_at - c.created_at)) AS col99
     FROM installments i JOIN charges c ON c.reference = i.charge_reference
     WHERE i.id = ANY($1::text[]) AND i.status = 'paid'`,
    [installmentIds, dueAt],
  );
  const row = result.rows[0] ?? {};
  const num = (name: string) => Number(row[name] ?? 0);
  const paid = num('paid');
  const seconds = num('seconds');
  return {
    paid,
    seconds,
    perSecond: seconds > 0 ? paid / seconds : 0,
    wallSeconds: num('wall'),
    dueToPaidP50Ms: num('due50') * 1000,
    dueToPaidP99Ms: num('due99') * 1000,
    dueToPaidMaxMs: num('duemax') * 1000,
    collectionP50Ms: num('col50') * 1000,
    collectionP99Ms: num('col99') * 1000,
  };
}

export interface LedgerCheck {
  name: string;
  problems: number;
  detail: string;
}

/**
 * The ledger, judged against the business tables and the gateway's own records (the sandbox's
 * schema in the same database), never against itself alone.
 */
async function checkLedger(
  client: pg.Client,
  runtime: Runtime,
  installmentIds: string[],
  since: Date,
): Promise<LedgerCheck[]> {
  const count = async (sql: string, params: unknown[] = []): Promise<number> => {
    const result = await client.query<{ n: string }>(sql, params);
    return Number(result.rows[0]?.n ?? 0);
  };
  const checks: LedgerCheck[] = [];
  const entries = await count('SELECT count(*) AS n FROM journal_entries');
  checks.push({
    name: 'every journal entry balanced (≥ 2 postings, debits = credits)',
    problems: await count(
      `SELECT count(*) AS n FROM journal_entries e
       LEFT JOIN LATERAL (SELECT count(*) AS lines, coalesce(sum(debit_kobo), 0) AS d,
                                 coalesce(sum(credit_kobo), 0) AS c
                          FROM journal_postings p WHERE p.entry_id = e.id) s ON true
       WHERE s.lines < 2 OR s.d <> s.c`,
    ),
    detail: `${entries} entries`,
  });
  const total = await ledgerTotal(runtime.ctx.db);
  checks.push({
    name: 'ledger sums to 0',
    problems: total === 0 ? 0 : 1,
    detail: `Σ debits − Σ credits = ${total}`,
  });
  // Expected balance (debit-positive) of every account, from plans and successful charges only.
  const accounts = await client.query<{
    accounts: string;
    mismatched: string;
    detail: string | null;
  }>(
    `WITH paid AS (
       SELECT c.plan_id, c.merchant_id, c.amount_kobo AS gross,
              floor((c.amount_kobo * 25 + 500) / 1000)::bigint AS fee
       FROM charges c WHERE c.status = 'success'),
     expected AS (
       SELECT 'gateway_clearing' AS account, coalesce(sum(gross), 0) AS balance FROM paid
       UNION ALL SELECT 'platform_fee_revenue', -coalesce(sum(fee), 0) FROM paid
       UNION ALL SELECT 'merchant_payable:' || merchant_id, -sum(gross - fee) FROM paid GROUP BY merchant_id
       UNION ALL
       SELECT 'merchant_pending:' || p.merchant_id,
              -(sum(p.amount_kobo) - coalesce(sum(pp.gross), 0))
       FROM payment_plans p
       LEFT JOIN (SELECT plan_id, sum(gross) AS gross FROM paid GROUP BY plan_id) pp ON pp.plan_id = p.id
       GROUP BY p.merchant_id
       UNION ALL
       SELECT 'customer_receivable:' || p.id, p.amount_kobo - coalesce(pp.gross, 0)
       FROM payment_plans p
       LEFT JOIN (SELECT plan_id, sum(gross) AS gross FROM paid GROUP BY plan_id) pp ON pp.plan_id = p.id),
     actual AS (
       SELECT account, sum(debit_kobo) - sum(credit_kobo) AS balance
       FROM journal_postings GROUP BY account)
     SELECT count(*) AS accounts,
            count(*) FILTER (WHERE coalesce(e.balance, 0) <> coalesce(a.balance, 0)) AS mismatched,
            min(CASE WHEN coalesce(e.balance, 0) <> coalesce(a.balance, 0)
                     THEN coalesce(e.account, a.account) || ' expected ' || coalesce(e.balance, 0)
                          || ', ledger ' || coalesce(a.balance, 0) END) AS detail
     FROM expected e FULL JOIN actual a ON a.account = e.account`,
  );
  const accountRow = accounts.rows[0];
  checks.push({
    name: 'every account balance = what plans and charges say',
    problems: Number(accountRow?.mismatched ?? 0),
    detail: `${accountRow?.accounts ?? 0} accounts${accountRow?.detail ? `; first mismatch: ${accountRow.detail}` : ''}`,
  });
  checks.push({
    name: 'each paid installment: exactly one payment_collected entry, gross = fee + net',
    problems: await count(
      `SELECT count(*) AS n FROM installments i
       LEFT JOIN LATERAL (
         SELECT count(*) AS entries,
                sum(s.gross) AS gross, sum(s.fee) AS fee, sum(s.net) AS net
         FROM journal_entries e
         CROSS JOIN LATERAL (
           SELECT sum(debit_kobo) FILTER (WHERE account = 'gateway_clearing') AS gross,
                  sum(credit_kobo) FILTER (WHERE account = 'platform_fee_revenue') AS fee,
                  sum(credit_kobo) FILTER (WHERE account LIKE 'merchant_payable:%') AS net
           FROM journal_postings p WHERE p.entry_id = e.id) s
         WHERE e.kind = 'payment_collected' AND e.reference = i.charge_reference) j ON true
       WHERE i.id = ANY($1::text[]) AND i.status = 'paid'
         AND (j.entries <> 1 OR j.gross <> i.amount_kobo OR coalesce(j.fee, 0) + j.net <> j.gross
              OR coalesce(j.fee, 0) <> floor((i.amount_kobo * 25 + 500) / 1000))`,
      [installmentIds],
    ),
    detail: 'fee = round_half_up(gross × 2.5 %)',
  });
  const gateway = await client.query<{ successes: string; transactions: string; bad: string }>(
    `WITH at_gateway AS (
       SELECT metadata ->> 'installment_id' AS installment_id,
              count(*) FILTER (WHERE status = 'success') AS successes,
              min(amount) FILTER (WHERE status = 'success') AS amount
       FROM sandbox_gateway.transactions GROUP BY 1)
     SELECT (SELECT count(*) FROM sandbox_gateway.transactions WHERE status = 'success') AS successes,
            (SELECT count(*) FROM sandbox_gateway.transactions) AS transactions,
            (SELECT count(*) FROM installments i
             LEFT JOIN at_gateway g ON g.installment_id = i.id
             WHERE i.id = ANY($1::text[])
               AND ((i.status = 'paid') <> (coalesce(g.successes, 0) = 1)
                    OR coalesce(g.successes, 0) > 1
                    OR (i.status = 'paid' AND g.amount <> i.amount_kobo))) AS bad`,
    [installmentIds],
  );
  const g = gateway.rows[0];
  checks.push({
    name: 'gateway: exactly one successful charge per paid installment, none for others',
    problems: Number(g?.bad ?? 0),
    detail: `${g?.successes ?? 0} successful of ${g?.transactions ?? 0} gateway transactions`,
  });
  const report = await reconcile(runtime.ctx, { since, gateway: false });
  checks.push({
    name: 'reconciliation (charges ↔ ledger, account sides)',
    problems: report.differences.length,
    detail: `${report.charges_checked} charges${report.differences[0] ? `; first: ${report.differences[0].reference} ${report.differences[0].detail}` : ''}`,
  });
  return checks;
}

/** CPU seconds (user + system) a process has used so far, from /proc (Linux); null elsewhere. */
function cpuSeconds(pid: number | undefined): number | null {
  if (pid === undefined) return null;
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) / 100; // utime, stime in clock ticks (USER_HZ 100)
  } catch {
    return null;
  }
}

/** CPU used by the PostgreSQL backends serving the bench database (same machine only). */
async function backendCpuSeconds(client: pg.Client): Promise<number | null> {
  const result = await client.query<{ pid: number }>(
    'SELECT pid FROM pg_stat_activity WHERE datname = current_database() AND pid <> pg_backend_pid()',
  );
  let total = 0;
  for (const { pid } of result.rows) {
    const used = cpuSeconds(pid);
    if (used === null) return null;
    total += used;
  }
  return total;
}

const ms = (value: number) => `${Math.round(value).toLocaleString('en-US')} ms`;

export async function runBench(options: CollectionsBenchOptions): Promise<boolean> {
  const cleanup = new BenchCleanup();
  const say = (line: string) => process.stderr.write(`${line}\n`);

  try {
    const { tempDir, databaseUrl, embedded } = await throwawayDatabase(cleanup);

    const secrets = generateSecrets();
    const dataDir = join(tempDir, 'data');
    mkdirSync(dataDir);
    const env: Record<string, string> = {
      TRANCHE_ENV: 'development',
      DATABASE_URL: databaseUrl,
      TRANCHE_DATA_DIR: dataDir,
      // Any free port: a development `npm start` may hold the default.
      WORKER_METRICS_PORT: '0',
      LOG_LEVEL: options.logLevel,
      JWT_PRIVATE_KEY: secrets.jwtPrivateKeyPem,
      ENCRYPTION_KEY: secrets.encryptionKey,
      GATEWAY_SECRET_KEY: secrets.gatewaySecretKey,
      ...(options.concurrency !== undefined && { WORKER_CONCURRENCY: String(options.concurrency) }),
      ...(options.poolSize !== undefined && { DATABASE_POOL_SIZE: String(options.poolSize) }),
    };
    const profileArgs = (name: string) =>
      options.cpuProfileDir
        ? [
            '--cpu-prof',
            '--cpu-prof-dir',
            options.cpuProfileDir,
            '--cpu-prof-name',
            `${name}.cpuprofile`,
          ]
        : [];

    say('starting the sandbox gateway …');
    const sandbox: ServerProcess = await startServerProcess({
      name: 'sandbox-gateway',
      script: join(BENCH_DIR, 'serve-sandbox.ts'),
      env: {
        DATABASE_URL: databaseUrl,
        GATEWAY_SECRET_KEY: secrets.gatewaySecretKey,
        LOG_LEVEL: 'warn',
      },
      nodeArgs: profileArgs('sandbox'),
    });
    cleanup.push(() => sandbox.stop());

    const runtime = await openRuntime(loadConfig(env), { migrate: false, log: () => undefined });
    cleanup.push(() => runtime.close());
    const client = new pg.Client({ connectionString: databaseUrl });
    await client.connect();
    cleanup.push(() => client.end());

    const seedStarted = Date.now();
    say(`seeding ${options.installments.toLocaleString('en-US')} plans …`);
    const seeded = await seedPlans(client, runtime, options);
    const settings: string[] = [];
    for (const name of ['server_version', 'fsync', 'synchronous_commit']) {
      const res = await client.query<Record<string, string>>(`SHOW ${name}`);
      settings.push(`${name}=${Object.values(res.rows[0] ?? {})[0]}`);
    }
    say(`seeded in ${ms(Date.now() - seedStarted)}; starting the worker (tranche worker) …`);

    const workers: WorkerProcess[] = [];
    for (let w = 0; w < options.workers; w++) {
      const worker = await startWorker(
        { ...env, SANDBOX_GATEWAY_PORT: String(sandbox.port) },
        profileArgs(options.workers === 1 ? 'worker' : `worker-${w + 1}`),
      );
      cleanup.push(() => worker.stop());
      workers.push(worker);
    }
    const config = loadConfig({ ...process.env, ...env });
    const load = loadavg()
      .map((l) => l.toFixed(2))
      .join(' ');
    const workersCpu = () => {
      const each = workers.map((w) => cpuSeconds(w.child.pid));
      return each.some((s) => s === null)
        ? null
        : each.reduce<number>((sum, s) => sum + (s ?? 0), 0);
    };

    const cpuBefore = {
      worker: workersCpu(),
      sandbox: cpuSeconds(sandbox.child.pid),
      postgres: await backendCpuSeconds(client),
    };
    const queueStarted = Date.now();
    const { dueAt } = await makeDue(client, seeded.installmentIds);
    say(
      `${seeded.installmentIds.length} installments due and queued in ${ms(Date.now() - queueStarted)}; collecting …`,
    );

    let last: Progress = { paid: 0, failed: 0, open: seeded.installmentIds.length };
    let lastChange = Date.now();
    let lastPrint = Date.now();
    for (;;) {
      // Polling costs the database too: once a second is enough for second-level figures.
      await sleep(1000);
      const now = await progress(client);
      if (now.paid !== last.paid || now.failed !== last.failed) lastChange = Date.now();
      last = now;
      if (Date.now() - lastPrint > 5_000) {
        say(`  paid ${now.paid}, failed ${now.failed}, open ${now.open}`);
        lastPrint = Date.now();
      }
      if (now.open === 0) break;
      if (Date.now() - lastChange > options.stallSeconds * 1000) {
        say(`no progress for ${options.stallSeconds} s: giving up`);
        break;
      }
      if (workers.some((w) => w.child.exitCode !== null || w.child.signalCode !== null)) {
        say('a worker exited during the run');
        break;
      }
    }
    const cpuAfter = {
      worker: workersCpu(),
      sandbox: cpuSeconds(sandbox.child.pid),
      postgres: await backendCpuSeconds(client),
    };
    await Promise.all(workers.map((w) => w.stop()));
    await sandbox.stop();

    const result = await figures(client, seeded.installmentIds, dueAt);
    const checks = await checkLedger(
      client,
      runtime,
      seeded.installmentIds,
      new Date(seedStarted - 60_000),
    );
    const balanced = checks.every((c) => c.problems === 0);
    const complete = last.paid === seeded.installmentIds.length;

    const out: string[] = [];
    out.push('');
    out.push(
      `node ${process.versions.node}, ${cpus().length} CPUs, load before the run ${load}; database ${embedded ? 'embedded' : 'DATABASE_URL'} (${settings.join(' ')})`,
    );
    out.push(
      `${options.workers === 1 ? 'one worker process' : `${options.workers} worker processes`}: WORKER_CONCURRENCY=${config.workerConcurrency}, DATABASE_POOL_SIZE=${config.databasePoolSize}, LOG_LEVEL=${options.logLevel}; sandbox gateway in its own process, over HTTP`,
    );
    out.push('');
    out.push(
      `installments        ${seeded.installmentIds.length.toLocaleString('en-US')} due at once: paid ${last.paid}, failed ${last.failed}, still open ${last.open}`,
    );
    out.push(
      `throughput          ${result.perSecond.toFixed(0)} installments/s (${result.paid} paid in ${result.seconds.toFixed(2)} s, first collection started → last recorded)   target ≥ ${TARGET_PER_SECOND}: ${result.perSecond >= TARGET_PER_SECOND ? 'MET' : 'NOT MET'}`,
    );
    out.push(
      `due → paid          p50 ${ms(result.dueToPaidP50Ms)}, p99 ${ms(result.dueToPaidP99Ms)}, max ${ms(result.dueToPaidMaxMs)} (all due at once: mostly time in the queue)`,
    );
    out.push(
      `one collection      p50 ${ms(result.collectionP50Ms)}, p99 ${ms(result.collectionP99Ms)} (intent recorded → outcome recorded, gateway call included)`,
    );
    const perInstallment = (name: keyof typeof cpuAfter) => {
      const before = cpuBefore[name];
      const after = cpuAfter[name];
      return before === null || after === null || last.paid === 0
        ? 'n/a'
        : `${(((after - before) * 1000) / last.paid).toFixed(2)} ms`;
    };
    out.push(
      `CPU per installment worker${options.workers === 1 ? '' : 's (all)'} ${perInstallment('worker')}, sandbox gateway ${perInstallment('sandbox')}, PostgreSQL backends ${perInstallment('postgres')} (of ${cpus().length} cores: ${((1000 * cpus().length) / TARGET_PER_SECOND).toFixed(0)} ms per installment at most for ${TARGET_PER_SECOND}/s)`,
    );
    out.push('');
    out.push(`ledger check        ${balanced ? 'BALANCED' : 'PROBLEMS'}`);
    for (const c of checks) {
      out.push(
        `  ${c.problems === 0 ? 'ok ' : 'BAD'} ${c.name}: ${c.problems === 0 ? '' : `${c.problems} problem(s); `}${c.detail}`,
      );
    }
    if (options.cpuProfileDir) {
      out.push(
        `\nCPU profiles (worker.cpuprofile, sandbox.cpuprofile) in ${options.cpuProfileDir}`,
      );
    }
    process.stdout.write(`${out.join('\n')}\n`);
    return balanced && complete;
  } finally {
    await cleanup.dispose();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  try {
    const ok = await runBench(parseOptions(process.argv.slice(2)));
    if (!ok) process.exitCode = 1;
  } catch (error) {
    process.stderr.write(`bench failed: ${(error as Error).stack ?? String(error)}\n`);
    process.exitCode = 1;
  }
}
