import type { LedgerAccount } from '../../src/domain/ledger.ts';

/** The ledger's accounts, written out independently of the builders the tests check. */
export const gatewayClearing: LedgerAccount = { kind: 'gateway_clearing' };
export const feeRevenue: LedgerAccount = { kind: 'platform_fee_revenue' };
export const payable = (merchantId: string): LedgerAccount => ({
  kind: 'merchant_payable',
  merchantId,
});
export const pending = (merchantId: string): LedgerAccount => ({
  kind: 'merchant_pending',
  merchantId,
});
export const receivable = (planId: string): LedgerAccount => ({
  kind: 'customer_receivable',
  planId,
});
