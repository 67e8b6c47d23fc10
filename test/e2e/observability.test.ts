import { readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parse } from 'yaml';

import { type ProcessStack, startProcessStack, waitFor } from '../battery/process-stack.ts';
import type { TrancheProcess } from '../harness/tranche-process.ts';

/**
 * Observability (issue 31). The alert rules and the dashboard shipped in deploy/monitoring name
 * only metrics that a real API and a real worker serve (an alert on a metric nobody exports never
 * fires).
 *
 * Tracing (decision 0063): with OTEL_EXPORTER_OTLP_ENDPOINT set, the API and worker
 * processes export OTLP/HTTP JSON to it. A plan is made and its deposit collected; a collector of
 * this test's own receives the spans. Shown: the session create is a server span whose SQL
 * statements are its children; the worker's `collect_installment` job span has the gateway call
 * and its SQL as children; the webhook delivery has its span.
 */

interface OtlpSpan {
  traceId: string;
  spanId: string;
  parentSpanId?: string;
  name: string;
  kind: number;
  attributes?: { key: string; value: Record<string, unknown> }[];
}
interface OtlpExport {
  resourceSpans: {
    resource: { attributes: { key: string; value: { stringValue?: string } }[] };
    scopeSpans: { spans: OtlpSpan[] }[];
  }[];
}

const spans: (OtlpSpan & { service: string })[] = [];
let collector: Server;
let collectorUrl: string;
let stack: ProcessStack;
let worker: TrancheProcess;

beforeAll(async () => {
  collector = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk: Buffer) => (body += chunk.toString()));
    req.on('end', () => {
      if (req.url === '/v1/traces' && req.headers['content-type']?.includes('json')) {
        const exported = JSON.parse(body) as OtlpExport;
        for (const resource of exported.resourceSpans) {
          const service =
            resource.resource.attributes.find((a) => a.key === 'service.name')?.value.stringValue ??
            '';
          for (const scope of resource.scopeSpans) {
            for (const span of scope.spans) spans.push({ ...span, service });
          }
        }
      }
      res.writeHead(200, { 'content-type': 'application/json' }).end('{}');
    });
  });
  await new Promise<void>((resolve) => collector.listen(0, '127.0.0.1', resolve));
  collectorUrl = `http://127.0.0.1:${(collector.address() as AddressInfo).port}`;
  stack = await startProcessStack('tracing', {
    env: { OTEL_EXPORTER_OTLP_ENDPOINT: collectorUrl },
  });
  worker = await stack.startWorker();
}, 180_000);

afterAll(async () => {
  await worker.stop();
  await stack.stop();
  await new Promise((resolve) => collector.close(resolve));
});

const childrenOf = (parent: OtlpSpan) =>
  spans.filter((s) => s.traceId === parent.traceId && s.parentSpanId === parent.spanId);

describe('OpenTelemetry traces', () => {
  it('the API and the worker export spans for requests, SQL, gateway calls, jobs and webhooks', async () => {
    const plan = await stack.newPlan(2);
    await waitFor(
      async () => (await stack.installmentStatus(plan.installments[0]!.id)) === 'paid',
      60_000,
    );
    await waitFor(() => stack.receiver.received.length > 0, 60_000);
    // The exporters send in batches about every second.
    let sessionCreate: OtlpSpan | undefined;
    let collect: OtlpSpan | undefined;
    let webhook: OtlpSpan | undefined;
    await waitFor(
      () => {
        sessionCreate = spans.find((s) => s.name === 'POST /api/v1/checkout/sessions');
        collect = spans.find(
          (s) =>
            s.name === 'job collect_installment' &&
            childrenOf(s).some((c) => c.name.startsWith('gateway ')),
        );
        webhook = spans.find((s) => s.name.startsWith('webhook '));
        return Boolean(sessionCreate && collect && webhook);
      },
      30_000,
      () => `spans seen: ${[...new Set(spans.map((s) => `${s.service}:${s.name}`))].join(', ')}`,
    );
    const create = sessionCreate!;
    expect(create.kind).toBe(2); // SERVER
    expect(spans.find((s) => s.spanId === create.spanId)?.service).toBe('tranche-api');
    expect(childrenOf(create).filter((c) => c.name === 'db.query').length).toBeGreaterThan(0);

    const job = collect!;
    expect(spans.find((s) => s.spanId === job.spanId)?.service).toBe('tranche-worker');
    const jobChildren = childrenOf(job);
    expect(jobChildren.some((c) => c.name === 'db.query')).toBe(true);
    const charge = jobChildren.find((c) => c.name.startsWith('gateway POST '));
    expect(charge?.kind).toBe(3); // CLIENT
    expect(webhook!.name).toMatch(/^webhook [a-z_]+\.[a-z_.]+$/);
    expect(webhook!.kind).toBe(4); // PRODUCER
  }, 180_000);

  it('every metric the alert rules and the dashboard use is served by an API or a worker', async () => {
    const workerUrl = /Health and metrics: (http:\/\/\S+) /.exec(worker.output())?.[1];
    expect(workerUrl).toBeDefined();
    const served = new Set<string>();
    for (const url of [`${stack.api.baseUrl}/metrics`, `${workerUrl}/metrics`]) {
      const text = await (await fetch(url)).text();
      for (const match of text.matchAll(/^# TYPE (\w+) (\w+)/gm)) {
        served.add(match[1]!);
        if (match[2] === 'histogram') {
          for (const suffix of ['_bucket', '_sum', '_count']) served.add(`${match[1]}${suffix}`);
        }
      }
    }
    const rules = parse(readFileSync('deploy/monitoring/alerts.yml', 'utf8')) as {
      groups: { rules: { alert: string; expr: string }[] }[];
    };
    const dashboard = JSON.parse(
      readFileSync('deploy/monitoring/grafana-dashboard.json', 'utf8'),
    ) as { panels: { title: string; targets: { expr: string }[] }[] };
    const uses = [
      ...rules.groups.flatMap((g) => g.rules.map((r) => ({ where: r.alert, expr: r.expr }))),
      ...dashboard.panels.flatMap((p) => p.targets.map((t) => ({ where: p.title, expr: t.expr }))),
    ];
    expect(uses.length).toBeGreaterThan(20);
    const unknown = uses.flatMap(({ where, expr }) =>
      [...expr.matchAll(/\btranche_\w+/g)]
        .map((m) => m[0])
        .filter((name) => !served.has(name))
        .map((name) => `${where}: ${name}`),
    );
    expect(unknown).toEqual([]);
  });
});
