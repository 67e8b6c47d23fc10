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

  /** A card that holds only `balanceKobo` from now on (partial debits, decision 0045). */
  setAuthorizationBalance(authorizationCode: string, balanceKobo: number) {
    return this.#post(`/_sandbox/authorizations/${encodeURIComponent(authorizationCode)}`, {
      behaviour: 'limited_funds',
      balance: balanceKobo,
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

  /** The customer's bank disputes a collected charge; the gateway sends charge.dispute.create. */
  openDispute(reference: string) {
    return this.#post('/_sandbox/disputes', {
      transaction: reference,
      reason: 'Customer says they did not receive the goods (tranche trigger)',
    });
  }

  /** The gateway reminds the merchant to answer (charge.dispute.remind). */
  remindDispute(gatewayDisputeId: string) {
    return this.#post(`/_sandbox/disputes/${encodeURIComponent(gatewayDisputeId)}/remind`, {});
  }

  /** The bank decides (charge.dispute.resolve): `won` is the merchant's. */
  resolveDispute(gatewayDisputeId: string, outcome: 'won' | 'lost') {
    return this.#post(`/_sandbox/disputes/${encodeURIComponent(gatewayDisputeId)}/resolve`, {
      outcome,
    });
  }

  /**
   * The customer's bank pays `amountKobo` into a dedicated account (gateway-protocol.md §22):
   * announced `deliveries` times (2: a duplicate), `delayMs` later (late).
   */
  sendBankTransfer(
    accountNumber: string,
    amountKobo: number,
    options: { deliveries?: number; delayMs?: number } = {},
  ) {
    return this.#post('/_sandbox/dedicated_account/transfers', {
      account_number: accountNumber,
      amount: amountKobo,
      deliveries: options.deliveries ?? 1,
      delay_ms: options.delayMs ?? 0,
    });
  }

  async #post(path: string, body: unknown): Promise<void> {
    let response: Response;
    let text: string;
    try {
      response = await fetch(`${this.#baseUrl}${path}`, {
        method: 'POST',
        headers: {
          authorization: `Bearer ${this.#secretKey}`,
          'content-type': 'application/json',
        },
        body: JSON.stringify(body),
        signal: AbortSignal.timeout(this.#timeoutMs),
      });
      text = await response.text();
    } catch (error) {
      throw new SandboxControlError(
        `the sandbox gateway did not answer (${error instanceof Error ? error.message : String(error)})`,
      );
    }
    if (response.status === 404) {
      throw new SandboxControlError(
        'the payment gateway is not the sandbox gateway: simulations need it',
      );
    }
    if (!response.ok) {
      throw new SandboxControlError(
        `the sandbox gateway answered ${response.status}: ${text}`,
        response.status,
        gatewayMessage(text),
      );
    }
  }
}

/** Paystack's `message`, or the body as it came. */
function gatewayMessage(text: string): string {
  try {
    const parsed = JSON.parse(text) as { message?: unknown };
    return typeof parsed.message === 'string' ? parsed.message : text;
  } catch {
    return text;
  }
}

export class SandboxControlError extends Error {
  /** The gateway's HTTP status; undefined when it did not answer. */
  readonly status: number | undefined;
  readonly gatewayMessage: string | undefined;

  constructor(message: string, status?: number, gatewayMessage?: string) {
    super(message);
    this.status = status;
    this.gatewayMessage = gatewayMessage;
  }
}
