import type { Db } from '../../db/database.ts';
import { decideAfterFailure, judgeDelivery } from '../../domain/webhook.ts';
import type { Clock } from '../../platform/clock.ts';
import { crashPoint } from '../../platform/crash-points.ts';
import type { SecretBox } from '../../platform/crypto.ts';
import type { Logger } from '../../platform/logger.ts';
import { inSpan, SpanKind } from '../../platform/tracing.ts';
import { webhookAddressRules } from './address-policy.ts';
import {
  type AttemptRecord,
  claimDueEvents,
  type ClaimedEvent,
  endpointKey,
  recordAttempts,
  releaseClaims,
} from './outbox-queries.ts';
import { WebhookSender } from './sender.ts';
import { signatureHeaders, signingSecretsAt } from './signing.ts';

export interface DispatcherOptions {
  /** Events this process holds: in flight, or claimed and next in line for their endpoint. */
  concurrency: number;
  /**
   * Deliveries in flight to one endpoint (a merchant's test or live address): a slow endpoint
   * can hold no more than this.
   */
  perMerchant: number;
  timeoutMs: number;
  /** How often the outbox is polled when there is nothing to do. */
  pollMs: number;
  /** Test endpoints may be loopback (TRANCHE_ENV development or test only; address-policy.ts). */
  loopbackTestWebhooks: boolean;
  /** Random source for back-off jitter (injectable for tests). */
  random?: () => number;
  /** Told of each attempt once it is recorded (the worker's Prometheus counters). */
  onRecorded?: (status: 'delivered' | 'retrying' | 'dead') => void;
}

interface Deps {
  db: Db;
  clock: Clock;
  secretBox: SecretBox;
  log: Logger;
}

const MAX_CLAIM = 500;
const FLUSH_EVERY_MS = 20;
const FLUSH_AT = 200;
/**
 * After a slot frees up, how long to let others free up too before claiming: one claim query per
 * few milliseconds at most, not one per finished delivery.
 */
const SLOT_GATHER_MS = 5;

/**
 * The outbox relay (brief §6–§7). It claims due events (a lease: a dispatcher that dies mid-flight
 * loses them to the next claim once the lease ends, so an event is delivered at least once, never
 * lost), sends each signed body, and records every attempt in batches. Merchants are isolated:
 * per-endpoint (merchant and mode) in-flight caps in the claim and separate connection pools per
 * endpoint.
 */
export class WebhookDispatcher {
  readonly #deps: Deps;
  readonly #options: DispatcherOptions;
  readonly #sender: WebhookSender;
  readonly #leaseMs: number;
  /** Most events one endpoint may have claimed here: `perMerchant` in flight as many queued. */
  readonly #holdPerMerchant: number;
  /** Per endpoint (`endpointKey`: merchant and mode): claimed and not finished (in flight or queued). */
  readonly #held = new Map<string, number>();
  #heldTotal = 0;
  /** Per endpoint: being sent now (at most `perMerchant`). */
  readonly #inFlight = new Map<string, number>();
  /** Per endpoint: claimed, waiting for one of its deliveries in flight to end. */
  readonly #queued = new Map<string, ClaimedEvent[]>();
  #stopping = false;
  #pending: AttemptRecord[] = [];
  #flushing: Promise<void> = Promise.resolve();
  #flushTimer: NodeJS.Timeout | null = null;
  #running = false;
  #loop: Promise<void> | null = null;
  readonly #wakers = new Set<() => void>();
  /**
   * Endpoints whose last claim was cut short by their cap: they may have more due, so a slot of
   * theirs freeing up is worth a claim.
   */
  readonly #capped = new Set<string>();
  /** A slot worth a claim freed up since the last claim started (none is missed meanwhile). */
  #slotFreed = false;
  readonly #slotWakers = new Set<() => void>();
  /** The limit of the last claim: a claim that filled it may have left more due. */
  #lastLimit = 0;
  readonly #idleWaiters: (() => void)[] = [];
  readonly #secrets = new Map<string, string>();

  constructor(deps: Deps, options: DispatcherOptions) {
    this.#deps = deps;
    this.#options = options;
    this.#sender = new WebhookSender({
      timeoutMs: options.timeoutMs,
      maxSocketsPerPool: options.perMerchant,
    });
    // A claimed event waits at most one delivery (its endpoint has no more queued than in
    // flight, each ending within the timeout) and then takes at most one: the lease outlasts
    // both, so a live dispatcher never loses its own claim.
    this.#leaseMs = 2 * options.timeoutMs + 5_000;
    this.#holdPerMerchant = 2 * options.perMerchant;
  }

  start(): void {
    if (this.#running) return;
    this.#running = true;
    this.#stopping = false;
    this.#loop = this.#run();
  }

  /**
   * Stops claiming, hands back the events still queued (due again at once, for this or another
   * dispatcher), waits for deliveries in flight and records them.
   */
  async stop(): Promise<void> {
    this.#running = false;
    this.#stopping = true;
    this.#wakeAll();
    await this.#loop;
    const queued = [...this.#queued.values()].flat();
    this.#queued.clear();
    for (const event of queued) this.#release(event);
    if (queued.length > 0) {
      await releaseClaims(this.#deps.db, queued, this.#deps.clock.now()).catch((error: unknown) =>
        // Not lost either way: their leases run out and they are claimed again.
        this.#deps.log.error({ err: error, events: queued.length }, 'releasing webhooks failed'),
      );
    }
    await this.#waitIdle();
    await this.#flush();
    this.#sender.close();
  }

  /**
   * Claims and delivers everything due now, and returns once it is all recorded (tests and the
   * time-travel tools use this instead of the polling loop).
   */
  async drain(): Promise<number> {
    let delivered = 0;
    for (;;) {
      const claimed = await this.#claim();
      if (claimed === 0 && this.#heldTotal === 0) break;
      delivered += claimed;
      await this.#waitIdle();
    }
    await this.#flush();
    return delivered;
  }

  async #run(): Promise<void> {
    while (this.#running) {
      let claimed = 0;
      this.#lastLimit = 0;
      try {
        claimed = await this.#claim();
      } catch (error) {
        this.#deps.log.error({ err: error }, 'webhook claim failed');
      }
      // A full batch: more may be due, claim again. Otherwise everything due that the caps allow
      // was taken: wait until an endpoint cut short by its cap (or a full dispatcher) finishes a
      // delivery, since its next due event may be claimed then, or for the poll interval.
      if (claimed > 0 && claimed >= this.#lastLimit) continue;
      await this.#waitForWork(this.#options.pollMs);
    }
  }

  async #claim(): Promise<number> {
    this.#slotFreed = false;
    const room = this.#options.concurrency - this.#heldTotal;
    if (room <= 0) return 0;
    const now = this.#deps.clock.now();
    const freeSlots = new Map<string, number>();
    for (const [endpoint, count] of this.#held) {
      freeSlots.set(endpoint, Math.max(this.#holdPerMerchant - count, 0));
    }
    const limit = Math.min(room, MAX_CLAIM);
    this.#lastLimit = limit;
    const events = await claimDueEvents(this.#deps.db, {
      now,
      leaseUntil: new Date(now.getTime() + this.#leaseMs),
      limit,
      perMerchant: this.#holdPerMerchant,
      freeSlots,
    });
    const taken = new Map<string, number>();
    for (const event of events) {
      const endpoint = endpointKey(event);
      taken.set(endpoint, (taken.get(endpoint) ?? 0) + 1);
    }
    for (const [endpoint, count] of taken) {
      if (count >= (freeSlots.get(endpoint) ?? this.#holdPerMerchant)) this.#capped.add(endpoint);
      else this.#capped.delete(endpoint);
    }
    for (const [endpoint, free] of freeSlots) {
      if (free > 0 && !taken.has(endpoint)) this.#capped.delete(endpoint);
    }
    for (const event of events) this.#take(event);
    return events.length;
  }

  /**
   * Holds a claimed event: sent at once if its endpoint has a free delivery slot, else queued
   * behind its deliveries in flight, so that the next one starts the moment one ends instead of
   * a claim query later (an endpoint's throughput is its slots over the delivery time alone).
   */
  #take(event: ClaimedEvent): void {
    const endpoint = endpointKey(event);
    this.#heldTotal += 1;
    this.#held.set(endpoint, (this.#held.get(endpoint) ?? 0) + 1);
    if ((this.#inFlight.get(endpoint) ?? 0) < this.#options.perMerchant) {
      this.#deliver(event);
      return;
    }
    const queue = this.#queued.get(endpoint);
    if (queue) queue.push(event);
    else this.#queued.set(endpoint, [event]);
  }

  #deliver(event: ClaimedEvent): void {
    const endpoint = endpointKey(event);
    this.#inFlight.set(endpoint, (this.#inFlight.get(endpoint) ?? 0) + 1);
    void inSpan(
      `webhook ${event.type}`,
      {
        'tranche.event_id': event.id,
        'tranche.merchant_id': event.merchant_id,
        'tranche.attempt': event.attempts + 1,
      },
      () => this.#attempt(event),
      SpanKind.PRODUCER,
    )
      .then((record) => this.#record(record))
      .catch((error: unknown) =>
        this.#deps.log.error({ err: error, event_id: event.id }, 'webhook delivery crashed'),
      )
      .finally(() => {
        const inFlight = (this.#inFlight.get(endpoint) ?? 1) - 1;
        if (inFlight === 0) this.#inFlight.delete(endpoint);
        else this.#inFlight.set(endpoint, inFlight);
        const queue = this.#queued.get(endpoint);
        const next = this.#stopping ? undefined : queue?.shift();
        if (queue?.length === 0) this.#queued.delete(endpoint);
        if (next) this.#deliver(next);
        this.#release(event);
      });
  }

  /** Forgets a held event (delivered, failed or handed back). */
  #release(event: ClaimedEvent): void {
    const endpoint = endpointKey(event);
    const worthAClaim = this.#heldTotal >= this.#options.concurrency || this.#capped.has(endpoint);
    this.#heldTotal -= 1;
    const held = (this.#held.get(endpoint) ?? 1) - 1;
    if (held === 0) this.#held.delete(endpoint);
    else this.#held.set(endpoint, held);
    if (worthAClaim) {
      this.#slotFreed = true;
      for (const wake of this.#slotWakers) wake();
    }
    if (this.#heldTotal === 0) for (const resolve of this.#idleWaiters.splice(0)) resolve();
  }

  /**
   * One delivery: the event's own mode's URL, signed with that mode's secrets (the claim joined
   * the event to its endpoint), under that mode's address rules.
   */
  async #attempt(event: ClaimedEvent): Promise<AttemptRecord> {
    const attemptedAt = this.#deps.clock.now();
    const headers = signatureHeaders(
      event.body,
      signingSecretsAt(event, attemptedAt, (sealed) => this.#open(sealed)),
      { id: event.id, type: event.type },
    );
    const result = await this.#sender.send({
      url: event.webhook_url,
      body: event.body,
      headers,
      ...webhookAddressRules(event.livemode, this.#options.loopbackTestWebhooks),
      poolKey: endpointKey(event),
    });
    const verdict = judgeDelivery(result);
    const base = {
      eventId: event.id,
      merchantId: event.merchant_id,
      livemode: event.livemode,
      attemptedAt,
      url: event.webhook_url,
      statusCode: result.kind === 'response' ? result.statusCode : null,
      latencyMs: result.latencyMs,
    };
    if (verdict.outcome === 'delivered') {
      crashPoint('webhook.delivered_unrecorded');
      return {
        ...base,
        error: null,
        status: 'delivered',
        nextAttemptAt: null,
        disableEndpoint: false,
      };
    }
    const failedAt = this.#deps.clock.now();
    const next = decideAfterFailure(
      event.attempts + 1,
      failedAt,
      event.retry_until,
      (this.#options.random ?? Math.random)(),
    );
    return {
      ...base,
      error: verdict.error,
      status: next.action === 'retry' ? 'retrying' : 'dead',
      nextAttemptAt: next.action === 'retry' ? next.at : null,
      disableEndpoint: verdict.disableEndpoint,
    };
  }

  #open(sealed: string): string {
    let secret = this.#secrets.get(sealed);
    if (secret === undefined) {
      if (this.#secrets.size > 10_000) this.#secrets.clear();
      secret = this.#deps.secretBox.open(sealed);
      this.#secrets.set(sealed, secret);
    }
    return secret;
  }

  #record(record: AttemptRecord): void {
    this.#pending.push(record);
    if (this.#pending.length >= FLUSH_AT) void this.#flush();
    else this.#flushTimer ??= setTimeout(() => void this.#flush(), FLUSH_EVERY_MS);
  }

  /** Writes buffered attempts; serialised so batches land in order. */
  #flush(): Promise<void> {
    if (this.#flushTimer) {
      clearTimeout(this.#flushTimer);
      this.#flushTimer = null;
    }
    const batch = this.#pending;
    this.#pending = [];
    this.#flushing = this.#flushing.then(async () => {
      if (batch.length === 0) return;
      try {
        await recordAttempts(this.#deps.db, batch);
        if (this.#options.onRecorded) {
          for (const attempt of batch) this.#options.onRecorded(attempt.status);
        }
      } catch (error) {
        // Unrecorded attempts are not lost: their events' leases run out and they are sent again.
        this.#deps.log.error(
          { err: error, attempts: batch.length },
          'recording webhook attempts failed',
        );
      }
    });
    return this.#flushing;
  }

  async #waitIdle(): Promise<void> {
    if (this.#heldTotal === 0) return;
    await new Promise<void>((resolve) => this.#idleWaiters.push(resolve));
  }

  #wakeAll(): void {
    for (const wake of this.#wakers) wake();
  }

  /**
   * Events were written (a PostgreSQL notification, ./wake.ts): claim now instead of at the next
   * poll. Wakes that come together are gathered for SLOT_GATHER_MS, so a burst of committed
   * transactions costs one claim, not one each.
   */
  wake(): void {
    this.#slotFreed = true;
    for (const wake of this.#slotWakers) wake();
  }

  /**
   * Sleeps for `ms`; less when the dispatcher stops, or when a slot frees up (then it waits
   * SLOT_GATHER_MS more, so that the slots freed meanwhile are claimed together).
   */
  #waitForWork(ms: number): Promise<void> {
    return new Promise((resolve) => {
      let gathering = false;
      const done = () => {
        clearTimeout(timer);
        this.#wakers.delete(done);
        this.#slotWakers.delete(slotFreed);
        resolve();
      };
      const slotFreed = () => {
        if (gathering) return;
        gathering = true;
        clearTimeout(timer);
        timer = setTimeout(done, SLOT_GATHER_MS);
      };
      let timer = setTimeout(done, ms);
      this.#wakers.add(done);
      this.#slotWakers.add(slotFreed);
      if (this.#slotFreed) slotFreed();
    });
  }
}
