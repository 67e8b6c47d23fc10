import type { AppContext } from '../../app-context.ts';
import { DomainError } from '../../domain/errors.ts';
import { loadWebhookEndpoint } from './endpoints.ts';
import { signatureHeaders, signingSecretsAt } from './signing.ts';
import { eventXid, nextXid, oldestRunningXid, readStreamWindow } from './stream-queries.ts';

/** One event as the stream carries it: what the real delivery would send, byte for byte. */
export interface StreamedEvent {
  id: string;
  type: string;
  /** The exact body the real delivery sends (and signs). */
  body: string;
  /** The real delivery's headers, signed with the test endpoint's secret(s) now. */
  headers: Record<string, string>;
  /** Where a reconnect resumes to have everything after this event (SSE `id`). */
  cursor: string;
}

const PAGE = 200;
/** The largest xid8 (an unsigned 64-bit integer): a cursor's mark past it is no transaction id. */
const XID8_MAX = 2n ** 64n - 1n;

/**
 * A cursor's mark is a transaction id this database has already handed out. Past the xid8 range
 * it is none at all (reading with it would fail in the database); past the next id to be handed
 * out it was not issued here (another database, a forged value), and reading from it would skip
 * every event until transaction ids caught up with it. Either way, 400 before any read.
 */
async function refuseForeignMark(ctx: AppContext, cursor: string, mark: bigint): Promise<void> {
  const refuse = () =>
    new DomainError(
      'invalid_request',
      `${cursor} is not a cursor this stream issued: reconnect without Last-Event-ID or since to start from now.`,
    );
  if (mark > XID8_MAX) throw refuse();
  if (mark > BigInt(await nextXid(ctx.db))) throw refuse();
}

/**
 * A merchant's test-mode events as they are written, for `tranche listen` (decision 0023).
 * Reading never touches delivery state: real deliveries to the test webhook URL go on as before.
 *
 * Transactions commit in any order, so "after the last event sent" would skip an event whose
 * transaction committed late. The stream keeps a low-water mark instead: the oldest transaction
 * still running when it last looked (every event of an older transaction is visible by then).
 * Each read takes the window of events written at or after the mark and sends those it has not
 * sent yet; the mark then moves up. A long transaction anywhere holds the mark back and the
 * window grows, but new events still go out at once.
 *
 * Cursors are `<mark>:<event id>` (or `<mark>:` at a checkpoint): a reconnect re-reads from the
 * mark, skipping that one event. Events in the window it had already sent come again, so the
 * stream is at least once, like deliveries (receivers de-duplicate on `id`); in the usual case,
 * with no long transaction, the checkpoint mark is past them all and nothing repeats.
 */
export class TestEventStream {
  readonly #ctx: AppContext;
  readonly #merchantId: string;
  readonly #types: readonly string[] | null;
  #mark: bigint;
  /** Ids sent (or skipped as the past) whose transaction is not below the mark yet. */
  readonly #seen = new Map<string, bigint>();
  #checkpointed = true;

  private constructor(
    ctx: AppContext,
    merchantId: string,
    mark: bigint,
    types: readonly string[] | null,
  ) {
    this.#ctx = ctx;
    this.#merchantId = merchantId;
    this.#mark = mark;
    this.#types = types;
  }

  /**
   * Opens after `cursor` (a reconnect's Last-Event-ID or `since`: a cursor, or a bare event id),
   * or, without one, at the present: what is visible now is the past and is not sent.
   */
  static async open(
    ctx: AppContext,
    merchantId: string,
    options: { cursor?: string | undefined; types?: readonly string[] | undefined },
  ): Promise<TestEventStream> {
    const types = options.types && options.types.length > 0 ? options.types : null;
    if (!options.cursor) {
      const stream = new TestEventStream(
        ctx,
        merchantId,
        BigInt(await oldestRunningXid(ctx.db)),
        types,
      );
      await stream.#read((event) => stream.#seen.set(event.id, BigInt(event.created_xid)));
      return stream;
    }
    const parsed = /^(\d{1,20}):(evt_[A-Za-z0-9_]{1,60})?$/.exec(options.cursor);
    if (parsed?.[1] !== undefined) await refuseForeignMark(ctx, options.cursor, BigInt(parsed[1]));
    const eventId = parsed ? parsed[2] : options.cursor;
    const xid = parsed?.[1] ?? (await eventXid(ctx.db, merchantId, options.cursor));
    if (!xid) {
      throw new DomainError(
        'invalid_request',
        `${options.cursor} is not one of your test events or a stream cursor (events are kept 30 days): reconnect without Last-Event-ID or since to start from now.`,
      );
    }
    const stream = new TestEventStream(ctx, merchantId, BigInt(xid), types);
    if (eventId) stream.#seen.set(eventId, BigInt(xid));
    return stream;
  }

  /**
   * The events that became visible since the last call, and a checkpoint cursor (an SSE `id`
   * without data) when the mark moved past events already sent.
   */
  async next(): Promise<{ events: StreamedEvent[]; checkpoint: string | null }> {
    const nextMark = BigInt(await oldestRunningXid(this.#ctx.db));
    const fresh: { id: string; type: string; body: string; created_xid: string }[] = [];
    await this.#read((row) => {
      if (this.#seen.has(row.id)) return;
      this.#seen.set(row.id, BigInt(row.created_xid));
      fresh.push(row);
    });
    const events = fresh.length > 0 ? await this.#signed(fresh) : [];
    if (events.length > 0) this.#checkpointed = false;
    let checkpoint: string | null = null;
    if (nextMark > this.#mark) {
      this.#mark = nextMark;
      for (const [id, xid] of this.#seen) if (xid < nextMark) this.#seen.delete(id);
      if (!this.#checkpointed && this.#seen.size === 0) {
        checkpoint = `${this.#mark}:`;
        this.#checkpointed = true;
      }
    }
    return { events, checkpoint };
  }

  async #read(
    each: (row: { id: string; type: string; body: string; created_xid: string }) => void,
  ): Promise<void> {
    let after = { xid: String(this.#mark), id: '' };
    for (;;) {
      const rows = await readStreamWindow(this.#ctx.db, {
        merchantId: this.#merchantId,
        after,
        types: this.#types,
        limit: PAGE,
      });
      rows.forEach(each);
      const last = rows.at(-1);
      if (!last || rows.length < PAGE) return;
      after = { xid: last.created_xid, id: last.id };
    }
  }

  async #signed(
    rows: readonly { id: string; type: string; body: string }[],
  ): Promise<StreamedEvent[]> {
    // Signed when sent, with the secrets valid now, as the dispatcher signs each attempt: after
    // a roll, the new secret, and the previous one in the overlap header.
    const endpoint = await loadWebhookEndpoint(this.#ctx.db, this.#merchantId, false);
    const secrets = signingSecretsAt(endpoint, this.#ctx.clock.now(), (sealed) =>
      this.#ctx.secretBox.open(sealed),
    );
    return rows.map((row) => ({
      id: row.id,
      type: row.type,
      body: row.body,
      headers: {
        'content-type': 'application/json',
        ...signatureHeaders(row.body, secrets, { id: row.id, type: row.type }),
      },
      cursor: `${this.#mark}:${row.id}`,
    }));
  }
}
