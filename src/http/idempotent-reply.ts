import type { FastifyReply } from 'fastify';

import type { Idempotent } from '../db/write.ts';

/**
 * Answers an idempotent write: the route's status and the `ok` envelope around the result, and
 * `Idempotent-Replayed: true` when the result is the stored one of an earlier request with the
 * same key (decision 0002). A replay answers exactly as the first request did.
 */
export function sendIdempotent<T>(
  reply: FastifyReply,
  status: 200 | 201 | 202,
  result: Idempotent<T>,
): FastifyReply {
  if (result.replayed) reply.header('Idempotent-Replayed', 'true');
  return reply.code(status).send({ ok: true, data: result.data });
}
