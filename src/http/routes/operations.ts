import { sql } from 'kysely';
import type { Registry } from 'prom-client';

import type { AppContext } from '../../app-context.ts';
import type { TypedApp } from '../typed-app.ts';

/** Liveness, readiness and Prometheus metrics; none of them rate limited or authenticated. */
export function registerOperationsRoutes(
  app: TypedApp,
  ctx: AppContext,
  registry: Registry,
  lifecycle: { draining: boolean } = { draining: false },
): void {
  const config = { rateLimit: false, operational: true };
  app.get('/healthz', { config, schema: { hide: true } }, async () => ({
    ok: true as const,
    status: 'alive',
  }));
  app.get('/readyz', { config, schema: { hide: true } }, async (_request, reply) => {
    if (lifecycle.draining) {
      return reply.code(503).send({
        ok: false,
        code: 'service_unavailable',
        detail: 'This server is shutting down.',
      });
    }
    // Redis is needed only when REDIS_FALLBACK=closed: otherwise the API serves without it.
    if (ctx.rateLimits.ready && !(await ctx.rateLimits.ready())) {
      return reply.code(503).send({
        ok: false,
        code: 'service_unavailable',
        detail: 'Redis (the shared rate-limit counters) is not reachable.',
      });
    }
    try {
      await sql`SELECT 1`.execute(ctx.db);
      return { ok: true as const, status: 'ready' };
    } catch {
      return reply
        .code(503)
        .send({ ok: false, code: 'service_unavailable', detail: 'The database is not reachable.' });
    }
  });
  app.get('/metrics', { config, schema: { hide: true } }, async (_request, reply) => {
    reply.header('Content-Type', registry.contentType);
    return registry.metrics();
  });
}
