/**
 * The sandbox gateway's test controls (`/_sandbox/…`, README "Test controls"), as the service
 * calls them for sandbox-only merchant tools (`POST …/plans/{id}/simulate`). Only wired when the
 * gateway is not live; a real Paystack has no such endpoints and answers 404, which is reported
 * as "not the sandbox gateway".
 */
export class SandboxGatewayControl {
  readonly #baseUrl: string;
  readonly #secretKey: string;
  readonly #timeoutMs: number;

  constructor(options: { baseUrl: string; secretKey: string; timeoutMs: number }) {
    this.#baseUrl = options.baseUrl;
    this.#secretKey = options.secretKey;
    this.#timeoutMs = options.timeoutMs;
  }

  /** How later debits of an authorization end (e.g. `insufficient_funds`). */
  setAuthorizationBehaviour(
    authorizationCode: string,
    behaviour: 'insufficient_funds' | 'success',
  ) {
    return this.#post(`/_sandbox/authorizations/${encodeURIComponent(authorizationCode)}`, {
      behaviour,
    });
  }

  /** Makes the gateway send a revocation event for an authorization to the service. */
  sendRevocation(event: 'authorization.revoked' | 'mandate.revoked', authorizationCode: string) {
    return this.#post('/_sandbox/events', { event, authorization_code: authorizationCode });
  }

  /** Refunds a charge at the gateway directly (as the gateway's dashboard would). */
  refundAtGateway(reference: string) {
    return this.#post('/refund', { transaction: reference });
  }

  async #post(path: string, body: unknown): Promise<void> {
    const response = await fetch(`${this.#baseUrl}${path}`, {
      method: 'POST',
      headers: {
        authorization: `Bearer ${this.#secretKey}`,
        'content-type': 'application/json',
      },
      body: JSON.stringify(body),
      signal: AbortSignal.timeout(this.#timeoutMs),
    });
    const text = await response.text();
    if (response.status === 404)
      throw new SandboxControlError(
        'the payment gateway is not the sandbox gateway: simulations need it',
      );
    if (!response.ok)
      throw new SandboxControlError(`the sandbox gateway answered ${response.status}: ${text}`);
  }
}

export class SandboxControlError extends Error {}
