import { randomUUID } from 'node:crypto';

/** What `tranche listen` and `tranche trigger` print through (tests capture it). */
export interface CliOutput {
  print(line: string): void;
  note(line: string): void;
}

/** A refusal the command reports in one line and exits 1 on (wrong key, live key, 4xx). */
export class CliFailure extends Error {}

export interface ApiAnswer {
  status: number;
  // The public API's JSON envelope; the commands read the few fields they need.
  body: { ok?: boolean; detail?: string; data?: unknown; [key: string]: unknown };
}

export const DEFAULT_API_BASE = 'http://127.0.0.1:3000';

/**
 * The key and address shared by listen and trigger: `--api-key`, else TRANCHE_SECRET_KEY; a live
 * key is refused before anything is sent (both commands act on sandbox data only).
 */
export function sandboxKey(option: string | undefined, command: string): string {
  const key = option ?? process.env.TRANCHE_SECRET_KEY;
  if (!key) {
    throw new CliFailure(
      `tranche ${command} needs a sandbox secret key: --api-key sk_test_… or TRANCHE_SECRET_KEY.`,
    );
  }
  if (key.startsWith('sk_live_')) {
    throw new CliFailure(
      `tranche ${command} works with sandbox keys only (sk_test_…); this is a live key. Live events go to your live webhook URL.`,
    );
  }
  return key;
}

export function apiBase(option: string | undefined): string {
  const base = (option ?? process.env.TRANCHE_API_BASE ?? DEFAULT_API_BASE).replace(/\/+$/, '');
  try {
    new URL(base);
  } catch {
    throw new CliFailure(`--api-base ${base} is not a URL (e.g. http://127.0.0.1:3000).`);
  }
  return base.endsWith('/api/v1') ? base.slice(0, -'/api/v1'.length) : base;
}

/**
 * A small client of the public API. Every POST with a credential carries a fresh Idempotency-Key,
 * so a 429 or a network error is retried without doing anything twice; 429 waits what
 * Retry-After says. The POSTs the API takes no key on (decision 0038) carry none: an anonymous
 * one (a customer's registration), and those the caller marks `{ idempotencyKey: false }`
 * (identity verification).
 */
export class CliApi {
  readonly base: string;
  readonly #auth: string | null;

  constructor(base: string, bearer: string | null) {
    this.base = base;
    this.#auth = bearer && `Bearer ${bearer}`;
  }

  /** The same client acting with another bearer (a customer's token), or none. */
  as(bearer: string | null): CliApi {
    return new CliApi(this.base, bearer);
  }

  get(path: string): Promise<ApiAnswer> {
    return this.#send('GET', path, undefined);
  }

  post(
    path: string,
    body: unknown = {},
    options: { idempotencyKey?: boolean } = {},
  ): Promise<ApiAnswer> {
    return this.#send('POST', path, body, options.idempotencyKey ?? Boolean(this.#auth));
  }

  patch(path: string, body: unknown): Promise<ApiAnswer> {
    return this.#send('PATCH', path, body);
  }

  async #send(method: string, path: string, body: unknown, keyed = false): Promise<ApiAnswer> {
    const idempotencyKey = keyed ? randomUUID() : undefined;
    for (let attempt = 1; ; attempt++) {
      let response: Response;
      try {
        response = await fetch(`${this.base}${path}`, {
          method,
          headers: {
            ...(this.#auth && { authorization: this.#auth }),
            ...(body !== undefined && { 'content-type': 'application/json' }),
            ...(idempotencyKey && { 'idempotency-key': idempotencyKey }),
          },
          ...(body !== undefined && { body: JSON.stringify(body) }),
          signal: AbortSignal.timeout(30_000),
        });
      } catch (error) {
        if (attempt < 4) {
          await sleep(500 * 2 ** attempt);
          continue;
        }
        throw new CliFailure(`Cannot reach ${this.base}: ${reason(error)}.`);
      }
      const text = await response.text();
      if (response.status === 429 && attempt < 6) {
        const wait = Number(response.headers.get('retry-after') ?? '1');
        await sleep(Math.min(Number.isFinite(wait) ? wait : 1, 60) * 1000);
        continue;
      }
      let parsed: ApiAnswer['body'];
      try {
        parsed = JSON.parse(text) as ApiAnswer['body'];
      } catch {
        parsed = { detail: text.slice(0, 200) };
      }
      return { status: response.status, body: parsed };
    }
  }
}

/** A refused answer as one line: status and the API's own detail. */
export function refusal(what: string, answer: ApiAnswer): CliFailure {
  return new CliFailure(`${what} failed (${answer.status}): ${answer.body.detail ?? 'no detail'}`);
}

/** The line printed for a key the service refuses. */
export function keyRefusal(answer: ApiAnswer): CliFailure {
  if (answer.status === 401) {
    return new CliFailure(
      `The API key was refused (401): ${answer.body.detail ?? 'invalid key'} Check --api-key / TRANCHE_SECRET_KEY and --api-base.`,
    );
  }
  return refusal('Reading your merchant account', answer);
}

export interface KeyMerchant {
  id: string;
  business_name: string;
  settlement_account: { bank_code: string; account_number: string } | null;
  webhooks?: { test?: { url: string | null; status: string } };
  partial_debit_floor_pct?: number | null;
}

/** Who the key belongs to (`GET /api/v1/merchant/me`). */
export async function keyMerchant(api: CliApi): Promise<KeyMerchant> {
  const answer = await api.get('/api/v1/merchant/me');
  if (answer.status !== 200) throw keyRefusal(answer);
  return answer.body.data as KeyMerchant;
}

export const sleep = (ms: number, signal?: AbortSignal) =>
  new Promise<void>((resolve) => {
    if (signal?.aborted) return resolve();
    const timer = setTimeout(done, ms);
    function done() {
      clearTimeout(timer);
      signal?.removeEventListener('abort', done);
      resolve();
    }
    signal?.addEventListener('abort', done, { once: true });
  });

export function reason(error: unknown): string {
  const cause = (error as { cause?: { code?: string; message?: string } }).cause;
  if (cause?.code) return cause.code;
  if (cause?.message) return cause.message;
  return error instanceof Error ? error.message : String(error);
}
