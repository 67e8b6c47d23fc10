// Friendly names over the generated types (openapi.d.ts), and the shapes of each operation's
// parameters, body and answer, derived from them: no API shape is written by hand here.
import type { components, operations, webhooks } from './openapi.d.ts';
import type { OperationId } from './operations.ts';

export type { components, operations, webhooks };

type Schemas = components['schemas'];
export type Merchant = Schemas['Merchant'];
export type ApiKey = Schemas['ApiKey'];
export type Wallet = Schemas['Wallet'];
export type WalletTransaction = Wallet['transactions'][number];
export type Payout = Schemas['Payout'];
export type WebhookEventRecord = Schemas['WebhookEvent'];
export type CheckoutSession = Schemas['CheckoutSession'];
export type SessionConstraints = Schemas['SessionConstraints'];
export type SchedulePreview = Schemas['SchedulePreview'];
export type PaymentPlan = Schemas['PaymentPlan'];
export type Installment = Schemas['Installment'];
export type Charge = Schemas['Charge'];
export type Refund = Schemas['Refund'];
export type PaymentLink = Schemas['PaymentLink'];

type Op<K extends OperationId> = operations[K];
type Json<R> = R extends { content: { 'application/json': infer J } } ? J : never;
type SuccessStatus = 200 | 201 | 202;

/** The path parameters of an operation, without `merchant_id` (the client supplies it). */
export type PathParams<K extends OperationId> = Op<K>['parameters'] extends { path: infer P }
  ? Omit<P, 'merchant_id'>
  : Record<string, never>;
/** The query parameters of an operation. */
export type QueryParams<K extends OperationId> = Op<K>['parameters'] extends {
  query?: infer Q;
}
  ? Exclude<Q, undefined>
  : never;
/** The JSON body of an operation. */
export type RequestBody<K extends OperationId> =
  Op<K> extends {
    requestBody: { content: { 'application/json': infer B } };
  }
    ? B
    : never;
/** The whole success body (`{ ok: true, data, … }`). */
export type SuccessBody<K extends OperationId> = Json<
  Op<K>['responses'][Extract<keyof Op<K>['responses'], SuccessStatus>]
>;
/** What a call resolves to: the success body's `data` (or the body without `ok` when it has none). */
export type ResponseData<K extends OperationId> =
  SuccessBody<K> extends { data: infer D } ? D : Omit<SuccessBody<K>, 'ok'>;
/** The item of a list operation. */
export type ListItem<K extends OperationId> =
  ResponseData<K> extends readonly (infer I)[] ? I : never;

type WebhookBody<E extends keyof webhooks> = webhooks[E]['post'] extends {
  requestBody: { content: { 'application/json': infer B } };
}
  ? B
  : never;

/**
 * The event `POST …/webhook/test` sends (docs/webhooks.md). It is a probe outside the event
 * catalogue, so the document's `webhooks` does not list it.
 */
export interface TestWebhookEvent {
  id: string;
  event: 'webhook.test';
  created_at: string;
  data: { merchant_id: string; livemode: boolean; message: string };
}

/** A verified webhook delivery, discriminated by `event` (every entry of the document's `webhooks`). */
export type WebhookEvent =
  { [E in keyof webhooks]: WebhookBody<E> }[keyof webhooks] | TestWebhookEvent;
export type WebhookEventType = WebhookEvent['event'];
