// Generated from docs/openapi.json by sdk/node/scripts/generate-types.ts. Do not edit: run
// `npm run openapi`.

/**
 * How to call each merchant operation of the API. `idempotent`: the server replays the first
 * answer for a repeated `Idempotency-Key`, so a POST may be retried after a 5xx or a network error.
 */
export const OPERATIONS = {
  getKeyMerchant: { method: 'GET', path: '/api/v1/merchant/me', idempotent: false },
  getMerchant: { method: 'GET', path: '/api/v1/merchant/{merchant_id}', idempotent: false },
  updateMerchantSettings: {
    method: 'PATCH',
    path: '/api/v1/merchant/{merchant_id}/settings',
    idempotent: false,
  },
  checkSettlementAccount: {
    method: 'GET',
    path: '/api/v1/merchant/{merchant_id}/settlement-account/check',
    idempotent: false,
  },
  rollWebhookSecret: {
    method: 'POST',
    path: '/api/v1/merchant/{merchant_id}/webhook-secret/roll',
    idempotent: true,
  },
  listSecretKeys: { method: 'GET', path: '/api/v1/merchant/{merchant_id}/keys', idempotent: false },
  rollSecretKey: {
    method: 'POST',
    path: '/api/v1/merchant/{merchant_id}/keys/roll',
    idempotent: true,
  },
  revokeSecretKey: {
    method: 'DELETE',
    path: '/api/v1/merchant/{merchant_id}/keys/{key_id}',
    idempotent: false,
  },
  listPublishableKeys: {
    method: 'GET',
    path: '/api/v1/merchant/{merchant_id}/publishable-keys',
    idempotent: false,
  },
  rollPublishableKey: {
    method: 'POST',
    path: '/api/v1/merchant/{merchant_id}/publishable-keys/roll',
    idempotent: true,
  },
  getMerchantNotificationPreferences: {
    method: 'GET',
    path: '/api/v1/merchant/{merchant_id}/notification-preferences',
    idempotent: false,
  },
  updateMerchantNotificationPreferences: {
    method: 'PUT',
    path: '/api/v1/merchant/{merchant_id}/notification-preferences',
    idempotent: false,
  },
  getWallet: { method: 'GET', path: '/api/v1/merchant/{merchant_id}/wallet', idempotent: false },
  createPayout: {
    method: 'POST',
    path: '/api/v1/merchant/{merchant_id}/payouts',
    idempotent: true,
  },
  listPayouts: { method: 'GET', path: '/api/v1/merchant/{merchant_id}/payouts', idempotent: false },
  exportPaymentPlans: {
    method: 'GET',
    path: '/api/v1/merchant/{merchant_id}/exports/plans.csv',
    idempotent: false,
  },
  exportCharges: {
    method: 'GET',
    path: '/api/v1/merchant/{merchant_id}/exports/charges.csv',
    idempotent: false,
  },
  exportRefunds: {
    method: 'GET',
    path: '/api/v1/merchant/{merchant_id}/exports/refunds.csv',
    idempotent: false,
  },
  exportWalletTransactions: {
    method: 'GET',
    path: '/api/v1/merchant/{merchant_id}/exports/wallet.csv',
    idempotent: false,
  },
  getPayoutSettlementReport: {
    method: 'GET',
    path: '/api/v1/merchant/{merchant_id}/payouts/{payout_id}/settlement-report',
    idempotent: false,
  },
  exportPayoutSettlementReport: {
    method: 'GET',
    path: '/api/v1/merchant/{merchant_id}/payouts/{payout_id}/settlement-report.csv',
    idempotent: false,
  },
  listBanks: { method: 'GET', path: '/api/v1/banks', idempotent: false },
  listWebhookEvents: {
    method: 'GET',
    path: '/api/v1/merchant/{merchant_id}/webhook-events',
    idempotent: false,
  },
  getWebhookEvent: {
    method: 'GET',
    path: '/api/v1/merchant/{merchant_id}/webhook-events/{event_id}',
    idempotent: false,
  },
  resendWebhookEvent: {
    method: 'POST',
    path: '/api/v1/merchant/{merchant_id}/webhook-events/{event_id}/resend',
    idempotent: true,
  },
  resendFailedWebhookEvents: {
    method: 'POST',
    path: '/api/v1/merchant/{merchant_id}/webhook-events/resend-failed',
    idempotent: true,
  },
  sendTestWebhook: {
    method: 'POST',
    path: '/api/v1/merchant/{merchant_id}/webhook/test',
    idempotent: false,
  },
  createCheckoutSession: { method: 'POST', path: '/api/v1/checkout/sessions', idempotent: true },
  getCheckoutSession: {
    method: 'GET',
    path: '/api/v1/checkout/sessions/{token}',
    idempotent: false,
  },
  cancelCheckoutSession: {
    method: 'POST',
    path: '/api/v1/checkout/sessions/{token}/cancel',
    idempotent: true,
  },
  previewSchedule: { method: 'POST', path: '/api/v1/checkout/preview', idempotent: false },
  getPaymentPlan: {
    method: 'GET',
    path: '/api/v1/merchant/{merchant_id}/plans/{plan_id}',
    idempotent: false,
  },
  listPlanCharges: {
    method: 'GET',
    path: '/api/v1/merchant/{merchant_id}/plans/{plan_id}/charges',
    idempotent: false,
  },
  listPaymentPlans: {
    method: 'GET',
    path: '/api/v1/merchant/{merchant_id}/plans',
    idempotent: false,
  },
  advancePaymentPlan: {
    method: 'POST',
    path: '/api/v1/merchant/{merchant_id}/plans/{plan_id}/advance',
    idempotent: true,
  },
  advancePaymentPlanClock: {
    method: 'POST',
    path: '/api/v1/merchant/{merchant_id}/plans/{plan_id}/advance-clock',
    idempotent: true,
  },
  simulateOnPaymentPlan: {
    method: 'POST',
    path: '/api/v1/merchant/{merchant_id}/plans/{plan_id}/simulate',
    idempotent: true,
  },
  createRefund: {
    method: 'POST',
    path: '/api/v1/merchant/{merchant_id}/plans/{plan_id}/refunds',
    idempotent: true,
  },
  listRefunds: {
    method: 'GET',
    path: '/api/v1/merchant/{merchant_id}/plans/{plan_id}/refunds',
    idempotent: false,
  },
  getRefund: {
    method: 'GET',
    path: '/api/v1/merchant/{merchant_id}/plans/{plan_id}/refunds/{refund_id}',
    idempotent: false,
  },
  cancelPaymentPlan: {
    method: 'POST',
    path: '/api/v1/merchant/{merchant_id}/plans/{plan_id}/cancel',
    idempotent: true,
  },
  getRefundable: {
    method: 'GET',
    path: '/api/v1/merchant/{merchant_id}/plans/{plan_id}/refundable',
    idempotent: false,
  },
  listDisputes: {
    method: 'GET',
    path: '/api/v1/merchant/{merchant_id}/disputes',
    idempotent: false,
  },
  getDispute: {
    method: 'GET',
    path: '/api/v1/merchant/{merchant_id}/disputes/{dispute_id}',
    idempotent: false,
  },
  addDisputeEvidence: {
    method: 'POST',
    path: '/api/v1/merchant/{merchant_id}/disputes/{dispute_id}/evidence',
    idempotent: false,
  },
  uploadDisputeFile: {
    method: 'POST',
    path: '/api/v1/merchant/{merchant_id}/disputes/{dispute_id}/file',
    idempotent: false,
  },
  acceptDispute: {
    method: 'POST',
    path: '/api/v1/merchant/{merchant_id}/disputes/{dispute_id}/accept',
    idempotent: false,
  },
  declineDispute: {
    method: 'POST',
    path: '/api/v1/merchant/{merchant_id}/disputes/{dispute_id}/decline',
    idempotent: false,
  },
  listHardshipRequests: {
    method: 'GET',
    path: '/api/v1/merchant/{merchant_id}/hardship-requests',
    idempotent: false,
  },
  approveHardshipRequest: {
    method: 'POST',
    path: '/api/v1/merchant/{merchant_id}/hardship-requests/{request_id}/approve',
    idempotent: false,
  },
  declineHardshipRequest: {
    method: 'POST',
    path: '/api/v1/merchant/{merchant_id}/hardship-requests/{request_id}/decline',
    idempotent: false,
  },
  getHardshipSettings: {
    method: 'GET',
    path: '/api/v1/merchant/{merchant_id}/hardship-settings',
    idempotent: false,
  },
  updateHardshipSettings: {
    method: 'PUT',
    path: '/api/v1/merchant/{merchant_id}/hardship-settings',
    idempotent: false,
  },
  createPaymentLink: {
    method: 'POST',
    path: '/api/v1/merchant/{merchant_id}/payment-links',
    idempotent: true,
  },
  listPaymentLinks: {
    method: 'GET',
    path: '/api/v1/merchant/{merchant_id}/payment-links',
    idempotent: false,
  },
  getPaymentLink: {
    method: 'GET',
    path: '/api/v1/merchant/{merchant_id}/payment-links/{link_id}',
    idempotent: false,
  },
  updatePaymentLink: {
    method: 'PATCH',
    path: '/api/v1/merchant/{merchant_id}/payment-links/{link_id}',
    idempotent: false,
  },
  deactivatePaymentLink: {
    method: 'POST',
    path: '/api/v1/merchant/{merchant_id}/payment-links/{link_id}/deactivate',
    idempotent: true,
  },
  activatePaymentLink: {
    method: 'POST',
    path: '/api/v1/merchant/{merchant_id}/payment-links/{link_id}/activate',
    idempotent: true,
  },
} as const;

export type OperationId = keyof typeof OPERATIONS;
