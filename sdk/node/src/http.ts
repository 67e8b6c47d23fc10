import { randomUUID } from 'node:crypto';
import { setTimeout as delay } from 'node:timers/promises';

import {
  errorClassFor,
  TrancheAPIError,
  TrancheConnectionError,
  type TrancheError,
  TrancheRateLimitError,
  TrancheTimeoutError,
} from './errors.ts';
import { type OperationId, OPERATIONS } from './operations.ts';

export const SDK_VERSION = '0.1.0';

export interface ClientOptions {
  /** The merchant's secret key, `sk_test_…` or `sk_live_…`. Server side only. */
  secretKey: string;
  /** The merchant the key belongs to (`mer_…`): every merchant route is under it. */
  merchantId: string;
  /** Where Tranche is; default `http://localhost:3000` (what `npm start` serves). */
  baseUrl?: string;
  /** Retries after a 429, a 5xx or a network error, where retrying is safe. Default 2. */
  maxRetries?: number;
  /** Per attempt, in milliseconds. Default 30,000. */
  timeoutMs?: number;
  /** Longest `Retry-After` worth waiting for; a longer one fails at once. Default 60,000. */
  maxRetryAfterMs?: number;
  /** The fetch to use (a proxy agent, a test double); default the global fetch. */
  fetch?: typeof fetch;
}

/** Options of one call; they override the client's. */
export interface RequestOptions {
  /**
   * For a POST the API de-duplicates (`idempotent` in `operations`): the `Idempotency-Key` (a UUID
   * v4). Default: a new random one per call, kept across that call's retries. Pass your own to
   * make retries across processes safe, e.g. one per order. The other POSTs take no key: one
   * given to them is sent anyway, and the API refuses it (400 `invalid_idempotency_key`).
   */
  idempotencyKey?: string;
  maxRetries?: number;
  timeoutMs?: number;
  signal?: AbortSignal;
}

type QueryValue = string | number | boolean | undefined;

export interface RequestInput {
  path?: Record<string, string>;
  query?: Record<string, QueryValue>;
  body?: unknown;
}

const BASE_DELAY_MS = 500;
const MAX_DELAY_MS = 8_000;

/**
 * The transport: one operation of the API, with its `Idempotency-Key`, retries and the error
 * envelope turned into a typed error. Answers are the API's JSON, typed by the caller from the
 * generated `operations` (src/resources.ts).
 */
export class HttpClient {
  readonly merchantId: string;
  private readonly secretKey: string;
  private readonly baseUrl: string;
  private readonly maxRetries: number;
  private readonly timeoutMs: number;
  private readonly maxRetryAfterMs: number;
  private readonly fetch: typeof fetch;

  constructor(options: ClientOptions) {
    if (!/^sk_(test|live)_\S+$/.test(options.secretKey)) {
      throw new TypeError('Tranche: secretKey must be an sk_test_… or sk_live_… key.');
    }
    if (!options.merchantId) throw new TypeError('Tranche: merchantId is required (mer_…).');
    this.secretKey = options.secretKey;
    this.merchantId = options.merchantId;
    this.baseUrl = (options.baseUrl ?? 'http://localhost:3000').replace(/\/+$/, '');
    this.maxRetries = options.maxRetries ?? 2;
    this.timeoutMs = options.timeoutMs ?? 30_000;
    this.maxRetryAfterMs = options.maxRetryAfterMs ?? 60_000;
    this.fetch = options.fetch ?? globalThis.fetch;
  }

  /**
   * Calls an operation and returns its success body, parsed JSON of the shape the document gives
   * that operation (resources.ts names it).
   */
  async request(
    id: OperationId,
    input: RequestInput,
    options: RequestOptions = {},
  ): Promise<unknown> {
    return this.send(id, input, options, 'json');
  }

  /** Calls an operation that answers a CSV file (the exports) and returns its text. */
  async requestCsv(
    id: OperationId,
    input: RequestInput,
    options: RequestOptions = {},
  ): Promise<string> {
    return (await this.send(id, input, options, 'csv')) as string;
  }

  private async send(
    id: OperationId,
    input: RequestInput,
    options: RequestOptions,
    answer: 'json' | 'csv',
  ): Promise<unknown> {
    const operation = OPERATIONS[id];
    const url = this.url(operation.path, input);
    const headers: Record<string, string> = {
      authorization: `Bearer ${this.secretKey}`,
      accept: answer === 'csv' ? 'text/csv' : 'application/json',
      'user-agent': `tranche-node/${SDK_VERSION} node/${process.versions.node}`,
    };
    let body: string | undefined;
    if (input.body !== undefined) {
      headers['content-type'] = 'application/json';
      body = JSON.stringify(input.body);
    }
    // Only the POSTs that honour a key get one by default: the others refuse the header (400).
    if (operation.method === 'POST' && operation.idempotent) {
      headers['idempotency-key'] = options.idempotencyKey ?? randomUUID();
    } else if (options.idempotencyKey !== undefined) {
      headers['idempotency-key'] = options.idempotencyKey;
    }
    // Retrying is safe where a repeat cannot do the work twice: reads and deletes, and POSTs the
    // server de-duplicates by Idempotency-Key. A 429 was refused before any work, so it is always
    // safe to wait out.
    const repeatable =
      operation.method === 'GET' || operation.method === 'DELETE' || operation.idempotent;
    const maxRetries = options.maxRetries ?? this.maxRetries;
    const timeoutMs = options.timeoutMs ?? this.timeoutMs;

    for (let attempt = 0; ; attempt++) {
      const canRetry = attempt < maxRetries;
      const timeout = AbortSignal.timeout(timeoutMs);
      const signal = options.signal ? AbortSignal.any([options.signal, timeout]) : timeout;
      let response: Response;
      let text: string;
      try {
        response = await this.fetch(url, { method: operation.method, headers, body, signal });
        text = await response.text();
      } catch (cause) {
        if (options.signal?.aborted) throw cause;
        const error = timeout.aborted
          ? new TrancheTimeoutError(`No answer from Tranche within ${timeoutMs} ms.`, { cause })
          : new TrancheConnectionError(`Could not reach Tranche at ${this.baseUrl}.`, { cause });
        if (canRetry && repeatable) {
          await sleep(backoffMs(attempt), options.signal);
          continue;
        }
        throw error;
      }
      if (response.ok) return answer === 'csv' ? text : parseSuccess(response, text);

      const error = errorFrom(response, text);
      const retryAfterMs = retryAfterFrom(response.headers.get('retry-after'));
      const retryable =
        response.status === 429 ||
        (repeatable && (response.status >= 500 || response.status === 408));
      if (canRetry && retryable && (retryAfterMs ?? 0) <= this.maxRetryAfterMs) {
        await sleep(retryAfterMs ?? backoffMs(attempt), options.signal);
        continue;
      }
      throw error;
    }
  }

  private url(template: string, input: RequestInput): string {
    const path = template.replace(/\{(\w+)\}/g, (_, name: string) => {
      const value = name === 'merchant_id' ? this.merchantId : input.path?.[name];
      if (value === undefined || value === '') {
        throw new TypeError(`Tranche: the path parameter ${name} is missing.`);
      }
      return encodeURIComponent(value);
    });
    const query = new URLSearchParams();
    for (const [name, value] of Object.entries(input.query ?? {})) {
      if (value !== undefined) query.set(name, String(value));
    }
    const search = query.size > 0 ? `?${query.toString()}` : '';
    return `${this.baseUrl}${path}${search}`;
  }
}

/** Full jitter (AWS's "exponential backoff and jitter"): anywhere in [0, min(cap, base × 2^n)]. */
export function backoffMs(attempt: number, random: () => number = Math.random): number {
  return Math.round(random() * Math.min(MAX_DELAY_MS, BASE_DELAY_MS * 2 ** attempt));
}

/** `Retry-After` as seconds or an HTTP date, in milliseconds; undefined when absent or unreadable. */
export function retryAfterFrom(header: string | null, now = Date.now()): number | undefined {
  if (header === null || header.trim() === '') return undefined;
  if (/^\d+$/.test(header.trim())) return Number(header.trim()) * 1000;
  const date = Date.parse(header);
  return Number.isNaN(date) ? undefined : Math.max(0, date - now);
}

function headersOf(response: Response): Record<string, string> {
  return Object.fromEntries(response.headers.entries());
}

function parseSuccess(response: Response, text: string): unknown {
  try {
    return JSON.parse(text);
  } catch (cause) {
    throw new TrancheAPIError(`Tranche answered ${response.status} with a body that is not JSON.`, {
      status: response.status,
      requestId: response.headers.get('x-request-id') ?? undefined,
      headers: headersOf(response),
      cause,
    });
  }
}

interface ErrorEnvelope {
  code?: unknown;
  detail?: unknown;
  request_id?: unknown;
  retryable?: unknown;
}

function errorFrom(response: Response, text: string): TrancheError {
  let envelope: ErrorEnvelope = {};
  try {
    const parsed: unknown = JSON.parse(text);
    if (typeof parsed === 'object' && parsed !== null) envelope = parsed;
  } catch {
    // A proxy's HTML page or an empty body: the status still says what kind of failure it is.
  }
  const detail =
    typeof envelope.detail === 'string'
      ? envelope.detail
      : `Tranche answered ${response.status} ${response.statusText}`.trim();
  const retryAfterMs = retryAfterFrom(response.headers.get('retry-after'));
  const fields = {
    status: response.status,
    ...(typeof envelope.code === 'string' && { code: envelope.code }),
    ...((typeof envelope.request_id === 'string' || response.headers.has('x-request-id')) && {
      requestId:
        typeof envelope.request_id === 'string'
          ? envelope.request_id
          : (response.headers.get('x-request-id') ?? ''),
    }),
    retryable: envelope.retryable === true || response.status === 429,
    headers: headersOf(response),
  };
  if (response.status === 429) {
    return new TrancheRateLimitError(detail, {
      ...fields,
      ...(retryAfterMs !== undefined && { retryAfterSeconds: Math.ceil(retryAfterMs / 1000) }),
    });
  }
  const ErrorClass = errorClassFor(response.status);
  return new ErrorClass(detail, fields);
}

function sleep(ms: number, signal: AbortSignal | undefined): Promise<void> {
  return delay(ms, undefined, signal ? { signal } : {});
}
