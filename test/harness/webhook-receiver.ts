import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface ReceivedWebhook {
  path: string;
  headers: IncomingHttpHeaders;
  body: string;
  receivedAt: number;
}

export interface Answer {
  status?: number;
  delayMs?: number;
  /** No answer at all until the receiver closes: a caller's timeout fires whatever the load. */
  hold?: boolean;
  headers?: Record<string, string>;
}

/**
 * A real HTTP server standing in for a merchant's webhook endpoint. `answer` decides each reply
 * from the request and how many requests this path has had (1 for the first).
 */
export interface WebhookReceiver {
  url: string;
  received: ReceivedWebhook[];
  answer: (request: ReceivedWebhook, count: number) => Answer;
  /** Called once the reply is fully written (the kill test uses it). */
  onAnswered: ((request: ReceivedWebhook) => void) | null;
  waitFor(count: number, timeoutMs?: number): Promise<void>;
  close(): Promise<void>;
}

export async function startWebhookReceiver(): Promise<WebhookReceiver> {
  const counts = new Map<string, number>();
  const receiver: WebhookReceiver = {
    url: '',
    received: [],
    answer: () => ({ status: 200 }),
    onAnswered: null,
    async waitFor(count, timeoutMs = 10_000) {
      const deadline = Date.now() + timeoutMs;
      while (receiver.received.length < count) {
        if (Date.now() > deadline) {
          throw new Error(`receiver got ${receiver.received.length} of ${count} requests`);
        }
        await new Promise((resolve) => setTimeout(resolve, 10));
      }
    },
    close: () => {
      server.closeAllConnections();
      return new Promise((resolve) => server.close(() => resolve()));
    },
  };
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const path = req.url ?? '/';
      const request = {
        path,
        headers: req.headers,
        body: Buffer.concat(chunks).toString('utf8'),
        receivedAt: Date.now(),
      };
      receiver.received.push(request);
      const count = (counts.get(path) ?? 0) + 1;
      counts.set(path, count);
      const answer = receiver.answer(request, count);
      if (answer.hold) return;
      const reply = () => {
        if (res.destroyed) return;
        res.writeHead(answer.status ?? 200, answer.headers ?? {});
        res.end('ok', () => receiver.onAnswered?.(request));
      };
      if (answer.delayMs) setTimeout(reply, answer.delayMs);
      else reply();
    });
  });
  server.keepAliveTimeout = 30_000;
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  receiver.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return receiver;
}
