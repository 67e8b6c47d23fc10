import type { FastifyReply, FastifyRequest } from 'fastify';

import type { AppContext } from '../app-context.ts';
import { runIdempotentOutside } from '../db/idempotency.ts';
import type { IdempotencyScope } from '../db/write.ts';
import { canonicalJson } from '../domain/canonical-json.ts';
import { assertIdempotencyKey } from '../domain/idempotency-key.ts';
import type { Principal } from '../domain/principal.ts';
import { sha256Hex } from '../platform/crypto.ts';

/**
 * Whose `Idempotency-Key`s a request's key is one of (decision 0038): keys are kept per caller, so
 * two callers can never replay each other's answers. The table's `merchant_id` column holds the
 * owner's id, a merchant's (`mer_…`) or a customer's (`cus_…`); the prefixes keep them apart.
 */
export interface KeyOwner {
  id: string;
  livemode: boolean;
}

/** A merchant by secret key (its mode's keys) or by dashboard token (the test mode's keys). */
export function merchantKeyOwner(
  principal: Extract<Principal, { kind: 'secret_key' | 'merchant_dashboard' }>,
): KeyOwner {
  return {
    id: principal.merchantId,
    livemode: principal.kind === 'secret_key' && principal.mode === 'live',
  };
}

/** A customer has one set of keys: their plans of both modes are theirs alike. */
export function customerKeyOwner(customerId: string): KeyOwner {
  return { id: customerId, livemode: false };
}

/**
 * The request's `Idempotency-Key` as a scope for `runIdempotentWrite` or `runIdempotentOutside`,
 * or undefined without the header. The hash covers the route, its path parameters, query and
 * canonical body: the same key with any other request is 409 `idempotency_key_reused`.
 */
export function idempotencyScope(
  request: FastifyRequest,
  owner: KeyOwner,
  now: Date,
): IdempotencyScope | undefined {
  const key = request.headers['idempotency-key'];
  if (key === undefined) return undefined;
  const single = Array.isArray(key) ? key.join(',') : key;
  assertIdempotencyKey(single);
  const requestHash = sha256Hex(
    `${request.method} ${request.routeOptions.url ?? request.url}\n${canonicalJson({
      params: request.params ?? {},
      query: request.query ?? {},
      body: request.body ?? null,
    })}`,
  );
  return { merchantId: owner.id, livemode: owner.livemode, key: single, requestHash, now };
}

/**
 * Runs a route's command, which calls the gateway or another service outside any transaction,
 * under the request's `Idempotency-Key`, and sends its answer: `answer` builds the whole body, which
 * is what a repeat replays (with `Idempotent-Replayed: true`).
 */
export async function replyIdempotently<T extends object>(
  ctx: AppContext,
  request: FastifyRequest,
  reply: FastifyReply,
  owner: KeyOwner,
  status: 200 | 201,
  answer: () => Promise<T>,
): Promise<FastifyReply> {
  const scope = idempotencyScope(request, owner, ctx.clock.now());
  const result = await runIdempotentOutside(ctx.db, scope, answer);
  if (result.replayed) reply.header('Idempotent-Replayed', 'true');
  return reply.code(status).send(result.data);
}
