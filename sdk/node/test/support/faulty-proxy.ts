import { createServer, type IncomingHttpHeaders, request as httpRequest } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * What the proxy does with one request:
 * - `forward`: pass it to the API and its answer back;
 * - `answer`: reply itself (the API never sees the request);
 * - `forward-then-answer`: pass it to the API, let the API do the work, then throw its answer
 *   away and reply with this instead (an answer lost on the way back);
 * - `forward-then-reset`: pass it on, then cut the client's connection without a reply.
 */
export type Fault =
  | { kind: 'forward' }
  | { kind: 'answer'; status: number; headers?: Record<string, string>; body?: string }
  | { kind: 'forward-then-answer'; status: number; headers?: Record<string, string>; body?: string }
  | { kind: 'forward-then-reset' };

export interface SeenRequest {
  method: string;
  url: string;
  headers: IncomingHttpHeaders;
  at: number;
}

export interface FaultyProxy {
  url: string;
  seen: SeenRequest[];
  /** Decides each request from it and how many requests came before it (0 for the first). */
  plan: (request: SeenRequest, index: number) => Fault;
  close(): Promise<void>;
}

/** A real HTTP proxy in front of the API, on its own port, that fails requests on purpose. */
export async function startFaultyProxy(target: string): Promise<FaultyProxy> {
  const upstream = new URL(target);
  const proxy: FaultyProxy = {
    url: '',
    seen: [],
    plan: () => ({ kind: 'forward' }),
    close: () =>
      new Promise((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const seen: SeenRequest = {
        method: req.method ?? 'GET',
        url: req.url ?? '/',
        headers: req.headers,
        at: Date.now(),
      };
      const fault = proxy.plan(seen, proxy.seen.length);
      proxy.seen.push(seen);
      const reply = (status: number, headers: Record<string, string> = {}, body = '') => {
        res.writeHead(status, { 'content-type': 'application/json', ...headers });
        res.end(body);
      };
      if (fault.kind === 'answer') return reply(fault.status, fault.headers, fault.body);

      const forwarded = httpRequest(
        {
          host: upstream.hostname,
          port: upstream.port,
          method: seen.method,
          path: seen.url,
          headers: { ...req.headers, host: upstream.host },
        },
        (answer) => {
          const body: Buffer[] = [];
          answer.on('data', (chunk: Buffer) => body.push(chunk));
          answer.on('end', () => {
            if (fault.kind === 'forward-then-reset') return res.socket?.destroy();
            if (fault.kind === 'forward-then-answer') {
              return reply(fault.status, fault.headers, fault.body);
            }
            const headers: Record<string, string> = {};
            for (const [name, value] of Object.entries(answer.headers)) {
              if (
                typeof value === 'string' &&
                name !== 'connection' &&
                name !== 'transfer-encoding'
              ) {
                headers[name] = value;
              }
            }
            reply(answer.statusCode ?? 502, headers, Buffer.concat(body).toString('utf8'));
          });
        },
      );
      forwarded.on('error', () => reply(502, {}, '{"proxy":"upstream failed"}'));
      forwarded.end(Buffer.concat(chunks));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  proxy.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return proxy;
}
