import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { Counter, type Registry } from 'prom-client';

import { DomainError } from '../../domain/errors.ts';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** true: never shed (health, readiness, metrics, docs), so a busy instance still looks alive. */
    operational?: boolean;
  }
}

/** Per request being counted: takes it out of the count (once). */
const leaving = new WeakMap<FastifyRequest, () => void>();

/**
 * Takes a long-lived response out of the in-flight count once its setup is done: an event stream
 * holds its connection for minutes while doing a few small reads a second, and counting it would
 * let a handful of streams shed every other request (issue 24). Its setup (key lookup, cursor
 * read) still counts and can be shed; what bounds open streams is their own cap per key and per
 * process (decision 0032).
 */
export function leaveInFlightCount(request: FastifyRequest): void {
  leaving.get(request)?.();
}

/**
 * Overload protection: past `maxInFlight` requests being handled at once, a new request is
 * refused at once with 503 and `Retry-After: 1` instead of joining a queue that only grows
 * (the database pool, then the event loop) until every caller times out. Refusing costs no
 * database work, so the requests already admitted finish at their normal speed; a client that
 * retries with the same Idempotency-Key loses nothing, as nothing of a refused request ran.
 *
 * The count of requests in flight is a signal that does not depend on the machine's speed,
 * unlike event-loop delay, which on a busy host would shed requests that were never excessive.
 * Operational routes (health, readiness, metrics, docs: `operational: true`) are never shed, so
 * an orchestrator still sees a busy instance as alive.
 */
export function registerLoadShedding(
  app: FastifyInstance,
  maxInFlight: number,
  registry: Registry,
): void {
  if (maxInFlight <= 0) return;
  const shed = new Counter({
    name: 'tranche_http_requests_shed_total',
    help: 'Requests refused with 503 because MAX_REQUESTS_IN_FLIGHT were being handled.',
    registers: [registry],
  });
  let inFlight = 0;
  app.addHook('onRequest', async (request: FastifyRequest, reply: FastifyReply) => {
    if (request.routeOptions.config.operational === true) return;
    if (inFlight >= maxInFlight) {
      shed.inc();
      throw new DomainError(
        'service_unavailable',
        'The service is busy; nothing was done. Retry in a second with the same Idempotency-Key.',
        { retryable: true, retryAfterSeconds: 1 },
      );
    }
    inFlight += 1;
    let counted = true;
    const leave = () => {
      if (!counted) return;
      counted = false;
      inFlight -= 1;
    };
    leaving.set(request, leave);
    // The response's 'close' fires once, sent or abandoned by the client: the count cannot
    // leak. (The request's own 'close' fires when its body has been read, too early.)
    reply.raw.once('close', leave);
  });
}
