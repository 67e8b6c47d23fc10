import {
  CliApi,
  CliFailure,
  type CliOutput,
  keyMerchant,
  reason,
  refusal,
  sleep,
} from './cli-api.ts';

export interface ListenOptions {
  apiBase: string;
  apiKey: string;
  forwardTo: string;
  /** Only these event types (the stream filters them); empty: all. */
  events: string[];
  signal: AbortSignal;
  /** Back-off after a lost connection: doubles from this up to 30 s (tests shorten it). */
  firstRetryMs?: number;
}

/** One SSE message of the stream: the delivery the service would make. */
interface StreamedEvent {
  id: string;
  type: string;
  headers: Record<string, string>;
  body: string;
}

const FORWARD_TIMEOUT_MS = 10_000;
const MAX_RETRY_MS = 30_000;

/**
 * `tranche listen`: reads the service's test event stream (an outbound connection, so it works
 * from a laptop the service cannot reach) and forwards each event's exact body and signature
 * headers to a local URL, one line per event. Reconnects with back-off after any drop and
 * resumes after the last event it received (Last-Event-ID), so nothing is lost; when the server
 * ends a stream on purpose (its maximum age, `event: reconnect`), at once and without a note.
 * Returns 0 when stopped (Ctrl-C), or throws a CliFailure (wrong key, live key) that the CLI
 * prints.
 */
export async function runListen(options: ListenOptions, out: CliOutput): Promise<number> {
  const target = new URL(options.forwardTo);
  const api = new CliApi(options.apiBase, options.apiKey);
  const merchant = await keyMerchant(api);
  const testUrl = merchant.webhooks?.test?.url;
  out.print(
    `Ready. Forwarding the test events of ${merchant.id} (${merchant.business_name}) to ${target.href}`,
  );
  out.print(
    '  Signed with your test webhook secret (whsec_…, shown when the merchant was created or its test secret rolled): verify with it, exactly as in production.',
  );
  if (testUrl) out.print(`  Your test webhook URL ${testUrl} keeps receiving its own deliveries.`);
  if (options.events.length > 0) out.print(`  Only: ${options.events.join(', ')}`);
  out.print('  Ctrl-C to stop.');

  let lastEventId: string | undefined;
  let retryMs = options.firstRetryMs ?? 1_000;
  // Read through a function: Ctrl-C aborts it while the loop awaits.
  const stopped = () => options.signal.aborted;
  while (!stopped()) {
    const attempt = { connected: false };
    try {
      const ended = await readStream(options, merchant.id, lastEventId, {
        onOpen: () => {
          attempt.connected = true;
          retryMs = options.firstRetryMs ?? 1_000;
        },
        onEvent: async (event) => out.print(await forward(target, event)),
        onCursor: (cursor) => (lastEventId = cursor),
      });
      if (stopped()) break;
      if (ended.reconnectNow) continue;
      out.note(`${clock()}  The stream ended; reconnecting in ${seconds(retryMs)} …`);
    } catch (error) {
      if (stopped()) break;
      if (error instanceof CliFailure) throw error;
      out.note(
        `${clock()}  Connection lost (${reason(error)}); reconnecting in ${seconds(retryMs)} …`,
      );
    }
    await sleep(retryMs, options.signal);
    if (!attempt.connected) retryMs = Math.min(retryMs * 2, MAX_RETRY_MS);
  }
  out.print('Stopped.');
  return 0;
}

async function readStream(
  options: ListenOptions,
  merchantId: string,
  lastEventId: string | undefined,
  on: {
    onOpen(): void;
    onEvent(event: StreamedEvent): Promise<void>;
    onCursor(cursor: string): void;
  },
): Promise<{ reconnectNow: boolean }> {
  const query =
    options.events.length > 0 ? `?events=${encodeURIComponent(options.events.join(','))}` : '';
  const response = await fetch(
    `${options.apiBase}/api/v1/merchant/${encodeURIComponent(merchantId)}/webhook-events/stream${query}`,
    {
      headers: {
        authorization: `Bearer ${options.apiKey}`,
        accept: 'text/event-stream',
        ...(lastEventId && { 'last-event-id': lastEventId }),
      },
      signal: options.signal,
    },
  );
  if (response.status !== 200) {
    const body = (await response.json().catch(() => ({}))) as { detail?: string };
    const answer = { status: response.status, body };
    // A refused key does not get better by retrying; a server error or a restart does.
    if (response.status === 401 || response.status === 403 || response.status === 400) {
      throw response.status === 401
        ? new CliFailure(`The API key was refused (401): ${body.detail ?? 'invalid key'}`)
        : refusal('Opening the event stream', answer);
    }
    throw new Error(`HTTP ${response.status}: ${body.detail ?? 'no detail'}`);
  }
  if (!response.body) throw new Error('the stream has no body');
  on.onOpen();
  const decoder = new TextDecoder();
  let buffer = '';
  let reconnectNow = false;
  for await (const chunk of response.body) {
    buffer += decoder.decode(chunk as Uint8Array, { stream: true });
    let end: number;
    while ((end = buffer.indexOf('\n\n')) >= 0) {
      const message = buffer.slice(0, end);
      buffer = buffer.slice(end + 2);
      const lines = message.split('\n');
      const field = (name: string) =>
        lines
          .filter((line) => line.startsWith(`${name}:`))
          .map((line) => line.slice(name.length + 1).replace(/^ /, ''));
      const data = field('data').join('\n');
      // Comment lines (`: heartbeat`) and `retry:` carry no data; an `id` alone is a checkpoint.
      if (data !== '') await on.onEvent(JSON.parse(data) as StreamedEvent);
      const cursor = field('id').at(-1);
      if (cursor) on.onCursor(cursor);
      // The server's last message before it ends the stream on purpose (decision 0032).
      if (data === '' && field('event').at(-1) === 'reconnect') reconnectNow = true;
    }
  }
  return { reconnectNow };
}

/**
 * Sends the body bytes as they arrived (never re-serialised, or the signature would not verify)
 * with the delivery's own headers, and describes the local server's answer in one line.
 */
async function forward(target: URL, event: StreamedEvent): Promise<string> {
  const started = performance.now();
  const head = `${clock()}  ${event.type.padEnd(30)} ${event.id}`;
  try {
    const response = await fetch(target, {
      method: 'POST',
      headers: event.headers,
      body: Buffer.from(event.body, 'utf8'),
      redirect: 'manual',
      signal: AbortSignal.timeout(FORWARD_TIMEOUT_MS),
    });
    await response.arrayBuffer().catch(() => undefined);
    return `${head}  → ${response.status} (${Math.round(performance.now() - started)} ms)`;
  } catch (error) {
    return `${head}  → failed: ${reason(error)} (${Math.round(performance.now() - started)} ms)`;
  }
}

function clock(): string {
  return new Date().toTimeString().slice(0, 8);
}

function seconds(ms: number): string {
  return `${Math.round(ms / 100) / 10} s`;
}
