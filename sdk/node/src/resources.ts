// The merchant's operations grouped by resource. Each method names its operationId once; its
// parameters, body and answer are the generated types of that operation (types.ts).
import type { HttpClient, RequestInput, RequestOptions } from './http.ts';
import type { OperationId } from './operations.ts';
import { PageList } from './pagination.ts';
import type {
  ListItem,
  PathParams,
  QueryParams,
  RequestBody,
  ResponseData,
  SuccessBody,
  WalletTransaction,
} from './types.ts';

type Query<K extends OperationId> = QueryParams<K> & RequestInput['query'];

export async function call<K extends OperationId>(
  http: HttpClient,
  id: K,
  input: RequestInput,
  options?: RequestOptions,
): Promise<ResponseData<K>> {
  // The API answers this operation's success schema (docs/openapi.json, generated types).
  const body = (await http.request(id, input, options)) as SuccessBody<K> & object;
  // Every success body is `{ ok: true, data }` but one (`{ ok, message }`): answer its `data`.
  if ('data' in body) return body.data as ResponseData<K>;
  return Object.fromEntries(
    Object.entries(body).filter(([key]) => key !== 'ok'),
  ) as ResponseData<K>;
}

/** An export: the CSV file's text (decision 0066: RFC 4180, amounts in kobo and naira). */
export function csv(
  http: HttpClient,
  id: OperationId,
  input: RequestInput,
  options?: RequestOptions,
): Promise<string> {
  return http.requestCsv(id, input, options);
}

type PagedOperation = 'listPaymentPlans' | 'listRefunds' | 'listPaymentLinks' | 'listWebhookEvents';

function list<K extends PagedOperation>(
  http: HttpClient,
  id: K,
  query: Query<K> | undefined,
  path: Record<string, string> = {},
  options?: RequestOptions,
): PageList<ListItem<K>> {
  const { cursor: start, ...rest } = (query ?? {}) as { cursor?: string } & RequestInput['query'];
  return new PageList<ListItem<K>>(
    async (cursor) =>
      // A page of this operation's items (its success schema is a PageEnvelope).
      (await http.request(id, { path, query: { ...rest, cursor } }, options)) as {
        data: ListItem<K>[];
        has_more: boolean;
        next_cursor: string | null;
      },
    start,
  );
}

export class CheckoutSessions {
  private readonly http: HttpClient;
  constructor(http: HttpClient) {
    this.http = http;
  }

  /**
   * Creates a 30-minute checkout session (its `token` opens the widget). `merchant_id` defaults
   * to the client's. Sent with an Idempotency-Key, so it is retried safely.
   */
  create(
    params: Omit<RequestBody<'createCheckoutSession'>, 'merchant_id'> & { merchant_id?: string },
    options?: RequestOptions,
  ): Promise<ResponseData<'createCheckoutSession'>> {
    const body = { ...params, merchant_id: params.merchant_id ?? this.http.merchantId };
    return call(this.http, 'createCheckoutSession', { body }, options);
  }

  /** A session by its token (a session past `expires_at` reads as `expired`). */
  get(token: string, options?: RequestOptions): Promise<ResponseData<'getCheckoutSession'>> {
    return call(this.http, 'getCheckoutSession', { path: { token } }, options);
  }

  /** Cancels a pending session; otherwise a conflict error names its state. */
  cancel(token: string, options?: RequestOptions): Promise<ResponseData<'cancelCheckoutSession'>> {
    return call(this.http, 'cancelCheckoutSession', { path: { token } }, options);
  }

  /** The installment schedule an amount (or a session) would get, with the platform fee. */
  preview(
    params: RequestBody<'previewSchedule'>,
    options?: RequestOptions,
  ): Promise<ResponseData<'previewSchedule'>> {
    return call(this.http, 'previewSchedule', { body: params }, options);
  }
}

export class Plans {
  private readonly http: HttpClient;
  constructor(http: HttpClient) {
    this.http = http;
  }

  /** The plans of the key's mode, newest first: iterate it, or walk `pages()`. */
  list(
    params?: Query<'listPaymentPlans'>,
    options?: RequestOptions,
  ): PageList<ListItem<'listPaymentPlans'>> {
    return list(this.http, 'listPaymentPlans', params, {}, options);
  }

  get(planId: string, options?: RequestOptions): Promise<ResponseData<'getPaymentPlan'>> {
    return call(this.http, 'getPaymentPlan', { path: { plan_id: planId } }, options);
  }

  /** Every charge attempt of the plan. */
  charges(planId: string, options?: RequestOptions): Promise<ResponseData<'listPlanCharges'>> {
    return call(this.http, 'listPlanCharges', { path: { plan_id: planId } }, options);
  }

  /** Stops the plan (no debit after it); `refund: true` also refunds what was collected. */
  cancel(
    planId: string,
    params: RequestBody<'cancelPaymentPlan'> = {},
    options?: RequestOptions,
  ): Promise<ResponseData<'cancelPaymentPlan'>> {
    return call(
      this.http,
      'cancelPaymentPlan',
      { path: { plan_id: planId }, body: params },
      options,
    );
  }

  /** Sandbox time travel: collect the plan's next installment now (test keys only). */
  advance(planId: string, options?: RequestOptions): Promise<ResponseData<'advancePaymentPlan'>> {
    return call(this.http, 'advancePaymentPlan', { path: { plan_id: planId } }, options);
  }

  /** Sandbox time travel: move the plan's clock forward by `days` (test keys only). */
  advanceClock(
    planId: string,
    params: RequestBody<'advancePaymentPlanClock'>,
    options?: RequestOptions,
  ): Promise<ResponseData<'advancePaymentPlanClock'>> {
    return call(
      this.http,
      'advancePaymentPlanClock',
      { path: { plan_id: planId }, body: params },
      options,
    );
  }

  /** Sandbox: make something happen to a test plan (declined debits, a revoked method, …). */
  simulate(
    planId: string,
    params: RequestBody<'simulateOnPaymentPlan'>,
    options?: RequestOptions,
  ): Promise<ResponseData<'simulateOnPaymentPlan'>> {
    return call(
      this.http,
      'simulateOnPaymentPlan',
      { path: { plan_id: planId }, body: params },
      options,
    );
  }
}

export class Refunds {
  private readonly http: HttpClient;
  constructor(http: HttpClient) {
    this.http = http;
  }

  /** Refunds part of a plan (`amount` in kobo) or everything refundable (no `amount`). */
  create(
    planId: string,
    params: RequestBody<'createRefund'> = {},
    options?: RequestOptions,
  ): Promise<ResponseData<'createRefund'>> {
    return call(this.http, 'createRefund', { path: { plan_id: planId }, body: params }, options);
  }

  list(
    planId: string,
    params?: Query<'listRefunds'>,
    options?: RequestOptions,
  ): PageList<ListItem<'listRefunds'>> {
    return list(this.http, 'listRefunds', params, { plan_id: planId }, options);
  }

  /** What a refund of everything would be now (`amount`), and how it would split. */
  refundable(planId: string, options?: RequestOptions): Promise<ResponseData<'getRefundable'>> {
    return call(this.http, 'getRefundable', { path: { plan_id: planId } }, options);
  }

  get(
    planId: string,
    refundId: string,
    options?: RequestOptions,
  ): Promise<ResponseData<'getRefund'>> {
    return call(
      this.http,
      'getRefund',
      { path: { plan_id: planId, refund_id: refundId } satisfies PathParams<'getRefund'> },
      options,
    );
  }
}

/** Disputes of collected payments, and the merchant's answer (decision 0069). */
export class Disputes {
  private readonly http: HttpClient;
  constructor(http: HttpClient) {
    this.http = http;
  }

  /** The 100 newest disputes, optionally of one `status`. */
  list(
    params?: Query<'listDisputes'>,
    options?: RequestOptions,
  ): Promise<ResponseData<'listDisputes'>> {
    return call(this.http, 'listDisputes', { query: params ?? {} }, options);
  }

  get(disputeId: string, options?: RequestOptions): Promise<ResponseData<'getDispute'>> {
    return call(this.http, 'getDispute', { path: { dispute_id: disputeId } }, options);
  }

  /** Who the customer is and what they received, sent to the gateway as evidence. */
  addEvidence(
    disputeId: string,
    params: RequestBody<'addDisputeEvidence'>,
    options?: RequestOptions,
  ): Promise<ResponseData<'addDisputeEvidence'>> {
    return call(
      this.http,
      'addDisputeEvidence',
      { path: { dispute_id: disputeId }, body: params },
      options,
    );
  }

  /** The file of proof (PDF, PNG or JPEG, at most 2 MB), as bytes; sent base64. */
  uploadFile(
    disputeId: string,
    file: {
      filename: string;
      contentType: RequestBody<'uploadDisputeFile'>['content_type'];
      content: Uint8Array;
    },
    options?: RequestOptions,
  ): Promise<ResponseData<'uploadDisputeFile'>> {
    return call(
      this.http,
      'uploadDisputeFile',
      {
        path: { dispute_id: disputeId },
        body: {
          filename: file.filename,
          content_type: file.contentType,
          content_base64: Buffer.from(file.content).toString('base64'),
        },
      },
      options,
    );
  }

  /** The customer keeps `refund_amount` (default: all of it); the dispute is lost. */
  accept(
    disputeId: string,
    params: RequestBody<'acceptDispute'>,
    options?: RequestOptions,
  ): Promise<ResponseData<'acceptDispute'>> {
    return call(
      this.http,
      'acceptDispute',
      { path: { dispute_id: disputeId }, body: params },
      options,
    );
  }

  /** Contest it: the bank decides; `dispute.resolved` follows. */
  decline(
    disputeId: string,
    params: RequestBody<'declineDispute'>,
    options?: RequestOptions,
  ): Promise<ResponseData<'declineDispute'>> {
    return call(
      this.http,
      'declineDispute',
      { path: { dispute_id: disputeId }, body: params },
      options,
    );
  }
}

/** Customers' hardship requests and the merchant's answer and limits (decision 0072). */
export class HardshipRequests {
  private readonly http: HttpClient;
  constructor(http: HttpClient) {
    this.http = http;
  }

  /** The 100 newest requests, optionally of one `status`. */
  list(
    params?: Query<'listHardshipRequests'>,
    options?: RequestOptions,
  ): Promise<ResponseData<'listHardshipRequests'>> {
    return call(this.http, 'listHardshipRequests', { query: params ?? {} }, options);
  }

  /** The schedule changes now; `payment_plan.updated` follows with `reason: "hardship"`. */
  approve(
    requestId: string,
    params: RequestBody<'approveHardshipRequest'> = {},
    options?: RequestOptions,
  ): Promise<ResponseData<'approveHardshipRequest'>> {
    return call(
      this.http,
      'approveHardshipRequest',
      { path: { request_id: requestId }, body: params },
      options,
    );
  }

  /** The schedule stays; the customer sees the note. */
  decline(
    requestId: string,
    params: RequestBody<'declineHardshipRequest'> = {},
    options?: RequestOptions,
  ): Promise<ResponseData<'declineHardshipRequest'>> {
    return call(
      this.http,
      'declineHardshipRequest',
      { path: { request_id: requestId }, body: params },
      options,
    );
  }

  /** How far a due date may move, how many installments a spread may add, auto-approval. */
  getSettings(options?: RequestOptions): Promise<ResponseData<'getHardshipSettings'>> {
    return call(this.http, 'getHardshipSettings', {}, options);
  }

  updateSettings(
    params: RequestBody<'updateHardshipSettings'>,
    options?: RequestOptions,
  ): Promise<ResponseData<'updateHardshipSettings'>> {
    return call(this.http, 'updateHardshipSettings', { body: params }, options);
  }
}

export class PaymentLinks {
  private readonly http: HttpClient;
  constructor(http: HttpClient) {
    this.http = http;
  }

  create(
    params: RequestBody<'createPaymentLink'>,
    options?: RequestOptions,
  ): Promise<ResponseData<'createPaymentLink'>> {
    return call(this.http, 'createPaymentLink', { body: params }, options);
  }

  list(
    params?: Query<'listPaymentLinks'>,
    options?: RequestOptions,
  ): PageList<ListItem<'listPaymentLinks'>> {
    return list(this.http, 'listPaymentLinks', params, {}, options);
  }

  get(linkId: string, options?: RequestOptions): Promise<ResponseData<'getPaymentLink'>> {
    return call(this.http, 'getPaymentLink', { path: { link_id: linkId } }, options);
  }

  update(
    linkId: string,
    params: RequestBody<'updatePaymentLink'>,
    options?: RequestOptions,
  ): Promise<ResponseData<'updatePaymentLink'>> {
    return call(
      this.http,
      'updatePaymentLink',
      { path: { link_id: linkId }, body: params },
      options,
    );
  }

  deactivate(
    linkId: string,
    options?: RequestOptions,
  ): Promise<ResponseData<'deactivatePaymentLink'>> {
    return call(this.http, 'deactivatePaymentLink', { path: { link_id: linkId } }, options);
  }

  activate(linkId: string, options?: RequestOptions): Promise<ResponseData<'activatePaymentLink'>> {
    return call(this.http, 'activatePaymentLink', { path: { link_id: linkId } }, options);
  }
}

export class WalletResource {
  private readonly http: HttpClient;
  constructor(http: HttpClient) {
    this.http = http;
  }

  /** Balances and one page of the wallet's history (`limit`, `cursor`). */
  get(params?: Query<'getWallet'>, options?: RequestOptions): Promise<ResponseData<'getWallet'>> {
    return call(this.http, 'getWallet', { query: params }, options);
  }

  /** The wallet's whole history, newest first, across pages. */
  transactions(params?: Query<'getWallet'>, options?: RequestOptions): PageList<WalletTransaction> {
    const { cursor: start, ...rest } = params ?? {};
    return new PageList(async (cursor) => {
      const wallet = await this.get({ ...rest, cursor }, options);
      return {
        data: wallet.transactions,
        has_more: wallet.has_more,
        next_cursor: wallet.next_cursor,
      };
    }, start);
  }
}

export class Payouts {
  private readonly http: HttpClient;
  constructor(http: HttpClient) {
    this.http = http;
  }

  /**
   * Pays the available balance (or `amount` kobo of it) to the settlement account. Sent with an
   * Idempotency-Key, so it is retried safely: a retry replays the first payout.
   */
  create(
    params: RequestBody<'createPayout'> = {},
    options?: RequestOptions,
  ): Promise<ResponseData<'createPayout'>> {
    return call(this.http, 'createPayout', { body: params }, options);
  }

  /** The most recent payouts (`limit`, newest first). */
  list(
    params?: Query<'listPayouts'>,
    options?: RequestOptions,
  ): Promise<ResponseData<'listPayouts'>> {
    return call(this.http, 'listPayouts', { query: params }, options);
  }

  /**
   * What the payout paid out: collections, their fees, refunds and returned payouts since the
   * previous payout, with the balances carried in and out; the lines sum to its amount.
   */
  settlementReport(
    payoutId: string,
    options?: RequestOptions,
  ): Promise<ResponseData<'getPayoutSettlementReport'>> {
    return call(this.http, 'getPayoutSettlementReport', { path: { payout_id: payoutId } }, options);
  }

  /** The settlement report as a CSV file's text. */
  settlementReportCsv(payoutId: string, options?: RequestOptions): Promise<string> {
    return csv(
      this.http,
      'exportPayoutSettlementReport',
      { path: { payout_id: payoutId } },
      options,
    );
  }
}

/**
 * CSV exports (decision 0066), each the file's text, oldest first. The plan, charge and refund
 * exports take the plan list's filters; the wallet's `created_from` / `created_before`.
 */
export class Reports {
  private readonly http: HttpClient;
  constructor(http: HttpClient) {
    this.http = http;
  }

  /** Plans, with the buyer's contact, the amount and what was collected. */
  exportPlans(params?: Query<'exportPaymentPlans'>, options?: RequestOptions): Promise<string> {
    return csv(this.http, 'exportPaymentPlans', { query: params }, options);
  }

  /** Collected payments: gross, platform fee and net. */
  exportCharges(params?: Query<'exportCharges'>, options?: RequestOptions): Promise<string> {
    return csv(this.http, 'exportCharges', { query: params }, options);
  }

  /** Refunds: the unpaid part reduced, cash refunded, fee returned, what left the wallet. */
  exportRefunds(params?: Query<'exportRefunds'>, options?: RequestOptions): Promise<string> {
    return csv(this.http, 'exportRefunds', { query: params }, options);
  }

  /** The wallet's history; `available_change` sums to the available balance. */
  exportWallet(
    params?: Query<'exportWalletTransactions'>,
    options?: RequestOptions,
  ): Promise<string> {
    return csv(this.http, 'exportWalletTransactions', { query: params }, options);
  }
}

export class Banks {
  private readonly http: HttpClient;
  constructor(http: HttpClient) {
    this.http = http;
  }

  /** Banks a settlement account may be at, with their CBN codes. */
  list(options?: RequestOptions): Promise<ResponseData<'listBanks'>> {
    return call(this.http, 'listBanks', {}, options);
  }
}

export class WebhookEvents {
  private readonly http: HttpClient;
  constructor(http: HttpClient) {
    this.http = http;
  }

  /** The delivery log, newest first: filter by status, event, dates, plan. */
  list(
    params?: Query<'listWebhookEvents'>,
    options?: RequestOptions,
  ): PageList<ListItem<'listWebhookEvents'>> {
    return list(this.http, 'listWebhookEvents', params, {}, options);
  }

  get(eventId: string, options?: RequestOptions): Promise<ResponseData<'getWebhookEvent'>> {
    return call(this.http, 'getWebhookEvent', { path: { event_id: eventId } }, options);
  }

  /** Sends the event again (same id, same bytes). */
  resend(eventId: string, options?: RequestOptions): Promise<ResponseData<'resendWebhookEvent'>> {
    return call(this.http, 'resendWebhookEvent', { path: { event_id: eventId } }, options);
  }

  /** Sends again every failed or dead event created in the range. */
  resendFailed(
    params: RequestBody<'resendFailedWebhookEvents'>,
    options?: RequestOptions,
  ): Promise<ResponseData<'resendFailedWebhookEvents'>> {
    return call(this.http, 'resendFailedWebhookEvents', { body: params }, options);
  }
}

export class MerchantResource {
  private readonly http: HttpClient;
  constructor(http: HttpClient) {
    this.http = http;
  }

  get(options?: RequestOptions): Promise<ResponseData<'getMerchant'>> {
    return call(this.http, 'getMerchant', {}, options);
  }

  /** The merchant the secret key belongs to (no merchant id needed). */
  retrieveForKey(options?: RequestOptions): Promise<ResponseData<'getKeyMerchant'>> {
    return call(this.http, 'getKeyMerchant', {}, options);
  }

  /** Settings: webhook URL (of the key's mode), settlement account, plan limits, origins, … */
  updateSettings(
    params: RequestBody<'updateMerchantSettings'>,
    options?: RequestOptions,
  ): Promise<ResponseData<'updateMerchantSettings'>> {
    return call(this.http, 'updateMerchantSettings', { body: params }, options);
  }

  /** The bank's name for an account, before making it the settlement account; changes nothing. */
  checkSettlementAccount(
    params: Query<'checkSettlementAccount'>,
    options?: RequestOptions,
  ): Promise<ResponseData<'checkSettlementAccount'>> {
    return call(this.http, 'checkSettlementAccount', { query: params }, options);
  }

  /** Which e-mails the business gets (account, payouts, webhooks, disputes), and where. */
  getNotificationPreferences(
    options?: RequestOptions,
  ): Promise<ResponseData<'getMerchantNotificationPreferences'>> {
    return call(this.http, 'getMerchantNotificationPreferences', {}, options);
  }

  /** Switch those e-mails on or off, or send them elsewhere (`email: null`: the account e-mail). */
  updateNotificationPreferences(
    params: RequestBody<'updateMerchantNotificationPreferences'>,
    options?: RequestOptions,
  ): Promise<ResponseData<'updateMerchantNotificationPreferences'>> {
    return call(this.http, 'updateMerchantNotificationPreferences', { body: params }, options);
  }
}

export class Keys {
  private readonly http: HttpClient;
  constructor(http: HttpClient) {
    this.http = http;
  }

  list(options?: RequestOptions): Promise<ResponseData<'listSecretKeys'>> {
    return call(this.http, 'listSecretKeys', {}, options);
  }

  /** A new key of `mode`; the old one keeps working for `expire_old_after_minutes`. */
  roll(
    params: RequestBody<'rollSecretKey'>,
    options?: RequestOptions,
  ): Promise<ResponseData<'rollSecretKey'>> {
    return call(this.http, 'rollSecretKey', { body: params }, options);
  }

  revoke(keyId: string, options?: RequestOptions): Promise<ResponseData<'revokeSecretKey'>> {
    return call(this.http, 'revokeSecretKey', { path: { key_id: keyId } }, options);
  }
}

/** Publishable keys (`pk_test_…`, `pk_live_…`): public, for the messaging element only. */
export class PublishableKeys {
  private readonly http: HttpClient;
  constructor(http: HttpClient) {
    this.http = http;
  }

  list(options?: RequestOptions): Promise<ResponseData<'listPublishableKeys'>> {
    return call(this.http, 'listPublishableKeys', {}, options);
  }

  /** A new key of `mode`; the old one keeps working for `expire_old_after_minutes`. */
  roll(
    params: RequestBody<'rollPublishableKey'>,
    options?: RequestOptions,
  ): Promise<ResponseData<'rollPublishableKey'>> {
    return call(this.http, 'rollPublishableKey', { body: params }, options);
  }
}
