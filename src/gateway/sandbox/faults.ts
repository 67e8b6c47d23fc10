import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

import { validationError } from './errors.ts';
import { type Fields, isRecord } from './input.ts';

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
  /** The next N mutating API calls run (state changes, webhooks go out), then answer 500. */
  failNextAfterApply: number;
  /** The next N API calls have their connection reset (TCP RST) before anything changes. */
  resetNext: number;
  /** The next N mutating API calls run, then their connection is reset (TCP RST). */
  resetNextAfterApply: number;
  /** The next N mutating API calls run, then answer 200 with a body cut off mid-JSON. */
  malformedNext: number;
  /** The next N API calls answer 429 with `Retry-After: retryAfterS`; nothing changes. */
  rateLimitNext: number;
  retryAfterS: number;
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

type CountedFault =
  | 'failNext'
  | 'failNextAfterApply'
  | 'resetNext'
  | 'resetNextAfterApply'
  | 'malformedNext'
  | 'rateLimitNext'
  | 'loseNextResponse';

const NO_FAULTS: FaultSettings = {
  latencyMs: 0,
  failNext: 0,
  failNextAfterApply: 0,
  resetNext: 0,
  resetNextAfterApply: 0,
  malformedNext: 0,
  rateLimitNext: 0,
  retryAfterS: 1,
  loseNextResponse: 0,
  delayNextResponseMs: 0,
  duplicateWebhooks: false,
  reorderWebhooks: false,
};

const MAX_LATENCY_MS = 60_000;

function count(fields: Fields, name: string, max: number): number | undefined {
  const value = fields[name];
  if (value === undefined) return undefined;
  if (typeof value !== 'number' || !Number.isInteger(value) || value < 0 || value > max) {
    throw validationError(`${name} must be an integer between 0 and ${max}`);
  }
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
  'fail_next_after_apply',
  'reset_next',
  'reset_next_after_apply',
  'malformed_next',
  'rate_limit_next',
  'retry_after_s',
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
    for (const key of Object.keys(body)) {
      if (!KNOWN_FIELDS.has(key)) throw validationError(`Unknown fault setting: ${key}`);
    }
    const next: FaultSettings = {
      latencyMs: count(body, 'latency_ms', MAX_LATENCY_MS) ?? this.settings.latencyMs,
      failNext: count(body, 'fail_next', 1000) ?? this.settings.failNext,
      failNextAfterApply:
        count(body, 'fail_next_after_apply', 1000) ?? this.settings.failNextAfterApply,
      resetNext: count(body, 'reset_next', 1000) ?? this.settings.resetNext,
      resetNextAfterApply:
        count(body, 'reset_next_after_apply', 1000) ?? this.settings.resetNextAfterApply,
      malformedNext: count(body, 'malformed_next', 1000) ?? this.settings.malformedNext,
      rateLimitNext: count(body, 'rate_limit_next', 1000) ?? this.settings.rateLimitNext,
      retryAfterS: count(body, 'retry_after_s', 3600) ?? this.settings.retryAfterS,
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

  /** Consumes one of the counted faults `knob`; false when none is left. */
  take(knob: CountedFault): boolean {
    if (this.settings[knob] === 0) return false;
    this.settings[knob] -= 1;
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
    fail_next_after_apply: settings.failNextAfterApply,
    reset_next: settings.resetNext,
    reset_next_after_apply: settings.resetNextAfterApply,
    malformed_next: settings.malformedNext,
    rate_limit_next: settings.rateLimitNext,
    retry_after_s: settings.retryAfterS,
    lose_next_response: settings.loseNextResponse,
    delay_next_response_ms: settings.delayNextResponseMs,
    duplicate_webhooks: settings.duplicateWebhooks,
    reorder_webhooks: settings.reorderWebhooks,
  };
}

/** What happens to a mutating call's answer once its handler has run (and committed). */
type AfterApply = 'lose' | 'fail' | 'reset' | 'malformed';
const afterApply = new WeakMap<FastifyRequest, AfterApply>();
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

/** The after-apply fault this mutating call gets, if any (one per call, in this order). */
function takeAfterApply(faults: Faults): AfterApply | undefined {
  if (faults.take('loseNextResponse')) return 'lose';
  if (faults.take('failNextAfterApply')) return 'fail';
  if (faults.take('resetNextAfterApply')) return 'reset';
  if (faults.take('malformedNext')) return 'malformed';
  return undefined;
}

const FAULT_500 = JSON.stringify({
  status: false,
  message: 'Internal server error (sandbox fault)',
});

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
    const { latencyMs, retryAfterS } = faults.current();
    if (latencyMs > 0) await new Promise((resolve) => setTimeout(resolve, latencyMs));
    if (faults.take('failNext')) return reply.code(500).type('application/json').send(FAULT_500);
    if (faults.take('rateLimitNext')) {
      return reply
        .code(429)
        .header('retry-after', String(retryAfterS))
        .send({ status: false, message: 'Too many requests (sandbox fault)' });
    }
    if (faults.take('resetNext')) {
      // Nothing was read into state: the client sees ECONNRESET for a call that never happened.
      reply.hijack();
      request.raw.socket.resetAndDestroy();
      return reply;
    }
    if (request.method !== 'GET') {
      const fault = takeAfterApply(faults);
      if (fault) afterApply.set(request, fault);
      else {
        const delay = faults.takeResponseDelay();
        if (delay > 0) delayedResponses.set(request, delay);
      }
    }
    return undefined;
  });
  // The handler has run (and committed): each of these loses or spoils only the answer, which is
  // what a client sees when a response is lost or garbled in transit after the gateway acted.
  app.addHook('onSend', async (request, reply, payload) => {
    const delay = delayedResponses.get(request);
    if (delay !== undefined) {
      delayedResponses.delete(request);
      await hold(request, delay);
    }
    const fault = afterApply.get(request);
    if (fault === undefined) return payload;
    afterApply.delete(request);
    if (fault === 'lose') request.raw.socket.destroy();
    if (fault === 'reset') request.raw.socket.resetAndDestroy();
    if (fault === 'fail') {
      reply.code(500).type('application/json');
      return FAULT_500;
    }
    if (fault === 'malformed') {
      const text = typeof payload === 'string' ? payload : JSON.stringify(payload);
      // 200 with the JSON cut in half: the state changed, the answer cannot be read.
      return text.slice(0, Math.max(1, Math.floor(text.length / 2)));
    }
    return payload;
  });
}
