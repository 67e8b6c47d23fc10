// @tranche/node: Tranche's server-side SDK. README.md beside this folder shows its use.
import { type ClientOptions, HttpClient } from './http.ts';
import {
  Banks,
  CheckoutSessions,
  Disputes,
  HardshipRequests,
  Keys,
  MerchantResource,
  PaymentLinks,
  Payouts,
  Plans,
  PublishableKeys,
  Refunds,
  Reports,
  WalletResource,
  WebhookEvents,
} from './resources.ts';
import { Webhooks } from './webhooks.ts';

export class Tranche {
  readonly checkoutSessions: CheckoutSessions;
  readonly plans: Plans;
  readonly refunds: Refunds;
  readonly disputes: Disputes;
  readonly hardshipRequests: HardshipRequests;
  readonly paymentLinks: PaymentLinks;
  readonly wallet: WalletResource;
  readonly payouts: Payouts;
  readonly reports: Reports;
  readonly banks: Banks;
  readonly webhookEvents: WebhookEvents;
  readonly webhooks: Webhooks;
  readonly merchant: MerchantResource;
  readonly keys: Keys;
  readonly publishableKeys: PublishableKeys;

  constructor(options: ClientOptions) {
    const http = new HttpClient(options);
    this.checkoutSessions = new CheckoutSessions(http);
    this.plans = new Plans(http);
    this.refunds = new Refunds(http);
    this.disputes = new Disputes(http);
    this.hardshipRequests = new HardshipRequests(http);
    this.paymentLinks = new PaymentLinks(http);
    this.wallet = new WalletResource(http);
    this.payouts = new Payouts(http);
    this.reports = new Reports(http);
    this.banks = new Banks(http);
    this.webhookEvents = new WebhookEvents(http);
    this.webhooks = new Webhooks(http);
    this.merchant = new MerchantResource(http);
    this.keys = new Keys(http);
    this.publishableKeys = new PublishableKeys(http);
  }
}

export * from './errors.ts';
export type { ClientOptions, RequestOptions } from './http.ts';
export { SDK_VERSION } from './http.ts';
export { type Page, PageList } from './pagination.ts';
export type {
  Banks,
  CheckoutSessions,
  Disputes,
  HardshipRequests,
  Keys,
  MerchantResource,
  PaymentLinks,
  Payouts,
  Plans,
  PublishableKeys,
  Refunds,
  Reports,
  WalletResource,
  WebhookEvents,
} from './resources.ts';
export type * from './types.ts';
export type { Webhooks } from './webhooks.ts';
export {
  constructEvent,
  type HeadersLike,
  PREVIOUS_SIGNATURE_HEADER,
  SIGNATURE_HEADER,
  type SignatureInput,
} from './webhooks.ts';
