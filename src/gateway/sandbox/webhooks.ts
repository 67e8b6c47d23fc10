import type { FastifyBaseLogger } from 'fastify';

import { hmacSha512Hex } from '../../platform/crypto.ts';
import type { Faults } from './faults.ts';

/**
 * Signed webhook delivery (fact sheet §9): compact JSON `{"event":…,"data":…}` POSTed with
 * `x-paystack-signature` = hex HMAC-SHA512(secret key, body bytes). Delivery is asynchronous and
 * retried a few times on connection errors and non-2xx answers; unlike Paystack's hourly test
 * retries, the sandbox gives up within a second so tests stay fast.
 *
 * Two faults act here: duplicate (each delivery happens twice) and reorder (deliveries are held
 * and released newest-first in small batches).
 */

export interface WebhookSenderOptions {
  secretKey: string;
  log: FastifyBaseLogger;
  faults: Faults;
  /** Pauses between attempts; one more attempt than entries. */
  retryDelaysMs?: readonly number[];
  attemptTimeoutMs?: number;
}

const REORDER_BATCH_SIZE = 3;
const REORDER_WINDOW_MS = 250;

interface HeldDelivery {
  run: () => Promise<boolean>;
  resolve: (delivered: boolean) => void;
}

export class WebhookSender {
  private readonly options: WebhookSenderOptions;
  private readonly retryDelaysMs: readonly number[];
  private readonly inFlight = new Set<Promise<boolean>>();
  private held: HeldDelivery[] = [];
  private heldTimer: NodeJS.Timeout | undefined;

  constructor(options: WebhookSenderOptions) {
    this.options = options;
    this.retryDelaysMs = options.retryDelaysMs ?? [100, 300];
  }

  /**
   * Queues one event for `url`. The promise says whether the receiver acknowledged it (after
   * retries); it never rejects, so callers may ignore it.
   */
  send(url: string | undefined, event: string, data: unknown): Promise<boolean> {
    if (url === undefined) return Promise.resolve(false);
    const body = JSON.stringify({ event, data });
    const signature = hmacSha512Hex(this.options.secretKey, body);
    const { duplicateWebhooks, reorderWebhooks } = this.options.faults.current();
    const run = async (): Promise<boolean> => {
      const delivered = await this.deliver(url, event, body, signature);
      if (!duplicateWebhooks) return delivered;
      const again = await this.deliver(url, event, body, signature);
      return delivered || again;
    };
    const promise = reorderWebhooks ? this.hold(run) : run();
    this.inFlight.add(promise);
    void promise.finally(() => this.inFlight.delete(promise));
    return promise;
  }

  /** Releases held deliveries and waits for everything under way (shutdown, tests). */
  async drain(): Promise<void> {
    this.releaseHeld();
    while (this.inFlight.size > 0) await Promise.all([...this.inFlight]);
  }

  private hold(run: () => Promise<boolean>): Promise<boolean> {
    return new Promise<boolean>((resolve) => {
      this.held.push({ run, resolve });
      if (this.held.length >= REORDER_BATCH_SIZE) this.releaseHeld();
      else this.heldTimer ??= setTimeout(() => this.releaseHeld(), REORDER_WINDOW_MS);
    });
  }

  private releaseHeld(): void {
    clearTimeout(this.heldTimer);
    this.heldTimer = undefined;
    const batch = this.held.reverse();
    this.held = [];
    // One after another, so the receiver really sees the reversed order.
    void (async () => {
      for (const delivery of batch) delivery.resolve(await delivery.run());
    })();
  }

  private async deliver(
    url: string,
    event: string,
    body: string,
    signature: string,
  ): Promise<boolean> {
    const attempts = this.retryDelaysMs.length + 1;
    for (let attempt = 1; attempt <= attempts; attempt++) {
      try {
        const response = await fetch(url, {
          method: 'POST',
          headers: {
            'content-type': 'application/json',
            'x-paystack-signature': signature,
            'user-agent': 'Tranche-Sandbox-Gateway',
          },
          body,
          signal: AbortSignal.timeout(this.options.attemptTimeoutMs ?? 5_000),
        });
        await response.arrayBuffer();
        if (response.ok) return true;
        this.options.log.warn({ event, url, status: response.status, attempt }, 'webhook refused');
      } catch (error) {
        this.options.log.warn({ event, url, attempt, err: error }, 'webhook delivery failed');
      }
      const pause = this.retryDelaysMs[attempt - 1];
      if (pause !== undefined) await new Promise((resolve) => setTimeout(resolve, pause));
    }
    return false;
  }
}
