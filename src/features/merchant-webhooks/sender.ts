import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import http from 'node:http';
import https from 'node:https';
import type { LookupFunction } from 'node:net';

import type { DeliveryResult } from '../../domain/webhook.ts';
import {
  type AddressPolicy,
  isIpLiteral,
  refusedAddress,
  refusedHostName,
} from './address-policy.ts';

export interface WebhookRequest {
  url: string;
  body: string;
  headers: Record<string, string>;
  policy: AddressPolicy;
  /** Live endpoints: plain http is refused before connecting. */
  httpsOnly: boolean;
  /** Connections are pooled per key (one merchant and mode), so endpoints never share sockets. */
  poolKey: string;
}

export interface WebhookSenderOptions {
  timeoutMs: number;
  /** Sockets per pool: bounds how many deliveries one endpoint can have in flight. */
  maxSocketsPerPool: number;
  /** Name resolution (default node:dns lookup); tests give names answers of their choosing. */
  lookup?: typeof dnsLookup;
}

/** Bytes of a response body we read before giving the connection up; the body is not kept. */
const MAX_RESPONSE_BYTES = 64 * 1024;

class AddressRefused extends Error {
  code = 'EADDRREFUSED_POLICY';
}

/**
 * Resolves like the default lookup, then refuses the connection when any address the name
 * resolves to is not allowed: the check runs on the address actually dialled (DNS rebinding).
 */
function guardedLookup(policy: AddressPolicy, resolve: typeof dnsLookup): LookupFunction {
  return (hostname, options, callback) => {
    resolve(hostname, { ...options, all: true }, (error, addresses: LookupAddress[]) => {
      if (error) return callback(error, '', 0);
      for (const entry of addresses) {
        const why = refusedAddress(entry.address, policy);
        if (why) return callback(new AddressRefused(`${hostname} resolves to ${why}`), '', 0);
      }
      const first = addresses[0];
      if (!first) return callback(new Error(`${hostname} did not resolve`), '', 0);
      if (options.all) {
        (callback as unknown as (e: null, a: LookupAddress[]) => void)(null, addresses);
      } else callback(null, first.address, first.family);
    });
  };
}

/**
 * One HTTP POST per delivery with node:http: a hard deadline over the whole exchange, redirects
 * never followed (node:http does not follow them), response bodies drained and discarded, and
 * keep-alive pools per merchant so one slow endpoint cannot take another's sockets.
 */
export class WebhookSender {
  readonly #options: WebhookSenderOptions;
  readonly #pools = new Map<string, http.Agent>();

  constructor(options: WebhookSenderOptions) {
    this.#options = options;
  }

  send(request: WebhookRequest): Promise<DeliveryResult> {
    const started = performance.now();
    const elapsed = () => Math.round(performance.now() - started);
    let url: URL;
    try {
      url = new URL(request.url);
    } catch {
      return Promise.resolve(failure('network', 'the webhook URL is not a valid URL', 0));
    }
    const secure = url.protocol === 'https:';
    if (!secure && url.protocol !== 'http:') {
      return Promise.resolve(failure('address_refused', 'the webhook URL must use https', 0));
    }
    if (!secure && request.httpsOnly) {
      return Promise.resolve(
        failure('address_refused', 'live-mode webhooks are sent over https only', 0),
      );
    }
    const why = isIpLiteral(url.hostname)
      ? refusedAddress(url.hostname, request.policy)
      : refusedHostName(url.hostname, request.policy);
    if (why) return Promise.resolve(failure('address_refused', `refused: ${why}`, 0));
    const agent = this.#pool(request.poolKey, secure);
    return new Promise<DeliveryResult>((resolve) => {
      let settled = false;
      const finish = (result: DeliveryResult) => {
        if (settled) return;
        settled = true;
        clearTimeout(deadline);
        resolve(result);
      };
      const req = (secure ? https : http).request(url, {
        method: 'POST',
        agent,
        lookup: guardedLookup(request.policy, this.#options.lookup ?? dnsLookup),
        headers: {
          ...request.headers,
          'content-type': 'application/json',
          'content-length': Buffer.byteLength(request.body),
        },
      });
      const deadline = setTimeout(() => {
        finish(
          failure('timeout', `timed out after ${this.#options.timeoutMs / 1000} s`, elapsed()),
        );
        req.destroy();
      }, this.#options.timeoutMs);
      req.on('response', (res) => {
        const statusCode = res.statusCode ?? 0;
        let received = 0;
        res.on('data', (chunk: Buffer) => {
          received += chunk.length;
          if (received > MAX_RESPONSE_BYTES) {
            finish({ kind: 'response', statusCode, latencyMs: elapsed() });
            res.destroy();
          }
        });
        res.on('end', () => finish({ kind: 'response', statusCode, latencyMs: elapsed() }));
        res.on('error', () => finish({ kind: 'response', statusCode, latencyMs: elapsed() }));
      });
      req.on('error', (error: NodeJS.ErrnoException) => finish(describeError(error, elapsed())));
      req.end(request.body);
    });
  }

  close(): void {
    for (const agent of this.#pools.values()) agent.destroy();
    this.#pools.clear();
  }

  #pool(key: string, secure: boolean): http.Agent {
    const poolKey = `${secure ? 's' : 'p'}:${key}`;
    let agent = this.#pools.get(poolKey);
    if (!agent) {
      const options = {
        keepAlive: true,
        maxSockets: this.#options.maxSocketsPerPool,
        maxFreeSockets: this.#options.maxSocketsPerPool,
        scheduling: 'lifo' as const,
      };
      agent = secure ? new https.Agent(options) : new http.Agent(options);
      this.#pools.set(poolKey, agent);
    }
    return agent;
  }
}

function failure(
  reason: Extract<DeliveryResult, { kind: 'error' }>['reason'],
  message: string,
  latencyMs: number,
): DeliveryResult {
  return { kind: 'error', reason, message, latencyMs };
}

function describeError(error: NodeJS.ErrnoException, latencyMs: number): DeliveryResult {
  if (error instanceof AddressRefused) {
    return failure('address_refused', `refused: ${error.message}`, latencyMs);
  }
  switch (error.code) {
    case 'ECONNREFUSED':
      return failure('connection_refused', 'connection refused', latencyMs);
    case 'ENOTFOUND':
    case 'EAI_AGAIN':
      return failure('network', `the host name did not resolve (${error.code})`, latencyMs);
    case 'ECONNRESET':
      return failure('network', 'the connection was reset before an answer', latencyMs);
    default:
      return failure('network', `${error.code ?? 'network error'}: ${error.message}`, latencyMs);
  }
}
