/**
 * Load on loopback (reliability battery B28): the API process as `tranche api` runs it, under
 * a mix a merchant's servers produce: new checkout sessions (80%), retries of an earlier create
 * with the same Idempotency-Key and body (10%, as a client that timed out does) and reads of a
 * created session (10%), on 50 connections for 30 s. Then: every retry answered the stored
 * response byte for byte, each key made one session, the only non-2xx are 429/503, and the
 * invariants (test/invariants.sql) hold.
 *
 *   npm run bench:load [-- --connections 50 --duration 30 --rate N]
 *
 * The per-key rate limit is raised out of the way (the mix is one merchant's traffic at a rate
 * spec §8 would limit). DATABASE_URL names a server on which a throwaway database is created and
 * dropped; unset, an embedded PostgreSQL runs in a temporary directory.
 */
import { randomUUID } from 'node:crypto';
import { parseArgs } from 'node:util';

import autocannon, { type AutocannonRequestData } from 'autocannon';

import { checkInvariants, formatViolations } from '../test/harness/invariants.ts';
import { startApiTarget } from './api-target.ts';
import { BenchCleanup, positiveOption, withClient } from './support.ts';
const ROUTE = '/api/v1/checkout/sessions';

export interface LoadOptions {
  connections: number;
  durationSeconds: number;
  rate: number | undefined;
}

export function parseOptions(argv: string[]): LoadOptions {
  const { values } = parseArgs({
    args: argv,
    options: {
      connections: { type: 'string', default: '50' },
      duration: { type: 'string', default: '30' },
      rate: { type: 'string' },
    },
    strict: true,
  });
  const positive = positiveOption;
  return {
    connections: positive('connections', values.connections),
    durationSeconds: positive('duration', values.duration),
    rate: values.rate === undefined ? undefined : positive('rate', values.rate),
  };
}

interface Created {
  key: string;
  body: string;
  response: string;
  token: string;
}

type Kind = 'create' | 'retry' | 'read';

export async function runLoad(options: LoadOptions): Promise<boolean> {
  const cleanup = new BenchCleanup(options.durationSeconds * 1000 + 300_000);
  const say = (line: string) => process.stderr.write(`${line}\n`);
  try {
    const { databaseUrl, merchant, baseUrl, stop } = await startApiTarget(cleanup, say);

    const created: Created[] = [];
    const counts: Record<Kind, number> = { create: 0, retry: 0, read: 0 };
    const statuses: Record<Kind, Map<number, number>> = {
      create: new Map(),
      retry: new Map(),
      read: new Map(),
    };
    let retriesDiffering = 0;
    let sequence = 0;
    const headers = (key?: string) => ({
      'content-type': 'application/json',
      authorization: `Bearer ${merchant.secretKey}`,
      ...(key !== undefined && { 'idempotency-key': key }),
    });
    const setupRequest = (
      request: AutocannonRequestData,
      context: Record<string, unknown>,
    ): AutocannonRequestData => {
      sequence += 1;
      // A fixed cycle of ten (8 creates, a retry, a read) keeps the mix exact, run after run.
      const slot = sequence % 10;
      const earlier = created.length > 0 ? created[(sequence * 7919) % created.length] : undefined;
      if (slot === 8 && earlier) {
        context.kind = 'retry';
        context.earlier = earlier;
        return {
          ...request,
          method: 'POST',
          path: ROUTE,
          headers: headers(earlier.key),
          body: earlier.body,
        };
      }
      if (slot === 9 && earlier) {
        context.kind = 'read';
        return { ...request, method: 'GET', path: `${ROUTE}/${earlier.token}`, headers: headers() };
      }
      const key = randomUUID();
      const body = JSON.stringify({
        merchant_id: merchant.id,
        amount: 2_500_000,
        currency: 'NGN',
        title: 'Samsung Galaxy A15',
        order_reference: `ord_mix_${sequence}`,
        customer_email: 'ada@example.ng',
      });
      context.kind = 'create';
      context.key = key;
      context.body = body;
      return { ...request, method: 'POST', path: ROUTE, headers: headers(key), body };
    };
    const onResponse = (status: number, body: string, context: Record<string, unknown>) => {
      const kind = context.kind as Kind;
      counts[kind] += 1;
      statuses[kind].set(status, (statuses[kind].get(status) ?? 0) + 1);
      if (kind === 'create' && status === 201) {
        const token = (JSON.parse(body) as { data: { token: string } }).data.token;
        created.push({
          key: String(context.key),
          body: String(context.body),
          response: body,
          token,
        });
      }
      if (kind === 'retry' && status === 201 && body !== (context.earlier as Created).response) {
        retriesDiffering += 1;
      }
    };

    say(`load: ${options.connections} connections for ${options.durationSeconds} s …`);
    const result = await autocannon({
      url: baseUrl,
      connections: options.connections,
      duration: options.durationSeconds,
      pipelining: 1,
      timeout: 10,
      requests: [{ method: 'POST', path: ROUTE, setupRequest, onResponse }],
      ...(options.rate !== undefined && { overallRate: options.rate }),
    });
    await stop();

    const rows = await withClient(databaseUrl, async (client) => {
      const counted = await client.query<{ sessions: string; references: string; keys: string }>(
        `SELECT (SELECT count(*) FROM checkout_sessions) AS sessions,
                (SELECT count(DISTINCT order_reference) FROM checkout_sessions) AS references,
                (SELECT count(*) FROM idempotency_keys) AS keys`,
      );
      const row = counted.rows[0];
      return {
        sessions: Number(row?.sessions),
        references: Number(row?.references),
        keys: Number(row?.keys),
      };
    });
    const violations = await checkInvariants(databaseUrl);

    const unexpected: string[] = [];
    for (const kind of ['create', 'retry', 'read'] as const) {
      for (const [status, n] of statuses[kind]) {
        const expected = kind === 'read' ? status === 200 : status === 201;
        if (!expected && status !== 429 && status !== 503) {
          unexpected.push(`${kind} ${status}×${n}`);
        }
      }
    }
    const line = (kind: Kind) =>
      `${kind.padEnd(6)} ${String(counts[kind]).padStart(7)}  ${[...statuses[kind]]
        .map(([status, n]) => `${status}×${n}`)
        .join(' ')}`;
    const out = [
      '',
      `${options.connections} connections, ${options.durationSeconds} s${options.rate === undefined ? ', as fast as possible' : `, offered ${options.rate}/s`}`,
      `requests/s ${result.requests.average.toFixed(0)}; latency p50 ${result.latency.p50} ms, p97.5 ${result.latency.p97_5} ms, p99 ${result.latency.p99} ms, max ${result.latency.max} ms; timeouts ${result.timeouts}, errors ${result.errors}`,
      line('create'),
      line('retry'),
      line('read'),
      `retries answered with a different body: ${retriesDiffering}`,
      `sessions ${rows.sessions}, distinct order references ${rows.references} (duplicates ${rows.sessions - rows.references}); idempotency keys stored ${rows.keys}`,
      `non-2xx other than 429/503: ${unexpected.length === 0 ? 'none' : unexpected.join(', ')}`,
      violations.length === 0
        ? 'invariants I1–I12: no violation'
        : `invariants: ${violations.length} violation(s)\n${formatViolations(violations)}`,
    ];
    process.stdout.write(`${out.join('\n')}\n`);
    return (
      retriesDiffering === 0 &&
      rows.sessions === rows.references &&
      unexpected.length === 0 &&
      result.timeouts === 0 &&
      violations.length === 0
    );
  } finally {
    await cleanup.dispose();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  try {
    if (!(await runLoad(parseOptions(process.argv.slice(2))))) process.exitCode = 1;
  } catch (error) {
    process.stderr.write(`bench failed: ${(error as Error).stack ?? String(error)}\n`);
    process.exitCode = 1;
  }
}
