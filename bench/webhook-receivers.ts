/**
 * Child process of bench/webhooks.ts: the merchants' webhook endpoints, one HTTP server per
 * merchant on 127.0.0.1 (its own port, so the worker's per-merchant pools really are separate).
 * Each verifies the X-Tranche-Signature of every request with its merchant's secret, records
 * (event id, created_at from the signed body, receive time), and answers 200 at once or after
 * `delayMs`. The parent asks for figures over IPC: `progress` (counts) and `report` (everything).
 *
 * Configured by BENCH_RECEIVERS, a JSON array of { key, delayMs, secret }.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface ReceiverConfig {
  key: string;
  delayMs: number;
  secret: string;
}

/** What one receiver saw: parallel arrays, one entry per request (duplicates included). */
export interface ReceiverReport {
  key: string;
  ids: string[];
  /** created_at of the signed body, epoch ms. */
  createdAt: number[];
  /** When the request body had fully arrived, epoch ms. */
  receivedAt: number[];
  /** Per request: 0 still waiting for its answer, 1 answered 200, 2 the sender hung up first. */
  outcome: number[];
  /** Requests whose 200 was fully written. */
  answered: number;
  /** Requests received but not answered yet (the slow receiver's delay). */
  waiting: number;
  badSignatures: number;
  /** Requests whose connection closed before the answer (the sender gave up). */
  abandoned: number;
}

export interface ReceiverProgress {
  key: string;
  received: number;
  answered: number;
  waiting: number;
}

export type ParentRequest = { type: 'progress' } | { type: 'report' };

export type ReceiversMessage =
  | { type: 'ready'; ports: Record<string, number> }
  | { type: 'progress'; receivers: ReceiverProgress[] }
  | { type: 'report'; receivers: ReceiverReport[] }
  | { type: 'failed'; message: string };

interface Receiver {
  config: ReceiverConfig;
  server: Server;
  report: ReceiverReport;
}

function startReceiver(config: ReceiverConfig): Promise<Receiver> {
  const report: ReceiverReport = {
    key: config.key,
    ids: [],
    createdAt: [],
    receivedAt: [],
    outcome: [],
    answered: 0,
    waiting: 0,
    badSignatures: 0,
    abandoned: 0,
  };
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const receivedAt = Date.now();
      const raw = Buffer.concat(chunks);
      const expected = createHmac('sha512', config.secret).update(raw).digest();
      const given = Buffer.from(String(req.headers['x-tranche-signature'] ?? ''), 'hex');
      if (given.length !== expected.length || !timingSafeEqual(given, expected)) {
        report.badSignatures += 1;
      }
      const body = JSON.parse(raw.toString('utf8')) as { id: string; created_at: string };
      report.ids.push(body.id);
      report.createdAt.push(Date.parse(body.created_at));
      const index = report.receivedAt.push(receivedAt) - 1;
      report.outcome.push(0);
      report.waiting += 1;
      let done = false;
      const finish = (answered: boolean) => {
        if (done) return;
        done = true;
        report.outcome[index] = answered ? 1 : 2;
        report.waiting -= 1;
        if (answered) report.answered += 1;
        else report.abandoned += 1;
      };
      // 'finish' (answer written) comes before 'close'; a close alone means the sender hung up.
      res.on('finish', () => finish(true));
      res.on('close', () => finish(false));
      const reply = () => {
        if (res.destroyed) return;
        res.writeHead(200, { 'content-type': 'text/plain' });
        res.end('ok');
      };
      if (config.delayMs > 0) setTimeout(reply, config.delayMs);
      else reply();
    });
  });
  server.keepAliveTimeout = 60_000;
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve({ config, server, report }));
  });
}

async function main(): Promise<void> {
  const send = (message: ReceiversMessage) => process.send?.(message);
  let receivers: Receiver[] = [];
  const stop = () => {
    for (const r of receivers) r.server.closeAllConnections();
    process.exit(0);
  };
  process.on('SIGTERM', stop);
  process.on('SIGINT', stop);
  process.on('disconnect', stop);
  try {
    const configs = JSON.parse(process.env.BENCH_RECEIVERS ?? '[]') as ReceiverConfig[];
    receivers = await Promise.all(configs.map(startReceiver));
  } catch (error) {
    send({ type: 'failed', message: (error as Error).stack ?? String(error) });
    process.exit(1);
  }
  process.on('message', (message: ParentRequest) => {
    if (message.type === 'progress') {
      send({
        type: 'progress',
        receivers: receivers.map(({ report }) => ({
          key: report.key,
          received: report.ids.length,
          answered: report.answered,
          waiting: report.waiting,
        })),
      });
    } else send({ type: 'report', receivers: receivers.map((r) => r.report) });
  });
  send({
    type: 'ready',
    ports: Object.fromEntries(
      receivers.map((r) => [r.config.key, (r.server.address() as AddressInfo).port]),
    ),
  });
}

await main();
