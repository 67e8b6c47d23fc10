import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { validationError } from './errors.ts';
import { isRecord, type Fields } from './input.ts';

/**
 * Test-control faults (POST /_sandbox/faults). They live in memory on purpose: a restart is a
 * clean slate, and they apply only to Paystack API calls (Bearer-authenticated, not /_sandbox/
 * and not the hosted pages), which is what an adapter under test experiences.
 */

export interface FaultSettings {
  /** Added before every API call is handled. */
  latencyMs: number;
  /** The next N API calls answer 500 without touching state. */
  failNext: number;
  /** The next N mutating API calls run (state changes, webhooks go out) but get no response. */
  loseNextResponse: number;
  /**
   * The next mutating API call runs (state changes, webhooks go out), then its answer is held
   * this long (or until the client hangs up): a caller that dies while waiting leaves the
   * gateway with a charge the caller never heard about.
   */
  delayNextResponseMs: number;
  /** Every webhook is delivered twice. */
  duplicateWebhooks: boolean;
  /** Webhooks are held and released in reverse order, a few at a time. */
  reorderWebhooks: boolean;
}

const NO_FAULTS: FaultSettings = {
  latencyMs: 0,
  failNext: 0,
  loseNextResponse: 0,
  delayNextResponseMs: 0,
  duplicateWebhooks: false,
  reorderWebhooks: false,
};

const MAX_LATENCY_MS = 60_000;

function count(fields: Fields, name: string, max: number): number | undefined {
  const value = fields[name];
  if (value === undefined) return undefined;
  if (typeof value !== 'number' || !Number.isInteger(value) || value < 0 || value > max)
    throw validationError(`${name} must be an integer between 0 and ${max}`);
  return value;
}

function flag(fields: Fields, name: string): boolean | undefined {
  const value = fields[name];
  if (value === undefined) return undefined;
  if (typeof value !== 'boolean') throw validationError(`${name} must be true or false`);
  return value;
}

const KNOWN_FIELDS = new Set([
  'latency_ms',
  'fail_next',
  'lose_next_response',
  'delay_next_response_ms',
  'duplicate_webhooks',
  'reorder_webhooks',
]);

export class Faults {
  private settings: FaultSettings = { ...NO_FAULTS };

  current(): FaultSettings {
    return { ...this.settings };
  }

  /** Merges the given knobs into the current ones; knobs left out keep their value. */
  update(body: unknown): FaultSettings {
    if (!isRecord(body)) throw validationError('Send a JSON object of fault settings');
    for (const key of Object.keys(body))
      if (!KNOWN_FIELDS.has(key)) throw validationError(`Unknown fault setting: ${key}`);
    const next: FaultSettings = {
      latencyMs: count(body, 'latency_ms', MAX_LATENCY_MS) ?? this.settings.latencyMs,
      failNext: count(body, 'fail_next', 1000) ?? this.settings.failNext,
      loseNextResponse: count(body, 'lose_next_response', 1000) ?? this.settings.loseNextResponse,
      delayNextResponseMs:
        count(body, 'delay_next_response_ms', MAX_LATENCY_MS) ?? this.settings.delayNextResponseMs,
      duplicateWebhooks: flag(body, 'duplicate_webhooks') ?? this.settings.duplicateWebhooks,
      reorderWebhooks: flag(body, 'reorder_webhooks') ?? this.settings.reorderWebhooks,
    };
    this.settings = next;
    return this.current();
  }

  reset(): FaultSettings {
    this.settings = { ...NO_FAULTS };
    return this.current();
  }

  takeFailure(): boolean {
    if (this.settings.failNext === 0) return false;
    this.settings.failNext -= 1;
    return true;
  }

  takeLostResponse(): boolean {
    if (this.settings.loseNextResponse === 0) return false;
    this.settings.loseNextResponse -= 1;
    return true;
  }

  /** The hold for this call's answer (ms), once: the knob goes back to 0. */
  takeResponseDelay(): number {
    const delay = this.settings.delayNextResponseMs;
    this.settings.delayNextResponseMs = 0;
    return delay;
  }
}

export function faultView(settings: FaultSettings) {
  return {
    latency_ms: settings.latencyMs,
    fail_next: settings.failNext,
    lose_next_response: settings.loseNextResponse,
    delay_next_response_ms: settings.delayNextResponseMs,
    duplicate_webhooks: settings.duplicateWebhooks,
    reorder_webhooks: settings.reorderWebhooks,
  };
}

const lostResponses = new WeakSet<FastifyRequest>();
const delayedResponses = new WeakMap<FastifyRequest, number>();

/** Waits `ms`, or less if the client hangs up first (nobody is left to answer). */
function hold(request: FastifyRequest, ms: number): Promise<void> {
  const socket = request.raw.socket;
  if (socket.destroyed) return Promise.resolve();
  return new Promise((resolve) => {
    const done = () => {
      clearTimeout(timer);
      socket.off('close', done);
      resolve();
    };
    const timer = setTimeout(done, ms);
    socket.once('close', done);
  });
}

/**
 * Applies the faults around API routes. `isApiCall` decides which requests count; it runs after
 * authentication, so an unauthenticated call never consumes a fault.
 */
export function registerFaultHooks(
  app: FastifyInstance,
  faults: Faults,
  isApiCall: (request: FastifyRequest) => boolean,
): void {
  app.addHook('preHandler', async (request: FastifyRequest, reply: FastifyReply) => {
    if (!isApiCall(request)) return;
    const { latencyMs } = faults.current();
    if (latencyMs > 0) await new Promise((resolve) => setTimeout(resolve, latencyMs));
    if (faults.takeFailure()) {
      return reply
        .code(500)
        .send({ status: false, message: 'Internal server error (sandbox fault)' });
    }
    if (request.method !== 'GET' && faults.takeLostResponse()) lostResponses.add(request);
    else if (request.method !== 'GET') {
      const delay = faults.takeResponseDelay();
      if (delay > 0) delayedResponses.set(request, delay);
    }
    return undefined;
  });
  // The handler has run (and committed); destroying the socket now loses only the answer, which
  // is exactly what a client sees when a response is lost in transit.
  app.addHook('onSend', async (request, _reply, payload) => {
    const delay = delayedResponses.get(request);
    if (delay !== undefined) {
      delayedResponses.delete(request);
      await hold(request, delay);
    }
    if (lostResponses.has(request)) {
      lostResponses.delete(request);
      request.raw.socket.destroy();
    }
    return payload;
  });
}
