import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

import type { AppContext } from '../../app-context.ts';
import { parseSecretKey } from '../../domain/api-key.ts';
import { DomainError } from '../../domain/errors.ts';
import { sha256Hex } from '../../platform/crypto.ts';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** false: the route is not rate limited (health, readiness, metrics). */
    rateLimit?: boolean;
  }
}

const WINDOW_MS = 60_000;

/**
 * Limits per merchant secret key (100/min sandbox, 500/min live, spec §8) and per client IP for
 * every other request. The bucket is the key's digest, decided before any database lookup, so
 * the limiter costs one counter increment and protects the key lookup too.
 */
export function registerRateLimit(app: FastifyInstance, ctx: AppContext): void {
  app.addHook('onRequest', async (request: FastifyRequest, reply: FastifyReply) => {
    if (request.routeOptions.config.rateLimit === false) return;
    const { bucket, limit } = bucketFor(request, ctx);
    const nowMs = ctx.clock.now().getTime();
    const window = await ctx.rateLimits.hit(bucket, WINDOW_MS, nowMs);
    const resetSeconds = Math.max(1, Math.ceil((window.resetAtMs - nowMs) / 1000));
    reply.header('X-RateLimit-Limit', limit);
    reply.header('X-RateLimit-Remaining', Math.max(0, limit - window.count));
    reply.header('X-RateLimit-Reset', resetSeconds);
    if (window.count > limit) {
      reply.header('Retry-After', resetSeconds);
      throw new DomainError(
        'rate_limited',
        `Rate limit of ${limit} requests per minute exceeded. Retry after ${resetSeconds} seconds, backing off exponentially.`,
        {
          retryable: true,
          retryAfterSeconds: resetSeconds,
        },
      );
    }
  });
}

function bucketFor(request: FastifyRequest, ctx: AppContext): { bucket: string; limit: number } {
  const match = /^Bearer\s+(sk_\S+)\s*$/i.exec(request.headers.authorization ?? '');
  const key = match?.[1];
  const parsed = key ? parseSecretKey(key) : null;
  if (key && parsed) {
    const limit =
      parsed.mode === 'live'
        ? ctx.settings.rateLimitLivePerMin
        : ctx.settings.rateLimitSandboxPerMin;
    return { bucket: `key:${sha256Hex(key)}`, limit };
  }
  return { bucket: `ip:${request.ip}`, limit: ctx.settings.rateLimitIpPerMin };
}
