import type { FastifyReply, FastifyRequest } from 'fastify';

import { leaveInFlightCount } from '../../http/plugins/load-shedding.ts';
import type { StreamedEvent, TestEventStream } from './stream.ts';

export interface EventStreamTiming {
  /** How often the outbox is read for new events when the last read found none. */
  pollMs: number;
  /** A comment line after this long without a write, so proxies keep the connection open. */
  heartbeatMs: number;
  /**
   * The stream is ended after this long, less up to a tenth at random (streams opened together,
   * after a deploy, do not all reconnect together): heartbeats would otherwise keep it open for
   * ever, on a key that may have been revoked since, on an instance a balancer would rather drain.
   */
  maxAgeMs: number;
}

export const EVENT_STREAM_TIMING: Omit<EventStreamTiming, 'maxAgeMs'> = {
  pollMs: 500,
  heartbeatMs: 15_000,
};

/**
 * The last message of a stream the server ends on purpose (its maximum age): an event without
 * data, which EventSource does not dispatch and older clients ignore, telling `tranche listen` to
 * reconnect at once with its Last-Event-ID instead of after its back-off.
 */
const RECONNECT_MESSAGE =
  ': this stream reached its maximum age; reconnect with Last-Event-ID to resume\nevent: reconnect\n\n';

/** Streams in progress, so a closing server can end them (otherwise close waits on each one). */
const open = new Set<() => void>();

/** Ends every stream in progress: their clients reconnect (to another instance) with Last-Event-ID. */
export function endEventStreams(): void {
  for (const end of [...open]) end();
}

/**
 * One `text/event-stream` message per webhook event. `id` is the stream cursor after it, so a
 * reconnecting client's Last-Event-ID resumes there; `data` is one JSON line carrying the raw
 * body as a string, so the body arrives byte for byte as the real delivery would send it.
 */
export function eventStreamMessage(event: StreamedEvent): string {
  const data = JSON.stringify({
    id: event.id,
    type: event.type,
    headers: event.headers,
    body: event.body,
  });
  return `id: ${event.cursor}\nevent: ${event.type}\ndata: ${data}\n\n`;
}

/**
 * Takes the connection over from Fastify and writes the stream until the client hangs up, the
 * server closes, the stream reaches its maximum age, or reading fails (then the client
 * reconnects with Last-Event-ID and loses nothing: the cursor is in the ids it already has).
 */
export async function serveEventStream(
  request: FastifyRequest,
  reply: FastifyReply,
  stream: TestEventStream,
  timing: EventStreamTiming,
): Promise<void> {
  reply.hijack();
  leaveInFlightCount(request);
  const endAt = Date.now() + timing.maxAgeMs * (1 - Math.random() / 10);
  const res = reply.raw;
  res.writeHead(200, {
    'content-type': 'text/event-stream; charset=utf-8',
    'cache-control': 'no-cache, no-transform',
    connection: 'keep-alive',
    // nginx and similar proxies buffer responses unless told not to.
    'x-accel-buffering': 'no',
    'x-request-id': request.id,
  });
  // Changed by the close handlers while the loop awaits.
  const state: { closed: boolean; wake: (() => void) | null } = { closed: false, wake: null };
  const end = () => {
    state.closed = true;
    state.wake?.();
  };
  open.add(end);
  res.on('close', end);
  const write = async (text: string) => {
    if (!res.write(text) && !state.closed) {
      await new Promise<void>((resolve) => {
        res.once('drain', resolve);
        res.once('close', resolve);
      });
    }
    lastWrite = Date.now();
  };
  let lastWrite = Date.now();
  try {
    // `retry` tells EventSource clients how soon to reconnect after a drop.
    await write(`: connected\nretry: 2000\n\n`);
    while (!state.closed) {
      const { events, checkpoint } = await stream.next();
      for (const event of events) await write(eventStreamMessage(event));
      // An id without data moves the client's Last-Event-ID without an event (the SSE rules).
      if (checkpoint) await write(`id: ${checkpoint}\n\n`);
      if (Date.now() >= endAt) {
        await write(RECONNECT_MESSAGE);
        break;
      }
      if (Date.now() - lastWrite >= timing.heartbeatMs) await write(': heartbeat\n\n');
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, Math.min(timing.pollMs, Math.max(0, endAt - Date.now())));
        state.wake = () => {
          clearTimeout(timer);
          resolve();
        };
      });
      state.wake = null;
    }
  } catch (error) {
    request.log.error({ err: error }, 'event stream failed');
  } finally {
    open.delete(end);
    res.end();
  }
}
