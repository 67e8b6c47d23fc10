import type { FastifyInstance, FastifyRequest, RouteOptions } from 'fastify';

import { DomainError } from '../../domain/errors.ts';

const ANONYMOUS = 'it is called without an account, and keys are kept per caller';
const CREDENTIALS =
  'it exchanges credentials, and an answer holding tokens is never stored to be replayed';
const OPERATOR =
  'an operator action moves a merchant to a state a repeat leaves as it is, each one in the audit log under the signed-in operator';
const GATEWAY = "the gateway's deliveries are de-duplicated by their own event";

/**
 * The POSTs that take no `Idempotency-Key` (decision 0038), and why; the table in docs/api.md
 * says the same. Every other POST declares the header in its schema and honours it. A key sent to
 * one of these is refused with 400 rather than ignored, so no client believes a retry is safe when
 * it is not. A POST in neither list is refused too (with a general reason): a new write is safe by
 * default until it is made idempotent.
 */
export const KEY_NOT_TAKEN: Readonly<Record<string, string>> = {
  '/api/v1/merchant/register': ANONYMOUS,
  '/api/v1/merchant/:merchant_id/disputes/:dispute_id/evidence':
    'the evidence replaces what was sent before: sending it twice leaves the same evidence',
  '/api/v1/merchant/:merchant_id/disputes/:dispute_id/file':
    'a second upload replaces the first: the dispute keeps one file',
  '/api/v1/merchant/:merchant_id/disputes/:dispute_id/accept':
    'a dispute is answered once: a repeat is 409 and changes nothing',
  '/api/v1/merchant/:merchant_id/disputes/:dispute_id/decline':
    'a dispute is answered once: a repeat is 409 and changes nothing',
  '/api/v1/merchant/:merchant_id/hardship-requests/:request_id/approve':
    'a hardship request is answered once: a repeat is 409 and changes nothing',
  '/api/v1/merchant/:merchant_id/hardship-requests/:request_id/decline':
    'a hardship request is answered once: a repeat is 409 and changes nothing',
  '/api/v1/customers/me/plans/:plan_id/hardship-requests/:request_id/cancel':
    'a request is withdrawn once: a repeat is 409 and changes nothing',
  '/api/v1/merchant/login': ANONYMOUS,
  '/api/v1/merchant/token/refresh': CREDENTIALS,
  '/api/v1/merchant/logout':
    'signing out is already safe to repeat: a second sign-out ends nothing more',
  '/api/v1/merchant/:merchant_id/password': CREDENTIALS,
  '/api/v1/merchant/password-reset': ANONYMOUS,
  '/api/v1/merchant/password-reset/confirm': ANONYMOUS,
  '/api/v1/merchant/team/accept': CREDENTIALS,
  '/api/v1/merchant/:merchant_id/team/invitations':
    'an address already on a team is refused with 409, so a repeated invitation invites no one twice',
  '/api/v1/merchant/:merchant_id/team/me/two-factor':
    'a repeat starts the enrolment again with a new key: only the last one shown can be confirmed',
  '/api/v1/merchant/:merchant_id/team/me/two-factor/confirm':
    'a code is good once: a repeat is refused (403) and changes nothing',
  '/api/v1/customers/register': ANONYMOUS,
  '/api/v1/customers/login': ANONYMOUS,
  '/api/v1/customers/token/refresh': CREDENTIALS,
  '/api/v1/customers/logout':
    'signing out is already safe to repeat: a second sign-out ends nothing more',
  '/api/v1/customers/password-reset': ANONYMOUS,
  '/api/v1/customers/password-reset/confirm': ANONYMOUS,
  '/api/v1/customers/sign-in-code': ANONYMOUS,
  '/api/v1/customers/sign-in-code/verify': CREDENTIALS,
  '/api/v1/customers/me/phone/verification':
    'asking again sends a new code and ends the earlier one; requests are throttled (one a minute, five an hour)',
  '/api/v1/customers/me/phone/verification/confirm':
    'a code is single use: confirming again once the phone is verified answers the verified customer',
  '/api/v1/customers/me/remembered-devices':
    'its answer sets a cookie holding a secret, which is never stored to be replayed; a repeat remembers the browser once more, each revocable',
  '/api/v1/customers/remembered-device/continue': CREDENTIALS,
  '/api/v1/customers/remembered-device/forget': 'forgetting again forgets nothing more',
  '/api/v1/admin/login': ANONYMOUS,
  '/api/v1/admin/token/refresh': CREDENTIALS,
  '/api/v1/admin/logout':
    'signing out is already safe to repeat: a second sign-out ends nothing more',
  '/api/v1/admin/merchants/:merchant_id/approve': OPERATOR,
  '/api/v1/admin/merchants/:merchant_id/deactivate': OPERATOR,
  '/api/v1/admin/merchants/:merchant_id/reactivate': OPERATOR,
  '/api/v1/admin/reconciliation': OPERATOR,
  '/api/v1/admin/hardship-requests/:request_id/approve':
    'a hardship request is answered once: a repeat is 409 and changes nothing; each answer is in the audit log under the signed-in operator',
  '/api/v1/admin/hardship-requests/:request_id/decline':
    'a hardship request is answered once: a repeat is 409 and changes nothing; each answer is in the audit log under the signed-in operator',
  '/api/v1/admin/payouts/:payout_id/otp':
    'the gateway names one transfer by its code and sends it at most once: a repeated OTP is refused (409) and sends nothing; each one is in the audit log under the signed-in operator',
  '/api/v1/admin/payouts/:payout_id/otp/resend':
    'asking for the OTP again moves no money; each request is in the audit log under the signed-in operator',
  '/api/v1/webhooks/gateway': GATEWAY,
  '/api/v1/webhooks/payment-gateway': GATEWAY,
  '/api/v1/checkout/preview': 'it only computes a schedule and changes nothing',
  '/api/v1/customers/me/identity':
    'the BVN is never stored, not even in a request hash; verifying again with the same BVN already answers the existing verification',
  '/api/v1/customers/me/identity/consent/withdraw':
    'withdrawing again withdraws nothing more (the answer counts 0)',
  '/api/v1/customers/me/identity/phone-code':
    'a code is single use: entering it again after it was accepted answers the verified identity',
  '/api/v1/customers/me/credit-check':
    'the BVN is never stored, not even in a request hash; a check younger than 30 days is answered again without calling the bureau',
  '/pay/:link_id':
    "a buyer's browser posts a payment link's form without an account; each submission opens its own checkout, as each visit does",
  '/api/v1/merchant/:merchant_id/webhook/test':
    "every call is a new probe, and its answer is that probe's; it changes nothing",
};

/** Whether a route's schema declares the `Idempotency-Key` header, i.e. honours it. */
export function takesIdempotencyKey(route: Pick<RouteOptions, 'schema'>): boolean {
  const headers = route.schema?.headers as { properties?: Record<string, unknown> } | undefined;
  return headers?.properties?.['idempotency-key'] !== undefined;
}

/**
 * Adds to every POST that does not honour `Idempotency-Key` a check that refuses one (400
 * `invalid_idempotency_key`), after authentication and validation, before the handler runs.
 * Registered before the routes (an `onRoute` hook sees only the routes added after it).
 */
export function registerIdempotencyKeyGuard(app: FastifyInstance): void {
  app.addHook('onRoute', (route) => {
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    if (!methods.includes('POST') || takesIdempotencyKey(route)) return;
    const reason = KEY_NOT_TAKEN[route.url] ?? 'it does not replay answers';
    const refuse = async (request: FastifyRequest) => {
      if (request.headers['idempotency-key'] === undefined) return;
      throw new DomainError(
        'invalid_idempotency_key',
        `This endpoint takes no Idempotency-Key: ${reason}. Send the request without the header (docs/api.md lists the endpoints that take one).`,
      );
    };
    const existing = route.preHandler;
    route.preHandler =
      existing === undefined
        ? [refuse]
        : [...(Array.isArray(existing) ? existing : [existing]), refuse];
  });
}
