/**
 * The Dojah identity adapter (docs/identity-protocol.md, decision 0046): BVN validate (§1), then
 * lookup for the phone (§2), and the one-time code through Dojah's messaging API (§3, §4). It
 * speaks the same HTTP to the real Dojah (`https://api.dojah.io`, `https://sandbox.dojah.io`) and to
 * the shipped simulator (src/identity/dojah-simulator/); only the base URL and credentials differ.
 * No call is retried here: every Dojah call is billed and none is idempotent (§5).
 */
import {
  type BvnCheck,
  type BvnCheckOutcome,
  type IdentityProvider,
  IdentityProviderUnavailable,
} from '../port.ts';
import {
  localPhone,
  mapCheckCode,
  mapLookup,
  mapSendCode,
  mapValidate,
  type WireAnswer,
} from './mapping.ts';

export interface DojahOptions {
  /** `https://api.dojah.io`, `https://sandbox.dojah.io` or the simulator's address. */
  baseUrl: string;
  appId: string;
  secretKey: string;
  /** Per call (§5: 10 s; the checkout waits for it). */
  timeoutMs: number;
  /** §3 `sender_id`: a sender ID registered with Dojah. */
  senderId: string;
  /** §3 `channel`. */
  channel: 'sms' | 'whatsapp' | 'voice';
  /**
   * Stored with each verification. `dojah` for an address the operator configured,
   * `dojah-simulator` for the local simulator `tranche start` runs (counts for sandbox only).
   */
  name?: 'dojah' | 'dojah-simulator';
}

export const DOJAH_DEFAULT_TIMEOUT_MS = 10_000;

export class DojahIdentityProvider implements IdentityProvider {
  readonly name: 'dojah' | 'dojah-simulator';
  readonly #options: DojahOptions;
  readonly #baseUrl: string;

  constructor(options: DojahOptions) {
    this.#options = options;
    this.#baseUrl = options.baseUrl.replace(/\/+$/, '');
    this.name = options.name ?? 'dojah';
  }

  async checkBvn(input: BvnCheck): Promise<BvnCheckOutcome> {
    if (!input.consentId) {
      // §7: the BVN leaves Tranche only under a recorded consent.
      throw new Error('Dojah adapter: refusing a BVN check without a consent id');
    }
    const validated = mapValidate(
      await this.#call('GET', '/api/v1/kyc/bvn', {
        bvn: input.bvn,
        first_name: input.firstName,
        last_name: input.lastName,
        dob: input.dateOfBirth,
      }),
    );
    if (validated.kind !== 'matched') return { outcome: validated.kind };
    const record = mapLookup(
      await this.#call('GET', '/api/v1/kyc/bvn/full', { bvn: input.bvn }),
      input.dateOfBirth,
    );
    return {
      outcome: 'verified',
      providerReference: record.reference,
      phoneOnRecord: record.phone,
      namesMatched: validated.namesMatched,
    };
  }

  async sendCode(phone: string): Promise<{ codeReference: string }> {
    return mapSendCode(
      await this.#call('POST', '/api/v1/messaging/otp', undefined, {
        sender_id: this.#options.senderId,
        destination: localPhone(phone),
        channel: this.#options.channel,
        length: 6,
        priority: true,
      }),
    );
  }

  async checkCode(codeReference: string, code: string): Promise<'accepted' | 'rejected'> {
    return mapCheckCode(
      await this.#call('GET', '/api/v1/messaging/otp/validate', {
        code,
        reference_id: codeReference,
      }),
    );
  }

  /** One HTTP exchange; a timeout or a connection error is "provider unavailable". */
  async #call(
    method: 'GET' | 'POST',
    path: string,
    query?: Record<string, string>,
    body?: unknown,
  ): Promise<WireAnswer> {
    const url = new URL(`${this.#baseUrl}${path}`);
    for (const [key, value] of Object.entries(query ?? {})) url.searchParams.set(key, value);
    const headers: Record<string, string> = {
      AppId: this.#options.appId,
      // §0: the bare key, not `Bearer <key>`.
      Authorization: this.#options.secretKey,
      Accept: 'application/json',
    };
    if (body !== undefined) headers['Content-Type'] = 'application/json';
    let response: Response;
    try {
      response = await fetch(url, {
        method,
        headers,
        ...(body !== undefined && { body: JSON.stringify(body) }),
        signal: AbortSignal.timeout(this.#options.timeoutMs),
      });
      return {
        status: response.status,
        body: await response.text(),
        transactionId: response.headers.get('x-moesif-transaction-id') ?? undefined,
      };
    } catch (error) {
      const timedOut = error instanceof Error && error.name === 'TimeoutError';
      throw new IdentityProviderUnavailable(
        timedOut
          ? `Dojah ${method} ${path}: no answer within ${this.#options.timeoutMs} ms`
          : `Dojah ${method} ${path}: ${error instanceof Error ? error.message : String(error)}`,
        { cause: error },
      );
    }
  }
}
