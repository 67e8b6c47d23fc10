import http from 'node:http';
import https from 'node:https';

import { inSpan, SpanKind } from '../../platform/tracing.ts';
import { GatewayError } from '../port.ts';
import type { PaystackEnvelope } from './wire.ts';

export interface PaystackClientOptions {
  baseUrl: string;
  secretKey: string;
  timeoutMs: number;
}

/** Retries after a 429 within one call; beyond them the call is `unavailable` (asked again later). */
const MAX_RATE_LIMIT_RETRIES = 2;

/**
 * Milliseconds a `Retry-After` header asks for (seconds or an HTTP date), or null when absent or
 * unreadable: without a wait the gateway named, the call is not retried at once.
 */
export function retryAfterMs(header: string | undefined, now = Date.now()): number | null {
  if (header === undefined) return null;
  const value = header.trim();
  if (/^\d+$/.test(value)) return Number(value) * 1000;
  const date = Date.parse(value);
  return Number.isNaN(date) ? null : Math.max(0, date - now);
}

/**
 * HTTP to Paystack (or the sandbox, which speaks the same protocol). Every call has a timeout;
 * redirects are not followed; the secret key travels only in the Authorization header and is
 * never logged or put in an error message.
 */
export class PaystackClient {
  private readonly baseUrl: string;
  private readonly secretKey: string;
  private readonly timeoutMs: number;
  // An idle connection is closed after 4 s, before a server's usual keep-alive limit (Node's
  // 5 s), so a request is not sent on a connection the server is closing.
  private readonly httpAgent = new http.Agent({ keepAlive: true, timeout: 4_000 });
  private readonly httpsAgent = new https.Agent({ keepAlive: true, timeout: 4_000 });

  constructor(options: PaystackClientOptions) {
    this.baseUrl = options.baseUrl.replace(/\/+$/, '');
    this.secretKey = options.secretKey;
    this.timeoutMs = options.timeoutMs;
  }

  // The caller names the wire shape it expects; mapping.ts reads it tolerantly.
  // eslint-disable-next-line @typescript-eslint/no-unnecessary-type-parameters
  async request<T>(
    method: 'GET' | 'POST' | 'PUT',
    path: string,
    body?: object,
  ): Promise<{ data: T; message: string; httpStatus: number; meta?: unknown }> {
    // Ids and references out of the span's name, so that spans group by endpoint.
    const endpoint = (path.split('?')[0] ?? path).replace(/\/[^/]*\d[^/]*/g, '/{id}');
    return inSpan(
      `gateway ${method} ${endpoint}`,
      { 'http.request.method': method, 'url.path': endpoint },
      async (span) => {
        const answer = await this.#request<T>(method, path, body);
        span.setAttribute('http.response.status_code', answer.httpStatus);
        return answer;
      },
      SpanKind.CLIENT,
    );
  }

  // eslint-disable-next-line @typescript-eslint/no-unnecessary-type-parameters
  async #request<T>(
    method: 'GET' | 'POST' | 'PUT',
    path: string,
    body?: object,
  ): Promise<{ data: T; message: string; httpStatus: number; meta?: unknown }> {
    // One deadline for the whole call, 429 waits and retries included: no call outlives its timeout.
    const deadline = Date.now() + this.timeoutMs;
    const payload = body === undefined ? undefined : JSON.stringify(body);
    let response: Exchange;
    for (let retries = 0; ; retries++) {
      try {
        response = await this.send(method, path, payload, deadline - Date.now());
      } catch (error) {
        throw new GatewayError(
          'unavailable',
          error instanceof TimeoutError
            ? `gateway timed out after ${this.timeoutMs} ms on ${method} ${path}`
            : `gateway unreachable on ${method} ${path}`,
        );
      }
      if (response.status !== 429) break;
      // Rate limited: nothing was done. Wait as asked when that fits in this call's time, else
      // the call is `unavailable` (never a decline): the caller asks again later, same reference.
      const wait = retryAfterMs(response.retryAfter);
      if (retries >= MAX_RATE_LIMIT_RETRIES || wait === null || Date.now() + wait >= deadline) {
        throw new GatewayError(
          'unavailable',
          `gateway rate-limited ${method} ${path} (Retry-After: ${response.retryAfter ?? 'none'})`,
          429,
        );
      }
      await new Promise((resolve) => setTimeout(resolve, wait));
    }
    let parsed: unknown;
    try {
      parsed = JSON.parse(response.text);
    } catch {
      parsed = undefined;
    }
    if (response.status >= 500 || typeof parsed !== 'object' || parsed === null) {
      throw new GatewayError(
        'unavailable',
        `gateway answered ${response.status} without a usable body on ${method} ${path}`,
        response.status,
      );
    }
    const envelope = parsed as Partial<PaystackEnvelope<T>>;
    const message = typeof envelope.message === 'string' ? envelope.message : '';
    if (response.status === 404) {
      throw new GatewayError('not_found', message || 'not found', 404, envelope.code ?? null);
    }
    if (response.status >= 300 || envelope.status !== true) {
      throw new GatewayError(
        response.status === 401 ? 'unavailable' : 'rejected',
        message || `gateway refused with ${response.status}`,
        response.status,
        envelope.code ?? null,
      );
    }
    return { data: envelope.data as T, message, httpStatus: response.status, meta: envelope.meta };
  }

  /**
   * One HTTP exchange over kept-alive connections (node:http rather than fetch: a collection batch
   * makes hundreds of calls a second, and fetch costs several times the CPU per call). The
   * timeout covers connecting, the answer and its body; redirects are returned, not followed.
   */
  private send(
    method: string,
    path: string,
    body: string | undefined,
    timeoutMs: number,
  ): Promise<Exchange> {
    const url = new URL(`${this.baseUrl}${path}`);
    const transport = url.protocol === 'https:' ? https : http;
    const agent = url.protocol === 'https:' ? this.httpsAgent : this.httpAgent;
    return new Promise((resolve, reject) => {
      const request = transport.request(
        url,
        {
          method,
          agent,
          headers: {
            authorization: `Bearer ${this.secretKey}`,
            accept: 'application/json',
            ...(body !== undefined && {
              'content-type': 'application/json',
              'content-length': Buffer.byteLength(body),
            }),
          },
        },
        (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (chunk: Buffer) => chunks.push(chunk));
          res.on('end', () => {
            clearTimeout(timer);
            const retryAfter = res.headers['retry-after'];
            resolve({
              status: res.statusCode ?? 0,
              text: Buffer.concat(chunks).toString('utf8'),
              retryAfter: typeof retryAfter === 'string' ? retryAfter : undefined,
            });
          });
          res.on('error', fail);
        },
      );
      const timer = setTimeout(
        () => {
          request.destroy(new TimeoutError());
        },
        Math.max(0, timeoutMs),
      );
      function fail(error: Error) {
        clearTimeout(timer);
        reject(error);
      }
      request.on('error', fail);
      request.end(body);
    });
  }
}

interface Exchange {
  status: number;
  text: string;
  retryAfter: string | undefined;
}

class TimeoutError extends Error {
  override name = 'TimeoutError';
}
