/**
 * Growth check (issue 31, Build 7): does an operation cost the same when the tables hold 10× and
 * 100× today's rows? One database, grown in steps; at each step the same measurements run
 * against the same processes:
 * - sessions: POST /api/v1/checkout/sessions, one request at a time (latency p50/p99);
 * - wallet: GET /api/v1/merchant/{id}/wallet, whose balances come from the ledger (p50/p99);
 * - collections: `--collect` fresh installments made due at once and collected by a real
 *   `tranche worker` through the sandbox gateway over HTTP (installments/s, collection p50/p99);
 * - webhooks: `--events` events recorded in batches of 10 (as the money engine does) and delivered
 *   by the same worker to a local receiver that answers at once (created → delivered p50/p99).
 *
 * "Today" (1×) is `--base` finished plans of history (default 10,000: ten shops with a thousand
 * plans each, the size of the collections bench's own run); each finished plan leaves a session,
 * a plan, two paid installments and charges, three journal entries (eleven postings), two
 * receipts and three delivered webhook events with their attempts (bench/history.ts).
 *
 *   npm run bench:growth [-- --levels 1,10,100 --base 10000 --collect 1000 --events 2000]
 *
 * DATABASE_URL names a server on which a throwaway database is created and dropped; unset, an
 * embedded PostgreSQL runs. 100× of the default base is about 30 million rows and several GB:
 * seeding takes minutes. docs/growth.md holds the figures and what they led to.
 */
import { randomUUID } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { cpus, loadavg } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';

import pg from 'pg';

import { runWrite } from '../src/db/write.ts';
import { type NewWebhookEvent, recordEvents } from '../src/features/merchant-webhooks/index.ts';
import { createMerchant } from '../src/features/merchants/index.ts';
import { checkpointBalances } from '../src/features/money/index.ts';
import { openRuntime } from '../src/main/runtime.ts';
import { loadConfig } from '../src/platform/config.ts';
import { generateSecrets } from '../src/platform/secrets.ts';
import { makeDue, seedPlans } from '../test/harness/bulk-plans.ts';
import { figures, startWorker } from './collections.ts';
import { seedHistory, tableSizes } from './history.ts';
import { type ServerProcess, startServerProcess } from './processes.ts';
import { BenchCleanup, positiveOption, sleep, throwawayDatabase } from './support.ts';

const BENCH_DIR = dirname(fileURLToPath(import.meta.url));
const MERCHANTS = 10;

interface Options {
  levels: number[];
  base: number;
  collect: number;
  events: number;
  sessions: number;
}

function parseOptions(argv: string[]): Options {
  const { values } = parseArgs({
    args: argv,
    options: {
      levels: { type: 'string', default: '1,10,100' },
      base: { type: 'string', default: '10000' },
      collect: { type: 'string', default: '1000' },
      events: { type: 'string', default: '2000' },
      sessions: { type: 'string', default: '300' },
    },
    strict: true,
  });
  const levels = values.levels.split(',').map((level) => positiveOption('levels', level.trim()));
  if (levels.some((level, i) => i > 0 && level <= (levels[i - 1] ?? 0))) {
    throw new Error('--levels must grow: e.g. 1,10,100');
  }
  return {
    levels,
    base: positiveOption('base', values.base),
    collect: positiveOption('collect', values.collect),
    events: positiveOption('events', values.events),
    sessions: positiveOption('sessions', values.sessions),
  };
}

function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(p * sorted.length) - 1))] ?? 0;
}

interface Latency {
  p50: number;
  p99: number;
}

async function timeRequests(count: number, request: (i: number) => Promise<Response>) {
  const times: number[] = [];
  for (let i = 0; i < count; i++) {
    const started = performance.now();
    const response = await request(i);
    const body = await response.text();
    if (!response.ok) throw new Error(`HTTP ${response.status}: ${body.slice(0, 300)}`);
    times.push(performance.now() - started);
  }
  times.sort((a, b) => a - b);
  return { p50: percentile(times, 0.5), p99: percentile(times, 0.99) } satisfies Latency;
}

/**
 * The statements behind the hot reads, as the service sends them, with the pages each touched
 * (shared buffers hit + read): unlike a latency, that count does not move with the machine's
 * load, so a statement whose pages grow with the tables shows it at once.
 */
function hotStatements(merchantId: string): { name: string; sql: string }[] {
  const accounts = [
    'merchant_payable',
    'merchant_pending',
    'payouts_in_transit',
    'refunds_in_transit',
  ]
    .map((kind) => `'${kind}:${merchantId}'`)
    .join(', ');
  return [
    {
      name: 'wallet balances, as before decision 0070 (every posting summed)',
      sql: `SELECT account, sum(debit_kobo) - sum(credit_kobo) FROM journal_postings
            WHERE account IN (${accounts}) GROUP BY account`,
    },
    {
      name: 'wallet balances (accountBalances: checkpoint + postings since)',
      sql: `SELECT k.account, coalesce(c.balance_kobo, 0) + coalesce(t.delta, 0)
              FROM unnest(ARRAY[${accounts}]) AS k(account)
              LEFT JOIN ledger_balance_checkpoints c ON c.account = k.account
             CROSS JOIN LATERAL (
                   SELECT sum(p.debit_kobo) - sum(p.credit_kobo) AS delta, count(*) AS n
                     FROM journal_postings p
                    WHERE p.account = k.account AND p.tx >= coalesce(c.before_tx, '0'::xid8)) t`,
    },
    {
      name: 'wallet history, first page',
      sql: `SELECT id FROM journal_entries WHERE merchant_id = '${merchantId}'
            ORDER BY created_at DESC, id DESC LIMIT 21`,
    },
    {
      name: 'plans list, first page',
      sql: `SELECT id FROM payment_plans WHERE merchant_id = '${merchantId}'
            ORDER BY created_at DESC LIMIT 21`,
    },
    {
      name: 'webhook events list, first page',
      sql: `SELECT id FROM webhook_events WHERE merchant_id = '${merchantId}'
            ORDER BY created_at DESC, id DESC LIMIT 21`,
    },
    {
      name: 'collection lag gauge (worker monitoring)',
      sql: `SELECT p.livemode, count(*) FROM installments i JOIN payment_plans p ON p.id = i.plan_id
            WHERE i.status IN ('scheduled', 'processing', 'failed') AND i.due_at <= now()
              AND p.status IN ('pending_deposit', 'active') GROUP BY p.livemode`,
    },
    {
      name: 'webhook backlog gauge (worker monitoring)',
      sql: `SELECT e.status, count(*) FROM webhook_events e
            JOIN webhook_endpoints w ON w.merchant_id = e.merchant_id AND w.livemode = e.livemode
            WHERE e.status IN ('pending', 'retrying') AND w.url IS NOT NULL AND w.disabled_at IS NULL
            GROUP BY e.status`,
    },
  ];
}

interface StatementCost {
  name: string;
  pages: number;
  ms: number;
}

async function statementCosts(client: pg.Client, merchantId: string): Promise<StatementCost[]> {
  const costs: StatementCost[] = [];
  for (const statement of hotStatements(merchantId)) {
    const result = await client.query<{
      'QUERY PLAN': [{ Plan: Record<string, number>; 'Execution Time': number }];
    }>(`EXPLAIN (ANALYZE, BUFFERS, FORMAT JSON) ${statement.sql}`);
    const plan = result.rows[0]?.['QUERY PLAN'][0];
    costs.push({
      name: statement.name,
      pages: (plan?.Plan['Shared Hit Blocks'] ?? 0) + (plan?.Plan['Shared Read Blocks'] ?? 0),
      ms: plan?.['Execution Time'] ?? Number.NaN,
    });
  }
  return costs;
}

interface LevelFigures {
  level: number;
  statements: StatementCost[];
  plans: number;
  sizes: Record<string, number>;
  sessions: Latency;
  wallet: Latency;
  collectionsPerSecond: number;
  collection: Latency;
  webhooks: Latency;
}

async function waitUntil(what: string, check: () => Promise<boolean>, timeoutMs: number) {
  const started = Date.now();
  while (!(await check())) {
    if (Date.now() - started > timeoutMs) throw new Error(`${what}: not done in ${timeoutMs} ms`);
    await sleep(250);
  }
}

async function main(options: Options): Promise<void> {
  const say = (line: string) => process.stderr.write(`${line}\n`);
  const cleanup = new BenchCleanup();
  try {
    const { tempDir, databaseUrl, embedded } = await throwawayDatabase(cleanup);
    const secrets = generateSecrets();
    const dataDir = join(tempDir, 'data');
    mkdirSync(dataDir);
    const env: Record<string, string> = {
      TRANCHE_ENV: 'development',
      DATABASE_URL: databaseUrl,
      TRANCHE_DATA_DIR: dataDir,
      WORKER_METRICS_PORT: '0',
      LOG_LEVEL: 'warn',
      JWT_PRIVATE_KEY: secrets.jwtPrivateKeyPem,
      ENCRYPTION_KEY: secrets.encryptionKey,
      GATEWAY_SECRET_KEY: secrets.gatewaySecretKey,
      RATE_LIMIT_SANDBOX_PER_MIN: '100000000',
    };
    const runtime = await openRuntime(loadConfig(env), { migrate: false, log: () => undefined });
    cleanup.push(() => runtime.close());
    const client = new pg.Client({ connectionString: databaseUrl });
    await client.connect();
    cleanup.push(() => client.end());

    const merchants: { id: string; secretKey: string }[] = [];
    for (let m = 0; m < MERCHANTS; m++) {
      const created = await createMerchant(runtime.ctx, {
        businessName: `Growth Shop ${m + 1}`,
        email: `growth${m + 1}@shop.test`,
        approve: true,
      });
      merchants.push({ id: created.merchant.id, secretKey: created.secret_keys.test });
    }
    const merchantIds = merchants.map((m) => m.id);

    // A receiver that answers every delivery at once: what is measured is Tranche's side.
    const receiver: Server = createServer((request, response) => {
      request.resume();
      request.on('end', () => response.writeHead(200).end('ok'));
    });
    await new Promise<void>((ready) => receiver.listen(0, '127.0.0.1', ready));
    cleanup.push(() => new Promise((done) => receiver.close(done)));
    const receiverPort = (receiver.address() as { port: number }).port;
    await client.query(
      `UPDATE webhook_endpoints SET url = $1 WHERE merchant_id = ANY($2::text[]) AND NOT livemode`,
      [`http://127.0.0.1:${receiverPort}/hooks`, merchantIds],
    );

    say('starting the sandbox gateway, the API and a worker …');
    const sandbox: ServerProcess = await startServerProcess({
      name: 'sandbox-gateway',
      script: join(BENCH_DIR, 'serve-sandbox.ts'),
      env: {
        DATABASE_URL: databaseUrl,
        GATEWAY_SECRET_KEY: secrets.gatewaySecretKey,
        LOG_LEVEL: 'warn',
      },
    });
    cleanup.push(() => sandbox.stop());
    const api: ServerProcess = await startServerProcess({
      name: 'api',
      script: join(BENCH_DIR, 'serve-api.ts'),
      env: {
        ...env,
        HOST: '127.0.0.1',
        PORT: '0',
        PUBLIC_BASE_URL: 'http://localhost:3000',
        LOG_LEVEL: 'silent',
        SANDBOX_GATEWAY_PORT: String(sandbox.port),
      },
    });
    cleanup.push(() => api.stop());
    const worker = await startWorker({ ...env, SANDBOX_GATEWAY_PORT: String(sandbox.port) }, []);
    cleanup.push(() => worker.stop());
    const baseUrl = `http://127.0.0.1:${api.port}`;
    say(
      `node ${process.versions.node}, ${cpus().length} CPUs, load ${loadavg()
        .map((l) => l.toFixed(2))
        .join(' ')}; database ${embedded ? 'embedded' : 'DATABASE_URL'}`,
    );

    const results: LevelFigures[] = [];
    let seeded = 0;
    for (const level of options.levels) {
      const target = level * options.base;
      const started = Date.now();
      say(`growing the history to ${target.toLocaleString('en-US')} finished plans (${level}×) …`);
      await seedHistory(
        client,
        runtime,
        { plans: target - seeded, merchantIds, label: `h${level}` },
        (done) => {
          if (done % 100_000 === 0) say(`  ${(seeded + done).toLocaleString('en-US')} plans`);
        },
      );
      seeded = target;
      // Months of history would have met the every-minute checkpoint job many times over.
      await checkpointBalances(runtime.ctx.db, new Date());
      await client.query('VACUUM ANALYZE');
      say(`  seeded in ${Math.round((Date.now() - started) / 1000)} s; measuring …`);

      const m0 = merchants[0];
      if (!m0) throw new Error('no merchant');
      const sessions = await timeRequests(options.sessions, (i) =>
        fetch(`${baseUrl}/api/v1/checkout/sessions`, {
          method: 'POST',
          headers: {
            authorization: `Bearer ${merchants[i % MERCHANTS]?.secretKey ?? ''}`,
            'content-type': 'application/json',
            'idempotency-key': randomUUID(),
          },
          body: JSON.stringify({
            merchant_id: merchants[i % MERCHANTS]?.id,
            amount: 2_500_000,
            currency: 'NGN',
            title: 'Growth order',
            order_reference: `growth-${level}-${i}-${randomUUID().slice(0, 8)}`,
          }),
        }),
      );
      const wallet = await timeRequests(100, (i) => {
        const m = merchants[i % MERCHANTS] ?? m0;
        return fetch(`${baseUrl}/api/v1/merchant/${m.id}/wallet`, {
          headers: { authorization: `Bearer ${m.secretKey}` },
        });
      });

      const fresh = await seedPlans(client, runtime, {
        installments: options.collect,
        merchants: MERCHANTS,
        merchantIds,
        batch: `collect-${level}`,
      });
      const { dueAt } = await makeDue(client, fresh.installmentIds);
      await waitUntil(
        'collections',
        async () => {
          const open = await client.query<{ n: string }>(
            `SELECT count(*) AS n FROM installments WHERE id = ANY($1::text[]) AND status <> 'paid'`,
            [fresh.installmentIds],
          );
          return Number(open.rows[0]?.n) === 0;
        },
        300_000,
      );
      const collected = await figures(client, fresh.installmentIds, dueAt);

      // The collections' own events first, so that only the probe events are timed.
      const noneOpen = async () => {
        const open = await client.query<{ n: string }>(
          `SELECT count(*) AS n FROM webhook_events
           WHERE merchant_id = ANY($1::text[]) AND status IN ('pending', 'retrying')`,
          [merchantIds],
        );
        return Number(open.rows[0]?.n) === 0;
      };
      await waitUntil('collection webhooks', noneOpen, 300_000);
      const probesFrom = new Date();
      await recordPacedEvents(runtime, merchantIds, options.events, level);
      await waitUntil('webhooks', noneOpen, 300_000);
      const delays = await client.query<{ p50: number; p99: number; n: string }>(
        `SELECT percentile_cont(0.5) WITHIN GROUP (ORDER BY ms) AS p50,
                percentile_cont(0.99) WITHIN GROUP (ORDER BY ms) AS p99, count(*) AS n
         FROM (SELECT extract(epoch FROM delivered_at - created_at) * 1000 AS ms
               FROM webhook_events WHERE merchant_id = ANY($1::text[]) AND created_at >= $2
                 AND body LIKE '%"growth_level":' || $3::int || ',%') d`,
        [merchantIds, probesFrom, level],
      );
      // A payment.success event is also sent under its older names (eventTypesFor): ≥, not =.
      if (Number(delays.rows[0]?.n) < options.events) {
        throw new Error(`expected ${options.events} probe events, found ${delays.rows[0]?.n}`);
      }

      results.push({
        level,
        statements: await statementCosts(client, m0.id),
        plans: target,
        sizes: await tableSizes(client),
        sessions,
        wallet,
        collectionsPerSecond: collected.perSecond,
        collection: { p50: collected.collectionP50Ms, p99: collected.collectionP99Ms },
        webhooks: { p50: Number(delays.rows[0]?.p50), p99: Number(delays.rows[0]?.p99) },
      });
      say(`  done: ${JSON.stringify(results.at(-1))}`);
    }
    process.stdout.write(`${report(results, options)}\n`);
  } finally {
    await cleanup.dispose();
  }
}

/** `count` payment events, 10 per transaction (as the money engine writes them), 20 ms apart. */
async function recordPacedEvents(
  runtime: Awaited<ReturnType<typeof openRuntime>>,
  merchantIds: readonly string[],
  count: number,
  level: number,
): Promise<void> {
  for (let sent = 0; sent < count; sent += 10) {
    const batch: NewWebhookEvent[] = Array.from({ length: Math.min(10, count - sent) }, (_, i) => ({
      merchantId: merchantIds[(sent + i) % merchantIds.length] ?? '',
      livemode: false,
      type: 'payment.success',
      data: { growth_level: level, n: sent + i },
    }));
    await runWrite(runtime.ctx.db, (tx) => recordEvents(tx, batch, new Date()));
    await sleep(20);
  }
}

function report(results: LevelFigures[], options: Options): string {
  const f = (n: number) => (Number.isFinite(n) ? n.toFixed(1) : '-');
  const k = (n: number | undefined) => (n === undefined ? '-' : n.toLocaleString('en-US'));
  const lines = [
    `growth check: base ${k(options.base)} finished plans; ${k(options.sessions)} sessions, 100 wallet reads, ${k(options.collect)} collections and ${k(options.events)} webhook events measured per level`,
    '',
    '| level | plans | postings | webhook events | session p50 / p99 ms | wallet p50 / p99 ms | collections/s | collection p50 / p99 ms | webhook p50 / p99 ms |',
    '|---|---|---|---|---|---|---|---|---|',
  ];
  for (const r of results) {
    lines.push(
      `| ${r.level}× | ${k(r.plans)} | ${k(r.sizes.journal_postings)} | ${k(r.sizes.webhook_events)} | ${f(r.sessions.p50)} / ${f(r.sessions.p99)} | ${f(r.wallet.p50)} / ${f(r.wallet.p99)} | ${f(r.collectionsPerSecond)} | ${f(r.collection.p50)} / ${f(r.collection.p99)} | ${f(r.webhooks.p50)} / ${f(r.webhooks.p99)} |`,
    );
  }
  lines.push(
    '',
    'pages touched (shared buffers) and execution time of the statements behind the hot reads, for one of ten shops:',
    '',
  );
  lines.push(`| statement | ${results.map((r) => `${r.level}× pages / ms`).join(' | ')} |`);
  lines.push(`|---|${results.map(() => '---').join('|')}|`);
  for (const [i, statement] of (results[0]?.statements ?? []).entries()) {
    lines.push(
      `| ${statement.name} | ${results.map((r) => `${k(r.statements[i]?.pages)} / ${f(r.statements[i]?.ms ?? Number.NaN)}`).join(' | ')} |`,
    );
  }
  return lines.join('\n');
}

if (import.meta.url === `file://${process.argv[1]}`) {
  try {
    await main(parseOptions(process.argv.slice(2)));
  } catch (error) {
    process.stderr.write(`bench failed: ${(error as Error).stack ?? String(error)}\n`);
    process.exitCode = 1;
  }
}
