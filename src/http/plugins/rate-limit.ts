import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

import type { AppContext } from '../../app-context.ts';
import { parseSecretKey } from '../../domain/api-key.ts';
import { DomainError } from '../../domain/errors.ts';
import type { SecretKeyPrincipal } from '../../domain/principal.ts';
import { authenticateSecretKey, type CheckedSecretKey } from '../../features/access/index.ts';
import { sha256Hex } from '../../platform/crypto.ts';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** false: the route is not rate limited (health, metrics, docs). */
    rateLimit?: boolean;
  }
  interface FastifyRequest {
    /** The secret key the rate limiter resolved for this request, for its authentication. */
    secretKeyCheck: CheckedSecretKey | undefined;
  }
}

const WINDOW_MS = 60_000;

/**
 * Limits per merchant secret key (100/min sandbox, 500/min live, spec §8) and per client IP for
 * every other request (decision 0033). Only a key that works buys its own bucket: a well-formed
 * key that matches no key (or a revoked or refused one) counts against the client IP, or a fresh
 * made-up key per request would escape the IP limit on the routes that need no key.
 *
 * Knowing a key costs no database work on the hot path: a key this process resolved lately is
 * in the credential cache, and a digest found to match no key is remembered for a minute. Any
 * other key is looked up once, and only while the client IP is within its own limit (or when
 * the key worked in this process before), so a stream of fresh made-up keys costs at most the
 * IP's limit in lookups per minute. The lookup's outcome is kept on the request for the route's
 * own authentication.
 */
export function registerRateLimit(app: FastifyInstance, ctx: AppContext): void {
  const worked = new WorkedLately();
  app.addHook('onRequest', async (request: FastifyRequest, reply: FastifyReply) => {
    if (request.routeOptions.config.rateLimit === false) return;
    const nowMs = ctx.clock.now().getTime();
    const { bucket, limit } = await bucketFor(request, ctx, worked, nowMs);
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

/**
 * Digests of keys that worked in this process lately (bounded; the oldest go first). A key whose
 * cache entry has lapsed is still looked up when its IP is over the limit, so a flood of made-up
 * keys from a shared address cannot push a real key into the IP's 429; one that no longer works
 * leaves the list at its next lookup.
 */
class WorkedLately {
  private readonly digests = new Set<string>();

  has(digest: string): boolean {
    return this.digests.has(digest);
  }

  add(digest: string): void {
    this.digests.delete(digest);
    if (this.digests.size >= 10_000) {
      const oldest = this.digests.values().next();
      if (oldest.done !== true) this.digests.delete(oldest.value);
    }
    this.digests.add(digest);
  }

  delete(digest: string): void {
    this.digests.delete(digest);
  }
}

async function bucketFor(
  request: FastifyRequest,
  ctx: AppContext,
  worked: WorkedLately,
  nowMs: number,
): Promise<{ bucket: string; limit: number }> {
  const byIp = { bucket: `ip:${request.ip}`, limit: ctx.settings.rateLimitIpPerMin };
  const key = /^Bearer\s+(sk_\S+)\s*$/i.exec(request.headers.authorization ?? '')?.[1];
  if (!key || !parseSecretKey(key)) return byIp;
  const digest = sha256Hex(key);
  const principal = await workingKey(request, ctx, worked, { key, digest }, byIp, nowMs);
  if (!principal) return byIp;
  const limit =
    principal.mode === 'live'
      ? ctx.settings.rateLimitLivePerMin
      : ctx.settings.rateLimitSandboxPerMin;
  return { bucket: `key:${digest}`, limit };
}

/** The key's principal when it works, undefined when it does not or is not worth a lookup. */
async function workingKey(
  request: FastifyRequest,
  ctx: AppContext,
  worked: WorkedLately,
  { key, digest }: { key: string; digest: string },
  byIp: { bucket: string; limit: number },
  nowMs: number,
): Promise<SecretKeyPrincipal | undefined> {
  const now = new Date(nowMs);
  const cached = ctx.credentialCache.get(digest, now);
  if (cached) return cached;
  if (ctx.credentialCache.isUnknown(digest, now)) return undefined;
  // A key not seen working lately, from an IP already over its limit, is refused without a
  // lookup: otherwise each fresh made-up key would cost one.
  if (
    !worked.has(digest) &&
    (await ctx.rateLimits.peek(byIp.bucket, WINDOW_MS, nowMs)).count >= byIp.limit
  ) {
    return undefined;
  }
  try {
    const principal = await authenticateSecretKey(ctx, key);
    request.secretKeyCheck = { key, outcome: principal };
    worked.add(digest);
    return principal;
  } catch (error) {
    if (!(error instanceof DomainError)) throw error;
    request.secretKeyCheck = { key, outcome: error };
    worked.delete(digest);
    return undefined;
  }
}
