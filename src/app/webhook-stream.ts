import {
  cursorAfterEvent,
  readStream,
  type StreamCursor,
  streamHead,
} from '../db/webhook-stream.ts';
import { DomainError } from '../domain/errors.ts';
import { signatureHeaders, signingSecretsAt } from '../webhooks/signing.ts';
import type { AppContext } from './context.ts';
import { loadWebhookEndpoint } from './webhook-endpoints.ts';

/** One event as the stream carries it: what the real delivery would send, byte for byte. */
export interface StreamedEvent {
  id: string;
  type: string;
  /** The exact body the real delivery sends (and signs). */
  body: string;
  /** The real delivery's headers, signed with the test endpoint's secret(s) now. */
  headers: Record<string, string>;
}

const BATCH = 100;

/**
 * A merchant's test-mode events, as they are written, for `tranche listen` (decision 0023).
 * Reading never touches delivery state: the real deliveries to the test webhook URL go on as
 * before. Starts after `lastEventId` (a reconnect) or, without one, at the head: events committed
 * from now on.
 */
export class TestEventStream {
  readonly #ctx: AppContext;
  readonly #merchantId: string;
  readonly #types: readonly string[] | null;
  #cursor: StreamCursor;

  private constructor(
    ctx: AppContext,
    merchantId: string,
    cursor: StreamCursor,
    types: readonly string[] | null,
  ) {
    this.#ctx = ctx;
    this.#merchantId = merchantId;
    this.#cursor = cursor;
    this.#types = types;
  }

  static async open(
    ctx: AppContext,
    merchantId: string,
    options: { lastEventId?: string | undefined; types?: readonly string[] | undefined },
  ): Promise<TestEventStream> {
    let cursor: StreamCursor;
    if (options.lastEventId) {
      const after = await cursorAfterEvent(ctx.db, merchantId, options.lastEventId);
      if (!after)
        throw new DomainError(
          'invalid_request',
          `${options.lastEventId} is not one of your test events (events are kept 30 days): reconnect without Last-Event-ID or since to start from now.`,
        );
      cursor = after;
    } else cursor = await streamHead(ctx.db);
    const types = options.types && options.types.length > 0 ? options.types : null;
    return new TestEventStream(ctx, merchantId, cursor, types);
  }

  /** The events committed since the last call (at most a batch; call again when it is full). */
  async next(): Promise<{ events: StreamedEvent[]; more: boolean }> {
    const rows = await readStream(this.#ctx.db, {
      merchantId: this.#merchantId,
      after: this.#cursor,
      types: this.#types,
      limit: BATCH,
    });
    const last = rows.at(-1);
    if (!last) return { events: [], more: false };
    this.#cursor = { xid: last.created_xid, id: last.id };
    // Signed when sent, with the secrets valid now, as the dispatcher signs each attempt: a roll
    // mid-stream signs with the new secret and the previous one in the overlap header.
    const endpoint = await loadWebhookEndpoint(this.#ctx.db, this.#merchantId, false);
    const secrets = signingSecretsAt(endpoint, this.#ctx.clock.now(), (sealed) =>
      this.#ctx.secretBox.open(sealed),
    );
    return {
      events: rows.map((row) => ({
        id: row.id,
        type: row.type,
        body: row.body,
        headers: {
          'content-type': 'application/json',
          ...signatureHeaders(row.body, secrets, { id: row.id, type: row.type }),
        },
      })),
      more: rows.length === BATCH,
    };
  }
}
