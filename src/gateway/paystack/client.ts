import { GatewayError } from '../port.ts';
import type { PaystackEnvelope } from './wire.ts';

export interface PaystackClientOptions {
  baseUrl: string;
  secretKey: string;
  timeoutMs: number;
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
  ): Promise<{ data: T; message: string; httpStatus: number }> {
    let response: Response;
    try {
      response = await fetch(`${this.baseUrl}${path}`, {
        method,
        headers: {
          authorization: `Bearer ${this.secretKey}`,
          accept: 'application/json',
          ...(body !== undefined && { 'content-type': 'application/json' }),
        },
        ...(body !== undefined && { body: JSON.stringify(body) }),
        redirect: 'manual',
        signal: AbortSignal.timeout(this.timeoutMs),
      });
    } catch (error) {
      const timedOut =
        error instanceof DOMException &&
        (error.name === 'TimeoutError' || error.name === 'AbortError');
      throw new GatewayError(
        'unavailable',
        timedOut
          ? `gateway timed out after ${this.timeoutMs} ms on ${method} ${path}`
          : `gateway unreachable on ${method} ${path}`,
      );
    }
    let parsed: unknown;
    try {
      parsed = await response.json();
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
    if (response.status === 404)
      throw new GatewayError('not_found', message || 'not found', 404, envelope.code ?? null);
    if (response.status >= 300 || envelope.status !== true) {
      throw new GatewayError(
        response.status === 401 ? 'unavailable' : 'rejected',
        message || `gateway refused with ${response.status}`,
        response.status,
        envelope.code ?? null,
      );
    }
    return { data: envelope.data as T, message, httpStatus: response.status };
  }
}
