import {
  type Attributes,
  context,
  type Span,
  SpanKind,
  SpanStatusCode,
  trace,
} from '@opentelemetry/api';

/**
 * Tracing with OpenTelemetry (decision 0063): off unless `OTEL_EXPORTER_OTLP_ENDPOINT` is set;
 * then each process exports its spans over OTLP/HTTP (JSON) to `<endpoint>/v1/traces`.
 *
 * Spans are made at our own seams rather than by monkey-patching libraries: the HTTP server
 * (one span per request, `src/http/app.ts`), every SQL statement (Kysely's query log,
 * `src/db/database.ts`), every gateway call (`src/gateway/paystack/client.ts`), every webhook
 * delivery and every job. Context flows through AsyncLocalStorage, so a statement made while a
 * request or job runs is its child. With tracing off, `@opentelemetry/api` hands out no-op spans
 * and nothing is loaded beyond it.
 */
const tracer = () => trace.getTracer('tranche');

let shutdown: (() => Promise<void>) | undefined;

export async function startTracing(options: {
  endpoint: string | undefined;
  serviceName: string;
}): Promise<void> {
  if (!options.endpoint || shutdown) return;
  const [
    { NodeTracerProvider },
    { BatchSpanProcessor },
    { OTLPTraceExporter },
    { resourceFromAttributes },
  ] = await Promise.all([
    import('@opentelemetry/sdk-trace-node'),
    import('@opentelemetry/sdk-trace-base'),
    import('@opentelemetry/exporter-trace-otlp-http'),
    import('@opentelemetry/resources'),
  ]);
  const provider = new NodeTracerProvider({
    resource: resourceFromAttributes({ 'service.name': options.serviceName }),
    spanProcessors: [
      new BatchSpanProcessor(
        new OTLPTraceExporter({ url: `${options.endpoint.replace(/\/+$/, '')}/v1/traces` }),
        { scheduledDelayMillis: 1_000 },
      ),
    ],
  });
  provider.register();
  shutdown = () => provider.shutdown();
}

/** Flushes what is buffered (a planned stop). */
export async function stopTracing(): Promise<void> {
  await shutdown?.().catch(() => undefined);
  shutdown = undefined;
}

/** Runs `work` inside a span that ends with it; an error marks the span and is rethrown. */
export async function inSpan<T>(
  name: string,
  attributes: Attributes,
  work: (span: Span) => Promise<T>,
  kind: SpanKind = SpanKind.INTERNAL,
): Promise<T> {
  return tracer().startActiveSpan(name, { kind, attributes }, async (span) => {
    try {
      return await work(span);
    } catch (error) {
      span.recordException(error as Error);
      span.setStatus({ code: SpanStatusCode.ERROR, message: (error as Error).message });
      throw error;
    } finally {
      span.end();
    }
  });
}

/** A span for something already finished (a SQL statement, from its duration). */
export function recordFinishedSpan(
  name: string,
  attributes: Attributes,
  durationMs: number,
  failed: boolean,
  kind: SpanKind = SpanKind.CLIENT,
): void {
  const end = Date.now();
  const span = tracer().startSpan(name, { kind, attributes, startTime: end - durationMs });
  if (failed) span.setStatus({ code: SpanStatusCode.ERROR });
  span.end(end);
}

/**
 * A server span for one HTTP request, made the active context for everything the request does.
 * `finish` names it by its route and status once they are known.
 */
export function serverSpan<T>(
  method: string,
  run: (finish: (route: string, status: number) => void) => T,
): T {
  const span = tracer().startSpan(method, {
    kind: SpanKind.SERVER,
    attributes: { 'http.request.method': method },
  });
  const finish = (route: string, status: number) => {
    span.updateName(`${method} ${route}`);
    span.setAttributes({ 'http.route': route, 'http.response.status_code': status });
    if (status >= 500) span.setStatus({ code: SpanStatusCode.ERROR });
    span.end();
  };
  return context.with(trace.setSpan(context.active(), span), () => run(finish));
}

export { SpanKind };
